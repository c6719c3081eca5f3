"""Expert iteration: search labels decisions, the policy network learns them (``loveletter train --expert``).

One iteration: the *teacher* -- policy-guided ISMCTS (:class:`loveletter.rl.guided.GuidedISMCTS`)
with the current network -- plays full games on the table runner against ``opponents`` (bot
specs; ``self`` = the teacher itself); every decision it makes with more than one legal choice is
kept as (observation, legal mask, the search's choice). The policy network is then trained on
those choices (cross-entropy, starting from the current network; the value network is kept), and
written as the next model. Games run in worker processes (``workers``) or on Ray (``ray``).

The labelled decisions are kept beside the model (``OUT.data.npz``), so that a later iteration can
train on them too (``extra_data``): the data set grows with the iterations, as in DAgger, instead of
each network seeing only its own teacher's games.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from .train import beside

Data = tuple[np.ndarray, np.ndarray, np.ndarray]  # observations, legal masks, the teacher's choices


def join_data(parts: list[Data]) -> Data:
    """One set of labelled decisions from several."""
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]))


def _teacher_games(args: tuple[Any, ...]) -> Data:
    """Play ``games`` games with the teacher in seat (game index % players); the teacher's labelled decisions."""
    edition, players, teacher_spec, opponents, seed, games, features = args
    from ..bots import make_bot
    from ..engine import Game
    from ..rl.actions import action_space
    from ..rl.encoding import Encoder
    from ..table import Automatic, Table

    enc = Encoder(edition, players, features)
    acts = action_space(enc.edition, players)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[int] = []

    class Recording:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, view: Any) -> Any:
            d = self.bot.choose(view)
            if len(view.legal) > 1:
                obs.append(enc.encode(view))
                m = np.zeros(acts.size, np.bool_)
                m[acts.legal_indices(view.legal, view.seat)] = True
                masks.append(m)
                labels.append(acts.index(d, view.seat))
            return d

    for k in range(games):
        gseed = seed * 100_003 + k
        me = k % players
        seats = []
        for s in range(players):
            if s == me:
                seats.append(Automatic(Recording(make_bot(teacher_spec, seed=gseed + s)), "teacher"))
            else:
                spec = opponents[(k + s) % len(opponents)]
                spec = teacher_spec if spec == "self" else spec
                seats.append(Automatic(make_bot(spec, seed=gseed + s), spec))
        Table(Game(edition, players, seed=gseed), seats).run()
    n_obs = enc.size
    return (np.array(obs, np.float32).reshape(-1, n_obs), np.array(masks, np.bool_).reshape(-1, acts.size),
            np.array(labels, np.int64))


