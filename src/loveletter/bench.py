"""Speed benchmark: random rounds through the public API a bot uses (or through the table runner).

Rates are per second of the process's CPU time (one core); the wall-clock rate is reported too.
Each decision is chosen uniformly from :meth:`Game.legal_decisions` and passed to
:meth:`Game.apply` (which validates it); the round is over when no decision is listed. Rounds are
played inside full games: when a game ends, a new one starts.
"""

from __future__ import annotations

import random
import time
from typing import Any

from .engine import Game


def random_rounds(
    edition: str, players: int, rounds: int, seed: int = 0, options: dict[str, Any] | None = None, runner: bool = False
) -> dict[str, Any]:
    """Play ``rounds`` random rounds; return counts and rates (``runner``: through the table runner)."""
    if runner:
        return _runner_rounds(edition, players, rounds, seed, options)
    rand = random.Random(seed).random  # legal[int(rand() * len(legal))] is a uniform choice
    game_seed = seed
    game = Game(edition, players, seed=game_seed, options=options)
    decisions = games = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        if game.game_over:
            game_seed += 1
            games += 1
            game = Game(edition, players, seed=game_seed, options=options)
        game.start_round()
        legal = game.legal_decisions
        apply = game.apply
        while listed := legal():  # nobody is asked anything once the round is over
            apply(listed[int(rand() * len(listed))])
            decisions += 1
    return _report(edition, players, rounds, games, decisions, start, cpu_start, "engine")


def _runner_rounds(edition: str, players: int, rounds: int, seed: int,
                   options: dict[str, Any] | None) -> dict[str, Any]:
    """The same random rounds, each decision pushed with ``Table.submit`` (versions, checks, who/when)."""
    from .table import Pushed, Table

    rand = random.Random(seed).random
    game_seed = seed
    seats = [Pushed() for _ in range(players)]
    table = Table(Game(edition, players, seed=game_seed, options=options), seats)
    decisions = games = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        if table.game.game_over:
            game_seed += 1
            games += 1
            table = Table(Game(edition, players, seed=game_seed, options=options), seats)
        table.next_round()
        submit = table.submit
        while listed := table.game.legal_decisions():
            submit(table.game.to_move, listed[int(rand() * len(listed))], table.version)  # type: ignore[arg-type]
            decisions += 1
    return _report(edition, players, rounds, games, decisions, start, cpu_start, "runner")


def _report(edition: str, players: int, rounds: int, games: int, decisions: int, start: float, cpu_start: float,
            path: str) -> dict[str, Any]:
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "path": path,
        "edition": edition,
        "players": players,
        "rounds": rounds,
        "games_finished": games,
        "decisions": decisions,
        "seconds": round(elapsed, 4),
        "cpu_seconds": round(cpu, 4),
        # Rates use the process's CPU time: the work of one core, even when other jobs share the machine.
        "rounds_per_second": round(rounds / cpu, 1),
        "decisions_per_second": round(decisions / cpu, 1),
        "wall_rounds_per_second": round(rounds / elapsed, 1),
    }
