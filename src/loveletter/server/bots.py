"""Bots think off the event loop: in a pool of processes (or threads, for tests).

The server sends a :class:`BotJob` (the table's record, the seat, the bot spec of a named level and a
seed) and gets back the decision's text form; it then checks, stores and applies that decision like
any other (``prepare``/store/``finish``). A worker replays the record to get the seat's view and keeps
the last game of each table it saw, so the next job only applies the new decisions. Clients name
levels (``loveletter.bots.levels``), never specs: no spec from outside ever reaches ``make_bot``.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import random
import threading
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..engine import Game, parse_decision, replay
from ..engine.record import start_recorded_round

log = logging.getLogger("loveletter.server.bots")


@dataclass(frozen=True)
class BotJob:
    table: str
    version: int
    seat: int
    spec: str
    seed: int
    record: dict[str, Any]


_games: OrderedDict[str, tuple[int, Game]] = OrderedDict()  # per worker: table -> (seed, game)
_CACHE = 64


def _position(table: str, record: dict[str, Any]) -> Game:
    """The game a record describes, from this worker's cache when it holds a prefix of it."""
    seed = record.get("seed")
    cached = _games.get(table)
    game: Game | None = None
    if cached is not None and cached[0] == seed:
        g = cached[1]
        rounds = record["rounds"]
        have = g._rounds
        if len(have) <= len(rounds) and (not have or len(have[-1]["decisions"]) <= len(
                rounds[len(have) - 1]["decisions"])):
            try:
                if have:
                    for text in rounds[len(have) - 1]["decisions"][len(have[-1]["decisions"]):]:
                        g.apply(parse_decision(text))
                for number in range(len(have) + 1, len(rounds) + 1):
                    rnd = rounds[number - 1]
                    for text in start_recorded_round(g, rnd, number, check_seed=False):
                        g.apply(parse_decision(text))
                game = g
            except Exception:  # a mismatch: replay from the start
                game = None
    if game is None:
        game = replay(record)
    _games[table] = (seed if isinstance(seed, int) else 0, game)
    _games.move_to_end(table)
    while len(_games) > _CACHE:
        _games.popitem(last=False)
    return game


def think(job: BotJob) -> str:
    """Run in a worker: the decision (text form) the job's bot makes for its seat."""
    game = _position(job.table, job.record)
    view = game.view(job.seat)
    try:
        decision = make_bot(job.spec, seed=job.seed).choose(view)
        if decision in view.legal:
            return decision.text()
        log.error("bot %s chose an illegal decision at table %s", job.spec, job.table)
    except Exception:
        log.exception("bot %s failed at table %s", job.spec, job.table)
    return random.Random(job.seed).choice(view.legal).text()  # a bot bug must not stop the table


def _worker_init() -> None:
    """A worker dies with the server: a SIGKILLed server must leave no orphan thinking (or waiting) forever.

    A worker blocks reading its task queue, whose write end it holds itself, so the server's death
    does not wake it; and ``prctl(PR_SET_PDEATHSIG)`` was seen not to fire here. A daemon thread waits
    on the parent's sentinel (a pipe that closes when the server process is gone) and exits."""
    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(target=_exit_with_parent, args=(parent.sentinel,), daemon=True,
                         name="ll-parent-watch").start()


def _exit_with_parent(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


class BotPool:
    """Thinks for bots in worker processes (``kind="process"``) or threads (``"thread"``)."""

    def __init__(self, workers: int | None = None, kind: str = "process") -> None:
        if workers is None:
            workers = max(1, (os.cpu_count() or 2) - 1)
        self.workers = workers
        self.kind = kind
        self._executor: Executor | None = None

    def _make(self) -> Executor:
        if self.kind == "thread":
            return ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="ll-bot")
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_init)

    def start(self) -> None:
        if self._executor is None:
            self._executor = self._make()

    async def warm_up(self) -> None:
        """Start the workers now (importing the bots), not on the first bot's turn."""
        self.start()
        assert self._executor is not None
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._executor, os.getpid) for _ in range(self.workers)))

    async def choose(self, job: BotJob) -> str:
        self.start()
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            assert self._executor is not None
            try:
                return await loop.run_in_executor(self._executor, think, job)
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                log.error("the bot pool broke; starting a new one")
                self._executor = self._make()
        raise AssertionError("unreachable")

    async def close(self) -> None:
        if self._executor is not None:
            executor, self._executor = self._executor, None
            await asyncio.get_running_loop().run_in_executor(None, lambda: executor.shutdown(cancel_futures=True))


__all__ = ["BotJob", "BotPool", "think"]
