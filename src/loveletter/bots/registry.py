"""Finding bots by name or by import path, with options: ``name[:key=value...]``.

``random``, ``heuristic:...`` are built-in names; ``package.module:ClassName[:key=value...]``
imports any class that implements the bot interface (:mod:`loveletter.bots.base`).
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Bot, BotOptionError, RandomBot

BUILTIN: dict[str, str] = {
    "random": "loveletter.bots.base:RandomBot",
    "heuristic": "loveletter.bots.heuristic:HeuristicBot",
    "ismcts": "loveletter.bots.ismcts:ISMCTSBot",
}


class BotSpecError(ValueError):
    """A bot spec that names no bot, or bad options."""


def register(name: str, path: str) -> None:
    BUILTIN[name] = path


def _value(raw: str) -> Any:
    for conv in (int, float):
        try:
            return conv(raw)
        except ValueError:
            pass
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    return raw


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:opt=v:opt=v`` or ``pkg.mod:Class:opt=v`` into a class path and options."""
    parts = spec.strip().split(":")
    if not parts[0]:
        raise BotSpecError(f"empty bot spec {spec!r}")
    if parts[0] in BUILTIN:
        path, rest = BUILTIN[parts[0]], parts[1:]
    elif len(parts) >= 2 and "=" not in parts[1] and "." in parts[0]:
        path, rest = f"{parts[0]}:{parts[1]}", parts[2:]
    else:
        raise BotSpecError(
            f"unknown bot {parts[0]!r}; built-in bots: {', '.join(sorted(BUILTIN))}, "
            "or package.module:ClassName"
        )
    options: dict[str, Any] = {}
    for item in rest:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise BotSpecError(f"bad bot option {item!r} in {spec!r} (want key=value)")
        options[key] = _value(raw)
    return path, options


#: Modules of ours that need an extra, and how to install it.
EXTRAS = {"loveletter.rl": "the rl extra: pip install 'loveletter[rl]'"}


def load_class(path: str) -> type:
    module_name, _, cls_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        hint = next((h for m, h in EXTRAS.items() if module_name == m or module_name.startswith(m + ".")), None)
        if hint and exc.name and not exc.name.startswith("loveletter"):
            raise BotSpecError(f"{module_name} needs {exc.name}, which is not installed: install {hint}") from None
        raise BotSpecError(f"cannot import {module_name!r}: {exc}") from None
    cls: type | None = getattr(module, cls_name, None)
    if cls is None or not callable(getattr(cls, "choose", None)):
        raise BotSpecError(f"{path!r} is not a bot class (it needs a choose(view) method)")
    return cls


def make_bot(spec: str, seed: int | None = None, *, edition: str | None = None, players: int | None = None) -> Bot:
    """Build a bot from a spec string; its options are checked now (:class:`BotSpecError`, one line).

    With ``edition`` and ``players``, a bot that cannot play that game (a policy trained for another
    one) is refused now too, through its ``check_table(edition, players)`` method when it has one.
    """
    path, options = parse_spec(spec)
    cls = load_class(path)
    try:
        bot: Bot = cls(seed=seed, **options)
    except (TypeError, ValueError, OSError) as exc:  # BotOptionError is a ValueError
        raise BotSpecError(f"bad bot {spec!r}: {exc}") from None
    check = getattr(bot, "check_table", None)
    if edition is not None and players is not None and callable(check):
        try:
            check(edition, players)
        except (BotOptionError, ValueError) as exc:
            raise BotSpecError(f"bad bot {spec!r}: {exc}") from None
    return bot


__all__ = ["BUILTIN", "EXTRAS", "BotOptionError", "BotSpecError", "RandomBot", "make_bot", "parse_spec", "register"]
