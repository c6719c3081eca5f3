"""The action codec: a stable integer id for every decision of an edition and player count.

Ids are *relative to the deciding seat*: a target is stored as an offset ``(target - seat) % n``
(0 = yourself, 1 = the next seat clockwise, ...), so one policy serves every seat. The id list is
built from the engine's own enumeration of decisions (:mod:`.legal`: the choices of every card
with every other seat choosable, every Chancellor keep/bottom order of every hand the deck can
hold, the Bishop target's two answers, the Cardinal looks), in this fixed order:

1. plays, card by card in :data:`~.editions.ALL_CARDS` order (only the cards of this player
   count's deck): first the play with no target (a card that chooses nobody, or a targeting card
   played without effect), then each target offset tuple (singles, then pairs, ascending), each
   crossed with the deck's guess values for Guard and Bishop;
2. Chancellor choices (decks with a Chancellor): by kept card, then one card returned before two,
   then the returned cards in card order;
3. Bishop choices (decks with a Bishop): keep, discard;
4. Cardinal looks (decks with a Cardinal): none, then offset 0..n-1.

The RL environment, search, and the wire (decisions travel as text with their id beside it) all
use these ids; they are a public contract and only ever change with a new environment version.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Decision, Play
from .editions import ALL_CARDS, CARD_PATTERN, NONE, find_edition
from .legal import BISHOP_CHOICES, card_choices, chancellor_choices

#: A decision with its seats replaced by offsets from the deciding seat (hashable).
RelKey = tuple[object, ...]


def _relative(d: Decision, seat: int, n: int) -> RelKey:
    if isinstance(d, Play):
        return ("play", d.card, tuple(sorted((t - seat) % n for t in d.targets)), d.guess)
    if isinstance(d, ChancellorChoice):
        return ("chancellor", d.keep, tuple(d.bottom))
    if isinstance(d, BishopChoice):
        return ("bishop", d.discard)
    if isinstance(d, CardinalLook):
        return ("look", None if d.seat is None else (d.seat - seat) % n)
    raise TypeError(f"not a decision: {d!r}")


class Codec:
    """The id space of one edition and player count (see the module docstring)."""

    def __init__(self, edition: str, players: int) -> None:
        ed = find_edition(edition)
        deck = ed.deck(players)
        self.edition = ed.name
        self.players = n = players
        self.cards: tuple[str, ...] = tuple(c for c in ALL_CARDS if c in deck.counts)
        keys: list[RelKey] = []
        others = tuple(range(1, n))
        for card in self.cards:  # seat 0 decides, every other seat may be chosen
            keys.append(("play", card, (), None))
            if CARD_PATTERN[card] != NONE:
                choices = card_choices(card, 0, others, deck.guess_values, None, False)
                keys.extend(_relative(d, 0, n) for d in choices if d.targets)
        if "chancellor" in deck.counts:
            found: set[ChancellorChoice] = set()
            for size in (2, 3):  # the Chancellor player's hand: one or two cards drawn
                for hand in combinations_with_replacement(self.cards, size):
                    counts = Counter(hand)
                    if all(k <= deck.counts[c] for c, k in counts.items()):
                        found.update(chancellor_choices(list(hand)))
            rank = {c: i for i, c in enumerate(self.cards)}
            ordered = sorted(found, key=lambda d: (rank[d.keep], len(d.bottom), [rank[c] for c in d.bottom]))
            keys.extend(_relative(d, 0, n) for d in ordered)
        if "bishop" in deck.counts:
            keys.extend(_relative(d, 0, n) for d in BISHOP_CHOICES)
        if "cardinal" in deck.counts:
            keys.append(("look", None))
            keys.extend(("look", o) for o in range(n))
        self.keys: tuple[RelKey, ...] = tuple(keys)
        self._index = {k: i for i, k in enumerate(keys)}
        if len(self._index) != len(keys):  # pragma: no cover - a bug in the enumeration
            raise AssertionError("duplicate decision in the codec")

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def size(self) -> int:
        return len(self.keys)

    def encode(self, decision: Decision, seat: int) -> int:
        """The id of ``decision`` made by ``seat``; KeyError if it has none (never for legal ones)."""
        return self._index[_relative(decision, seat, self.players)]

    def decode(self, index: int, seat: int) -> Decision:
        """The decision that ``seat`` makes by choosing ``index`` (inverse of :meth:`encode`)."""
        if type(index) is not int or not 0 <= index < len(self.keys):
            raise ValueError(f"no decision id {index!r} (0-{len(self.keys) - 1})")
        key = self.keys[index]
        n = self.players
        kind = key[0]
        if kind == "play":
            targets = key[2]
            assert isinstance(targets, tuple)
            return Play(str(key[1]), tuple(sorted((seat + int(o)) % n for o in targets)),
                        None if key[3] is None else int(key[3]))  # type: ignore[call-overload]
        if kind == "chancellor":
            bottom = key[2]
            assert isinstance(bottom, tuple)
            return ChancellorChoice(str(key[1]), tuple(str(c) for c in bottom))
        if kind == "bishop":
            return BishopChoice(bool(key[1]))
        return CardinalLook(None if key[1] is None else (seat + int(key[1])) % n)  # type: ignore[call-overload]

    def label(self, index: int) -> str:
        """A readable form of an id, with offsets as ``+k`` (for logs and plots)."""
        key = self.keys[index]
        if key[0] == "play":
            targets = key[2]
            assert isinstance(targets, tuple)
            out = str(key[1]) + ("@" + ",".join(f"+{o}" for o in targets) if targets else "")
            return out + (f"={key[3]}" if key[3] is not None else "")
        if key[0] == "chancellor":
            bottom = key[2]
            assert isinstance(bottom, tuple)
            return f"keep:{key[1]}/bottom:{','.join(map(str, bottom))}"
        if key[0] == "bishop":
            return "bishop:discard" if key[1] else "bishop:keep"
        return "look:none" if key[1] is None else f"look@+{key[1]}"

    def encode_all(self, decisions: tuple[Decision, ...] | list[Decision], seat: int) -> list[int]:
        """Ids of the listed decisions (same order)."""
        return [self.encode(d, seat) for d in decisions]

    # the names the RL environment has used since loveletter_v0
    index = encode
    decision = decode
    legal_indices = encode_all


@cache
def codec(edition: str, players: int) -> Codec:
    """The (cached) :class:`Codec` of an edition and player count."""
    return Codec(edition, players)


codec_for = codec

__all__ = ["Codec", "RelKey", "codec", "codec_for"]
