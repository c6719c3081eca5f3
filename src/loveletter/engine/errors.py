"""Typed errors raised by the engine."""

from __future__ import annotations

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
    "unknown_card",
})


class LoveLetterError(Exception):
    """Base class of every error the engine raises."""


class ConfigError(LoveLetterError, ValueError):
    """A bad edition, player count, option or profile."""


class IllegalDecision(LoveLetterError, ValueError):
    """A decision that the engine does not list as legal. The state is left untouched."""

    def __init__(self, code: str, message: str = "") -> None:
        assert code in ERROR_CODES, code
        self.code = code
        self.message = message or code.replace("_", " ")
        super().__init__(f"{code}: {self.message}")

    def __reduce__(self) -> tuple:  # picklable, so worker processes can report it
        return (IllegalDecision, (self.code, self.message))


class RecordError(LoveLetterError, ValueError):
    """A malformed game record, or one containing an illegal decision."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        self.message = message
        super().__init__(message if index is None else f"decision {index}: {message}")

    def __reduce__(self) -> tuple:
        return (RecordError, (self.message, self.index))
