"""PPO training on CPU PyTorch: ``loveletter train`` and the exploitability probe's best response.

The agent plays one seat of :class:`loveletter.rl.LoveLetterEnv`, whole games by default (reward
+1 for winning a round, -1/(n-1) for losing it, 0 when nobody wins; the advantage is cut at each
round's end, so every round is scored on its own, while the policy sees every score and round of a
game); ``episode="round"`` plays only first rounds of new games, as the first models were trained.
The other seats are bots. An
opponent spec ``self`` is a frozen copy of the agent itself, refreshed every ``--snapshot`` updates
(self-play). The policy is a tanh MLP over the environment's observation, illegal actions masked;
the value network (critic) is a separate MLP of the same shape and is shipped too: policy-guided
ISMCTS uses it as its leaf evaluation.

Every ``--checkpoint-every`` updates the whole training state (networks, optimizer, curve,
counters, random state) is written to ``OUT.ckpt``; ``--resume`` continues from it until the total
training time reaches ``--minutes``. The result is ``OUT.npz`` (numpy only: what
``loveletter.rl.policy_bot:PolicyBot:path=OUT.npz`` reads) and a learning curve ``OUT.png``.

Needs the ``train`` extra (torch==2.13.0, matplotlib).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np


@dataclass
class TrainConfig:
    edition: str = "classic"
    players: int = 2
    opponents: list[str] = field(default_factory=lambda: ["heuristic"])
    minutes: float = 10.0
    out: str = "model.npz"
    init: str | None = None  # a .npz policy (and value) to start from
    envs: int = 32
    steps: int = 64
    hidden: int = 128
    lr: float = 3e-4
    epochs: int = 4
    minibatch: int = 512
    clip: float = 0.2
    entropy: float = 0.01
    gamma: float = 1.0
    lam: float = 0.95
    threads: int = 1
    seed: int = 0
    snapshot: int = 25  # updates between refreshes of the "self" opponent
    checkpoint_every: int = 20
    max_rounds: int | None = None  # stop after this many training rounds (the probe's budget)
    episode: str = "game"  # "game": whole games (every score is seen); "round": a new game's first round each
    # the observation's feature set (loveletter.rl.encoding); None: an --init model's own, else facts.
    # Set to belief with a facts --init model, the network is widened (policy_bot.widen_model).
    features: str | None = None
    # > 0: the loss adds anchor * KL(init policy || policy) over the batch's positions, so fine-tuning
    # an --init policy (say, against one opponent) moves it only as far as the gain pays for.
    anchor: float = 0.0


def beside(out: str | Path, suffix: str) -> Path:
    """The file ``suffix`` (``.ckpt``, ``.data.npz``, ...) that goes with the model ``out`` (``m.npz`` or
    ``m``: ``m.ckpt``); a dotted name such as ``m.v1.2.npz`` keeps its dots."""
    p = Path(out)
    return Path(str(p.with_suffix("") if p.suffix == ".npz" else p) + suffix)


def _paths(out: str) -> tuple[Path, Path, Path, Path, Path]:
    """The model, checkpoint, curve, self-play snapshot and summary for ``out``."""
    return (beside(out, ".npz"), beside(out, ".ckpt"), beside(out, ".png"), beside(out, ".self.npz"),
            beside(out, ".json"))


def progress_bar(frac: float, text: str, width: int = 30) -> None:
    frac = max(0.0, min(1.0, frac))
    bar = "#" * int(frac * width)
    sys.stderr.write(f"\r[{bar:<{width}}] {100 * frac:5.1f}%  {text}")
    sys.stderr.flush()


def train(cfg: TrainConfig, *, resume: bool = False, progress: bool = True,
          log: Callable[[str], None] | None = print) -> dict[str, Any]:
    """Run PPO as configured; returns a summary (also written to ``OUT.json``)."""
    import torch
    from torch import nn

    from ..rl import LoveLetterEnv
    from ..rl.encoding import check_features
    from ..rl.policy_bot import load_model, save_npz, widen_model

    out_npz, ckpt_path, plot_path, self_path, summary_path = _paths(cfg.out)
    out_npz.parent.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)

    def mlp(inp: int, outp: int) -> nn.Sequential:
        return nn.Sequential(nn.Linear(inp, cfg.hidden), nn.Tanh(), nn.Linear(cfg.hidden, cfg.hidden), nn.Tanh(),
                             nn.Linear(cfg.hidden, outp))

    def layers(net: nn.Sequential) -> list[tuple[np.ndarray, np.ndarray]]:
        return [(m.weight.detach().T.contiguous().numpy().copy(), m.bias.detach().numpy().copy())
                for m in net if isinstance(m, nn.Linear)]

    def load_layers(net: nn.Sequential, ls: list[tuple[np.ndarray, np.ndarray]]) -> None:
        lin = [m for m in net if isinstance(m, nn.Linear)]
        if len(lin) != len(ls):
            raise ValueError("the initial model has another number of layers")
        with torch.no_grad():
            for m, (w, b) in zip(lin, ls, strict=True):
                m.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.T)))
                m.bias.copy_(torch.from_numpy(b))

    def save_model(path: Path) -> None:
        save_npz(path, cfg.edition, cfg.players, layers(actor), layers(critic), cfg.features or "facts")

    uses_self = "self" in cfg.opponents

    def spec(s: str) -> str:
        return f"loveletter.rl.policy_bot:PolicyBot:path={self_path}" if s == "self" else s

    if cfg.episode not in ("game", "round"):
        raise ValueError(f"episode must be game or round, not {cfg.episode!r}")
    ck = torch.load(ckpt_path, map_location="cpu", weights_only=False) if resume and ckpt_path.exists() else None
    init_model = load_model(cfg.init) if cfg.init and ck is None else None
    if ck is not None:  # the network's inputs decide the features: a checkpoint's, else the --init model's
        cfg.features = ck["config"].get("features")
    elif init_model is not None:
        if cfg.features is not None:  # asked for: a facts model grows to belief
            init_model = widen_model(init_model, cfg.features)
        cfg.features = init_model["features"]
    cfg.features = check_features(cfg.features or "facts")
    envs = [LoveLetterEnv(cfg.edition, cfg.players, reward="round", episode=cfg.episode, features=cfg.features,
                          opponents=spec(cfg.opponents[i % len(cfg.opponents)]), seat=i % cfg.players)
            for i in range(cfg.envs)]
    kinds = [cfg.opponents[i % len(cfg.opponents)] for i in range(cfg.envs)]
    n_obs = envs[0].match.encoder.size
    n_act = envs[0].match.actions.size
    actor, critic = mlp(n_obs, n_act), mlp(n_obs, 1)
    opt = torch.optim.Adam([*actor.parameters(), *critic.parameters()], lr=cfg.lr, eps=1e-5)
    state: dict[str, Any] = {"elapsed": 0.0, "update": 0, "rounds": 0, "curve": []}
    if ck is not None:
        actor.load_state_dict(ck["actor"])
        critic.load_state_dict(ck["critic"])
        opt.load_state_dict(ck["opt"])
        state = ck["state"]
        rng = np.random.default_rng()
        rng.bit_generator.state = ck["rng"]
        torch.set_rng_state(ck["torch_rng"])
        if log:
            log(f"resumed from {ckpt_path}: update {state['update']}, {state['rounds']} rounds, "
                f"{state['elapsed'] / 60:.1f} min")
    elif init_model is not None:
        model = init_model
        if (model["edition"], model["players"]) != (envs[0].match.encoder.edition, cfg.players):
            raise ValueError(f"{cfg.init} is a model for {model['edition']}/{model['players']}")
        load_layers(actor, model["layers"])
        if model.get("value"):
            load_layers(critic, model["value"])
    if cfg.anchor < 0:
        raise ValueError(f"anchor must be at least 0, not {cfg.anchor}")
    anchor_net: nn.Sequential | None = None
    if cfg.anchor > 0:
        if ck is None and init_model is None:
            raise ValueError("--anchor keeps the policy near the --init model: give --init")
        anchor_net = mlp(n_obs, n_act)
        # a resumed run keeps its anchor; one that starts anchoring on resume anchors to where it stands
        anchor_net.load_state_dict(ck["anchor"] if ck is not None and "anchor" in ck else actor.state_dict())
        anchor_net.requires_grad_(False)
    if uses_self:
        save_model(self_path)

    def checkpoint() -> None:
        tmp = ckpt_path.with_suffix(".ckpt.tmp")
        torch.save({"actor": actor.state_dict(), "critic": critic.state_dict(), "opt": opt.state_dict(),
                    "state": state, "rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state(),
                    "config": asdict(cfg),
                    **({"anchor": anchor_net.state_dict()} if anchor_net is not None else {})}, tmp)
        tmp.replace(ckpt_path)

    base_seed = cfg.seed * 10_000 + state["update"] * 97
    first = [e.reset(seed=base_seed + i)[0] for i, e in enumerate(envs)]
    obs = np.stack([o["observation"] for o in first])
    mask = np.stack([o["action_mask"] for o in first]).astype(bool)
    E, T = cfg.envs, cfg.steps
    budget = cfg.minutes * 60
    t0 = time.perf_counter() - state["elapsed"]

    def done_training() -> bool:
        if cfg.max_rounds is not None:
            return bool(state["rounds"] >= cfg.max_rounds)
        return bool(time.perf_counter() - t0 >= budget)

    def masked(o: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
        return actor(o).masked_fill(~m, -1e9)

    shown_at = 0.0
    while not done_training():
        b_obs = np.zeros((T, E, n_obs), np.float32)
        b_mask = np.zeros((T, E, n_act), bool)
        b_act = np.zeros((T, E), np.int64)
        b_logp = np.zeros((T, E), np.float32)
        b_val = np.zeros((T + 1, E), np.float32)
        b_rew = np.zeros((T, E), np.float32)
        b_done = np.zeros((T, E), np.float32)
        results: dict[str, list[float]] = {}
        before = _opponent_rounds(envs, kinds)
        for t in range(T):
            with torch.no_grad():
                o, m = torch.from_numpy(obs), torch.from_numpy(mask)
                dist = torch.distributions.Categorical(logits=masked(o, m))
                act = dist.sample()
                b_logp[t] = dist.log_prob(act).numpy()
                b_val[t] = critic(o).squeeze(-1).numpy()
            b_obs[t], b_mask[t], b_act[t] = obs, mask, act.numpy()
            for i, e in enumerate(envs):
                ob, r, done, _, _ = e.step(int(b_act[t, i]))
                # a round's end cuts the advantage even inside a game: each round is scored on its own
                round_end = done or r != 0.0
                b_rew[t, i], b_done[t, i] = r, float(round_end)
                if round_end:
                    results.setdefault(kinds[i], []).append(r)
                if done:
                    ob, _ = e.reset()
                obs[i], mask[i] = ob["observation"], ob["action_mask"].astype(bool)
        with torch.no_grad():
            b_val[T] = critic(torch.from_numpy(obs)).squeeze(-1).numpy()
        adv = np.zeros((T, E), np.float32)
        last = np.zeros(E, np.float32)
        for t in reversed(range(T)):
            nonterminal = 1.0 - b_done[t]
            delta = b_rew[t] + cfg.gamma * b_val[t + 1] * nonterminal - b_val[t]
            last = delta + cfg.gamma * cfg.lam * nonterminal * last
            adv[t] = last
        ret = adv + b_val[:T]
        f_obs = torch.from_numpy(b_obs.reshape(T * E, n_obs))
        f_mask = torch.from_numpy(b_mask.reshape(T * E, n_act))
        f_act = torch.from_numpy(b_act.reshape(-1))
        f_logp = torch.from_numpy(b_logp.reshape(-1))
        f_adv = torch.from_numpy(adv.reshape(-1))
        f_ret = torch.from_numpy(ret.reshape(-1))
        drift: list[float] = []
        for _ in range(cfg.epochs):
            for idx in torch.from_numpy(rng.permutation(T * E)).split(cfg.minibatch):
                dist = torch.distributions.Categorical(logits=masked(f_obs[idx], f_mask[idx]))
                logp = dist.log_prob(f_act[idx])
                a = f_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = (logp - f_logp[idx]).exp()
                pg = -torch.min(ratio * a, ratio.clamp(1 - cfg.clip, 1 + cfg.clip) * a).mean()
                vloss = ((critic(f_obs[idx]).squeeze(-1) - f_ret[idx]) ** 2).mean()
                loss = pg + 0.5 * vloss - cfg.entropy * dist.entropy().mean()
                if anchor_net is not None:
                    kl = _kl(anchor_net(f_obs[idx]).masked_fill(~f_mask[idx], -1e9), dist.logits)
                    loss = loss + cfg.anchor * kl
                    drift.append(float(kl.detach()))
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_([*actor.parameters(), *critic.parameters()], 0.5)
                opt.step()
        state["update"] += 1
        n_rounds = sum(len(v) for v in results.values())
        state["rounds"] += n_rounds
        state["elapsed"] = time.perf_counter() - t0
        won = {k: float(np.mean([r > 0 for r in v])) for k, v in results.items() if v}
        after = _opponent_rounds(envs, kinds)
        ref = {k: (after[k][0] - before[k][0]) / (after[k][1] - before[k][1])
               for k in after if after[k][1] > before[k][1]}
        state["curve"].append((state["elapsed"], state["rounds"], won, ref))
        if drift:
            state["anchor_kl"] = round(float(np.mean(drift)), 5)
        if uses_self and state["update"] % cfg.snapshot == 0:
            save_model(self_path)
        if state["update"] % cfg.checkpoint_every == 0:
            checkpoint()
        if progress and (time.perf_counter() - shown_at >= 1.0 or done_training()):
            shown_at = time.perf_counter()
            frac = (state["rounds"] / cfg.max_rounds if cfg.max_rounds else state["elapsed"] / budget)
            recent = state["curve"][-20:]
            shown = {k: np.mean([c[2][k] for c in recent if k in c[2]]) for k in dict.fromkeys(kinds)}
            progress_bar(frac, f"update {state['update']}  rounds {state['rounds']:,}  won (last 20) "
                         + " ".join(f"{k.split(':')[0][:12]} {v:.3f}" for k, v in shown.items()) + "  ")
    if progress:
        sys.stderr.write("\n")
    checkpoint()
    save_model(out_npz)
    summary = {"config": asdict(cfg), "updates": state["update"], "rounds": state["rounds"],
               "seconds": round(state["elapsed"], 1), "model": str(out_npz)}
    if anchor_net is not None:  # how far the policy has moved: mean KL from the anchor in the last update
        summary["anchor_kl"] = state.get("anchor_kl")
    summary_path.write_text(json.dumps(summary, indent=1), encoding="utf-8")
    plot_curve(state["curve"], plot_path, f"PPO {cfg.edition} {cfg.players}p vs {','.join(cfg.opponents)}",
               par=1.0 / cfg.players)
    if log:
        log(f"saved {out_npz} and {plot_path} after {state['elapsed'] / 60:.1f} min, {state['rounds']:,} rounds")
    return summary


def _kl(anchor_logits: Any, logits: Any) -> Any:
    """Mean KL(anchor || policy) over a batch of masked logits (illegal actions have no mass in either)."""
    import torch

    pa = torch.softmax(anchor_logits, -1)
    return (pa * (torch.log_softmax(anchor_logits, -1) - torch.log_softmax(logits, -1))).sum(-1).mean()


def _opponent_rounds(envs: Sequence[Any], kinds: Sequence[str]) -> dict[str, tuple[int, int]]:
    """Per opponent kind: rounds won by the opponents' seats, and opponent seats times rounds decided."""
    out: dict[str, tuple[int, int]] = {}
    for e, k in zip(envs, kinds, strict=True):
        m = e.match
        won = sum(m.rounds_won[s] for s in range(m.players) if s != e.seat)
        w, n = out.get(k, (0, 0))
        out[k] = (w + won, n + m.rounds_decided * (m.players - 1))
    return out


