"""Bot benchmarks: arena strength figures and decisions per second (not a test; takes a while).

    .venv/bin/python bench/bots.py [--workers 2] [--scale 1.0] [--only NAME[,NAME]] [--json FILE]

Each arena line is the same as the ``loveletter arena`` command printed above it. ``--scale``
multiplies the number of matches (0.2 for a quick look).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from loveletter.arena import format_table, run_arena
from loveletter.bots import make_bot
from loveletter.engine import Game
from loveletter.table import Automatic, Table

ARENAS: list[tuple[str, str, int, str, int]] = [
    # name, edition, players, bots, matches (games = matches * players)
    ("heuristic-vs-random", "classic", 2, "heuristic,random", 500),
    ("ismcts-vs-heuristic", "classic", 2, "ismcts:ms=100,heuristic", 150),
    ("ismcts-1v3-classic", "classic", 4, "ismcts:ms=100,heuristic,heuristic,heuristic", 75),
    ("ismcts-1v4-premium", "premium", 5, "ismcts:ms=100,heuristic,heuristic,heuristic,heuristic", 60),
    ("ismcts-1v3-2019", "2019", 4, "ismcts:ms=100,heuristic,heuristic,heuristic", 75),
]

SPEED_BOTS = ["random", "heuristic", "ismcts:iters=200", "ismcts:ms=100"]
SPEED_GAMES = [("classic", 4), ("premium", 6), ("2019", 4)]


class _Timed:
    """The benchmarked bot decides at every seat (its thinking is timed); at odd seats the heuristic
    bot's decision is played instead, so the games look like real ones. Each seat has bots of its own,
    as in a real game (a bot follows its seat's view from one decision to the next)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.bots: dict[int, Any] = {}
        self.others: dict[int, Any] = {}
        self.spent, self.count = 0.0, 0

    def new_game(self) -> None:
        self.bots.clear()
        self.others.clear()

    def choose(self, view):
        s = view.seat
        if s not in self.bots:
            self.bots[s] = make_bot(self.spec, seed=1 + s)
            self.others[s] = make_bot("heuristic", seed=2 + s)
        t = time.perf_counter()
        d = self.bots[s].choose(view)
        self.spent += time.perf_counter() - t
        self.count += 1
        return self.others[s].choose(view) if s % 2 else d


def decisions_per_second(spec: str, edition: str, players: int, seconds: float = 3.0) -> dict[str, Any]:
    """Time ``spec``'s choose() on the positions of games (on the table runner) where it plays half the
    seats; stops after ``seconds`` of its thinking or 4x that of wall time."""
    timed = _Timed(spec)
    seed = 0
    stop = time.perf_counter() + 4 * seconds
    while timed.spent < seconds and time.perf_counter() < stop:
        table = Table(Game(edition, players, seed=seed), [Automatic(timed, spec) for _ in range(players)])
        timed.new_game()
        seed += 1
        while not table.game.game_over and timed.spent < seconds and time.perf_counter() < stop:
            table.advance(max_steps=1)
    return {"bot": spec, "edition": edition, "players": players, "decisions": timed.count,
            "decisions_per_second": round(timed.count / timed.spent, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--only", help="comma-separated benchmark names (arena names, or 'speed')")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", help="also write all results to this file")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    out: dict[str, Any] = {}
    for name, edition, players, bots, matches in ARENAS:
        if only and name not in only:
            continue
        m = max(1, round(matches * args.scale))
        print(f"$ loveletter arena --bots {bots} --edition {edition} --players {players} --matches {m} "
              f"--seed {args.seed} --workers {args.workers}", flush=True)
        res = run_arena(bots.split(","), edition, players, m, seed=args.seed, workers=args.workers,
                        progress=sys.stderr.isatty())
        print(format_table(res), "\n", flush=True)
        out[name] = res
    if not only or "speed" in only:
        rows = []
        for edition, players in SPEED_GAMES:
            for spec in SPEED_BOTS:
                r = decisions_per_second(spec, edition, players)
                rows.append(r)
                print(f"{spec:<20} {edition:>8} {players}p: {r['decisions_per_second']:>10,.1f} decisions/s",
                      flush=True)
        out["speed"] = rows
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
