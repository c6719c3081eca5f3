"""Shared rollout starts: the same choices, and the time they save.

    .venv/bin/python bench/shared_start.py --edition premium --players 6 --games 1
    .venv/bin/python bench/shared_start.py --edition classic --players 4 --games 2 --spec ismcts:rollout=heuristic

(the default ``--spec`` is the premium reading search at ``iters=1000``, ``REPAIRED_1000`` in bench/research.py)

Games of ``heuristic`` bots; at each of seat 0's decisions with a choice, two copies of the search (same
seed) choose from the same view: one whose heuristic rollouts copy each seat's belief replay at the shared
start (a particle's game, or one sample's position in ``halving``), and one whose rollouts replay the round
from its start for every seat, as before. Prints how often they agree (always, if the copy is exact) and
the time each took, inference included.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from loveletter.bots import make_bot
from loveletter.engine import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from games import play_through  # noqa: E402


def compare(edition: str, players: int, spec: str, games: int, seed: int = 1000) -> dict[str, object]:
    same = differ = 0
    shared_s = replayed_s = 0.0
    for gi in range(games):
        g = Game(edition, players, seed=seed + gi)
        shared, replayed = make_bot(spec, seed=gi), make_bot(spec, seed=gi)
        replayed._shared_start = lambda sample, root=None: None  # type: ignore[attr-defined]
        bots = [make_bot("heuristic", seed=gi * 10 + s) for s in range(players)]
        for seat, view, _ in play_through(g, bots):
            if seat == 0 and len(view.legal) > 1:
                t = time.perf_counter()
                a = shared.suggest(view)  # type: ignore[attr-defined]
                shared_s += time.perf_counter() - t
                t = time.perf_counter()
                b = replayed.suggest(view)  # type: ignore[attr-defined]
                replayed_s += time.perf_counter() - t
                same += a == b
                differ += a != b
    return {"edition": edition, "players": players, "spec": spec, "games": games, "seed": seed,
            "decisions": same + differ, "same": same, "differ": differ, "shared_s": round(shared_s, 2),
            "replayed_s": round(replayed_s, 2), "speedup": round(replayed_s / max(shared_s, 1e-9), 3)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="premium")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--spec", default="ismcts:iters=1000:rollout=heuristic:infer=heuristic:particles=30"
                                      ":infer_repairs=300:guesses_by=infer:positions=redealt")
    a = ap.parse_args(argv)
    print(json.dumps(compare(a.edition, a.players, a.spec, a.games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
