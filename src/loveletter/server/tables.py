"""One owner per table: :class:`LiveTable` serialises every change to its table with one lock.

Each command follows the same order: check (identity, seat, version, legality: ``Table.prepare``),
**store** the step, then apply it (``Table.finish``), then acknowledge, then broadcast, each
recipient its own frame from :func:`~loveletter.server.redact.outbound`. Round starts and timed-out
turns are applied by the runner first and stored before anything is sent; if storing fails, the
table is rebuilt from storage, so nothing unsaved is ever shown. Bots think in the pool
(:mod:`.bots`) outside the lock; their answer is checked against the version it was asked for.

The registry of tables, identities and the bot pool is :class:`~loveletter.server.hub.Hub`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..bots.levels import spec_for
from ..engine import Decision, Game, View, parse_decision
from ..table import Automatic, Outcome, Pushed, Table, TurnTimer
from . import protocol as p
from .bots import BotJob
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, rate
from .redact import Outbound, Recipient, outbound
from .store import ChatRow, IdentityRow, ResultRow, StepRow, StoreError, TableRow

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("loveletter.server")


class TableError(Exception):
    """A lobby request that cannot be done: a code, params and the HTTP status."""

    def __init__(self, code: str, params: dict[str, Any] | None = None, status: int = 400) -> None:
        super().__init__(code)
        self.code, self.params, self.status = code, params or {}, status


@dataclass
class Settings:
    edition: str
    players: int
    profile: str
    options: dict[str, Any]
    visibility: str
    timer_enabled: bool
    timer_seconds: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        return cls(**data)


@dataclass
class SeatSlot:
    kind: str  # human | bot | open
    identity: str | None = None
    name: str | None = None
    level: str | None = None


@dataclass
class ChatEntry:
    at: int
    seat: int | None
    name: str
    text: str


class Conn(Protocol):
    """What a table needs of a client connection (see :mod:`.ws`)."""

    id: int
    identity: str
    name: str
    watching: dict[str, LiveTable]

    def send(self, frame: Outbound) -> None: ...


@dataclass
class Watcher:
    conn: Conn
    seat: int | None
    next_seq: int
    spectate: bool = False


class _Fixed:
    """The fallback 'bot' of the runner's turn timer: plays the decision the pool already chose."""

    def __init__(self) -> None:
        self.decision: Decision | None = None

    def choose(self, view: View) -> Decision:
        if self.decision is None:
            raise RuntimeError("no decision was prepared for this seat")
        d, self.decision = self.decision, None
        return d


def now_ms(clock: Callable[[], float]) -> int:
    return int(clock() * 1000)


