"""Typed errors raised by the engine.

An :class:`IllegalDecision` carries a ``code`` (RULES.md Appendix A, or one of the engine's own)
and ``params``: JSON-ready facts that explain it (the card that forces the Countess, the protected
or mandated seat, the values that may be named...). Front ends turn code and params into a
sentence from the message catalogs (``loveletter.narrate``); ``message`` is a plain English
fallback for logs. Params never name a card the deciding seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Error codes of RULES.md Appendix A, plus the engine's own codes for decisions made at the wrong time.
ERROR_CODES = frozenset({
    "card_not_in_hand",
    "countess_forced",
    "target_required",
    "target_self",
    "target_eliminated",
    "target_protected",
    "target_mandated",
    "invalid_target_count",
    "invalid_guess",
    "invalid_chancellor_choice",
    # engine codes
    "not_your_turn",
    "wrong_decision_kind",
    "invalid_choice",
    "round_over",
    "game_over",
})


class LoveLetterError(Exception):
    """Base class of every error the engine raises."""


class ConfigError(LoveLetterError, ValueError):
    """A bad edition, player count, option, profile, seat list or starting position."""


class IllegalDecision(LoveLetterError, ValueError):
    """A decision that the engine does not list as legal. The state is left untouched."""

    def __init__(self, code: str, message: str = "", params: Mapping[str, Any] | None = None) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown illegal-decision code {code!r}")
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self.message = message or code.replace("_", " ")
        super().__init__(f"{code}: {self.message}")

    def to_wire(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``: what a client needs to explain the refusal."""
        return {"code": self.code, "params": dict(self.params)}

    def __reduce__(self) -> tuple[Any, ...]:  # picklable, so worker processes can report it
        return (IllegalDecision, (self.code, self.message, self.params))


class RecordError(LoveLetterError, ValueError):
    """A malformed game record, or one containing an illegal decision."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        self.message = message
        super().__init__(message if index is None else f"decision {index}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (RecordError, (self.message, self.index))


class PositionError(LoveLetterError, ValueError):
    """A position for search that does not fit the view it is built from (``Game.from_view``)."""
