"""Train a Love Letter agent with PPO (CPU PyTorch) against bots, save it and plot its learning curve.

    pip install -e '.[train]'
    python examples/train_ppo.py --minutes 8 --out model.pt --plot curve.png

The agent plays one seat of :class:`loveletter.rl.LoveLetterEnv` (one round per episode, reward +1
for winning the round, -1 for losing it, 0 when nobody wins); the other seats are bots
(``--opponent``, default ``random``; ``random,heuristic`` gives half the environments each).
The policy is a 2x128 tanh MLP over the environment's observation with illegal actions masked
out; the critic is a separate MLP of the same shape. The saved ``.pt`` (and ``.npz``) file is
what ``loveletter.rl.policy_bot:PolicyBot:path=...`` reads.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from loveletter.rl import LoveLetterEnv
from loveletter.rl.policy_bot import save_npz


def mlp(inp: int, out: int, hidden: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(inp, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                         nn.Linear(hidden, out))


def masked_logits(actor: nn.Module, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return actor(obs).masked_fill(~mask, -1e9)


def layers(actor: nn.Sequential) -> list[tuple[np.ndarray, np.ndarray]]:
    """The actor's linear layers as (w, b) with ``x @ w + b`` (the PolicyBot format)."""
    return [(m.weight.detach().T.contiguous().numpy(), m.bias.detach().numpy())
            for m in actor if isinstance(m, nn.Linear)]


def save(actor: nn.Sequential, path: Path, edition: str, players: int) -> None:
    data: dict[str, object] = {"edition": edition, "players": players}
    for i, (w, b) in enumerate(layers(actor)):
        data[f"w{i}"], data[f"b{i}"] = torch.from_numpy(w), torch.from_numpy(b)
    torch.save(data, path)
    save_npz(path.with_suffix(".npz"), edition, players, layers(actor))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponent", default="random",
                    help="bot spec for the other seats; a comma-separated list is spread over the environments")
    ap.add_argument("--minutes", type=float, default=8.0, help="training wall-clock budget")
    ap.add_argument("--envs", type=int, default=32)
    ap.add_argument("--steps", type=int, default=64, help="agent steps per env per update")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatch", type=int, default=512)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--gamma", type=float, default=1.0)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("model.pt"))
    ap.add_argument("--plot", type=Path, default=Path("curve.png"))
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    specs = args.opponent.split(",")  # several specs: spread over the environments
    envs = [LoveLetterEnv(args.edition, args.players, reward="round", episode="round",
                          opponents=specs[i % len(specs)], seat=i % args.players) for i in range(args.envs)]
    first = [e.reset(seed=args.seed * 10_000 + i)[0] for i, e in enumerate(envs)]
    obs = np.stack([o["observation"] for o in first])
    mask = np.stack([o["action_mask"] for o in first]).astype(bool)
    n_obs, n_act = obs.shape[1], mask.shape[1]
    actor, critic = mlp(n_obs, n_act, args.hidden), mlp(n_obs, 1, args.hidden)
    opt = torch.optim.Adam([*actor.parameters(), *critic.parameters()], lr=args.lr, eps=1e-5)

    E, T = args.envs, args.steps
    start = time.perf_counter()
    curve: list[tuple[float, int, float]] = []  # (seconds, rounds played, win rate of the batch)
    rounds_total = 0
    update = 0
    while time.perf_counter() - start < args.minutes * 60:
        b_obs = np.zeros((T, E, n_obs), np.float32)
        b_mask = np.zeros((T, E, n_act), bool)
        b_act = np.zeros((T, E), np.int64)
        b_logp = np.zeros((T, E), np.float32)
        b_val = np.zeros((T + 1, E), np.float32)
        b_rew = np.zeros((T, E), np.float32)
        b_done = np.zeros((T, E), np.float32)
        results: list[float] = []
        for t in range(T):
            with torch.no_grad():
                o, m = torch.from_numpy(obs), torch.from_numpy(mask)
                dist = torch.distributions.Categorical(logits=masked_logits(actor, o, m))
                act = dist.sample()
                b_logp[t] = dist.log_prob(act).numpy()
                b_val[t] = critic(o).squeeze(-1).numpy()
            b_obs[t], b_mask[t], b_act[t] = obs, mask, act.numpy()
            for i, e in enumerate(envs):
                ob, r, done, _, _ = e.step(int(b_act[t, i]))
                b_rew[t, i], b_done[t, i] = r, float(done)
                if done:
                    results.append(r)
                    ob, _ = e.reset()
                obs[i], mask[i] = ob["observation"], ob["action_mask"].astype(bool)
        with torch.no_grad():
            b_val[T] = critic(torch.from_numpy(obs)).squeeze(-1).numpy()
        adv = np.zeros((T, E), np.float32)
        last = np.zeros(E, np.float32)
        for t in reversed(range(T)):
            nonterminal = 1.0 - b_done[t]
            delta = b_rew[t] + args.gamma * b_val[t + 1] * nonterminal - b_val[t]
            last = delta + args.gamma * args.lam * nonterminal * last
            adv[t] = last
        ret = adv + b_val[:T]
        f_obs = torch.from_numpy(b_obs.reshape(T * E, n_obs))
        f_mask = torch.from_numpy(b_mask.reshape(T * E, n_act))
        f_act = torch.from_numpy(b_act.reshape(-1))
        f_logp = torch.from_numpy(b_logp.reshape(-1))
        f_adv = torch.from_numpy(adv.reshape(-1))
        f_ret = torch.from_numpy(ret.reshape(-1))
        for _ in range(args.epochs):
            for idx in torch.from_numpy(rng.permutation(T * E)).split(args.minibatch):
                dist = torch.distributions.Categorical(logits=masked_logits(actor, f_obs[idx], f_mask[idx]))
                logp = dist.log_prob(f_act[idx])
                a = f_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = (logp - f_logp[idx]).exp()
                pg = -torch.min(ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a).mean()
                vloss = ((critic(f_obs[idx]).squeeze(-1) - f_ret[idx]) ** 2).mean()
                loss = pg + 0.5 * vloss - args.entropy * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_([*actor.parameters(), *critic.parameters()], 0.5)
                opt.step()
        update += 1
        rounds_total += len(results)
        won = float(np.mean([r > 0 for r in results])) if results else float("nan")
        elapsed = time.perf_counter() - start
        curve.append((elapsed, rounds_total, won))
        if update % 20 == 0:
            recent = np.nanmean([c[2] for c in curve[-20:]])
            print(f"{elapsed:6.0f}s update {update:5d} rounds {rounds_total:8d} win rate (last 20) {recent:.3f}",
                  flush=True)
    save(actor, args.out, args.edition, args.players)
    print(f"saved {args.out} and {args.out.with_suffix('.npz')} after {time.perf_counter() - start:.0f}s, "
          f"{rounds_total} training rounds")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    secs = np.array([c[0] for c in curve]) / 60
    wins = np.array([c[2] for c in curve])
    k = min(20, len(wins))
    smooth = np.convolve(np.nan_to_num(wins, nan=0.5), np.ones(k) / k, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(secs, wins, alpha=0.25, label="per update")
    ax.plot(secs[k - 1:], smooth, label=f"moving average ({k} updates)")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel("rounds won (sampled policy)")
    ax.set_title(f"PPO, {args.edition} {args.players}p vs {args.opponent}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"saved {args.plot}")


if __name__ == "__main__":
    main()
