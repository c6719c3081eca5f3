"""Storage behind a small interface: :class:`Store`, implemented with SQLAlchemy in :mod:`.sql`.

The record is the truth: every round start (with its deck) and every decision is a
:class:`StepRow`; on start the server rebuilds each unfinished table from its steps.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any


@dataclass
class IdentityRow:
    id: str
    name: str
    token_hash: str
    created_at: int
    mu: float
    sigma: float
    games: int = 0


@dataclass
class TableRow:
    id: str
    created_at: int
    creator: str
    settings: dict[str, Any]
    seats: list[dict[str, Any]]
    invite: str
    visibility: str
    status: str
    seed: int | None = None
    taken_over: list[int] = field(default_factory=list)
    rematch_of: str | None = None
    rematch: str | None = None
    finished_at: int | None = None
    result: dict[str, Any] | None = None


@dataclass
class StepRow:
    table_id: str
    version: int
    kind: str  # "round" | "decision"
    round: int
    at: int | None = None
    seat: int | None = None
    decision: str | None = None
    by: str | None = None
    identity: str | None = None
    command: str | None = None
    deck: list[str] | None = None
    first_player: int | None = None
    first_given: bool | None = None
    shuffled: bool | None = None


@dataclass
class ChatRow:
    table_id: str
    at: int
    seat: int | None
    identity: str
    name: str
    text: str


@dataclass
class ResultRow:
    """One human seat's result in a finished game (its history line)."""

    table_id: str
    seat: int
    identity: str
    finished_at: int
    tokens: int
    won: bool
    mu: float | None = None
    sigma: float | None = None


class StoreError(RuntimeError):
    """Storage failed (the operation did not happen)."""


class Store(abc.ABC):
    """What the server needs from a database. Every method commits before it returns."""

    @abc.abstractmethod
    async def open(self) -> None: """Connect and bring the schema up to date."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    async def ping(self) -> bool: """True if the database answers."""

    @abc.abstractmethod
    async def add_identity(self, row: IdentityRow) -> None: ...

    @abc.abstractmethod
    async def identity_by_token(self, token_hash: str) -> IdentityRow | None: ...

    @abc.abstractmethod
    async def identity(self, identity_id: str) -> IdentityRow | None: ...

    @abc.abstractmethod
    async def rename_identity(self, identity_id: str, name: str) -> None: ...

    @abc.abstractmethod
    async def add_table(self, row: TableRow) -> None: ...

    @abc.abstractmethod
    async def update_table(self, table_id: str, **fields: Any) -> None: ...

    @abc.abstractmethod
    async def table(self, table_id: str) -> TableRow | None: ...

    @abc.abstractmethod
    async def tables_with_status(self, statuses: tuple[str, ...]) -> list[TableRow]: ...

    @abc.abstractmethod
    async def append_step(self, step: StepRow) -> None:
        """Store one step; StoreError if it cannot be stored (a duplicate version or command included)."""

    @abc.abstractmethod
    async def steps(self, table_id: str) -> list[StepRow]: """Every step of a table, by version."""

    @abc.abstractmethod
    async def add_chat(self, row: ChatRow) -> None: ...

    @abc.abstractmethod
    async def chat(self, table_id: str, limit: int) -> list[ChatRow]: """The last ``limit`` lines, oldest first."""

    @abc.abstractmethod
    async def finish_table(self, table_id: str, finished_at: int, result: dict[str, Any],
                           results: list[ResultRow], ratings: dict[str, tuple[float, float]]) -> None:
        """Mark a table finished, store each human seat's result and the new ratings, in one transaction."""

    @abc.abstractmethod
    async def history(self, identity_id: str, limit: int) -> list[dict[str, Any]]:
        """Finished games of an identity, newest first."""


__all__ = ["ChatRow", "IdentityRow", "ResultRow", "StepRow", "Store", "StoreError", "TableRow"]
