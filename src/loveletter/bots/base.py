"""The bot interface.

A bot is any object with a ``choose(view) -> Decision`` method. It receives only its seat's
:class:`~loveletter.engine.View` (never the game), whose ``legal`` field lists the decisions it
may return. Bots are built as ``BotClass(seed=..., **options)`` and must be deterministic for a
given seed. Subclassing :class:`Bot` is the easy way to meet the interface::

    from loveletter.bots import Bot

    class AlwaysFirst(Bot):
        name = "first"

        def choose(self, view):
            return view.legal[0]

Such a class plugs into every tool that takes a bot spec (``package.module:AlwaysFirst``).
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Decision, View


class Bot:
    """Base class for bots: a seeded generator and the options it was built with."""

    name = "bot"

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = options

    def choose(self, view: View) -> Decision:  # pragma: no cover - interface
        raise NotImplementedError

    def __repr__(self) -> str:
        opts = "".join(f":{k}={v}" for k, v in self.options.items())
        return f"{self.name}{opts}"


class RandomBot(Bot):
    """Uniformly random over the legal decisions."""

    name = "random"

    def choose(self, view: View) -> Decision:
        return self.rng.choice(view.legal)
