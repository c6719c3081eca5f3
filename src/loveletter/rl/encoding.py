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
  knows mine   K      one-hot: the card of mine that seat surely knows I hold; zeros for r = 0
=============  =====  ===========================================================================

With ``features="belief"`` (an option; the default ``"facts"`` is the layout above) one block
follows for each other seat ``r = 1 .. n-1``: ``K`` values, the probability of each card being in
that seat's hand under :class:`loveletter.bots.belief.Belief` of the view (the distribution the
``heuristic`` and ``ismcts`` bots reason with: the known card when there is one, else the cards
nobody has placed, weighted by what the seat's plays suggest); zeros for a seat out of the round.
Length ``9 + 3K + n + n(9 + 3K) + (n-1)K``.

With ``features="history"`` the belief blocks are followed, for each other seat ``r = 1 .. n-1``, by
the order of its plays: ``HISTORY`` one-hot blocks of ``K``, the last card in that seat's discard pile
this round, the one before it, and so on (zeros past the start of the pile; a card a Prince made the
seat discard counts as one of them). The discard counts say what a seat has thrown away; the order
says more (a seat that played two Guards in a row kept its other card through both turns).
Length ``9 + 3K + n + n(9 + 3K) + (n-1)K(1 + HISTORY)``.

"Known" and "knows mine" are :func:`loveletter.engine.knowledge.knowledge` of the view
(``holds`` and ``knows_mine``): looks, comparisons, trades (what I know travels with the hands),
public facts such as a Bishop target keeping a named card, and the deck bottom I filled with a
Chancellor. They are one-hot when the seat holds one card, the usual case when I decide; a seat in
the middle of its turn may have two known cards. The "unseen" block stays the raw count of
``view.unseen_counts()`` (it does not subtract the cards I know are in other hands: those are in
the "known" blocks). Needs numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..bots.belief import BeliefFollower
from ..engine import View
from ..engine.editions import ALL_CARDS, find_edition
from ..engine.knowledge import Follower

PHASES = ("play", "chancellor", "bishop", "cardinal")
SEAT_FLAGS = 9
#: The feature sets, each the one before it with blocks appended (so a model can widen along it).
FEATURES = ("facts", "belief", "history")
#: How many of each other seat's latest discards the ``history`` features show, most recent first.
HISTORY = 3


def check_features(features: object) -> str:
    if features not in FEATURES:
        raise ValueError(f"features must be one of {FEATURES}, not {features!r}")
    return str(features)


def obs_size(edition: str, players: int, features: str = "facts") -> int:
    """Length of the encoding for an edition and player count (and feature set)."""
    k = len(_cards(edition, players))
    n = players
    extra = {"facts": 0, "belief": (n - 1) * k, "history": (n - 1) * k * (1 + HISTORY)}[check_features(features)]
    return 9 + 3 * k + n + n * (SEAT_FLAGS + 3 * k) + extra


def _cards(edition: str, players: int) -> tuple[str, ...]:
    counts = find_edition(edition).deck(players).counts
    return tuple(c for c in ALL_CARDS if c in counts)


class Encoder:
    """Encodes views of one edition and player count (see the module docstring for the layout)."""

    def __init__(self, edition: str, players: int, features: str = "facts") -> None:
        self.features = check_features(features)
        self.edition = find_edition(edition).name
        self.players = players
        self.cards = _cards(edition, players)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        counts = find_edition(edition).deck(players).counts
        self.copies = np.array([counts[c] for c in self.cards], dtype=np.float32)
        self.deck_size = float(sum(counts.values()))
        self.size = obs_size(edition, players, features)
        # per seat, fed only new events: the knowledge, or the belief (which holds the knowledge too)
        self._follow = [Follower() for _ in range(players)] if features == "facts" else []
        self._belief = [BeliefFollower() for _ in range(players)] if features != "facts" else []

    def _counts(self, cards: Any) -> np.ndarray:
        out = np.zeros(len(self.cards), dtype=np.float32)
        for c in cards:
            out[self.card_index[c]] += 1
        return out

    def encode(self, view: View) -> np.ndarray:
        """The observation vector of ``view`` (reads nothing but the view)."""
        if view.edition != self.edition or view.players != self.players:
            raise ValueError(f"encoder is for {self.edition}/{self.players}, view is {view.edition}/{view.players}")
        if view.seat is None:
            raise ValueError("the encoding is a seat's: a spectator view has none")
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
        # the belief replays the same facts: with it, one replay serves both
        belief = self._belief[me](view) if self._belief else None
        facts = belief.knowledge if belief is not None else self._follow[me](view)
        known, knows_mine = facts.holds, facts.knows_mine
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
            if r:
                for c in known.get(s, ()):
                    out[i + self.card_index[c]] = 1.0
            i += k
            if r:
                for c in knows_mine.get(s, ()):
                    out[i + self.card_index[c]] = 1.0
            i += k
        if belief is not None:
            pool = belief.pool()
            for r in range(1, n):
                s = (me + r) % n
                if view.alive[s]:
                    for c, p in belief.distribution(s, pool).items():
                        out[i + self.card_index[c]] = p
                i += k
        if self.features == "history":
            for r in range(1, n):
                pile = view.discards[(me + r) % n]
                for j, c in enumerate(reversed(pile[-HISTORY:])):
                    out[i + j * k + self.card_index[c]] = 1.0
                i += HISTORY * k
        assert i == self.size
        return out
