"""Checks of ``loveletter analyze``'s estimates against long runs (not a test; takes a while).

    .venv/bin/python bench/analyze_check.py [--games 4] [--rollouts 200] [--long 2000] [--out FILE]

1. *Repeatability*: for every non-forced decision of seat 0 in ``--games`` recorded games
   (heuristic vs heuristic, 2-player classic), the estimate of the recorded choice from
   ``--rollouts`` playouts is compared with a long run of ``--long`` playouts from the same
   position with other seeds; the share of positions whose long-run value lies inside the
   estimate's 95% interval should be about 95%.
2. *Calibration against the real games*: at every decision of seat 0 in ``--calib`` other recorded
   games, the estimate of the recorded choice is compared with what happened when the real game
   (the true hidden cards, the real deck) was continued from that position with the heuristic
   at every seat. Over all positions, the mean estimate and the mean outcome should agree within
   the interval of their difference (taken over games: the positions of a game share its outcome).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from loveletter.bots import make_bot
from loveletter.engine import Game
from loveletter.research.analyze import _plain, _Then, evaluate, positions
from loveletter.table import Automatic, Table


def record(seed: int) -> dict:
    t = Table(Game("classic", 2, seed=seed), [Automatic(make_bot("heuristic", seed=seed * 2 + i), "heuristic")
                                              for i in range(2)])
    t.run()
    return t.record()


def true_continuation(rec: dict, r: int, i: int, chosen, seat: int, seed: int) -> float:
    """Continue the real game (true cards and decks) after the recorded choice, heuristic everywhere."""
    rounds = rec["rounds"]
    prefix = dict(_plain(rec))
    prefix["rounds"] = [dict(x) for x in prefix["rounds"][:r - 1]] + [dict(prefix["rounds"][r - 1],
                                                                          decisions=rounds[r - 1]["decisions"][:i])]
    n = len(rec["seats"])
    ctrls = []
    for s in range(n):
        bot = make_bot("heuristic", seed=seed * 31 + s)
        ctrls.append(Automatic(_Then(chosen, bot) if s == seat else bot, "heuristic"))
    table = Table.from_record(prefix, ctrls)
    table.run()
    w = table.game.game_winners
    return 1.0 / len(w) if seat in w else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--calib", type=int, default=40)
    ap.add_argument("--rollouts", type=int, default=200)
    ap.add_argument("--long", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "analyze_check.json")
    args = ap.parse_args()
    t0 = time.monotonic()
    rows = []
    for g in range(args.games):
        rec = record(1000 + g)
        for k, (r, i, view, chosen) in enumerate(positions(rec, 0)):
            if len(view.legal) == 1:
                continue
            short = evaluate(view, args.rollouts, "heuristic", seed=g * 1000 + k, decisions=[chosen])[0]
            long = evaluate(view, args.long, "heuristic", seed=10**6 + g * 1000 + k, decisions=[chosen])[0]
            from loveletter.arena import wilson

            m, (lo, hi) = sum(short) / len(short), wilson(sum(short), len(short))
            lm = sum(long) / len(long)
            rows.append({"game": g, "round": r, "index": i, "decision": chosen.text(), "estimate": round(m, 4),
                         "ci95": [round(lo, 4), round(hi, 4)], "long": round(lm, 4), "inside": lo <= lm <= hi})
            print(f"game {g} round {r} #{i} {chosen.text():<12} estimate {m:.3f} [{lo:.3f}, {hi:.3f}] "
                  f"long run {lm:.3f} {'ok' if lo <= lm <= hi else 'OUTSIDE'}", flush=True)
    inside = sum(r["inside"] for r in rows)
    calib = []
    for g in range(args.calib):
        rec = record(5000 + g)
        for k, (r, i, view, chosen) in enumerate(positions(rec, 0)):
            est = evaluate(view, args.rollouts // 4, "heuristic", seed=g * 7919 + k, decisions=[chosen])[0]
            p = sum(est) / len(est)
            o = true_continuation(rec, r, i, chosen, 0, seed=g * 131 + k)
            calib.append((g, p, o))
    n = len(calib)
    # positions of one game share its outcome: the interval is over games (cluster means), not positions
    per_game: dict[int, list[float]] = {}
    for g, p, o in calib:
        per_game.setdefault(g, []).append(o - p)
    means = [sum(v) / len(v) for v in per_game.values()]
    k = len(means)
    md = sum(means) / k
    sd = math.sqrt(sum((d - md) ** 2 for d in means) / (k - 1))
    summary = {
        "repeatability": {"positions": len(rows), "inside": inside, "share": round(inside / max(1, len(rows)), 4),
                          "rollouts": args.rollouts, "long": args.long, "rows": rows},
        "calibration": {"positions": n, "games": args.calib, "rollouts": args.rollouts // 4,
                        "mean_estimate": round(sum(p for _, p, _ in calib) / n, 4),
                        "mean_outcome": round(sum(o for _, _, o in calib) / n, 4),
                        "difference_per_game": round(md, 4),
                        "difference_ci95": [round(md - 1.96 * sd / math.sqrt(k), 4),
                                            round(md + 1.96 * sd / math.sqrt(k), 4)],
                        "pairs": [[g, round(p, 4), o] for g, p, o in calib]},
        "seconds": round(time.monotonic() - t0, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1))
    c = summary["calibration"]
    print(f"repeatability: {inside}/{len(rows)} long runs inside the 95% interval")
    print(f"calibration over {n} positions of {args.calib} games: mean estimate {c['mean_estimate']:.3f}, "
          f"mean outcome {c['mean_outcome']:.3f}, outcome - estimate per game {c['difference_per_game']:+.3f} "
          f"{c['difference_ci95']} (95% interval over games)")


if __name__ == "__main__":
    main()
