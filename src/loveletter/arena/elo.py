"""Ratings from a whole tournament at once: a Bradley–Terry fit on the Elo scale.

openskill (the arena's ``mu``/``sigma``) rates games one after another, which suits players whose
strength changes; a bot's does not, and an online update over hundreds of games follows the last
ones: a bot that won 53% of 400 games could end up rated below its opponent. Here every game counts
the same whatever its place: each winner beats each loser of another spec once, and the ratings are
the strengths that make those results likeliest, with one virtual draw between every pair of specs so
that a spec that always wins still gets a finite rating. 400 points are odds of ten to one in a
comparison; the mean rating is 1500.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

#: Points per factor e of the odds (400 points = ten to one).
SCALE = 400.0 / math.log(10.0)

ELO_MODEL = {"model": "Bradley-Terry", "fit": "maximum likelihood over all games at once",
             "comparisons": "each winner beats each loser of another spec", "prior": "one draw per pair",
             "scale": "Elo: 400 points = ten to one odds, mean 1500"}


def comparisons(names: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[int]]]
                ) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]]:
    """Pairwise results of ``games`` (the spec at each seat, the winning seats): ``wins[(i, j)]`` of
    ``counts[(i, j)]`` comparisons between ``names[i]`` and ``names[j]`` (``i < j``) went to ``i``."""
    index = {n: i for i, n in enumerate(names)}
    wins: dict[tuple[int, int], float] = {}
    counts: dict[tuple[int, int], float] = {}
    for lineup, winners in games:
        won = set(winners)
        for w in won:
            for seat, spec in enumerate(lineup):
                if seat in won or spec == lineup[w]:
                    continue
                i, j = index[lineup[w]], index[spec]
                key = (min(i, j), max(i, j))
                counts[key] = counts.get(key, 0.0) + 1.0
                if i < j:
                    wins[key] = wins.get(key, 0.0) + 1.0
    return wins, counts


def bradley_terry(k: int, wins: Mapping[tuple[int, int], float], counts: Mapping[tuple[int, int], float]
                  ) -> tuple[list[float], list[float]]:
    """Ratings of ``k`` players and their standard errors (the comparisons taken as independent) from
    ``wins[(i, j)]`` of ``counts[(i, j)]`` comparisons won by ``i`` (``i < j``)."""
    if k < 2:
        return [1500.0] * k, [0.0] * k
    # one virtual draw between every pair keeps the fit finite
    w = [[0.5 if i != j else 0.0 for j in range(k)] for i in range(k)]
    m = [[1.0 if i != j else 0.0 for j in range(k)] for i in range(k)]
    for (i, j), c in counts.items():
        s = wins.get((i, j), 0.0)
        w[i][j] += s
        w[j][i] += c - s
        m[i][j] += c
        m[j][i] += c
    p = [1.0] * k
    for _ in range(10_000):  # Hunter's MM iteration; it converges monotonically
        new = []
        for i in range(k):
            num = sum(w[i][j] for j in range(k) if j != i)
            den = sum(m[i][j] / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(num / den if den > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True)) < 1e-10
        p = new
        if done:
            break
    theta = [math.log(x) for x in p]
    return [1500.0 + SCALE * t for t in theta], [SCALE * math.sqrt(max(0.0, v)) for v in _variances(theta, m)]


def _variances(theta: list[float], m: list[list[float]]) -> list[float]:
    """The diagonal of the inverse Fisher information of the log-strengths, their mean held at 0."""
    k = len(theta)
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                q = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                x = m[i][j] * q * (1.0 - q)
                info[i][j] -= x
                info[i][i] += x
    # the information is singular along (1, ..., 1); the pseudo-inverse is inv(L + J/k) - J/k
    a = [[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)]
    inv = _inverse(a)
    return [inv[i][i] - 1.0 / k for i in range(k)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan inverse of a small symmetric positive definite matrix."""
    k = len(a)
    aug = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(a)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(aug[r][c]))
        aug[c], aug[pivot] = aug[pivot], aug[c]
        d = aug[c][c]
        aug[c] = [x / d for x in aug[c]]
        for r in range(k):
            if r != c and aug[r][c]:
                f = aug[r][c]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[c], strict=True)]
    return [row[k:] for row in aug]


def elo(names: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, tuple[float, float]]:
    """Elo-scale ratings (rating, standard error) of ``names`` from arena games (see the module doc)."""
    wins, counts = comparisons(names, games)
    ratings, sds = bradley_terry(len(names), wins, counts)
    return {n: (r, s) for n, r, s in zip(names, ratings, sds, strict=True)}


__all__ = ["ELO_MODEL", "bradley_terry", "comparisons", "elo"]
