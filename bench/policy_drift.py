"""How far a fine-tuned policy has moved from the policy it started from.

    .venv/bin/python bench/policy_drift.py START.npz TUNED.npz [--games 200] [--opponent heuristic] [--json]

START plays seat 0 of ``--games`` games (its most likely choice at each decision) against the
opponent; at every position where it has more than one legal choice, both networks give their
distribution over the legal actions. Reported: the mean KL divergence KL(start || tuned) and how
often their most likely choices agree. ``loveletter train --anchor`` keeps the first small.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from loveletter.rl import LoveLetterEnv  # noqa: E402
from loveletter.rl.encoding import FEATURES  # noqa: E402
from loveletter.rl.policy_bot import divergence, load_model, logits, widen_model  # noqa: E402


def measure(start: str, tuned: str, games: int = 200, opponent: str = "heuristic", seed: int = 10_000) -> dict:
    a, b = load_model(start), load_model(tuned)
    if (a["edition"], a["players"]) != (b["edition"], b["players"]):
        raise SystemExit(f"{start} and {tuned} are models for different tables")
    wider = max(a["features"], b["features"], key=FEATURES.index)
    a, b = widen_model(a, wider), widen_model(b, wider)
    env = LoveLetterEnv(a["edition"], a["players"], opponents=opponent, features=wider)
    xs, masks = [], []
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            x, m = obs["observation"], obs["action_mask"].astype(bool)
            if m.sum() > 1:
                xs.append(x)
                masks.append(m)
            z = np.where(m, logits(a["layers"], x[None])[0], -np.inf)
            obs, _, done, _, _ = env.step(int(np.argmax(z)))
    kl, agree = divergence(a["layers"], b["layers"], np.stack(xs), np.stack(masks))
    return {"start": start, "tuned": tuned, "opponent": opponent, "games": games, "positions": len(xs),
            "mean_kl": round(kl, 5), "argmax_agreement": round(agree, 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("start")
    ap.add_argument("tuned")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res = measure(args.start, args.tuned, args.games, args.opponent)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{res['positions']} positions with a choice in {res['games']} games: mean KL(start || tuned) "
              f"{res['mean_kl']:.4f}, most likely choices agree on {100 * res['argmax_agreement']:.1f}%")


if __name__ == "__main__":
    main()
