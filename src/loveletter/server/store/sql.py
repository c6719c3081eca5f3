"""The SQLAlchemy 2 store: SQLite (WAL, ``synchronous=FULL``, ``busy_timeout``, ``BEGIN IMMEDIATE`` for
writes) by default, PostgreSQL when the URL says ``postgresql+psycopg://``. Alembic migrations run at open.

Writes go through one writer thread that commits in groups: every write waiting when a commit
starts shares its transaction (and its fsync), and each caller is answered only after that commit.
Measured here, SQLAlchemy's asyncio engine over aiosqlite took 3-5 ms per durable commit, the
writer thread about 0.5 ms alone and far less per write under load. A write that fails in a group
is retried alone, so one bad write (a duplicate command id) never takes others down with it.
Reads run on a small thread pool (WAL readers do not wait for the writer).
"""

from __future__ import annotations

import asyncio
import os
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import SQLAlchemyError

from . import ChatRow, IdentityRow, ResultRow, StepRow, Store, StoreError, TableRow
from . import schema as s

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def default_database_url() -> str:
    """SQLite in the user's data directory (``$XDG_DATA_HOME/loveletter``, else ``~/.local/share/loveletter``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    folder = Path(base) / "loveletter"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


def normalise_url(url: str) -> str:
    """The synchronous driver of a URL (``sqlite+aiosqlite`` -> ``sqlite``, ``postgresql`` -> psycopg 3)."""
    if url.startswith("sqlite+aiosqlite://"):
        return "sqlite://" + url[len("sqlite+aiosqlite://"):]
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _upgrade(connection: sa.Connection) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


def _row(cls: type, mapping: Any) -> Any:
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in dict(mapping).items() if k in names})


_Job = tuple[list[Any], asyncio.Future[None], asyncio.AbstractEventLoop]
_STOP = object()


class SqlStore(Store):
    """:class:`~loveletter.server.store.Store` on SQLAlchemy (see the module docstring)."""

    def __init__(self, url: str, *, echo: bool = False, max_group: int = 256) -> None:
        self.url = normalise_url(url)
        self._echo = echo
        self._sqlite = self.url.startswith("sqlite")
        self._engine: sa.Engine | None = None
        self._writer: threading.Thread | None = None
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._readers: ThreadPoolExecutor | None = None
        self._max_group = max_group
        self.commits = 0  # transactions committed by the writer (for tests and metrics)

    # ------------------------------------------------------------------ lifecycle
    def _make_engine(self) -> sa.Engine:
        kwargs: dict[str, Any] = {"echo": self._echo}
        if self._sqlite:
            kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
        else:
            kwargs.update(pool_size=4, max_overflow=4, pool_pre_ping=True)
        engine = sa.create_engine(self.url, **kwargs)
        if self._sqlite:
            @event.listens_for(engine, "connect")
            def _connect(dbapi_connection: Any, _record: Any) -> None:
                dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
                cur = dbapi_connection.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA busy_timeout=10000")
                cur.close()

            @event.listens_for(engine, "begin")
            def _begin(conn: sa.Connection) -> None:
                conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("ll_write") else "BEGIN")
        return engine

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        engine = self._make_engine()

        def migrate() -> None:
            with engine.execution_options(ll_write=True).begin() as conn:
                _upgrade(conn)

        try:
            await loop.run_in_executor(None, migrate)
        except (SQLAlchemyError, OSError) as exc:
            engine.dispose()
            raise StoreError(f"cannot open the database: {exc}") from exc
        self._engine = engine
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ll-store-read")
        self._writer = threading.Thread(target=self._write_loop, name="ll-store-write", daemon=True)
        self._writer.start()

    async def close(self) -> None:
        if self._writer is not None:
            self._jobs.put(_STOP)
            await asyncio.get_running_loop().run_in_executor(None, self._writer.join)
            self._writer = None
        if self._readers is not None:
            self._readers.shutdown(wait=True)
            self._readers = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    async def ping(self) -> bool:
        try:
            await self._read(sa.select(sa.literal(1)))
            return True
        except StoreError:
            return False

    # ------------------------------------------------------------------ the writer thread
    def _write_loop(self) -> None:
        assert self._engine is not None
        engine = self._engine.execution_options(ll_write=True)
        stop = False
        while not stop:
            first = self._jobs.get()
            if first is _STOP:
                break
            group: list[_Job] = [first]
            while len(group) < self._max_group:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is _STOP:
                    stop = True
                    break
                group.append(job)
            try:
                with engine.begin() as conn:
                    self._run(conn, group)
                self.commits += 1
                for _, fut, loop in group:
                    loop.call_soon_threadsafe(_settle, fut, None)
            except Exception:
                for job in group:  # one at a time: only the bad ones fail
                    try:
                        with engine.begin() as conn:
                            self._run(conn, [job])
                        self.commits += 1
                        job[2].call_soon_threadsafe(_settle, job[1], None)
                    except Exception as exc:
                        job[2].call_soon_threadsafe(_settle, job[1], StoreError(type(exc).__name__))

    @staticmethod
    def _run(conn: sa.Connection, group: list[_Job]) -> None:
        # steps are most of the writes: one executemany for all of them (far fewer round trips through
        # the driver, and through the GIL, than one statement each)
        rows = [w for statements, _, _ in group for w in statements if isinstance(w, dict)]
        if rows:
            conn.execute(s.steps.insert(), rows)
        for statements, _, _ in group:
            for stmt in statements:
                if not isinstance(stmt, dict):
                    conn.execute(stmt)

    async def _write(self, *statements: Any) -> None:
        if self._writer is None:
            raise StoreError("the store is not open")
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._jobs.put((list(statements), fut, loop))
        await fut

    async def _read(self, stmt: Any) -> list[Any]:
        engine, readers = self._engine, self._readers
        if engine is None or readers is None:
            raise StoreError("the store is not open")

        def run() -> list[Any]:
            with engine.connect() as conn:
                rows = [dict(r) for r in conn.execute(stmt).mappings()]
                conn.rollback()
                return rows

        try:
            return await asyncio.get_running_loop().run_in_executor(readers, run)
        except SQLAlchemyError as exc:
            raise StoreError(type(exc).__name__) from exc

    # ------------------------------------------------------------------ identities
    async def add_identity(self, row: IdentityRow) -> None:
        await self._write(s.identities.insert().values(**asdict(row)))

    async def identity_by_token(self, token_hash: str) -> IdentityRow | None:
        rows = await self._read(sa.select(s.identities).where(s.identities.c.token_hash == token_hash))
        return _row(IdentityRow, rows[0]) if rows else None

    async def identity(self, identity_id: str) -> IdentityRow | None:
        rows = await self._read(sa.select(s.identities).where(s.identities.c.id == identity_id))
        return _row(IdentityRow, rows[0]) if rows else None

    async def rename_identity(self, identity_id: str, name: str) -> None:
        await self._write(s.identities.update().where(s.identities.c.id == identity_id).values(name=name))

    # ------------------------------------------------------------------ tables
    async def add_table(self, row: TableRow) -> None:
        await self._write(s.tables.insert().values(**asdict(row)))

    async def update_table(self, table_id: str, **values: Any) -> None:
        await self._write(s.tables.update().where(s.tables.c.id == table_id).values(**values))

    async def table(self, table_id: str) -> TableRow | None:
        rows = await self._read(sa.select(s.tables).where(s.tables.c.id == table_id))
        return _row(TableRow, rows[0]) if rows else None

    async def tables_with_status(self, statuses: tuple[str, ...]) -> list[TableRow]:
        rows = await self._read(sa.select(s.tables).where(s.tables.c.status.in_(statuses))
                                .order_by(s.tables.c.created_at))
        return [_row(TableRow, r) for r in rows]

    # ------------------------------------------------------------------ steps
    async def append_step(self, step: StepRow) -> None:
        await self._write(asdict(step))  # a plain row: the writer inserts a group's steps at once

    async def steps(self, table_id: str) -> list[StepRow]:
        rows = await self._read(sa.select(s.steps).where(s.steps.c.table_id == table_id)
                                .order_by(s.steps.c.version))
        return [_row(StepRow, r) for r in rows]

    # ------------------------------------------------------------------ chat
    async def add_chat(self, row: ChatRow) -> None:
        await self._write(s.chat.insert().values(**asdict(row)))

    async def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        rows = await self._read(sa.select(s.chat).where(s.chat.c.table_id == table_id)
                                .order_by(s.chat.c.id.desc()).limit(limit))
        return [_row(ChatRow, r) for r in reversed(rows)]

    # ------------------------------------------------------------------ results
    async def finish_table(self, table_id: str, finished_at: int, result: dict[str, Any],
                           results: list[ResultRow], ratings: dict[str, tuple[float, float]]) -> None:
        statements: list[Any] = [
            s.tables.update().where(s.tables.c.id == table_id).values(
                status="finished", finished_at=finished_at, result=result),
        ]
        for r in results:
            statements.append(s.participants.insert().values(**asdict(r)))
        counted = {r.identity for r in results}
        for identity in counted:
            values: dict[str, Any] = {"games": s.identities.c.games + 1}
            if identity in ratings:
                values["mu"], values["sigma"] = ratings[identity]
            statements.append(s.identities.update().where(s.identities.c.id == identity).values(**values))
        await self._write(*statements)

    async def history(self, identity_id: str, limit: int) -> list[dict[str, Any]]:
        p, t = s.participants, s.tables
        rows = await self._read(
            sa.select(p.c.table_id, p.c.seat, p.c.finished_at, p.c.tokens, p.c.won, p.c.mu, p.c.sigma,
                      t.c.settings, t.c.seats)
            .join(t, t.c.id == p.c.table_id)
            .where(p.c.identity == identity_id)
            .order_by(p.c.finished_at.desc(), p.c.table_id, p.c.seat).limit(limit))
        return [dict(r) for r in rows]


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)


__all__ = ["SqlStore", "default_database_url", "normalise_url"]
