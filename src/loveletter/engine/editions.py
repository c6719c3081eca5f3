"""Editions as data: card values, deck compositions, player ranges, token goals.

An :class:`Edition` is immutable. Everything that differs between editions is a field here or an
option (see :mod:`loveletter.engine.options`); the rules code in :mod:`loveletter.engine.game` reads
these fields instead of branching on the edition name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import ConfigError

# How each card chooses players (RULES.md 2.6).
NONE = "none"  # chooses nobody
OTHER = "other"  # exactly one other player
ANY = "any"  # exactly one player, yourself allowed
ONE_OR_TWO_OTHERS = "one_or_two_others"  # Baroness
TWO_ANY = "two_any"  # Cardinal

CARD_PATTERN: dict[str, str] = {
    "guard": OTHER,
    "priest": OTHER,
    "baron": OTHER,
    "handmaid": NONE,
    "prince": ANY,
    "king": OTHER,
    "countess": NONE,
    "princess": NONE,
    "chancellor": NONE,
    "spy": NONE,
    "bishop": OTHER,
    "dowager_queen": OTHER,
    "constable": NONE,
    "count": NONE,
    "sycophant": ANY,
    "baroness": ONE_OR_TWO_OTHERS,
    "cardinal": TWO_ANY,
    "jester": OTHER,
    "assassin": NONE,
}

#: Cards whose play also names a value.
GUESSING_CARDS = frozenset({"guard", "bishop"})

#: Every card id, in a stable order (used for action indices and encodings).
ALL_CARDS: tuple[str, ...] = tuple(CARD_PATTERN)

CLASSIC_VALUES = {
    "guard": 1, "priest": 2, "baron": 3, "handmaid": 4, "prince": 5,
    "king": 6, "countess": 7, "princess": 8,
}
CLASSIC_DECK = {
    "guard": 5, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2,
    "king": 1, "countess": 1, "princess": 1,
}
PREMIUM_VALUES = {
    **CLASSIC_VALUES,
    "assassin": 0, "jester": 0, "cardinal": 2, "baroness": 3, "sycophant": 4,
    "count": 5, "constable": 6, "dowager_queen": 7, "bishop": 9,
}
PREMIUM_DECK = {
    "assassin": 1, "jester": 1, "guard": 8, "priest": 2, "cardinal": 2, "baron": 2,
    "baroness": 2, "handmaid": 2, "sycophant": 2, "prince": 2, "count": 2, "king": 1,
    "constable": 1, "countess": 1, "dowager_queen": 1, "princess": 1, "bishop": 1,
}
V2019_VALUES = {
    "spy": 0, "guard": 1, "priest": 2, "baron": 3, "handmaid": 4, "prince": 5,
    "chancellor": 6, "king": 7, "countess": 8, "princess": 9,
}
V2019_DECK = {
    "spy": 2, "guard": 6, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2,
    "chancellor": 2, "king": 1, "countess": 1, "princess": 1,
}


#: Rule hooks a deck may switch on (RULES.md 2.10): the scoring asks for them instead of guessing
#: the edition from the cards.
COUNT_BONUS = "countBonus"  # +1 showdown rank per Count in the discard pile
PRINCESS_BEATS_BISHOP = "princessBeatsBishop"  # a Bishop cannot win a showdown against a Princess


@dataclass(frozen=True)
class Deck:
    """One deck of an edition: card values, how many copies of each card, and its rule hooks.

    The mappings are read-only: an edition is shared by every game.
    """

    values: Mapping[str, int]
    counts: Mapping[str, int]
    rules: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[str]:
        """The full deck in a canonical (unshuffled) order."""
        out: list[str] = []
        for card, count in self.counts.items():
            out.extend([card] * count)
        return out

    @property
    def guess_values(self) -> tuple[int, ...]:
        """Values a Guard or Bishop may name: every value of this deck except 1."""
        return tuple(sorted({v for c, v in self.values.items() if c in self.counts and v != 1}))


@dataclass(frozen=True)
class Edition:
    """Immutable description of one edition of the game."""

    name: str
    title: str
    min_players: int
    max_players: int
    goals: Mapping[int, int]
    decks: Mapping[int, Deck] = field(repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "goals", MappingProxyType(dict(self.goals)))
        object.__setattr__(self, "decks", MappingProxyType(dict(self.decks)))

    def deck(self, players: int) -> Deck:
        self.check_players(players)
        return self.decks[players]

    def check_players(self, players: object) -> None:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"edition {self.name!r} is for {self.min_players}-{self.max_players} players, not {players!r}"
            )

    def value(self, card: str, players: int) -> int:
        return self.decks[players].values[card]


def _classic_deck() -> Deck:
    return Deck(CLASSIC_VALUES, CLASSIC_DECK)


CLASSIC = Edition(
    name="classic",
    title="Love Letter (AEG 2012)",
    min_players=2,
    max_players=4,
    goals={2: 7, 3: 5, 4: 4},
    decks={n: _classic_deck() for n in range(2, 5)},
)

PREMIUM = Edition(
    name="premium",
    title="Love Letter Premium (AEG 2016)",
    min_players=2,
    max_players=8,
    goals={2: 7, 3: 5, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4},
    decks={
        **{n: _classic_deck() for n in range(2, 5)},
        **{n: Deck(PREMIUM_VALUES, PREMIUM_DECK, frozenset({COUNT_BONUS, PRINCESS_BEATS_BISHOP}))
           for n in range(5, 9)},
    },
)

V2019 = Edition(
    name="2019",
    title="Love Letter (Z-Man 2019)",
    min_players=2,
    max_players=6,
    goals={2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
    decks={n: Deck(V2019_VALUES, V2019_DECK) for n in range(2, 7)},
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (CLASSIC, PREMIUM, V2019)}


def find_edition(name: object) -> Edition:
    """Look an edition up by name (``classic``, ``premium`` or ``2019``)."""
    try:
        return EDITIONS[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ConfigError(
            f"unknown edition {name!r}; choose one of: {', '.join(EDITIONS)}"
        ) from None
