"""How often a policy picks what ``heuristic`` picks, per kind of decision, against a second heuristic.

    .venv/bin/python bench/agreement.py --edition premium --players 6 --model examples/models/premium6.npz

Six heuristic bots play ``--games`` games; at each decision with a choice, the policy and a second
heuristic (another seed) say what they would play in the first one's place. Two heuristics
disagree only where the heuristic breaks ties at random, so the second column is the agreement a
perfect imitation could reach; where the policy stays far below it, it is missing something the
heuristic reads (the heuristic scores targets and guesses from the belief's card distribution of
each seat, which the observation does not hold).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from games import play_through  # noqa: E402

from loveletter.bots import make_bot  # noqa: E402
from loveletter.engine import Game  # noqa: E402
from loveletter.rl.policy_bot import PolicyBot  # noqa: E402


def kind(decision: object) -> str:
    card = getattr(decision, "card", None)
    return f"{type(decision).__name__} {card}" if card else type(decision).__name__


def measure(edition: str, players: int, model: str, games: int, seed: int) -> dict[str, dict[str, float]]:
    policy = PolicyBot(seed=seed, path=model)
    second = make_bot("heuristic", seed=seed + 1)
    total: collections.Counter[str] = collections.Counter()
    same: collections.Counter[str] = collections.Counter()

    for g in range(games):
        bots = [make_bot("heuristic", seed=seed * 1009 + g * players + s) for s in range(players)]
        for _, view, chosen in play_through(Game(edition, players, seed=seed * 100_003 + g), bots):
            if len(view.legal) > 1:
                k = kind(chosen)
                total[k] += 1
                same[k + "|policy"] += policy.choose(view) == chosen
                same[k + "|heuristic"] += second.choose(view) == chosen
    return {k: {"decisions": total[k], "policy": round(same[k + "|policy"] / total[k], 3),
                "heuristic": round(same[k + "|heuristic"] / total[k], 3)}
            for k in sorted(total, key=lambda k: -total[k])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="premium")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--model", default=str(ROOT / "examples" / "models" / "premium6.npz"))
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = measure(args.edition, args.players, args.model, args.games, args.seed)
    if args.json:
        print(json.dumps({"edition": args.edition, "players": args.players, "model": args.model,
                          "games": args.games, "seed": args.seed, "rows": rows}, indent=1))
        return 0
    print(f"{'decision':<24} {'count':>7} {'policy':>7} {'2nd heuristic':>14}")
    for k, r in rows.items():
        print(f"{k:<24} {r['decisions']:>7} {r['policy']:>7.2f} {r['heuristic']:>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
