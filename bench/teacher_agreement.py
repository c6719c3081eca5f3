"""How often a search agrees with itself, and how often a policy or another search agrees with it, on
the same positions.

    .venv/bin/python bench/teacher_agreement.py --teacher SPEC --model POLICY.npz --opponent ismcts:iters=1200 \\
        --games 40 --seed 1 [--json OUT.json]
    .venv/bin/python bench/teacher_agreement.py --players 4 --teacher ismcts:iters=3000:... \\
        --shadow ismcts:iters=1000:... --opponent heuristic --games 12

The teacher (a search bot) plays ``--games`` games against ``--opponent`` in every other seat (2 players
unless ``--players``), taking each seat in turn. At each of its decisions with a choice, a second copy of
the teacher (another seed, shadowing the first: it reads the same views and is told what was really
played), the policy (``--model``) and each ``--shadow`` search (shadowing the same way) say what they
would play. Expert iteration trains the policy on the teacher's choices, so the first column is about
the most agreement a policy can reach: where the teacher disagrees with itself, the choices are near
ties its sampling breaks. A shadow at a smaller budget that agrees with the teacher about as often as
the teacher agrees with itself makes the same choices: the larger budget changes nothing it decides.
Per kind of decision (the card played, or the phase).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from loveletter.arena import wilson  # noqa: E402
from loveletter.bots import make_bot  # noqa: E402
from loveletter.engine import Game  # noqa: E402
from loveletter.rl.policy_bot import PolicyBot  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from agreement import kind  # noqa: E402  (the same kinds of decision as the heuristic agreement)
from games import play_through  # noqa: E402


def _card(decision: object) -> object:
    """What a decision plays, without its target or guess (the decision itself if it plays no card)."""
    return getattr(decision, "card", decision)


def measure(edition: str, teacher: str, model: str | None, opponent: str, games: int, seed: int,
            players: int = 2, shadows: tuple[str, ...] = ()) -> dict[str, Any]:
    total: collections.Counter[str] = collections.Counter()
    same: collections.Counter[str] = collections.Counter()
    who = ["teacher", *(["policy"] if model else []), *shadows]
    searches_named = {"teacher", *shadows}

    for i in range(games):
        ours = i % players
        first = make_bot(teacher, seed=seed * 1009 + i, edition=edition, players=players)
        searches = {"teacher": make_bot(teacher, seed=seed * 2003 + i, edition=edition, players=players)}
        for n, spec in enumerate(shadows):
            searches[spec] = make_bot(spec, seed=seed * 4001 + i * 31 + n, edition=edition, players=players)
        for spec, bot in searches.items():
            if not hasattr(bot, "suggest"):
                raise SystemExit(f"{teacher if spec == 'teacher' else spec}: not a search bot (it has no suggest)")
        policy = PolicyBot(seed=seed + i, path=model) if model else None
        bots = [first if s == ours else make_bot(opponent, seed=seed * 3001 + i * players + s, edition=edition,
                                                  players=players) for s in range(players)]
        for seat, view, chosen in play_through(Game(edition, players, seed=seed * 100_003 + i), bots):
            if seat != ours:
                continue
            if len(view.legal) > 1:
                k = kind(chosen)
                for name, bot in searches.items():
                    suggestion = bot.suggest(view)  # type: ignore[attr-defined]
                    if bot.inference is not None:  # type: ignore[attr-defined]
                        bot.inference.played(view, chosen)  # type: ignore[attr-defined]  # what was really played
                    for key in (k, "all"):
                        same[f"{key}|{name}"] += suggestion == chosen
                        same[f"{key}|{name}|card"] += _card(suggestion) == _card(chosen)
                for key in (k, "all"):
                    total[key] += 1
                    if policy is not None:
                        same[key + "|policy"] += policy.choose(view) == chosen
            elif policy is not None:
                policy.choose(view)  # the policy keeps its own record of the round
        figures = ", ".join(f"{name[:40]} {same['all|' + name] / max(1, total['all']):.3f}" for name in who)
        print(f"game {i + 1}/{games}: {total['all']} decisions, {figures}", file=sys.stderr, flush=True)

    def row(k: str) -> dict[str, Any]:
        n = total[k]
        out: dict[str, Any] = {"decisions": n}
        for name in who:
            figures: dict[str, Any] = {"agreement": round(same[f"{k}|{name}"] / n, 3),
                                          "ci95": [round(x, 3) for x in wilson(same[f"{k}|{name}"], n)]}
            if name in searches_named:  # the same card (or phase choice), target and guess aside
                figures["same_card"] = round(same[f"{k}|{name}|card"] / n, 3)
            out[name] = figures
        return out

    return {k: row(k) for k in sorted(total, key=lambda k: -total[k])}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--teacher", required=True, help="the search bot's spec")
    ap.add_argument("--model", help="a policy (.npz) to compare with the teacher")
    ap.add_argument("--shadow", action="append", default=[], help="another search to compare (repeatable)")
    ap.add_argument("--opponent", default="ismcts:iters=1200")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    rows = measure(args.edition, args.teacher, args.model, args.opponent, args.games, args.seed, args.players,
                   tuple(args.shadow))
    for k, r in rows.items():
        figures = "  ".join(f"{name[:40]} {r[name]['agreement']:.3f}"
                            + (f" (card {r[name]['same_card']:.3f})" if "same_card" in r[name] else "")
                            for name in r if name != "decisions")
        print(f"{k:24} {r['decisions']:6}  {figures}")
    if args.json:
        command = "python bench/teacher_agreement.py " + " ".join(sys.argv[1:])
        args.json.write_text(json.dumps({"command": command, "rows": rows}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
