"""The game loop the benchmark scripts share."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from loveletter.engine import Decision, Game, View


def play_through(g: Game, bots: Sequence[Any]) -> Iterator[tuple[int, View, Decision]]:
    """Play ``g`` to its end, each seat by its bot in ``bots``: yields (seat, its view, the bot's
    decision) at every decision, before the decision is applied (so ``g`` is still that position)."""
    while not g.game_over:
        if g.round_over or g.to_move is None:
            g.start_round()
            continue
        seat = g.to_move
        view = g.view(seat)
        d = bots[seat].choose(view)
        yield seat, view, d
        g.apply(d)
