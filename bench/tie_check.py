"""Where two copies of a search choose differently, how much separates their two choices?

    .venv/bin/python bench/tie_check.py --players 4 \\
        --search ismcts:iters=3000:rollout=heuristic:infer=heuristic:particles=100:guesses_by=infer:positions=redealt \\
        --opponent heuristic --games 4 --samples 2000 --seed 7 [--json OUT.json]

The search plays ``--games`` games against ``--opponent`` in every other seat (seats rotated). At each of
its decisions with a choice, a second copy (another seed, told what was really played) says what it would
play. Where the two differ, the second copy values both choices under its own model of the game (the same
samples of the hidden cards and the same rollouts as its search, ``--samples`` paired samples, both choices
played out on each; the particles as its search left them), and the gap between them is reported with its
standard error, in the search's reward units (tokens gained this round, a game win counting 2). Small gaps,
inside their errors, mean the copies disagree on near ties that cost little; gaps far beyond what the
search's rollouts leave uncertain mean the two copies' models (their particles) see the position differently.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from loveletter.bots import make_bot  # noqa: E402
from loveletter.bots.ismcts import ISMCTSBot, _position, root_knowledge  # noqa: E402
from loveletter.engine import Decision, Determinizer, Game, View  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from agreement import kind  # noqa: E402
from games import play_through  # noqa: E402


def paired_gap(bot: ISMCTSBot, view: View, a: Decision, b: Decision, samples: int, seed: int) -> tuple[float, float]:
    """Mean and standard error of (value of ``a`` - value of ``b``) at ``view`` under ``bot``'s model:
    each sample of the hidden cards plays both out with the same rollout seed."""
    me = view.seat
    assert me is not None
    # the belief its search just used (nothing new to replay) and the particles as its search left them:
    # updating again would restart a filter that had died, and the gap would then be valued under another
    # reading than the one the search chose with
    inference = bot.inference if bot.inference is not None and bot.inference.alive else None
    belief = bot.sampler(bot.follow(view), inference)
    template = Determinizer(view)
    know = root_knowledge(belief, me)
    start = list(view.tokens)
    rng = random.Random(seed)
    diffs = []
    for _ in range(samples):
        sample = belief.sample(rng)
        s = rng.getrandbits(32)
        va = bot._rollout(_position(template, sample, me), a, random.Random(s), know, me, start)
        vb = bot._rollout(_position(template, sample, me), b, random.Random(s), know, me, start)
        diffs.append(va - vb)
    return statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))


def measure(edition: str, players: int, search: str, opponent: str, games: int, samples: int,
            seed: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []

    for i in range(games):
        ours = i % players
        first = make_bot(search, seed=seed * 1009 + i, edition=edition, players=players)
        second = make_bot(search, seed=seed * 2003 + i, edition=edition, players=players)
        if not isinstance(second, ISMCTSBot):
            raise SystemExit(f"{search}: not an ismcts search")
        bots = [first if s == ours else make_bot(opponent, seed=seed * 3001 + i * players + s, edition=edition,
                                                  players=players) for s in range(players)]
        decisions = 0
        for seat, view, chosen in play_through(Game(edition, players, seed=seed * 100_003 + i), bots):
            if seat != ours or len(view.legal) == 1:
                continue
            decisions += 1
            other = second.suggest(view)
            if other != chosen:
                gap, se = paired_gap(second, view, chosen, other, samples, seed * 7919 + len(rows))
                rows.append({"game": i, "kind": kind(chosen), "chosen": chosen.text(), "other": other.text(),
                             "gap": round(gap, 4), "se": round(se, 4)})
            if second.inference is not None:
                second.inference.played(view, chosen)  # what was really played
        done = [r for r in rows if r["game"] == i]
        print(f"game {i + 1}/{games}: {decisions} decisions with a choice, {len(done)} disagreements",
              file=sys.stderr, flush=True)
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    if not rows:
        return {"disagreements": 0}
    gaps = [abs(r["gap"]) for r in rows]
    return {"disagreements": len(rows),
            "mean_abs_gap": round(statistics.fmean(gaps), 4),
            "median_abs_gap": round(statistics.median(gaps), 4),
            "largest_abs_gap": round(max(gaps), 4),
            "mean_se": round(statistics.fmean(r["se"] for r in rows), 4),
            "beyond_2se": sum(abs(r["gap"]) > 2 * r["se"] for r in rows),
            "mean_gap_for_the_player": round(statistics.fmean(r["gap"] for r in rows), 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--search", required=True, help="an ismcts spec")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--samples", type=int, default=2000, help="paired samples per disagreement")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    rows = measure(args.edition, args.players, args.search, args.opponent, args.games, args.samples, args.seed)
    for r in rows:
        print(f"{r['kind']:18} {r['chosen']:>24} vs {r['other']:<24} gap {r['gap']:+.4f} ± {r['se']:.4f}")
    total = summary(rows)
    print(json.dumps(total))
    if args.json:
        command = "python bench/tie_check.py " + " ".join(sys.argv[1:])
        args.json.write_text(json.dumps({"command": command, "summary": total, "rows": rows}, indent=1) + "\n",
                             encoding="utf-8")


if __name__ == "__main__":
    main()
