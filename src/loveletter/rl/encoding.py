"""A fixed-size numeric encoding of one seat's :class:`~loveletter.engine.View`.

The encoder reads the view and nothing else, so it cannot leak a card the seat may not know. Seats
are relative to the observer: block ``r`` describes seat ``(observer + r) % n`` (``r = 0`` is the
observer). ``K`` is the number of distinct cards in this player count's deck, in
:data:`~loveletter.engine.editions.ALL_CARDS` order; ``n`` the number of players. Every value
lies in [0, 1]. Layout (``float32``, length ``9 + 3K + n + n(9 + 3K)``):

=============  =====  ===========================================================================
block          size   meaning
=============  =====  ===========================================================================
phase          4      one-hot: play, chancellor, bishop, cardinal (all 0 when not deciding)
deck           1      cards left in the draw pile / deck size
set aside      1      1 once the set-aside card was drawn (premium Prince on an empty deck)
chancellor     1      cards drawn by the pending Chancellor / 2
pending pair   n      the two seats swapped by a pending Cardinal (multi-hot, relative)
mandate        1      1 if a Sycophant mandate is in force
round          1      1 in the first round of the game
hand           K      copies of each card in my hand / 3
unseen         K      copies not yet seen (``view.unseen_counts()``) / copies in the deck
face up        K      copies face up (2-player set-out) / copies in the deck
per seat r     9      in round, protected, current player, mandated, holds the Jester token,
                      owns the Jester token, played/discarded a Spy, tokens / goal (clipped),
                      hand size / 3
  discards     K      copies in that seat's discard pile / copies in the deck
  known        K      one-hot: the card I know that seat holds (see below); zeros for r = 0
  knows mine   K      one-hot: the card of mine that seat knows I hold; zeros for r = 0
=============  =====  ===========================================================================

"Known" cards come from replaying this round's log as the observer saw it (perfect recall): a
Priest/Baron/Baroness/Dowager Queen/Cardinal look at a hand, or a King/Cardinal trade with me,
makes a card known; trades between two other seats move what I know along with the hands; the
knowledge is dropped when the seat plays a card of that name, discards, is knocked out, draws
for a Chancellor, or trades with me. The same rules track which of my cards each other seat
knows. Needs numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import View
from ..engine.editions import ALL_CARDS, find_edition

PHASES = ("play", "chancellor", "bishop", "cardinal")
SEAT_FLAGS = 9


def obs_size(edition: str, players: int) -> int:
    """Length of the encoding for an edition and player count."""
    k = len(_cards(edition, players))
    n = players
    return 9 + 3 * k + n + n * (SEAT_FLAGS + 3 * k)


def _cards(edition: str, players: int) -> tuple[str, ...]:
    counts = find_edition(edition).deck(players).counts
    return tuple(c for c in ALL_CARDS if c in counts)


def knowledge(view: View) -> tuple[dict[int, str], dict[int, str]]:
    """From the observer's log: (seat -> card I know it holds, seat -> card of mine it knows)."""
    me = view.seat
    known: dict[int, str] = {}
    knows_mine: dict[int, str] = {}
    hand: list[str] = []
    last_trade: tuple[int, int] | None = None
    for e in view.log:
        kind = e["kind"]
        seat = e.get("seat")
        if kind == "receive":
            src = e["from"]
            pair = (min(seat, src), max(seat, src))
            if seat == me:
                if hand:
                    known[src] = hand[0]  # it now holds what I gave
                else:
                    known.pop(src, None)
                hand = [e["card"]]
                knows_mine.clear()
                knows_mine[src] = e["card"]  # it gave me this card
            elif src != me and pair != last_trade:
                a, b = pair
                ka, kb = known.pop(a, None), known.pop(b, None)
                if kb is not None:
                    known[a] = kb
                if ka is not None:
                    known[b] = ka
            last_trade = pair
            continue
        last_trade = None
        if seat == me:
            if kind == "draw":
                hand.append(e["card"])
                if e["reason"] == "replacement":
                    knows_mine.clear()
            elif kind in ("play", "discard"):
                card = e["card"]
                if card in hand:
                    hand.remove(card)
                if kind == "discard":
                    knows_mine.clear()
                else:
                    for s in [s for s, c in knows_mine.items() if c == card]:
                        del knows_mine[s]
            elif kind == "chancellor_draw":
                hand.extend(e["cards"])
                knows_mine.clear()
            elif kind == "chancellor_return":
                hand = [e["keep"]]
            elif kind == "see" and "card" in e and e["target"] != me:  # a Cardinal may look at me
                known[e["target"]] = e["card"]
            continue
        if seat is None:
            continue
        if kind == "see":
            if e["target"] == me and hand:
                knows_mine[seat] = hand[0]
        elif kind == "play":
            if known.get(seat) == e["card"]:
                del known[seat]
        elif kind in ("discard", "knockout", "chancellor_draw"):
            known.pop(seat, None)
    return known, knows_mine


