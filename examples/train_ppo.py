"""Train a Love Letter agent with PPO (CPU PyTorch) against bots: the library call behind
``loveletter train``, as a short script to start from.

    pip install -e '.[train]'
    python examples/train_ppo.py --minutes 8 --out model.npz                       # vs random
    python examples/train_ppo.py --minutes 10 --opponent random,heuristic --out mix.npz

The agent plays one seat of :class:`loveletter.rl.LoveLetterEnv` (one round per episode); the other
seats are bots (``--opponent``, a comma-separated list spread over the environments; ``self`` is a
frozen copy of the agent). :func:`loveletter.research.train.train` does the work (a 2x128 tanh MLP
policy and value network, masked illegal actions, checkpoints) and writes ``OUT.npz`` (numpy only:
what ``loveletter.rl.policy_bot:PolicyBot:path=OUT.npz`` plays), ``OUT.png`` (the learning curve)
and ``OUT.json`` (its figures).
"""

from __future__ import annotations

import argparse

from loveletter.research.train import TrainConfig, train


def main(argv: list[str] | None = None) -> dict[str, object]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponent", default="random", help="bot specs for the other seats, comma-separated")
    ap.add_argument("--minutes", type=float, default=8.0, help="training wall-clock budget")
    ap.add_argument("--rounds", type=int, default=None, help="stop after this many training rounds instead")
    ap.add_argument("--envs", type=int, default=32)
    ap.add_argument("--steps", type=int, default=64, help="agent steps per environment per update")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="model.npz")
    args = ap.parse_args(argv)
    cfg = TrainConfig(edition=args.edition, players=args.players, opponents=args.opponent.split(","),
                      minutes=args.minutes if args.rounds is None else 1e9, max_rounds=args.rounds,
                      envs=args.envs, steps=args.steps, hidden=args.hidden, seed=args.seed, out=args.out)
    return train(cfg, progress=True)


if __name__ == "__main__":
    main()
