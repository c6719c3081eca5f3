"""What a round's outcome is worth for the game: a seat's chance of winning it from a score.

A search that only counts the tokens it gains in the round is blind to who else gains one: with
three opponents, letting the one a token short of the goal win the round loses the game, while
letting a trailing one win costs little. :func:`game_chance` is a simple model of the game from a
score: every later round is won by one seat, each as likely as the others. :class:`RoundValue`
turns it into a search reward on the scale of a round won, so a search's other constants (the
heuristic's prior, UCB's exploration) keep their meaning.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache


@lru_cache(maxsize=65536)
def _chance(mine: int, others: tuple[int, ...], goal: int) -> float:
    """Our chance of reaching ``goal`` first from ``mine`` tokens against ``others`` (sorted)."""
    if mine >= goal:
        return 1.0
    if any(t >= goal for t in others):
        return 0.0
    n = 1 + len(others)
    total = _chance(mine + 1, others, goal)
    for i in range(len(others)):
        nxt = list(others)
        nxt[i] += 1
        total += _chance(mine, tuple(sorted(nxt)), goal)
    return total / n


def game_chance(tokens: Sequence[int], me: int, goal: int) -> float:
    """Seat ``me``'s chance of winning the game from ``tokens`` at the start of a round, if every
    round is won by one seat, each as likely as the others. A score past the goal that did not end
    the game (a tie the engine plays on) counts as one token short of it."""
    cap = goal - 1
    others = tuple(sorted(min(t, cap) for s, t in enumerate(tokens) if s != me))
    return _chance(min(tokens[me], cap), others, goal)


class RoundValue:
    """The search reward of a round's end for seat ``me``, from the score ``start`` it began with.

    It is the game chance after the round, rescaled so that winning the round alone is worth 1 and
    an average other seat winning it alone is worth 0: the leader winning is worse than 0, a game
    won is worth 1 (or a share of it when it is shared)."""

    def __init__(self, start: Sequence[int], me: int, goal: int) -> None:
        self.me, self.goal = me, goal
        n = len(start)

        def after(seat: int) -> float:  # our chance once ``seat`` alone has won the round
            t = list(start)
            t[seat] += 1
            return self.chance(t, (seat,) if t[seat] >= goal else None)

        self.win = after(me)
        self.loss = sum(after(s) for s in range(n) if s != me) / max(1, n - 1)
        self.scale = max(self.win - self.loss, 1e-3)

    def chance(self, tokens: Sequence[int], winners: Sequence[int] | None) -> float:
        """Our chance of winning the game once a round ended with ``tokens``; ``winners`` are the
        game's winners if it ended the game, else None."""
        if winners is not None:
            return 1.0 / len(winners) if self.me in winners else 0.0
        return game_chance(tokens, self.me, self.goal)

    def __call__(self, tokens: Sequence[int], winners: Sequence[int] | None) -> float:
        """The reward for a round that ended with ``tokens`` (``winners`` as for :meth:`chance`)."""
        return (self.chance(tokens, winners) - self.loss) / self.scale


__all__ = ["RoundValue", "game_chance"]
