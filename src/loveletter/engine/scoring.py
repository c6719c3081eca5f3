"""End of a round: showdown, round winners, token awards and the next first player
(RULES.md 2.9-2.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def showdown(g: Game) -> dict[int, dict[str, Any]]:
    """Rank every seat still in the round: hand value, Count bonus, discard sum, Bishop exclusion."""
    values = g.values
    remaining = [s for s in range(g.players) if g.alive[s]]
    princess_held = any(g.hands[s][0] == "princess" for s in remaining)
    include_hand = g.options["tieBreakIncludesHand"]
    out: dict[int, dict[str, Any]] = {}
    for s in remaining:
        card = g.hands[s][0]
        bonus = g.discards[s].count("count")
        total = sum(values[c] for c in g.discards[s]) + (values[card] if include_hand else 0)
        out[s] = {
            "card": card,
            "value": values[card],
            "bonus": bonus,
            "adjusted": values[card] + bonus,
            "discardSum": total,
            "excludedByPrincess": princess_held and card == "bishop",
        }
    return out


def showdown_winners(g: Game, table: dict[int, dict[str, Any]]) -> list[int]:
    candidates = [s for s, row in table.items() if not row["excludedByPrincess"]]
    if not candidates:
        return []
    best = max(table[s]["adjusted"] for s in candidates)
    candidates = [s for s in candidates if table[s]["adjusted"] == best]
    if len(candidates) > 1 and g.options["tieBreak"] == "discardSum":
        best = max(table[s]["discardSum"] for s in candidates)
        candidates = [s for s in candidates if table[s]["discardSum"] == best]
    if len(candidates) > 1 and g.options["unresolvedTie"] == "noWinner":
        return []
    return candidates


def next_first_player(g: Game, winners: list[int]) -> int:
    """RULES.md 2.12: the winner; among several, the first clockwise after the last turn's seat
    (or a random one); with none, the first seat still in the round after it."""
    if len(winners) == 1:
        return winners[0]
    if winners and g.options["nextRoundStarter"] == "random":
        return g.rng.choice(winners)
    n, last = g.players, g.current
    pool = winners or [s for s in range(n) if g.alive[s]]
    for i in range(1, n + 1):
        seat = (last + i) % n
        if seat in pool:
            return seat
    return last


def score_round(g: Game, reason: str) -> dict[str, Any]:
    """Winners, showdown table, awards (round wins, Jester, Spy) and the next first player."""
    table: dict[int, dict[str, Any]] | None = None
    if reason == "lastStanding":
        winners = [s for s in range(g.players) if g.alive[s]]
    else:
        table = showdown(g)
        winners = showdown_winners(g, table)
    awards: dict[int, int] = {}
    for s in winners:
        awards[s] = awards.get(s, 0) + 1
    if g.jester is not None and g.jester[0] in winners:
        owner = g.jester[1]
        awards[owner] = awards.get(owner, 0) + 1
    spies = [s for s in g.spies if g.alive[s]]
    if len(spies) == 1:
        awards[spies[0]] = awards.get(spies[0], 0) + 1
    return {
        "reason": reason,
        "winners": winners,
        "showdown": table,
        "awards": dict(sorted(awards.items())),
        "nextFirstPlayer": next_first_player(g, winners),
    }
