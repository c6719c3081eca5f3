"""Named bot strengths, the ones players choose from (the server offers exactly these).

Each level is a built-in bot spec; a client names a level, never a spec or a module path.
Calibrated by arena ratings (see the README's bot figures).
"""

from __future__ import annotations

LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.6",
    "medium": "heuristic",
    "hard": "ismcts:ms=100",
    "expert": "ismcts:ms=400",
}


def spec_for(level: str) -> str:
    """The bot spec of a named level (ValueError for an unknown one)."""
    if type(level) is not str or level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    return LEVELS[level]


__all__ = ["LEVELS", "spec_for"]
