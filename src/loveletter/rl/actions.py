"""A stable integer index for every decision of an edition and player count.

Indices are *relative to the deciding seat*: a target is stored as an offset ``(target - seat) % n``
(0 = yourself, 1 = the next seat clockwise, ...), so one policy serves every seat. The index list
(:attr:`ActionSpace.decisions`) is built in this fixed order:

1. plays, card by card in :data:`~loveletter.engine.editions.ALL_CARDS` order (only the cards of
   this player count's deck): first the play with no target (a card that chooses nobody, or a
   targeting card played without effect), then each target offset tuple (singles, then pairs, in
   ascending order), each crossed with the deck's guess values for Guard and Bishop;
2. Chancellor choices (decks with a Chancellor): keep card x bottom order of one or two cards,
   limited to multisets the deck can hold;
3. Bishop choices (decks with a Bishop): keep, discard;
4. Cardinal looks (decks with a Cardinal): none, then offset 0..n-1.

Standard library only.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product
from typing import Any

from ..engine import BishopChoice, CardinalLook, ChancellorChoice, Decision, Play
from ..engine.editions import (
    ALL_CARDS,
    ANY,
    CARD_PATTERN,
    GUESSING_CARDS,
    NONE,
    ONE_OR_TWO_OTHERS,
    OTHER,
    find_edition,
)

#: A decision with seats replaced by offsets from the deciding seat (hashable).
RelKey = tuple[Any, ...]


class ActionSpace:
    """The action index space of one edition and player count."""

    def __init__(self, edition: str, players: int) -> None:
        ed = find_edition(edition)
        deck = ed.deck(players)
        self.edition = ed.name
        self.players = n = players
        self.cards: tuple[str, ...] = tuple(c for c in ALL_CARDS if c in deck.counts)
        guesses = deck.guess_values
        keys: list[RelKey] = []
        others = list(range(1, n))
        for card in self.cards:
            pattern = CARD_PATTERN[card]
            options: list[tuple[int, ...]] = []
            if pattern == OTHER:
                options = [(o,) for o in others]
            elif pattern == ANY:
                options = [(o,) for o in range(n)]
            elif pattern == ONE_OR_TWO_OTHERS:
                options = [(o,) for o in others] + list(combinations(others, 2))
            elif pattern != NONE:  # TWO_ANY
                options = list(combinations(range(n), 2))
            keys.append(("play", card, (), None))
            for o in options:
                if card in GUESSING_CARDS:
                    keys.extend(("play", card, o, g) for g in guesses)
                else:
                    keys.append(("play", card, o, None))
        if "chancellor" in deck.counts:
            for keep in self.cards:
                for size in (1, 2):
                    for bottom in product(self.cards, repeat=size):
                        cards = (keep, *bottom)
                        if all(cards.count(c) <= deck.counts[c] for c in set(cards)):
                            keys.append(("chancellor", keep, bottom))
        if "bishop" in deck.counts:
            keys.extend([("bishop", False), ("bishop", True)])
        if "cardinal" in deck.counts:
            keys.append(("look", None))
            keys.extend(("look", o) for o in range(n))
        self.keys: tuple[RelKey, ...] = tuple(keys)
        self._index = {k: i for i, k in enumerate(keys)}

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def size(self) -> int:
        return len(self.keys)

    def _key(self, d: Decision, seat: int) -> RelKey:
        n = self.players
        if isinstance(d, Play):
            return ("play", d.card, tuple(sorted((t - seat) % n for t in d.targets)), d.guess)
        if isinstance(d, ChancellorChoice):
            return ("chancellor", d.keep, tuple(d.bottom))
        if isinstance(d, BishopChoice):
            return ("bishop", d.discard)
        if isinstance(d, CardinalLook):
            return ("look", None if d.seat is None else (d.seat - seat) % n)
        raise TypeError(f"not a decision: {d!r}")

    def index(self, decision: Decision, seat: int) -> int:
        """The index of ``decision`` made by ``seat``; KeyError if it has none (never for legal ones)."""
        return self._index[self._key(decision, seat)]

    def decision(self, index: int, seat: int) -> Decision:
        """The decision that ``seat`` makes by choosing ``index`` (inverse of :meth:`index`)."""
        key = self.keys[index]
        n = self.players
        kind = key[0]
        if kind == "play":
            return Play(key[1], tuple(sorted((seat + o) % n for o in key[2])), key[3])
        if kind == "chancellor":
            return ChancellorChoice(key[1], key[2])
        if kind == "bishop":
            return BishopChoice(key[1])
        return CardinalLook(None if key[1] is None else (seat + key[1]) % n)

    def label(self, index: int) -> str:
        """A readable form of an index, with offsets as ``+k`` (for logs and plots)."""
        key = self.keys[index]
        if key[0] == "play":
            out = key[1] + ("@" + ",".join(f"+{o}" for o in key[2]) if key[2] else "")
            return out + (f"={key[3]}" if key[3] is not None else "")
        if key[0] == "chancellor":
            return f"keep:{key[1]}/bottom:{','.join(key[2])}"
        if key[0] == "bishop":
            return "bishop:discard" if key[1] else "bishop:keep"
        return "look:none" if key[1] is None else f"look@+{key[1]}"

    def legal_indices(self, legal: tuple[Decision, ...] | list[Decision], seat: int) -> list[int]:
        """Indices of the listed legal decisions (same order)."""
        return [self.index(d, seat) for d in legal]


@cache
def action_space(edition: str, players: int) -> ActionSpace:
    """The (cached) :class:`ActionSpace` of an edition and player count."""
    return ActionSpace(edition, players)
