"""Positions for search: a game consistent with a seat's view and a chosen assignment of its hidden cards.

Search (ISMCTS) samples what a seat cannot see -- the other hands, the draw pile, the set-aside
card -- and plays the round out in a real engine :class:`~.game.Game`. This module is the only
way to build such a game: :func:`from_view` (also ``Game.from_view``) checks the assignment against
the view and returns a fresh position; :class:`Determinizer` builds the public part once per view
and then makes one position per sample cheaply.

``hidden`` is a mapping with:

* ``hands``: other seat -> its hand (a list of cards; every seat still holding cards, the
  view's seat excluded or equal to the view's own hand);
* ``deck``: the draw pile, **top card last** (as :attr:`Game.deck`), ``view.deck_size`` cards;
* ``set_aside``: the set-aside card, or None exactly when the view says it was taken.

Checked: sizes (hand sizes, deck size, set-aside presence), that the cards add up with the
visible ones (own hand, face-up cards, discard piles) to the deck's composition, and that the
assignment agrees with what the view knows for sure (:func:`.knowledge.knowledge`: cards a seat
surely holds, values it cannot hold, known cards at the bottom of the deck). A position starts
from the view's log (the seat's perfect recall) and has no record. Positions can be built in any
phase of a dealt round, including its end (useful to compare what a seat sees).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import PositionError
from .events import freeze
from .game import Game
from .knowledge import Knowledge, knowledge
from .state import GAME_OVER, ROUND_OVER, SETUP
from .views import View, private_fields


def _pending(view: View) -> tuple[Any, ...]:
    p = view.pending
    if p is None:
        return ()
    if p["kind"] == "chancellor":
        return ("chancellor", p["seat"], p["count"])
    if p["kind"] == "bishop":
        return ("bishop", p["seat"], p["bishop"])
    return ("cardinal", tuple(p["pair"]))


def _log_of(view: View) -> list[tuple[str, Any, Any, tuple[int, ...]]]:
    """The view's log as engine log entries whose private parts only the view's seat sees."""
    out: list[tuple[str, Any, Any, tuple[int, ...]]] = []
    seat = view.seat
    for e in view.log:
        kind = e["kind"]
        hidden = private_fields(kind)
        public = {k: v for k, v in e.items() if k != "kind" and k not in hidden}
        private = {k: v for k, v in e.items() if k in hidden}
        if private and seat is not None:
            out.append((kind, freeze(public), freeze(private), (seat,)))
        else:
            out.append((kind, freeze(public), None, ()))
    return out


class Determinizer:
    """The public part of ``view``'s position, built once; :meth:`position` adds the hidden cards."""

    def __init__(self, view: View) -> None:
        if view.seat is None:
            raise PositionError("a position is built from a seat's view, not a spectator's")
        if view.phase == SETUP:
            raise PositionError("no round has been dealt yet")
        self.view = view
        g = Game(view.edition, view.players, seed=0, options=dict(view.options))
        g._rng = random.Random(0)
        g._perspective = view.seat
        g._tokens = list(view.tokens)
        g._round_no = view.round
        g._phase = view.phase
        g._current = view.current_player
        g._turn = view.turn
        g._face_up = list(view.face_up)
        g._discards = [list(d) for d in view.discards]
        g._alive = list(view.alive)
        g._protected = list(view.protected)
        g._eliminated = list(view.eliminated)
        g._mandate = view.mandate
        g._jester = view.jester
        g._spies = set(view.spies)
        g._pending = _pending(view)
        g._log = _log_of(view)
        g._events = []
        g._redacted = {}
        g._event_base = view.event_base
        if view.phase in (ROUND_OVER, GAME_OVER) and view.round_result is not None:
            result = view.round_result
            g._round_over = True
            g._game_over = view.game_over
            g._game_winners = list(view.game_winners)
            g._end_reason = result["reason"]
            g._round_result = result
            g._winners = list(result["winners"])
            g._next_first = result["nextFirstPlayer"]
        g._legal = None
        g._open = None
        self._template = g
        self._visible = Counter(view.hand) + Counter(view.face_up)
        for pile in view.discards:
            self._visible.update(pile)
        self._knowledge: Knowledge | None = None

    def position(self, hidden: Mapping[str, Any]) -> Game:
        """A new position with these hidden cards (checked; :class:`PositionError` if they do not fit)."""
        hands, deck, set_aside = self._check(hidden)
        g = self._template.copy()
        g._hands = hands
        g._deck = deck
        g._set_aside = set_aside
        g._legal = None
        g._open = None
        return g

    # ------------------------------------------------------------------ checks
    def _check(self, hidden: Mapping[str, Any]) -> tuple[list[list[str]], list[str], str | None]:
        v = self.view
        me = v.seat
        assert me is not None
        if not isinstance(hidden, Mapping):
            raise PositionError("hidden cards must be a mapping with hands, deck and set_aside")
        raw_hands = hidden.get("hands")
        deck = hidden.get("deck")
        set_aside = hidden.get("set_aside")
        if isinstance(raw_hands, Sequence) and not isinstance(raw_hands, str):
            raw_hands = dict(enumerate(raw_hands))
        if not isinstance(raw_hands, Mapping):
            raise PositionError("hidden['hands'] must map seats to hands")
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise PositionError("hidden['deck'] must be a list of cards (top card last)")
        hands: list[list[str]] = []
        for s in range(v.players):
            if s == me:
                given = raw_hands.get(s)
                if given is not None and list(given) != list(v.hand):
                    raise PositionError("the view's own hand cannot be changed")
                hands.append(list(v.hand))
                continue
            cards = raw_hands.get(s, [])
            if isinstance(cards, str) or not isinstance(cards, Sequence):
                raise PositionError(f"the hand of seat {s} must be a list of cards")
            if len(cards) != v.hand_sizes[s]:
                raise PositionError(f"seat {s} holds {v.hand_sizes[s]} card(s), not {len(cards)}")
            hands.append(list(cards))
        extra = set(raw_hands) - set(range(v.players))
        if extra:
            raise PositionError(f"no seat {sorted(map(repr, extra))[0]} in this game")
        if len(deck) != v.deck_size:
            raise PositionError(f"the deck holds {v.deck_size} cards, not {len(deck)}")
        if (set_aside is None) != v.set_aside_taken:
            raise PositionError("the set-aside card is " + ("taken" if v.set_aside_taken else "still set aside"))
        total = Counter(self._visible)
        for s, h in enumerate(hands):
            if s != me:
                total.update(h)
        total.update(deck)
        if set_aside is not None:
            total[set_aside] += 1
        if any(type(c) is not str for c in total) or dict(+total) != dict(v.deck_counts):
            raise PositionError("the hidden cards do not add up to the deck with the visible ones")
        self._check_knowledge(hands, list(deck))
        return hands, list(deck), set_aside

    def _check_knowledge(self, hands: list[list[str]], deck: list[str]) -> None:
        if self._knowledge is None:
            self._knowledge = knowledge(self.view)
        k = self._knowledge
        values = self.view.values
        for s, cards in k.holds.items():
            if Counter(cards) - Counter(hands[s]):
                raise PositionError(f"seat {s} surely holds {', '.join(cards)}")
        for s, ruled in k.ruled_out.items():
            if any(values[c] in ruled for c in hands[s]):
                raise PositionError(f"seat {s} cannot hold a card of value {sorted(ruled)}")
        for i, card in enumerate(k.deck_bottom):
            if card is not None and (i >= len(deck) or deck[i] != card):
                raise PositionError(f"the card {i + 1} from the bottom of the deck is {card}")


def from_view(view: View, hidden: Mapping[str, Any]) -> Game:
    """A position consistent with ``view`` in which the hidden cards are ``hidden`` (checked)."""
    return Determinizer(view).position(hidden)


__all__ = ["Determinizer", "from_view"]