class Encoder:
    """Encodes views of one edition and player count (see the module docstring for the layout)."""

    def __init__(self, edition: str, players: int) -> None:
        self.edition = find_edition(edition).name
        self.players = players
        self.cards = _cards(edition, players)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        counts = find_edition(edition).deck(players).counts
        self.copies = np.array([counts[c] for c in self.cards], dtype=np.float32)
        self.deck_size = float(sum(counts.values()))
        self.size = obs_size(edition, players)

    def _counts(self, cards: Any) -> np.ndarray:
        out = np.zeros(len(self.cards), dtype=np.float32)
        for c in cards:
            out[self.card_index[c]] += 1
        return out

    def encode(self, view: View) -> np.ndarray:
        """The observation vector of ``view`` (reads nothing but the view)."""
        if view.edition != self.edition or view.players != self.players:
            raise ValueError(f"encoder is for {self.edition}/{self.players}, view is {view.edition}/{view.players}")
        n, k, me = self.players, len(self.cards), view.seat
        out = np.zeros(self.size, dtype=np.float32)
        deciding = view.to_move == me
        if deciding and view.phase in PHASES:
            out[PHASES.index(view.phase)] = 1.0
        out[4] = view.deck_size / self.deck_size
        out[5] = float(view.set_aside_taken)
        pending = view.pending or {}
        if pending.get("kind") == "chancellor":
            out[6] = pending["count"] / 2
        i = 7
        if pending.get("kind") == "cardinal":
            for s in pending["pair"]:
                out[i + (s - me) % n] = 1.0
        i += n
        out[i] = float(view.mandate is not None)
        out[i + 1] = float(view.round == 1)
        i += 2
        out[i:i + k] = np.minimum(self._counts(view.hand) / 3, 1.0)
        i += k
        out[i:i + k] = self._counts(
            [c for c, m in view.unseen_counts().items() for _ in range(m)]) / self.copies
        i += k
        out[i:i + k] = self._counts(view.face_up) / self.copies
        i += k
        known, knows_mine = knowledge(view)
        jester = view.jester
        for r in range(n):
            s = (me + r) % n
            out[i:i + SEAT_FLAGS] = (
                view.alive[s], view.protected[s], view.current_player == s, view.mandate == s,
                jester is not None and jester[0] == s, jester is not None and jester[1] == s,
                s in view.spies, min(view.tokens[s] / view.goal, 1.0), min(view.hand_sizes[s] / 3, 1.0),
            )
            i += SEAT_FLAGS
            out[i:i + k] = np.minimum(self._counts(view.discards[s]) / self.copies, 1.0)
            i += k
            if s in known and r:
                out[i + self.card_index[known[s]]] = 1.0
            i += k
            if s in knows_mine and r:
                out[i + self.card_index[knows_mine[s]]] = 1.0
            i += k
        assert i == self.size
        return out
