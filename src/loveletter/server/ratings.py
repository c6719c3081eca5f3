"""Ratings per identity: openskill's Plackett-Luce model, for 2 to 8 players.

Seats are ranked by the game's result: the winners first, then by tokens. Bots take part with the
model's default rating (they are not identities, so theirs is never stored). A game in which one
identity held several seats (pass-and-play) changes no rating.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU = _MODEL.mu
DEFAULT_SIGMA = _MODEL.sigma


def ordinal(mu: float, sigma: float) -> float:
    """The displayed skill: a conservative estimate (mu - 3 sigma)."""
    return _MODEL.rating(mu=mu, sigma=sigma).ordinal()


def ranks(tokens: Sequence[int], winners: Sequence[int]) -> list[int]:
    """1 for the winners, then dense ranks by tokens (more tokens, better rank)."""
    others = sorted({t for i, t in enumerate(tokens) if i not in winners}, reverse=True)
    return [1 if i in winners else 2 + others.index(t) for i, t in enumerate(tokens)]


def rate(seats: Sequence[tuple[float, float] | None], tokens: Sequence[int],
         winners: Sequence[int]) -> list[tuple[float, float] | None]:
    """New (mu, sigma) for each rated seat (None: a bot, which gets the default rating and no update)."""
    if not 2 <= len(seats) <= 8:
        raise ValueError("openskill rates 2 to 8 players here")
    teams = [[_MODEL.rating(mu=s[0], sigma=s[1]) if s is not None else _MODEL.rating()] for s in seats]
    new = _MODEL.rate(teams, ranks=[float(r) for r in ranks(tokens, winners)])
    return [None if s is None else (t[0].mu, t[0].sigma) for s, t in zip(seats, new, strict=True)]


__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "ordinal", "ranks", "rate"]
