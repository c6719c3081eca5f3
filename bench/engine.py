"""Engine speed: random rounds per second for every edition and player count.

Usage: .venv/bin/python bench/engine.py [--rounds N] [--repeat K]

Each figure is the best of K runs of N rounds (rates per second of CPU time, one core), played
through the public API a bot uses: list the legal decisions, apply one chosen uniformly.
"""

from __future__ import annotations

import argparse
import platform

from loveletter.bench import random_rounds

CASES = [("classic", 2), ("classic", 3), ("classic", 4), ("premium", 5), ("premium", 8), ("2019", 2), ("2019", 4),
         ("2019", 6)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=50_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; best of {args.repeat} x {args.rounds} rounds")
    print("| edition | players | rounds/s | decisions/s | decisions/round |")
    print("|---|---|---|---|---|")
    for edition, players in CASES:
        runs = [random_rounds(edition, players, args.rounds, seed=i) for i in range(args.repeat)]
        best = max(runs, key=lambda r: r["rounds_per_second"])
        per_round = best["decisions"] / best["rounds"]
        print(f"| {edition} | {players} | {best['rounds_per_second']:,.0f} | {best['decisions_per_second']:,.0f} "
              f"| {per_round:.1f} |")


if __name__ == "__main__":
    main()
