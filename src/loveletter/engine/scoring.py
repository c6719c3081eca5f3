"""End of a round: showdown, round winners, token awards and the next first player
(RULES.md 2.9-2.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState as Game


def showdown(g: Game) -> dict[int, dict[str, Any]]:
    """Rank every seat still in the round: hand value, Count bonus, discard sum, Bishop exclusion."""
    value = g._values.__getitem__
    hands, discards, alive = g._hands, g._discards, g._alive
    remaining = [s for s in range(g._players) if alive[s]]
    count_bonus = g._count_bonus
    princess_held = g._princess_beats_bishop and any(hands[s][0] == "princess" for s in remaining)
    include_hand = g._options["tieBreakIncludesHand"]
    out: dict[int, dict[str, Any]] = {}
    for s in remaining:
        card = hands[s][0]
        pile = discards[s]
        bonus = pile.count("count") if count_bonus else 0
        v = value(card)
        total = sum(map(value, pile))
        out[s] = {
            "card": card,
            "value": v,
            "bonus": bonus,
            "adjusted": v + bonus,
            "discardSum": total + v if include_hand else total,
            "excludedByPrincess": princess_held and card == "bishop",
        }
    return out


def showdown_winners(g: Game) -> list[int]:
    """The round winners at a showdown (RULES.md 2.10), computed without building the table."""
    value = g._values.__getitem__
    hands, discards, alive = g._hands, g._discards, g._alive
    count_bonus = g._count_bonus
    princess = g._princess_beats_bishop and any(alive[s] and hands[s][0] == "princess" for s in range(g._players))
    best = -1
    candidates: list[int] = []
    for s in range(g._players):
        if not alive[s]:
            continue
        card = hands[s][0]
        if princess and card == "bishop":
            continue
        rank = value(card) + discards[s].count("count") if count_bonus else value(card)
        if rank > best:
            best, candidates = rank, [s]
        elif rank == best:
            candidates.append(s)
    if len(candidates) > 1 and g._options["tieBreak"] == "discardSum":
        with_hand = g._options["tieBreakIncludesHand"]
        sums = {s: sum(map(value, discards[s])) + (value(hands[s][0]) if with_hand else 0) for s in candidates}
        best = max(sums.values())
        candidates = [s for s in candidates if sums[s] == best]
    if len(candidates) > 1 and g._options["unresolvedTie"] == "noWinner":
        return []
    return candidates


def next_first_player(g: Game, winners: list[int]) -> int:
    """RULES.md 2.12: the winner; among several, the first clockwise after the last turn's seat
    (or a random one); with none, the first seat still in the round after it."""
    if len(winners) == 1:
        return winners[0]
    if winners and g._options["nextRoundStarter"] == "random":
        return g._rng.choice(winners)
    n, last = g._players, g._current
    pool = winners or [s for s in range(n) if g._alive[s]]
    for i in range(1, n + 1):
        seat = (last + i) % n
        if seat in pool:
            return seat
    return last


def score_round(g: Game, reason: str) -> tuple[list[int], dict[int, int]]:
    """Round winners and token awards (round wins, Jester, Spy), all given at once (RULES.md 2.11)."""
    alive = g._alive
    if reason == "lastStanding":
        winners = [alive.index(True)] if True in alive else []
    else:
        winners = showdown_winners(g)
    awards = dict.fromkeys(winners, 1)
    jester = g._jester
    if jester is not None and jester[0] in awards:
        awards[jester[1]] = awards.get(jester[1], 0) + 1
    if g._spies:
        spies = [s for s in g._spies if alive[s]]
        if len(spies) == 1:
            awards[spies[0]] = awards.get(spies[0], 0) + 1
    return winners, awards
