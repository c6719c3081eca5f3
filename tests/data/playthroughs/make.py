"""Generate the golden playthroughs: every seat's wire view and the spectator's at every step of a few games.

Each file is JSON lines: first ``{"record": ...}`` (the game, as played by heuristic bots), then one
line per state and reader ``{"version", "step", "reader", "view"}`` (``reader`` a seat, or
``"spectator"``; ``step`` the decision text or ``"round"``). tests/test_playthroughs.py replays the
record and compares every line, so any change to what a seat or a spectator sees shows in review.

Run: python tests/data/playthroughs/make.py
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from loveletter.bots import make_bot
from loveletter.engine import Game, parse_decision
from loveletter.engine.record import new_game, start_recorded_round
from loveletter.table import Automatic, Table

HERE = Path(__file__).resolve().parent

#: (edition, players, seed, options)
GAMES = [
    ("classic", 2, 3, {"tokensToWin": 2}),
    ("classic", 4, 5, {"tokensToWin": 1}),
    ("premium", 6, 7, {"tokensToWin": 1}),
    ("2019", 2, 11, {"tokensToWin": 2}),
    ("2019", 5, 13, {"tokensToWin": 1}),
]


def name(edition: str, players: int, seed: int) -> str:
    return f"{edition}-{players}p-seed{seed}.jsonl"


def states(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every reader's wire view after every step of the recorded game."""
    g = new_game(record)
    version = 0

    def lines(step: str) -> Iterator[dict[str, Any]]:
        yield {"version": version, "step": step, "reader": "spectator", "view": g.spectator_view().to_wire()}
        for seat in range(g.players):
            yield {"version": version, "step": step, "reader": seat, "view": g.view(seat).to_wire()}

    for number, rnd in enumerate(record["rounds"], 1):
        texts = start_recorded_round(g, rnd, number, check_seed=True)
        version += 1
        yield from lines("round")
        for text in texts:
            g.apply(parse_decision(text))
            version += 1
            yield from lines(text)


def main() -> None:
    for edition, players, seed, options in GAMES:
        seats = [Automatic(make_bot("heuristic", seed=seed * 10 + i), "heuristic") for i in range(players)]
        table = Table(Game(edition, players, seed=seed, options=options), seats)
        table.run()
        record = table.record()
        path = HERE / name(edition, players, seed)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"record": record}, sort_keys=True) + "\n")
            for line in states(record):
                fh.write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")
        print(f"wrote {path.name}: {sum(1 for _ in open(path, encoding='utf-8')) - 1} views")


if __name__ == "__main__":
    main()