def _smooth(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    w = min(20, len(y))
    return x[w - 1:], np.convolve(y, np.ones(w) / w, mode="valid"), w


def plot_curve(curve: Sequence[tuple[Any, ...]], path: Path, title: str, par: float = 0.5) -> None:
    """The learning curve: per opponent kind, the share of training rounds won (moving average), and
    the share won by an average opponent seat in the same rounds (a bot opponent's own level: in
    premium and 2019 a round can have several winners, so it is above the ``par`` of 1/n)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    kinds = list(dict.fromkeys(k for c in curve for k in c[2]))
    for k in kinds:
        pts = [(c[0] / 60, c[2][k]) for c in curve if k in c[2]]
        if not pts:
            continue
        x, y, w = _smooth(np.array([p[0] for p in pts]), np.array([p[1] for p in pts]))
        line, = ax.plot(x, y, label=f"vs {k} (moving average of {w} updates)")
        ref = [(c[0] / 60, c[3][k]) for c in curve if len(c) > 3 and k in c[3]]
        if ref and k != "self":
            x, y, _ = _smooth(np.array([p[0] for p in ref]), np.array([p[1] for p in ref]))
            ax.plot(x, y, color=line.get_color(), ls=":", lw=1, label=f"an average {k} seat, same rounds")
    ax.axhline(par, color="grey", lw=0.8, ls="--",
               label=f"1/n = {100 * par:.0f}% (a fair share if each round had one winner)")
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel("rounds won by the sampled policy")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
