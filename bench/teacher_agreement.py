"""How often a search agrees with itself, and how often a policy agrees with it, on the same positions.

    .venv/bin/python bench/teacher_agreement.py --teacher SPEC --model POLICY.npz --opponent ismcts:iters=1200 \\
        --games 40 --seed 1 [--json OUT.json]

The teacher (a search bot) plays ``--games`` 2-player games against ``--opponent``, taking seat 0 and
seat 1 in turn. At each of its decisions with a choice, a second copy of the teacher (another seed,
shadowing the first: it reads the same views and is told what was really played) and the policy say
what they would play. Expert iteration trains the policy on the teacher's choices, so the first column
is about the most agreement a policy can reach: where the teacher disagrees with itself, the choices
are near ties its sampling breaks. Per kind of decision (the card played, or the phase).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from loveletter.arena import wilson  # noqa: E402
from loveletter.bots import make_bot  # noqa: E402
from loveletter.engine import Game  # noqa: E402
from loveletter.rl.policy_bot import PolicyBot  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from agreement import kind  # noqa: E402  (the same kinds of decision as the heuristic agreement)


def measure(edition: str, teacher: str, model: str, opponent: str, games: int, seed: int) -> dict[str, object]:
    total: collections.Counter[str] = collections.Counter()
    same: collections.Counter[str] = collections.Counter()
    for i in range(games):
        ours = i % 2
        first = make_bot(teacher, seed=seed * 1009 + i, edition=edition, players=2)
        shadow = make_bot(teacher, seed=seed * 2003 + i, edition=edition, players=2)
        if not hasattr(shadow, "suggest"):
            raise SystemExit(f"{teacher}: not a search bot (it has no suggest)")
        policy = PolicyBot(seed=seed + i, path=model)
        other = make_bot(opponent, seed=seed * 3001 + i, edition=edition, players=2)
        game = Game(edition, 2, seed=seed * 100_003 + i)
        while not game.game_over:
            if game.round_over or game.round_no == 0:
                game.start_round()
                continue
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if seat != ours:
                game.apply(other.choose(view))
                continue
            chosen = first.choose(view)
            if len(view.legal) > 1:
                suggestion = shadow.suggest(view)  # type: ignore[attr-defined]
                if shadow.inference is not None:  # type: ignore[attr-defined]
                    shadow.inference.played(view, chosen)  # what was played, as the first copy did
                k = kind(chosen)
                for key in (k, "all"):
                    total[key] += 1
                    same[key + "|teacher"] += suggestion == chosen
                    same[key + "|policy"] += policy.choose(view) == chosen
            else:
                policy.choose(view)  # the policy keeps its own record of the round
            game.apply(chosen)
        print(f"game {i + 1}/{games}: {total['all']} decisions, teacher {same['all|teacher'] / total['all']:.3f}, "
              f"policy {same['all|policy'] / total['all']:.3f}", file=sys.stderr, flush=True)

    def row(k: str) -> dict[str, object]:
        n = total[k]
        return {"decisions": n, **{who: {"agreement": round(same[f"{k}|{who}"] / n, 3),
                                         "ci95": [round(x, 3) for x in wilson(same[f"{k}|{who}"], n)]}
                                   for who in ("teacher", "policy")}}

    return {k: row(k) for k in sorted(total, key=lambda k: -total[k])}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--teacher", required=True, help="the search bot's spec")
    ap.add_argument("--model", required=True, help="the policy (.npz)")
    ap.add_argument("--opponent", default="ismcts:iters=1200")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    rows = measure(args.edition, args.teacher, args.model, args.opponent, args.games, args.seed)
    for k, r in rows.items():
        print(f"{k:24} {r['decisions']:6}  teacher {r['teacher']['agreement']:.3f}  "  # type: ignore[index]
              f"policy {r['policy']['agreement']:.3f}")  # type: ignore[index]
    if args.json:
        command = "python bench/teacher_agreement.py " + " ".join(sys.argv[1:])
        args.json.write_text(json.dumps({"command": command, "rows": rows}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
