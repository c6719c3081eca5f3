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

import math
import random
from collections.abc import Collection, Mapping
from typing import Any

from ..engine import Decision, View


class BotOptionError(ValueError):
    """A bot option of the wrong kind or out of its range (the message names the option and what it wants)."""


def number_option(options: Mapping[str, Any], name: str, default: float | None, *, integer: bool = False,
                  low: float | None = None, high: float | None = None, above: bool = False) -> Any:
    """Option ``name`` as a number checked when the bot is made: a whole number if ``integer``, finite,
    at least ``low`` (more than ``low`` with ``above``) and at most ``high``. ``default`` when absent."""
    if name not in options:
        return default
    raw = options[name]
    kind = "a whole number" if integer else "a number"
    bounds = []
    if low is not None:
        bounds.append(f"{'>' if above else '>='} {low:g}")
    if high is not None:
        bounds.append(f"<= {high:g}")
    want = kind + (" " + " and ".join(bounds) if bounds else "")
    if isinstance(raw, bool) or not isinstance(raw, int | float) or (integer and not isinstance(raw, int)):
        raise BotOptionError(f"{name}={raw}: want {want}")
    if not math.isfinite(raw) or (low is not None and (raw <= low if above else raw < low)) or \
            (high is not None and raw > high):
        raise BotOptionError(f"{name}={raw}: want {want}")
    return raw


def choice_option(options: Mapping[str, Any], name: str, default: str, choices: Collection[str]) -> str:
    """Option ``name`` as one of ``choices`` (its text form), checked when the bot is made; ``default`` when absent."""
    value = str(options.get(name, default))
    if value not in choices:
        raise BotOptionError(f"{name}={value}: want {' or '.join(choices)}")
    return value


def check_options(options: Mapping[str, Any], known: set[str]) -> None:
    """Refuse options the bot does not know (the message lists the ones it does)."""
    unknown = set(options) - known
    if unknown:
        raise BotOptionError(f"unknown option(s) {', '.join(sorted(unknown))} "
                             f"(known: {', '.join(sorted(known)) or 'none'})")


class Bot:
    """Base class for bots: a seeded generator and the options it was built with."""

    name = "bot"

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = options

    def choose(self, view: View) -> Decision:  # pragma: no cover - interface
        raise NotImplementedError

    def check_table(self, edition: str, players: int) -> None:
        """Refuse (:class:`BotOptionError`) a game this bot cannot play; called before the game starts."""

    def __repr__(self) -> str:
        opts = "".join(f":{k}={v}" for k, v in self.options.items())
        return f"{self.name}{opts}"


class RandomBot(Bot):
    """Uniformly random over the legal decisions."""

    name = "random"

    def choose(self, view: View) -> Decision:
        return self.rng.choice(view.legal)
