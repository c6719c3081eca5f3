"""The server's registry: :class:`Hub` holds the tables, the store, the bot pool and the identities.

On start it rebuilds every unfinished table from its stored steps and carries on; tables it no longer
holds in memory are read back from storage when asked for. Each table's own commands live in
:class:`~loveletter.server.tables.LiveTable`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable
from dataclasses import asdict
from typing import Any

from ..bots.levels import LEVELS
from ..engine import ConfigError, Game
from ..engine.editions import EDITIONS
from ..engine.options import PROFILES
from .bots import BotPool
from .config import Limits, ServerConfig
from .metrics import Metrics
from .ratings import DEFAULT_MU, DEFAULT_SIGMA
from .store import IdentityRow, Store, StoreError, TableRow
from .tables import LiveTable, SeatSlot, Settings, TableError, now_ms

log = logging.getLogger("loveletter.server")

UNKNOWN_TOKEN_SECONDS = 5.0  # how long "no such token" is believed without asking storage again


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(raw: object, limit: int) -> str:
    """A display name: 1..limit characters after trimming, no control or format characters."""
    if not isinstance(raw, str):
        raise TableError("bad_name", {"reason": "a name is a string"})
    name = " ".join(raw.split())
    if not 1 <= len(name) <= limit:
        raise TableError("bad_name", {"min": 1, "max": limit})
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise TableError("bad_name", {"reason": "control characters"})
    return name


def table_spec(spec: dict[str, Any], identity: IdentityRow, limits: Limits) -> tuple[Settings, list[SeatSlot]]:
    """Check a new table's settings and seats (``TableError`` names the first bad field)."""
    edition, players, profile = spec["edition"], spec["players"], spec.get("profile", "bga")
    options = spec.get("options") or {}
    if edition not in EDITIONS:
        raise TableError("bad_settings", {"field": "edition"})
    if profile not in PROFILES:
        raise TableError("bad_settings", {"field": "profile"})
    try:
        Game(edition, players, options=options, profile=profile)
    except (ConfigError, ValueError, TypeError) as exc:
        raise TableError("bad_settings", {"detail": str(exc)[:200]}) from None
    raw_seats = spec.get("seats")
    if raw_seats is None:
        raw_seats = [{"kind": "human"}] + [{"kind": "open"}] * (players - 1)
    if len(raw_seats) != players:
        raise TableError("bad_seats", {"reason": "one entry per seat", "players": players})
    seats: list[SeatSlot] = []
    for i, s in enumerate(raw_seats):
        kind, level = s.get("kind"), s.get("level")
        if i == 0 and kind != "human":
            raise TableError("bad_seats", {"reason": "seat 0 is the creator's", "seat": 0})
        if kind == "bot":
            if not isinstance(level, str) or level not in LEVELS:
                raise TableError("unknown_bot", {"seat": i, "levels": sorted(LEVELS)})
            seats.append(SeatSlot("bot", None, f"{level.capitalize()} bot", level))
        elif kind in ("human", "open"):
            if level is not None:
                raise TableError("bad_seats", {"reason": "only bots have a level", "seat": i})
            seats.append(SeatSlot("human", identity.id, identity.name) if kind == "human" else SeatSlot("open"))
        else:
            raise TableError("bad_seats", {"reason": "kind is human, bot or open", "seat": i})
    visibility = spec.get("visibility", "private")
    if visibility not in ("private", "public"):
        raise TableError("bad_settings", {"field": "visibility"})
    timer = spec.get("timer") or {}
    enabled = timer.get("enabled")
    enabled = visibility == "public" if enabled is None else bool(enabled)
    seconds = timer.get("seconds", 60)
    if not (isinstance(seconds, int | float) and not isinstance(seconds, bool)
            and limits.min_timer_seconds <= seconds <= limits.max_timer_seconds):
        raise TableError("bad_timer", {"min": limits.min_timer_seconds, "max": limits.max_timer_seconds})
    settings = Settings(edition, players, profile, dict(options), visibility, enabled, float(seconds))
    return settings, seats


