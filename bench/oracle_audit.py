"""Where does knowing the other hands change the search's choice? A tally by kind of difference.

Games of ``heuristic`` bots; at each of seat 0's decisions with a choice, the honest search
(``ismcts`` with ``--spec``) and the same search fed the other seats' real hands (``bench/oracle.py``'s
``hands`` mode) choose from the same view; where they differ, the tally names how: another card,
the same card at another target, or the same card and target with another guess (Guard, Bishop).
For scale, ``noise`` counts the decisions where the honest search with another seed chooses
otherwise (the searches are sampled, so some differences are chance), tallied the same way.
Only seat 0 is searched; the game goes on with the heuristic's choice, so every decision is a
position of the same games. ``python bench/oracle_audit.py --edition premium --players 6 --games 6``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from loveletter.bots import make_bot
from loveletter.bots.ismcts import ISMCTSBot
from loveletter.bots.registry import parse_spec
from loveletter.engine import Decision, Game, Play

sys.path.insert(0, str(Path(__file__).resolve().parent))
from games import play_through  # noqa: E402
from oracle import PeekingISMCTS  # noqa: E402


def difference(honest: Decision, oracle: Decision) -> str:
    """How two choices differ: ``card``, ``target`` or ``guess`` (with the cards), or ``other``."""
    if not isinstance(honest, Play) or not isinstance(oracle, Play):
        return "other"
    if honest.card != oracle.card:
        return f"card {honest.card} -> {oracle.card}"
    if honest.targets != oracle.targets:
        return f"target {honest.card}"
    return f"guess {honest.card}"


def audit(edition: str, players: int, games: int, options: dict[str, object], seed: int = 1000) -> dict[str, object]:
    tally: Counter[str] = Counter()
    chance: Counter[str] = Counter()
    decisions = noise = 0
    for gi in range(games):
        g = Game(edition, players, seed=seed + gi)
        bots = [make_bot("heuristic", seed=gi * 10 + s) for s in range(players)]
        for seat, view, _ in play_through(g, bots):
            if seat == 0 and len(view.legal) > 1:
                decisions += 1
                honest = ISMCTSBot(seed=gi, **options).choose(view)
                oracle = PeekingISMCTS(g, "hands", seed=gi, **options).choose(view)
                again = ISMCTSBot(seed=gi + 7777, **options).choose(view)
                if again != honest:
                    noise += 1
                    chance[difference(honest, again).split(" ")[0]] += 1
                if honest != oracle:
                    tally[difference(honest, oracle)] += 1
    kinds: Counter[str] = Counter()
    for key, count in tally.items():
        kinds[key.split(" ")[0]] += count
    return {"edition": edition, "players": players, "games": games, "seed": seed, "options": options,
            "decisions": decisions, "differ": sum(tally.values()), "by_kind": dict(kinds.most_common()),
            "noise": noise, "noise_by_kind": dict(chance.most_common()), "tally": dict(tally.most_common())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="premium")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--spec", default="iters=100:rollout=heuristic", help="ismcts options, a:b=c form")
    a = ap.parse_args(argv)
    options = parse_spec(f"ismcts:{a.spec}" if a.spec else "ismcts")[1]
    print(json.dumps(audit(a.edition, a.players, a.games, options)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
