"""The terminal shows a seat only what that seat may know.

For many random states, a position is made (``Game.from_view``) that differs from the game only in
cards hidden from the seat (the other seats' hands, the deck order, the set-aside card) and whose log
holds no private part of another seat's events: the screens, the narration and the round-end text
rendered for that seat must be identical.
"""

from __future__ import annotations

import io
import random

import pytest
from helpers import hidden_shuffled

from loveletter.engine import Game
from loveletter.i18n import Translator
from loveletter.tui.console import Console
from loveletter.tui.replay import _hands
from loveletter.tui.session import Session

CASES = [("classic", 2), ("classic", 4), ("premium", 6), ("premium", 8), ("2019", 2), ("2019", 5)]


def _seen_by(game: Game, seat: int, lang: str) -> str:
    """Everything the terminal would show seat ``seat`` now: the screen, the round's narration, the round end."""
    out = io.StringIO()
    session = Session(game, seat, Translator(lang, strict=True), Console(io.StringIO(), out, fast=True),
                      save=None, bot_seed=0)  # type: ignore[arg-type]
    session.show_screen()
    session.narrate()
    if game.round_result is not None:
        view = game.view(seat)
        out.write("\n".join(session.table.round_end(view.round_result, view.tokens, view.goal, view.jester,
                                                    view.spies, view.alive, view.game_winners)))
    return out.getvalue()


def _reshuffle_hidden(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A position (``Game.from_view``) whose cards hidden from ``seat`` are dealt differently, and that
    keeps only ``seat``'s private knowledge in its log (None if no reshuffle changes anything)."""
    other = hidden_shuffled(game, seat, rng)
    if other.hands == game.hands and other.deck == game.deck and other.set_aside == game.set_aside:
        return None
    return other


@pytest.mark.parametrize("edition,players", CASES)
def test_screens_never_depend_on_hidden_cards(edition, players):
    rng = random.Random(f"{edition}{players}")
    checked = leaks_possible = 0
    for game_no in range(6):
        seats = ["random"] * players
        g = Game(edition, players, seed=game_no, seats=seats)
        lang = ("en", "es", "fr", "nl", "zh")[game_no % 5]
        while not g.game_over and checked < 60 * (game_no + 1):
            if g.round_over or g.round_no == 0:
                g.start_round()
            while not g.round_over:
                seat = rng.randrange(players)
                other = _reshuffle_hidden(g, seat, rng)
                if other is not None:
                    assert _seen_by(g, seat, lang) == _seen_by(other, seat, lang)
                    checked += 1
                    table = Session(g, seat, Translator(lang), Console(io.StringIO(), io.StringIO()), None,
                                    0).table  # type: ignore[arg-type]
                    leaks_possible += _hands(g, table) != _hands(other, table)
                g.apply(rng.choice(g.legal_decisions()))
            seat = rng.randrange(players)
            if (other := _reshuffle_hidden(g, seat, rng)) is not None:
                assert _seen_by(g, seat, lang) == _seen_by(other, seat, lang)
    assert checked > 50
    assert leaks_possible > checked // 2  # the reshuffles really changed what an omniscient screen shows


def test_own_hand_and_private_looks_are_shown():
    g = Game("classic", 2, seed=3, seats=["human", "random"])
    g.start_round()
    seat = g.to_move
    text = _seen_by(g, seat, "en")
    t = Translator("en")
    for card in g.hands[seat]:
        assert t.card(card, "classic") in text.split("Your hand:")[1]
