"""The online server: an authoritative, durable host for tables of people and bots.

Layers (each a module): :mod:`.protocol` (the WebSocket frames, msgspec models and their JSON
Schema), :mod:`.redact` (the only outbound path), :mod:`.tables` (one owner per table, the hub),
:mod:`.ws` (connections), :mod:`.app` (the HTTP API), :mod:`.store` (storage and its SQLAlchemy
implementation, Alembic migrations in ``migrations/``), :mod:`.bots` (the thinking pool),
:mod:`.ratelimit` (the REST rate limit), :mod:`.ratings`, :mod:`.metrics`, :mod:`.logs`, :mod:`.cli`
(``loveletter serve``). The engine and the table runner know nothing of it.
"""

from .config import Limits, ServerConfig

__all__ = ["Limits", "ServerConfig", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
