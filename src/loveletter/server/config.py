"""Server settings: addresses, storage, limits, and the hooks tests use (clock, ids, seeds, decks)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field


def _new_id(kind: str) -> str:
    return secrets.token_urlsafe(9)


def _new_seed() -> int:
    return secrets.randbits(63)


@dataclass
class Limits:
    """Every limit a client can run into."""

    frame_bytes: int = 64 * 1024  # one WebSocket frame
    messages_per_second: float = 20.0  # per connection, sustained
    message_burst: int = 40  # per connection, at once
    close_after_rejected: int = 200  # frames over the rate limit before the connection is closed
    send_queue: int = 256  # frames waiting for a slow client before it is disconnected
    chat_chars: int = 300
    chat_lines: int = 5  # per identity and table ...
    chat_window: float = 10.0  # ... in this many seconds
    chat_kept: int = 50  # lines sent in a `state` frame
    tables_per_identity: int = 8  # waiting or playing tables an identity created
    requests_per_second: float = 10.0  # REST requests (/api/...) per identity (else per address), sustained
    request_burst: int = 50  # ... at once (0 in either: no REST rate limit)
    subscriptions_per_connection: int = 16
    min_timer_seconds: float = 5.0
    max_timer_seconds: float = 600.0
    name_chars: int = 24


@dataclass
class ServerConfig:
    """How one server runs. The defaults serve real players; tests replace the hooks."""

    database_url: str | None = None  # None: SQLite in the user's data directory
    limits: Limits = field(default_factory=Limits)
    bot_workers: int | None = None  # processes that think for bots (None: cores - 1, at least 1)
    bot_pool: str = "process"  # "process" or "thread" (tests)
    takeover_after: int = 2  # timeouts in a row before a bot keeps the seat
    fallback_level: str = "medium"  # the bot that plays a timed-out turn or a seat that was left
    cookie_secure: bool = False
    #: origins (``https://host[:port]``) besides the server's own whose pages may use the API and the
    #: WebSocket; a browser's request from any other origin is refused (``bad_origin``)
    allowed_origins: tuple[str, ...] = ()
    log_json: bool = True
    clock: Callable[[], float] = time.time
    new_id: Callable[[str], str] = _new_id  # kind ("identity", "table", "invite", "token") -> a fresh id
    new_seed: Callable[[], int] = _new_seed
    #: tests only: the deck (top card first) of a table's round, or None to shuffle
    deck_for: Callable[[str, int], list[str] | None] | None = None
    #: tests only: an object with ``async choose(job) -> str`` instead of the built-in pool
    bots: object | None = None


__all__ = ["Limits", "ServerConfig"]