def collect(edition: str, players: int, teacher: str, opponents: list[str], games: int, seed: int = 0,
            workers: int = 1, ray: str | None = None, chunk: int = 10, progress: bool = True,
            features: str = "facts") -> Data:
    """Labelled decisions from ``games`` teacher games (chunks of ``chunk`` games per task), the
    observations encoded with ``features`` (those of the network they will train)."""
    tasks = [(edition, players, teacher, opponents, seed * 10_000 + i, min(chunk, games - i * chunk), features)
             for i in range((games + chunk - 1) // chunk)]
    parts = []
    t0 = time.monotonic()
    if ray is not None:
        from ..arena.ray_pool import ray_map

        it: Any = ray_map(_teacher_games, tasks, ray, workers)
    elif workers > 1:
        import multiprocessing as mp

        pool = mp.get_context("fork").Pool(workers)
        it = pool.imap_unordered(_teacher_games, tasks)
    else:
        it = map(_teacher_games, tasks)
    for k, part in enumerate(it, 1):
        parts.append(part)
        if progress:
            n = sum(len(p[2]) for p in parts)
            sys.stderr.write(f"\rteacher games {min(k * chunk, games)}/{games}  decisions {n:,}  "
                             f"{time.monotonic() - t0:5.0f}s")
            sys.stderr.flush()
    if progress:
        sys.stderr.write("\n")
    return join_data(parts)


class DataError(ValueError):
    """A data file that cannot train this network (wrong kind, edition, player count or features)."""


def save_data(path: str | Path, data: Data, edition: str, players: int, features: str) -> None:
    """Write labelled decisions (observations, legal masks, the teacher's choices) with what they fit."""
    obs, mask, lab = data
    with open(path, "wb") as f:
        np.savez_compressed(f, obs=obs, mask=mask, labels=lab, edition=np.array(edition),
                            players=np.array(players), features=np.array(features))


def load_data(path: str | Path, edition: str, players: int, features: str, obs_size: int, n_actions: int) -> Data:
    """Read decisions written by :func:`save_data`, checking that they fit the network being trained."""
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = (str(z["edition"]), int(z["players"]), str(z["features"]))
            obs, mask, lab = z["obs"], z["mask"], z["labels"]
    except (OSError, KeyError, ValueError) as e:
        raise DataError(f"{path}: not a data file written by loveletter train --expert ({e})") from None
    if meta != (edition, players, features):
        raise DataError(f"{path}: decisions of {meta[0]} {meta[1]}p with {meta[2]} features; "
                        f"this network is {edition} {players}p with {features} features")
    if (obs.ndim != 2 or obs.shape[1] != obs_size or mask.shape != (len(obs), n_actions)
            or lab.shape != (len(obs),)):
        raise DataError(f"{path}: arrays of the wrong shape for this network")
    return obs.astype(np.float32), mask.astype(np.bool_), lab.astype(np.int64)


def distill(model: str | dict[str, Any], data: Data, out: str, *, epochs: int = 8,
            lr: float = 3e-4, batch: int = 256, threads: int = 1, seed: int = 0, holdout: float = 0.1,
            log: Any = print) -> dict[str, Any]:
    """Train the policy of ``model`` (a file, or a model as :func:`load_model` reads it) on the teacher's
    choices; the value network is kept. Writes ``out``."""
    import torch
    from torch import nn

    from ..rl.policy_bot import load_model, save_npz

    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    m = load_model(model) if isinstance(model, str) else model
    layers = m["layers"]
    lin = [nn.Linear(w.shape[0], w.shape[1]) for w, _ in layers]
    with torch.no_grad():
        for mod, (w, b) in zip(lin, layers, strict=True):
            mod.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.T)))
            mod.bias.copy_(torch.from_numpy(b))
    parts: list[nn.Module] = []
    for i, mod in enumerate(lin):
        parts.append(mod)
        if i < len(lin) - 1:
            parts.append(nn.Tanh())
    net = nn.Sequential(*parts)
    obs, mask, lab = data
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(lab))
    n_hold = int(len(lab) * holdout)
    hold, train_idx = order[:n_hold], order[n_hold:]
    o, mk, y = torch.from_numpy(obs), torch.from_numpy(mask), torch.from_numpy(lab)
    opt = torch.optim.Adam(net.parameters(), lr=lr)

    def accuracy(idx: np.ndarray) -> float:
        if len(idx) == 0:
            return float("nan")
        with torch.no_grad():
            t = torch.from_numpy(idx)
            pred = net(o[t]).masked_fill(~mk[t], -1e9).argmax(-1)
            return float((pred == y[t]).float().mean())

    before = accuracy(hold)
    for ep in range(epochs):
        perm = torch.from_numpy(rng.permutation(train_idx))
        for idx in perm.split(batch):
            loss = nn.functional.cross_entropy(net(o[idx]).masked_fill(~mk[idx], -1e9), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        if log:
            log(f"epoch {ep + 1}/{epochs}: held-out agreement with the teacher {accuracy(hold):.3f}")
    new_layers = [(mod.weight.detach().T.contiguous().numpy().copy(), mod.bias.detach().numpy().copy())
                  for mod in lin]
    save_npz(out, m["edition"], m["players"], new_layers, m.get("value") or None, m["features"])
    return {"decisions": int(len(lab)), "agreement_before": round(before, 4),
            "agreement_after": round(accuracy(hold), 4), "epochs": epochs}


def data_path(out: str | Path) -> Path:
    """Where an iteration writing the model ``out`` keeps its labelled decisions."""
    return beside(out, ".data.npz")


def expert_iteration(model: str, out: str, *, teacher_budget: str = "iters=200:lam=1", opponents: list[str],
                     games: int, seed: int = 0, workers: int = 1, ray: str | None = None, epochs: int = 8,
                     threads: int = 1, progress: bool = True, features: str | None = None,
                     extra_data: list[str] | None = None) -> dict[str, Any]:
    """One expert iteration from the network ``model`` (the teacher's, when ``teacher_budget`` is a
    budget); the student is that network, widened to ``features`` when they are given and differ.
    The student also trains on the decisions in ``extra_data`` (files an earlier iteration kept);
    with ``games=0`` it trains on those alone and no teacher plays."""
    from ..rl.actions import action_space
    from ..rl.encoding import obs_size
    from ..rl.policy_bot import load_model, widen_model

    m = load_model(model)
    if features is not None:
        m = widen_model(m, features)
    n_obs = obs_size(m["edition"], m["players"], m["features"])
    n_act = action_space(m["edition"], m["players"]).size
    if games < 0 or (games == 0 and not extra_data):
        raise DataError("nothing to train on: --expert 0 trains only on the decisions given with --data")
    earlier = [load_data(p, m["edition"], m["players"], m["features"], n_obs, n_act) for p in extra_data or []]
    if "=" in teacher_budget.split(":")[0]:  # a budget: policy-guided ISMCTS with this network
        teacher = f"loveletter.rl.guided:GuidedISMCTS:model={Path(model).resolve()}:{teacher_budget}"
    else:  # a bot spec of its own (for instance plain ismcts:iters=100)
        teacher = teacher_budget
    t0 = time.monotonic()
    parts = list(earlier)
    new = 0
    if games:
        fresh = collect(m["edition"], m["players"], teacher, opponents, games, seed=seed, workers=workers, ray=ray,
                        progress=progress, features=m["features"])
        save_data(data_path(out), fresh, m["edition"], m["players"], m["features"])
        new = len(fresh[2])
        parts.insert(0, fresh)
    data = join_data(parts)
    t1 = time.monotonic()
    res = distill(m, data, out, epochs=epochs, threads=threads, seed=seed, log=print if progress else None)
    res.update(new_decisions=new, extra_data=[str(p) for p in extra_data or []],
               teacher=teacher if games else None, opponents=opponents, games=games, collect_seconds=round(t1 - t0, 1),
               train_seconds=round(time.monotonic() - t1, 1), model=out, start=model, features=m["features"])
    beside(out, ".expert.json").write_text(json.dumps(res, indent=1), encoding="utf-8")
    return res