class LiveTable:
    """One table and everything attached to it (see the module docstring)."""

    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.id = row.id
        self.row = row
        self.settings = Settings.from_json(row.settings)
        self.seats = [SeatSlot(**s) for s in row.seats]
        self.status = row.status
        self.creator = row.creator
        self.invite = row.invite
        self.created_at = row.created_at
        self.rematch = row.rematch
        self.rematch_of = row.rematch_of
        self.seed = row.seed
        self.runner: Table | None = None
        self.lock = asyncio.Lock()
        self.watchers: dict[int, Watcher] = {}
        self.commands: dict[tuple[str, str], int] = {}
        self.chat_lines: deque[ChatEntry] = deque(maxlen=hub.config.limits.chat_kept)
        self._chat_times: dict[str, deque[float]] = {}
        self._fixed = [_Fixed() for _ in range(self.settings.players)]
        self._driver: asyncio.Task[None] | None = None
        self._timer: tuple[int, asyncio.Task[None]] | None = None
        self._retry: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ reading
    def taken_over(self) -> frozenset[int]:
        return self.runner.taken_over() if self.runner is not None else frozenset()

    def is_connected(self, seat: int) -> bool:
        slot = self.seats[seat]
        if slot.kind == "bot":
            return True
        return slot.identity is not None and any(w.conn.identity == slot.identity for w in self.watchers.values())

    def seats_of(self, identity: str | None) -> list[int]:
        return [i for i, s in enumerate(self.seats) if identity is not None and s.identity == identity]

    def _rcpt(self, conn: Conn, seat: int | None) -> Recipient:
        return Recipient(conn.identity, seat, conn.name)

    # ------------------------------------------------------------------ runner
    def _controllers(self) -> list[Pushed | Automatic]:
        out: list[Pushed | Automatic] = []
        for slot in self.seats:
            if slot.kind == "bot":
                assert slot.level is not None
                out.append(Automatic(self._fixed[0], spec_for(slot.level)))  # the pool thinks, never this
            else:
                out.append(Pushed("human"))
        return out

    def _timer_policy(self) -> TurnTimer:
        # Every table has the policy (it holds the bot that takes a seat that was left); a table
        # without a turn timer gets a deadline nobody reaches and sends none.
        s = self.settings
        return TurnTimer(seconds=s.timer_seconds if s.timer_enabled else 10.0 ** 9,
                         fallback=lambda seat: self._fixed[seat],
                         fallback_label=spec_for(self.hub.config.fallback_level),
                         takeover_after=self.hub.config.takeover_after)

    def _new_runner(self) -> Table:
        names = [s.name or f"Seat {i}" for i, s in enumerate(self.seats)]
        s = self.settings
        game = Game(s.edition, s.players, seed=self.seed, options=s.options, profile=s.profile, seats=names)
        return Table(game, self._controllers(), clock=self.hub.config.clock, timer=self._timer_policy())

    def _record_from(self, steps: list[StepRow]) -> dict[str, Any]:
        s = self.settings
        rounds: list[dict[str, Any]] = []
        for st in steps:
            if st.kind == "round":
                rounds.append({"firstPlayer": st.first_player, "firstPlayerGiven": bool(st.first_given),
                               "shuffled": bool(st.shuffled), "deck": list(st.deck or []), "decisions": [],
                               "by": [], "at": []})
            else:
                rounds[-1]["decisions"].append(st.decision)
                rounds[-1]["by"].append(st.by)
                rounds[-1]["at"].append(st.at)
        return {"format": "loveletter-record", "formatVersion": 2, "edition": s.edition, "players": s.players,
                "profile": s.profile, "options": dict(s.options),
                "seats": [x.name or f"Seat {i}" for i, x in enumerate(self.seats)],
                "startTokens": [0] * s.players, "seed": self.seed, "rounds": rounds}

    async def rebuild(self) -> None:
        """Rebuild the runner from storage (at start, or after a failed write)."""
        steps = await self.hub.store.steps(self.id)
        runner = Table.from_record(self._record_from(steps), self._controllers(), clock=self.hub.config.clock,
                                   timer=self._timer_policy())
        for seat in self.row.taken_over:
            runner.leave(seat)
        self.runner = runner
        self.commands = {(st.identity, st.command): st.version for st in steps
                         if st.identity is not None and st.command is not None}
        if not self.chat_lines:
            for c in await self.hub.store.chat(self.id, self.hub.config.limits.chat_kept):
                self.chat_lines.append(ChatEntry(c.at, c.seat, c.name, c.text))

    async def _reload_after_failure(self) -> None:
        log.error("storing a step of table %s failed; rebuilding it from storage", self.id)
        try:
            await self.rebuild()
        except Exception:
            log.exception("table %s could not be rebuilt", self.id)
        self._schedule_retry()

    def _schedule_retry(self, delay: float = 1.0) -> None:
        if self._retry is None:
            def again() -> None:
                self._retry = None
                self.kick()
            self._retry = asyncio.get_running_loop().call_later(delay, again)

    async def _store_step(self, row: StepRow) -> bool:
        t0 = time.perf_counter()
        try:
            await self.hub.store.append_step(row)
        except StoreError:
            log.exception("cannot store step %s of table %s", row.version, self.id)
            return False
        self.hub.metrics.commit_seconds.observe(time.perf_counter() - t0)
        self.hub.metrics.steps.labels(row.kind, "human" if row.by == "human" else "bot" if row.by else "-").inc()
        return True

    # ------------------------------------------------------------------ sending
    def _broadcast(self) -> None:
        runner = self.runner
        assert runner is not None
        cache: dict[tuple[Any, ...], Outbound] = {}
        for w in list(self.watchers.values()):
            key = (None if w.seat is None else w.conn.identity, w.seat, w.next_seq)
            frame = cache.get(key)
            if frame is None:
                frame = cache[key] = outbound("update", self, self._rcpt(w.conn, w.seat), since=w.next_seq)
            w.next_seq = runner.next_seq
            w.conn.send(frame)

    def _broadcast_presence(self) -> None:
        cache: dict[str, Outbound] = {}
        for w in list(self.watchers.values()):
            frame = cache.get(w.conn.identity)
            if frame is None:
                frame = cache[w.conn.identity] = outbound("presence", self, self._rcpt(w.conn, None))
            w.conn.send(frame)

    def _send_state(self, w: Watcher, since: int | None = None, cmd: str | None = None) -> None:
        w.conn.send(outbound("state", self, self._rcpt(w.conn, w.seat), since=since, cmd=cmd))
        if self.runner is not None:
            w.next_seq = self.runner.next_seq

    def _refuse(self, conn: Conn, code: str, params: dict[str, Any] | None = None, *, seat: int | None = None,
                decision: str | int | None = None, cmd: str | None = None) -> None:
        self.hub.metrics.refusals.labels(code).inc()
        rseat = seat if seat is not None and seat in self.seats_of(conn.identity) else None
        conn.send(outbound("refused", self, self._rcpt(conn, rseat), code=code, params=params or {},
                           decision=decision, cmd=cmd))

    # ------------------------------------------------------------------ watching
    async def watch(self, conn: Conn, f: p.Open) -> None:
        async with self.lock:
            mine = self.seats_of(conn.identity)
            seat = f.seat
            if seat is None and not f.spectate and mine:
                seat = mine[0]
            if seat is not None and seat not in mine:
                self._refuse(conn, "not_seated", {"seat": seat}, cmd=f.cmd)
                return
            if (seat is None and not mine and self.settings.visibility == "private"
                    and not (f.invite is not None and secrets.compare_digest(f.invite, self.invite))):
                self._refuse(conn, "private_table", cmd=f.cmd)
                return
            was = [self.is_connected(i) for i in range(len(self.seats))]
            since = f.since
            if since is not None and self.runner is not None:
                since = min(since, self.runner.next_seq)
            w = Watcher(conn, seat, self.runner.next_seq if self.runner else 0, spectate=f.spectate or seat is None)
            self.watchers[conn.id] = w
            conn.watching[self.id] = self
            self._send_state(w, since if self.runner is not None else None, f.cmd)
            if was != [self.is_connected(i) for i in range(len(self.seats))]:
                self._broadcast_presence()

    def unwatch(self, conn: Conn) -> None:
        """The connection closed or stopped watching (no lock needed: nothing stored changes)."""
        if self.watchers.pop(conn.id, None) is None:
            return
        conn.watching.pop(self.id, None)
        if any(s.identity == conn.identity for s in self.seats):
            self._broadcast_presence()

    # ------------------------------------------------------------------ decisions
    async def decide(self, conn: Conn, f: p.Decide, received: float) -> None:
        """A person's decision: checked, stored, applied, acknowledged, broadcast (in that order)."""
        async with self.lock:
            runner = self.runner
            if self.status != "playing" and self.status != "finished" or runner is None:
                self._refuse(conn, "table_not_started", decision=f.decision, cmd=f.cmd)
                return
            if f.seat >= len(self.seats) or self.seats[f.seat].identity != conn.identity:
                self._refuse(conn, "not_seated", {"seat": f.seat}, decision=f.decision, cmd=f.cmd)
                return
            done = self.commands.get((conn.identity, f.cmd))
            if done is not None:
                conn.send(outbound("ack", self, self._rcpt(conn, f.seat), cmd=f.cmd, version=done, duplicate=True))
                return
            if self.hub.draining:
                self._refuse(conn, "shutting_down", seat=f.seat, decision=f.decision, cmd=f.cmd)
                return
            pending = runner.prepare(f.seat, f.decision, f.version)
            if isinstance(pending, Outcome):
                assert pending.refusal is not None
                self._refuse(conn, pending.refusal.code, dict(pending.refusal.params), seat=f.seat,
                             decision=f.decision, cmd=f.cmd)
                return
            step = pending.step
            row = StepRow(self.id, step.version, "decision", step.round, step.at, step.seat, step.decision, step.by,
                          conn.identity, f.cmd)
            if not await self._store_step(row):
                self._refuse(conn, "unavailable", seat=f.seat, decision=f.decision, cmd=f.cmd)
                return
            out = runner.finish(pending)
            self.commands[(conn.identity, f.cmd)] = out.version
            conn.send(outbound("ack", self, self._rcpt(conn, f.seat), cmd=f.cmd, version=out.version))
            self._broadcast()
            self.hub.metrics.decision_seconds.observe(time.perf_counter() - received)
        self.kick()

    async def reclaim(self, conn: Conn, f: p.Reclaim) -> None:
        async with self.lock:
            runner = self.runner
            if f.seat not in self.seats_of(conn.identity):
                self._refuse(conn, "not_seated", {"seat": f.seat}, cmd=f.cmd)
                return
            if runner is None or self.status != "playing" or f.seat not in runner.taken_over():
                self._refuse(conn, "not_taken_over", {"seat": f.seat}, seat=f.seat, cmd=f.cmd)
                return
            taken = sorted(runner.taken_over() - {f.seat})
            try:
                await self.hub.store.update_table(self.id, taken_over=taken)
            except StoreError:
                self._refuse(conn, "unavailable", seat=f.seat, cmd=f.cmd)
                return
            runner.reclaim(f.seat)
            self.row.taken_over = taken
            if f.cmd is not None:
                conn.send(outbound("ack", self, self._rcpt(conn, f.seat), cmd=f.cmd, version=runner.version))
            self._broadcast_presence()
            for w in self.watchers.values():
                if w.seat == f.seat:
                    self._send_state(w)  # the prompt is theirs again
        self.kick()

    async def chat(self, conn: Conn, f: p.Chat) -> None:
        limits = self.hub.config.limits
        w = self.watchers.get(conn.id)
        if w is None:
            self._refuse(conn, "not_watching", cmd=f.cmd)
            return
        text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in f.text).strip()
        if not text:
            self._refuse(conn, "chat_empty", cmd=f.cmd)
            return
        if len(text) > limits.chat_chars:
            self._refuse(conn, "chat_too_long", {"limit": limits.chat_chars, "length": len(text)}, cmd=f.cmd)
            return
        now = time.monotonic()
        times = self._chat_times.setdefault(conn.identity, deque())
        while times and now - times[0] > limits.chat_window:
            times.popleft()
        if len(times) >= limits.chat_lines:
            self._refuse(conn, "chat_rate_limited",
                         {"lines": limits.chat_lines, "seconds": limits.chat_window}, cmd=f.cmd)
            return
        times.append(now)
        mine = self.seats_of(conn.identity)
        seat = w.seat if w.seat is not None else (mine[0] if mine else None)
        entry = ChatEntry(now_ms(self.hub.config.clock), seat, conn.name, text)
        try:
            await self.hub.store.add_chat(ChatRow(self.id, entry.at, seat, conn.identity, conn.name, text))
        except StoreError:
            self._refuse(conn, "unavailable", cmd=f.cmd)
            return
        self.chat_lines.append(entry)
        for other in list(self.watchers.values()):
            other.conn.send(outbound("chat", self, self._rcpt(other.conn, None), line=entry))

    # ------------------------------------------------------------------ lobby (the Hub calls these)
    async def join(self, identity: IdentityRow, seat: int | None, invite: str | None) -> None:
        async with self.lock:
            mine = self.seats_of(identity.id)
            if self.status == "playing" and mine:
                await self._reclaim_all(mine)
                return
            if self.status != "waiting":
                raise TableError("table_not_waiting", {"status": self.status}, 409)
            if self.settings.visibility == "private" and not mine and not (
                    isinstance(invite, str) and secrets.compare_digest(invite, self.invite)):
                raise TableError("bad_invite", {}, 403)
            if seat is None:
                if mine:
                    return  # already seated: joining again changes nothing
                free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
                if not free:
                    raise TableError("table_full", {}, 409)
                seat = free[0]
            if not 0 <= seat < len(self.seats):
                raise TableError("no_such_seat", {"seat": seat}, 400)
            slot = self.seats[seat]
            if slot.identity == identity.id:
                return
            if slot.kind != "open":
                raise TableError("seat_taken", {"seat": seat}, 409)
            seats = [asdict(s) for s in self.seats]
            seats[seat] = asdict(SeatSlot("human", identity.id, identity.name))
            await self._save(seats=seats)
            self.seats[seat] = SeatSlot("human", identity.id, identity.name)
            self._rewatch()
            self._broadcast_presence()

    async def _reclaim_all(self, seats: list[int]) -> None:
        runner = self.runner
        assert runner is not None
        back = [s for s in seats if s in runner.taken_over()]
        if not back:
            return
        taken = sorted(runner.taken_over() - set(back))
        await self._save(taken_over=taken)
        for s in back:
            runner.reclaim(s)
        self.row.taken_over = taken
        self._broadcast_presence()
        for w in self.watchers.values():
            if w.seat in back:
                self._send_state(w)
        self.kick()

    async def leave(self, identity: IdentityRow) -> None:
        async with self.lock:
            mine = self.seats_of(identity.id)
            if not mine:
                raise TableError("not_seated", {}, 409)
            if self.status == "waiting":
                if identity.id == self.creator:
                    await self._save(status="closed")
                    self.status = "closed"
                    self.hub.closed(self)
                else:
                    seats = [asdict(s) for s in self.seats]
                    for s in mine:
                        seats[s] = asdict(SeatSlot("open"))
                    await self._save(seats=seats)
                    for s in mine:
                        self.seats[s] = SeatSlot("open")
                    for w in self.watchers.values():
                        if w.seat in mine:
                            w.seat = None
                self._broadcast_presence()
                return
            if self.status != "playing":
                raise TableError("table_not_playing", {"status": self.status}, 409)
            runner = self.runner
            assert runner is not None
            taken = sorted(runner.taken_over() | set(mine))
            await self._save(taken_over=taken)
            for s in mine:
                runner.leave(s)
            self.row.taken_over = taken
            self._broadcast_presence()
            self._broadcast_prompts()
        self.kick()

    def _broadcast_prompts(self) -> None:
        """Seats whose prompt just went to a bot: a fresh state (no prompt) for their watchers."""
        for w in self.watchers.values():
            if w.seat is not None and w.seat in self.taken_over():
                self._send_state(w)

    async def start(self, identity: IdentityRow) -> None:
        async with self.lock:
            if identity.id != self.creator:
                raise TableError("not_creator", {}, 403)
            if self.status != "waiting":
                raise TableError("table_not_waiting", {"status": self.status}, 409)
            empty = [i for i, s in enumerate(self.seats) if s.kind == "open"]
            if empty:
                raise TableError("seats_open", {"seats": empty}, 409)
            seed = self.hub.config.new_seed()
            await self._save(status="playing", seed=seed)
            self.seed, self.status = seed, "playing"
            self.runner = self._new_runner()
            self._rewatch()
            for w in self.watchers.values():
                self._send_state(w)
            log.info("table started", extra={"table": self.id, "players": self.settings.players})
        self.kick()

    def _rewatch(self) -> None:
        """Watchers who did not ask to spectate watch their own seat once they have one."""
        for w in self.watchers.values():
            if w.seat is None and not w.spectate:
                mine = self.seats_of(w.conn.identity)
                if mine:
                    w.seat = mine[0]

    async def _save(self, **values: Any) -> None:
        try:
            await self.hub.store.update_table(self.id, **values)
        except StoreError:
            raise TableError("unavailable", {}, 503) from None
        for k, v in values.items():
            setattr(self.row, k, v)

    # ------------------------------------------------------------------ the driver: rounds, bots, timers
    def kick(self) -> None:
        """Make sure the driver runs (it plays bots and starts rounds until a person must act)."""
        if self.status != "playing" or self.runner is None:
            return
        if self._driver is None or self._driver.done():
            self._driver = self.hub.spawn(self._drive())

    async def _drive(self) -> None:
        while True:
            async with self.lock:
                runner = self.runner
                if runner is None or self.status != "playing":
                    return
                pr = runner.prompt()
                if pr is None:
                    await self._finish_game()
                    return
                if pr.kind == "round":
                    if self.hub.draining or not await self._start_round():
                        return
                    continue
                if not pr.automatic:
                    self._arm_timer(pr.version, pr.seat, pr.deadline)
                    return
                assert pr.seat is not None
                job = self._job(pr.seat, pr.label, runner)
            t0 = time.perf_counter()
            try:
                text = await self.hub.bots.choose(job)
            except Exception:
                log.exception("the bot pool failed for table %s", self.id)
                self._schedule_retry(2.0)
                return
            self.hub.metrics.bot_seconds.observe(time.perf_counter() - t0)
            async with self.lock:
                if self.runner is not runner or self.hub.draining:
                    return
                pr2 = runner.prompt()
                if pr2 is None or pr2.version != job.version or not pr2.automatic or pr2.seat != job.seat:
                    continue  # something changed while the bot thought (a reclaim, a reload)
                pending = runner.prepare(job.seat, text, job.version, by=pr2.label)
                if isinstance(pending, Outcome):
                    log.error("bot decision %s refused at table %s", pending.refusal, self.id)
                    self._schedule_retry(2.0)
                    return
                st = pending.step
                if not await self._store_step(StepRow(self.id, st.version, "decision", st.round, st.at, st.seat,
                                                      st.decision, st.by)):
                    self._schedule_retry()
                    return
                runner.finish(pending)
                self._broadcast()

    def _job(self, seat: int, label: str, runner: Table) -> BotJob:
        seed = hash((self.seed, runner.version, seat)) & (2 ** 63 - 1)
        return BotJob(self.id, runner.version, seat, label, seed, runner.record())

    async def _start_round(self) -> bool:
        runner = self.runner
        assert runner is not None
        hook = self.hub.config.deck_for
        deck = hook(self.id, runner.game.round_no + 1) if hook is not None else None
        out = runner.next_round(deck)
        st = out.step
        assert st is not None and st.deck is not None
        row = StepRow(self.id, st.version, "round", st.round, st.at, deck=list(st.deck), first_player=st.first_player,
                      first_given=st.first_player_given, shuffled=st.shuffled)
        if not await self._store_step(row):
            await self._reload_after_failure()
            return False
        self._broadcast()
        return True

    def _arm_timer(self, version: int, seat: int | None, deadline: float | None) -> None:
        if not self.settings.timer_enabled or seat is None or deadline is None:
            return
        if self._timer is not None:
            if self._timer[0] == version and not self._timer[1].done():
                return
            self._timer[1].cancel()
        self._timer = (version, self.hub.spawn(self._on_timeout(version, seat, deadline)))

    async def _on_timeout(self, version: int, seat: int, deadline: float) -> None:
        clock = self.hub.config.clock
        await asyncio.sleep(max(0.0, deadline - clock()))
        runner = self.runner
        if runner is None or runner.version != version or self.hub.draining:
            return
        fallback = spec_for(self.hub.config.fallback_level)
        try:
            text = await self.hub.bots.choose(self._job(seat, fallback, runner))
        except Exception:
            log.exception("the bot pool failed for a timeout at table %s", self.id)
            return
        async with self.lock:
            pr = runner.prompt()
            if (self.runner is not runner or pr is None or pr.version != version or pr.automatic
                    or pr.seat != seat or pr.deadline is None or self.hub.draining):
                return
            self._fixed[seat].decision = parse_decision(text)
            was_taken = runner.taken_over()
            out = runner.expire(max(clock(), pr.deadline))
            self._fixed[seat].decision = None
            if out is None or out.step is None:
                return
            st = out.step
            ok = await self._store_step(StepRow(self.id, st.version, "decision", st.round, st.at, st.seat,
                                                st.decision, st.by))
            if ok and runner.taken_over() != was_taken:
                try:
                    await self.hub.store.update_table(self.id, taken_over=sorted(runner.taken_over()))
                    self.row.taken_over = sorted(runner.taken_over())
                except StoreError:
                    ok = False
            if not ok:
                await self._reload_after_failure()
                return
            log.info("turn timed out", extra={"table": self.id, "seat": seat, "version": st.version})
            self._broadcast()
            if runner.taken_over() != was_taken:
                self._broadcast_presence()
        self.kick()

    async def _finish_game(self) -> None:
        runner = self.runner
        assert runner is not None
        g = runner.game
        now = now_ms(self.hub.config.clock)
        tokens, winners = list(g.tokens), list(g.game_winners)
        results = [ResultRow(self.id, i, s.identity, now, tokens[i], i in winners)
                   for i, s in enumerate(self.seats) if s.kind == "human" and s.identity is not None]
        humans = [r.identity for r in results]
        ratings: dict[str, tuple[float, float]] = {}
        if len(set(humans)) == len(humans) and humans:
            current: list[tuple[float, float] | None] = []
            for s in self.seats:
                if s.kind == "human" and s.identity is not None:
                    row = await self.hub.store.identity(s.identity)
                    current.append((row.mu, row.sigma) if row else (DEFAULT_MU, DEFAULT_SIGMA))
                else:
                    current.append(None)
            for s, new in zip(self.seats, rate(current, tokens, winners), strict=True):
                if new is not None and s.identity is not None:
                    ratings[s.identity] = new
            for r in results:
                r.mu, r.sigma = ratings[r.identity]
        result = {"winners": winners, "tokens": tokens, "version": runner.version}
        try:
            await self.hub.store.finish_table(self.id, now, result, results, ratings)
        except StoreError:
            log.exception("cannot store the end of table %s", self.id)
            self._schedule_retry(2.0)
            return
        self.status = "finished"
        self.hub.closed(self)
        self.hub.forget_identities(set(humans))
        if self._timer is not None:
            self._timer[1].cancel()
        log.info("table finished", extra={"table": self.id, "version": runner.version})
        self._broadcast_presence()


__all__ = ["ChatEntry", "Conn", "LiveTable", "now_ms", "SeatSlot", "Settings", "TableError", "Watcher"]
