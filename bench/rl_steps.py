"""Environment steps per second of the RL layer (one process, random legal actions).

    .venv/bin/python bench/rl_steps.py [--seconds 3] [--json]

``aec``: PettingZoo ``loveletter_v0`` steps (one decision each, any seat), with ``last()`` read
before each step, as a training loop does. ``gym``: ``LoveLetterEnv`` steps of the learning seat
against ``random`` bots (each step also runs the bots' decisions up to the agent's next one).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from loveletter.rl import LoveLetterEnv, env

CONFIGS = [("classic", 2), ("classic", 4), ("premium", 6), ("2019", 4)]


def bench_aec(edition: str, players: int, seconds: float) -> float:
    e = env(edition, players)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.reset()
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps / (time.perf_counter() - start)


def bench_gym(edition: str, players: int, seconds: float) -> float:
    e = LoveLetterEnv(edition, players)
    obs, _ = e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _, done, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if done:
            obs, _ = e.reset()
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for edition, players in CONFIGS:
        rows.append({"edition": edition, "players": players,
                     "aec_steps_per_s": round(bench_aec(edition, players, args.seconds)),
                     "gym_steps_per_s": round(bench_gym(edition, players, args.seconds))})
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{'edition':8} {'players':>7} {'aec steps/s':>12} {'gym steps/s':>12}")
    for r in rows:
        print(f"{r['edition']:8} {r['players']:>7} {r['aec_steps_per_s']:>12} {r['gym_steps_per_s']:>12}")


if __name__ == "__main__":
    main()