class Hub:
    """Every table, the store, the bot pool and the identities of one server."""

    def __init__(self, config: ServerConfig, store: Store, metrics: Metrics) -> None:
        self.config = config
        self.store = store
        self.metrics = metrics
        self.bots: Any = config.bots if config.bots is not None else BotPool(config.bot_workers, config.bot_pool)
        self.tables: dict[str, LiveTable] = {}
        self._finished: OrderedDict[str, LiveTable] = OrderedDict()
        self._identities: OrderedDict[str, IdentityRow] = OrderedDict()
        # Token hashes storage did not know, with when that answer expires: a request with a bad
        # token is looked up by the rate limiter and again by its route; this spares the second read.
        self._unknown: OrderedDict[str, float] = OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.draining = False
        metrics.track_tables(lambda status: sum(1 for t in [*self.tables.values(), *self._finished.values()]
                                                if t.status == status))

    def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self.store.open()
        if isinstance(self.bots, BotPool):
            self.spawn(self.bots.warm_up())  # the workers start while we rebuild
        rows = await self.store.tables_with_status(("waiting", "playing"))
        for row in rows:
            t = LiveTable(self, row)
            if row.status == "playing":
                await t.rebuild()
            self.tables[row.id] = t
        log.info("tables rebuilt from storage", extra={"tables": len(rows)})
        for t in self.tables.values():
            t.kick()

    async def stop(self) -> None:
        """Drain: refuse new decisions, let every table finish what it is doing, close the store."""
        self.draining = True
        for t in list(self.tables.values()):
            async with t.lock:  # an in-flight decision is committed (or refused) before we go on
                pass
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if hasattr(self.bots, "close"):
            await self.bots.close()
        await self.store.close()

    # ------------------------------------------------------------------ identities
    async def new_identity(self, raw_name: object) -> tuple[IdentityRow, str]:
        name = clean_name(raw_name, self.config.limits.name_chars)
        token = secrets.token_urlsafe(32)
        row = IdentityRow(self.config.new_id("identity"), name, _hash(token), now_ms(self.config.clock),
                          DEFAULT_MU, DEFAULT_SIGMA, 0)
        try:
            await self.store.add_identity(row)
        except StoreError:
            raise TableError("unavailable", {}, 503) from None
        self._unknown.pop(row.token_hash, None)
        return row, token

    async def identity_for(self, token: str | None) -> IdentityRow | None:
        if not isinstance(token, str) or not token or len(token) > 128:
            return None
        h = _hash(token)
        row = self._identities.get(h)
        if row is None:
            now = self.config.clock()
            if self._unknown.get(h, now) > now:
                return None
            row = await self.store.identity_by_token(h)
            if row is None:
                self._unknown[h] = now + UNKNOWN_TOKEN_SECONDS
                self._unknown.move_to_end(h)
                while self._unknown and (len(self._unknown) > 10_000 or next(iter(self._unknown.values())) <= now):
                    self._unknown.popitem(last=False)  # the oldest first: expired, or over the cap
                return None
            self._identities[h] = row
            if len(self._identities) > 10_000:
                self._identities.popitem(last=False)
        return row

    def forget_identities(self, ids: set[str]) -> None:
        """Drop cached identities whose stored rows changed (ratings, names)."""
        for h in [h for h, r in self._identities.items() if r.id in ids]:
            del self._identities[h]

    async def rename(self, identity: IdentityRow, raw_name: object) -> IdentityRow:
        name = clean_name(raw_name, self.config.limits.name_chars)
        try:
            await self.store.rename_identity(identity.id, name)
        except StoreError:
            raise TableError("unavailable", {}, 503) from None
        self.forget_identities({identity.id})
        identity.name = name
        return identity

    # ------------------------------------------------------------------ tables
    async def get(self, table_id: str) -> LiveTable | None:
        t = self.tables.get(table_id) or self._finished.get(table_id)
        if t is not None:
            return t
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        row = await self.store.table(table_id)
        if row is None:
            return None
        t = LiveTable(self, row)
        if row.status in ("playing", "finished"):
            await t.rebuild()
        if row.status in ("finished", "closed"):
            self._keep_finished(t)
        else:
            self.tables[row.id] = t
        return t

    def _keep_finished(self, t: LiveTable) -> None:
        self._finished[t.id] = t
        self._finished.move_to_end(t.id)
        while len(self._finished) > 256:
            old_id, old = next(iter(self._finished.items()))
            if old.watchers:
                break
            del self._finished[old_id]

    def closed(self, t: LiveTable) -> None:
        """A table is finished or closed: it leaves the live set (its watchers keep it)."""
        self.tables.pop(t.id, None)
        self._keep_finished(t)

    def public_tables(self) -> list[LiveTable]:
        return [t for t in self.tables.values() if t.settings.visibility == "public" and t.status == "waiting"]

    async def create(self, identity: IdentityRow, spec: dict[str, Any],
                     rematch_of: LiveTable | None = None) -> LiveTable:
        limits = self.config.limits
        active = sum(1 for t in self.tables.values() if t.creator == identity.id and t.status in ("waiting", "playing"))
        if active >= limits.tables_per_identity:
            raise TableError("too_many_tables", {"limit": limits.tables_per_identity}, 429)
        settings, seats = table_spec(spec, identity, limits)
        row = TableRow(self.config.new_id("table"), now_ms(self.config.clock), identity.id, settings.to_json(),
                       [asdict(s) for s in seats], self.config.new_id("invite"), settings.visibility, "waiting",
                       rematch_of=rematch_of.id if rematch_of else None)
        try:
            await self.store.add_table(row)
        except StoreError:
            raise TableError("unavailable", {}, 503) from None
        t = LiveTable(self, row)
        self.tables[row.id] = t
        log.info("table created",
                 extra={"table": row.id, "players": settings.players, "visibility": settings.visibility})
        return t

    async def rematch(self, identity: IdentityRow, old: LiveTable) -> LiveTable:
        async with old.lock:
            if old.status != "finished":
                raise TableError("game_not_finished", {}, 409)
            if not old.seats_of(identity.id):
                raise TableError("not_seated", {}, 403)
            if old.rematch is not None:
                found = await self.get(old.rematch)
                if found is not None:
                    return found
            spec = {"edition": old.settings.edition, "players": old.settings.players,
                    "profile": old.settings.profile, "options": old.settings.options,
                    "visibility": old.settings.visibility,
                    "timer": {"enabled": old.settings.timer_enabled, "seconds": old.settings.timer_seconds},
                    "seats": [{"kind": "human"}] + [{"kind": "open"}] * (old.settings.players - 1)}
            new = await self.create(identity, spec, rematch_of=old)
            seats = [SeatSlot(**asdict(s)) for s in old.seats]
            new.seats = seats
            await new._save(seats=[asdict(s) for s in seats])
            try:
                await self.store.update_table(old.id, rematch=new.id)
            except StoreError:
                raise TableError("unavailable", {}, 503) from None
            old.rematch = new.id
            old._broadcast_presence()
            return new


__all__ = ["Hub", "UNKNOWN_TOKEN_SECONDS", "clean_name", "table_spec"]
