"""How the ``later=tree`` statistics fill: how many keys, how many visits each, how often the tree leaves the
heuristic's choice.

    .venv/bin/python bench/later_tree.py [--search SPEC] [--players 4] [--games 1] [--seed 3] [--json OUT.json]

``--search`` is an ``ismcts`` spec with ``later=tree`` (default: the classic 4p redealt search at ``iters=300``).
The search plays seat 0 against ``heuristic`` bots. After each of its decisions with more than one candidate,
the tables it kept (one per root candidate) are read: the keys per candidate (the situations of our seat's
later decisions that its rollouts met), the real visits per key, and the share of all visits in each table's
busiest key. During the search, every later decision of our seat with a choice is compared with the plain
rollout's choice (the heuristic's best for the same view), so the share that differs is how much the tree
changes the play it values; early on, with few visits per key, that is mostly exploration.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from loveletter.bots import make_bot  # noqa: E402
from loveletter.bots.heuristic import scores  # noqa: E402
from loveletter.bots.ismcts import HeuristicRollout, ISMCTSBot, LaterTable  # noqa: E402
from loveletter.bots.registry import parse_spec  # noqa: E402
from loveletter.engine import Decision, Game  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from games import play_through  # noqa: E402

SEARCH = ("ismcts:iters=300:rollout=heuristic:infer=heuristic:particles=100:guesses_by=infer:positions=redealt"
          ":later=tree")


class Counted(ISMCTSBot):
    """The search, keeping every table it made and counting its later decisions that are not the heuristic's."""

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        super().__init__(seed, **options)
        self.made: list[list[LaterTable | None]] = []
        self.later_choices = 0
        self.not_heuristic = 0

    def _tables(self, k: int) -> list[LaterTable | None]:
        t = super()._tables(k)
        self.made.append(t)
        return t

    def _later_choice(self, ro: HeuristicRollout, table: LaterTable, path: list[list[float]], me: int) -> Decision:
        view = ro.g.view(me)
        sc = scores(view, ro.follow[me](view)) if len(view.legal) > 1 else {}
        d = super()._later_choice(ro, table, path, me)
        if sc:
            self.later_choices += 1
            self.not_heuristic += sc[d] < max(sc.values())
        return d


def measure(spec: str, players: int, games: int, seed: int) -> dict[str, Any]:
    name, options = parse_spec(spec)
    if not name.endswith(":ISMCTSBot") or options.get("later") != "tree":
        raise SystemExit("--search must be an ismcts spec with later=tree")
    keys = visits = busiest = tables = decisions = 0
    bot = Counted(seed=seed, **options)
    for gi in range(games):
        bots = [bot] + [make_bot("heuristic", seed=seed * 100 + gi * 10 + k) for k in range(1, players)]
        for seat, _view, _d in play_through(Game("classic", players, seed=seed + gi), bots):
            if seat != 0 or not bot.made:
                continue
            decisions += 1
            for table in bot.made.pop():
                if not table:
                    continue
                per_key = [sum(st[0] - bot.prior for st in node.values()) for node in table.values()]
                tables += 1
                keys += len(table)
                visits += int(sum(per_key))
                busiest += int(max(per_key))
            bot.made.clear()
    return {"search": spec, "players": players, "games": games, "seed": seed, "decisions": decisions,
            "tables": tables, "keys_per_table": round(keys / max(tables, 1), 1),
            "visits_per_key": round(visits / max(keys, 1), 2),
            "busiest_key_share": round(busiest / max(visits, 1), 3),
            "later_choices": bot.later_choices,
            "not_heuristic": round(bot.not_heuristic / max(bot.later_choices, 1), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--search", default=SEARCH)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    out = measure(args.search, args.players, args.games, args.seed)
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
