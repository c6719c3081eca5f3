"""Named bot strengths, the ones players choose from (the server offers exactly these).

Each level is a built-in bot spec; a client names a level, never a spec or a module path.

Calibrated by arena ratings (README, "Research benchmark report": ``bench/research.py --only
levels``, a round-robin of 200 full 2-player classic games per pair, one Bradley-Terry fit): easy
1401, medium 1490, hard 1542, expert 1567 (Elo scale, mean 1500); each level beats the one below
it head to head (67.5%, 61.5%, 56.5%). The search levels have iteration budgets, not time
budgets, so their strength does not depend on how loaded the server is (about 9 and 36 ms of CPU
per decision in 2-player classic on the development machine).
"""

from __future__ import annotations

LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.6",
    "medium": "heuristic",
    "hard": "ismcts:iters=100",
    "expert": "ismcts:iters=400",
}


def spec_for(level: str) -> str:
    """The bot spec of a named level (ValueError for an unknown one)."""
    if type(level) is not str or level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    return LEVELS[level]


__all__ = ["LEVELS", "spec_for"]
