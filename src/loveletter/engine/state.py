"""The game's state, sealed: every field is private, read through read-only properties.

Code outside the engine reads a :class:`~.game.Game` through these properties (copies and
tuples, never the engine's own lists) and changes it only with ``start_round``, ``apply`` and
``begin_turn``. Search builds positions with :meth:`~.game.Game.from_view`. Inside the engine,
card effects change the state through the narrow interface of :mod:`.round` (knock out, discard,
draw, see, trade...), never by writing the fields or the log directly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .decisions import Decision
from .editions import Deck, Edition
from .events import freeze
from .legal import Entry

# Phases: who is asked what.
SETUP = "setup"  # no round dealt yet
PLAY = "play"  # the active player chooses a card
CHANCELLOR = "chancellor"  # the active player keeps one card and returns the others
BISHOP = "bishop"  # the Bishop's target keeps or discards
CARDINAL = "cardinal"  # the Cardinal player looks at one of the traded hands
TURN_END = "turn_end"  # only with pause_between_turns: the next turn has not started yet
ROUND_OVER = "round_over"
GAME_OVER = "game_over"

DECIDING = frozenset({PLAY, CHANCELLOR, BISHOP, CARDINAL})

#: One log entry: a compact tuple (see :mod:`.events`), a play entry (a list, completed when the
#: card has resolved) or a full ``(kind, public, private, to)`` tuple.
LogEntry = Any


class GameState:
    """Every field of a game, and the read-only properties the rest of the world uses."""

    __slots__ = (
        # settings (fixed at construction)
        "_edition", "_players", "_profile", "_user_options", "_options", "_goal", "_deck_spec", "_values",
        "_guesses", "_face_up_count", "_ignore_mandate", "_count_bonus", "_princess_beats_bishop",
        "_deck_template", "_constables", "_seats", "_start_tokens", "_seed", "_pause", "_play_cache",
        "_perspective",
        # the match
        "_rng", "_tokens", "_phase", "_round_no", "_rounds", "_decisions", "_next_first", "_round_over",
        "_game_over", "_game_winners", "_event_base",
        # the round
        "_deck", "_set_aside", "_face_up", "_hands", "_discards", "_alive", "_protected", "_eliminated",
        "_mandate", "_jester", "_spies", "_current", "_turn", "_last_draw", "_pending", "_log", "_events",
        "_end_reason", "_round_result", "_winners", "_awards", "_legal", "_open",
    )

    _edition: Edition
    _players: int
    _profile: str
    _user_options: dict[str, Any]
    _options: dict[str, Any]
    _goal: int
    _deck_spec: Deck
    _values: Mapping[str, int]
    _guesses: tuple[int, ...]
    _face_up_count: int
    _ignore_mandate: bool
    _count_bonus: bool
    _princess_beats_bishop: bool
    _deck_template: tuple[str, ...]
    _constables: bool
    _seats: tuple[str, ...]
    _start_tokens: tuple[int, ...]
    _seed: int | None
    _pause: bool
    _play_cache: dict[tuple[Any, ...], Entry]
    _perspective: int | None
    _rng: random.Random
    _tokens: list[int]
    _phase: str
    _round_no: int
    _rounds: list[dict[str, Any]]
    _decisions: list[Decision]
    _next_first: int | None
    _round_over: bool
    _game_over: bool
    _game_winners: list[int]
    _event_base: int
    _deck: list[str]
    _set_aside: str | None
    _face_up: list[str]
    _hands: list[list[str]]
    _discards: list[list[str]]
    _alive: list[bool]
    _protected: list[bool]
    _eliminated: list[int]
    _mandate: int | None
    _jester: tuple[int, int] | None
    _spies: set[int]
    _current: int
    _turn: int
    _last_draw: str | None
    _pending: tuple[Any, ...]
    _log: list[LogEntry]
    _events: list[Any]
    _end_reason: str | None
    _round_result: Mapping[str, Any] | None
    _winners: list[int]
    _awards: dict[int, int]
    _legal: Entry | None
    _open: int | None

    # ------------------------------------------------------------------ settings
    @property
    def edition(self) -> Edition:
        return self._edition

    @property
    def players(self) -> int:
        return self._players

    @property
    def profile(self) -> str:
        return self._profile

    @property
    def options(self) -> Mapping[str, Any]:
        """Every rule option, resolved (defaults, profile, explicit options); ``tokensToWin`` is the goal."""
        return MappingProxyType(self._options)

    @property
    def user_options(self) -> Mapping[str, Any]:
        """The options given explicitly (what a record stores)."""
        return freeze(self._user_options)  # type: ignore[no-any-return]

    @property
    def goal(self) -> int:
        return self._goal

    @property
    def deck_spec(self) -> Deck:
        return self._deck_spec

    @property
    def values(self) -> Mapping[str, int]:
        return self._values

    @property
    def guesses(self) -> tuple[int, ...]:
        """The values a Guard or Bishop may name."""
        return self._guesses

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    @property
    def start_tokens(self) -> tuple[int, ...]:
        return self._start_tokens

    @property
    def rng_state(self) -> tuple[Any, ...]:
        """The state of the game's own generator (replaying a record reproduces it)."""
        return self._rng.getstate()

    @property
    def seed(self) -> int | None:
        """The seed of the game's generator (drawn from the system when none was given)."""
        return self._seed

    # ------------------------------------------------------------------ the match
    @property
    def tokens(self) -> tuple[int, ...]:
        return tuple(self._tokens)

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def round_no(self) -> int:
        return self._round_no

    @property
    def round_over(self) -> bool:
        """True once the round has ended (and stays True after the game ends)."""
        return self._round_over

    @property
    def game_over(self) -> bool:
        """True once a player has reached the token goal."""
        return self._game_over

    @property
    def game_winners(self) -> tuple[int, ...]:
        return tuple(self._game_winners)

    @property
    def next_first(self) -> int | None:
        """Who plays first in the next round (None until the round is over, and after the game)."""
        return self._next_first

    @property
    def event_base(self) -> int:
        """How many events the earlier rounds had: this round's event i has game-wide number base + i."""
        return self._event_base

    # ------------------------------------------------------------------ the round
    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(map(tuple, self._hands))

    def hand(self, seat: int) -> tuple[str, ...]:
        """One seat's hand (cheaper than ``hands[seat]``)."""
        return tuple(self._hands[seat])

    @property
    def discards(self) -> tuple[tuple[str, ...], ...]:
        return tuple(map(tuple, self._discards))

    @property
    def deck(self) -> tuple[str, ...]:
        """The draw pile, TOP CARD LAST."""
        return tuple(self._deck)

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def set_aside(self) -> str | None:
        """The face-down card set aside at setup (None once a replacement draw took it)."""
        return self._set_aside

    @property
    def face_up(self) -> tuple[str, ...]:
        return tuple(self._face_up)

    @property
    def alive(self) -> tuple[bool, ...]:
        return tuple(self._alive)

    @property
    def protected(self) -> tuple[bool, ...]:
        return tuple(self._protected)

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Seats knocked out this round, in order."""
        return tuple(self._eliminated)

    @property
    def mandate(self) -> int | None:
        """The seat a Sycophant mandate binds the next card played to."""
        return self._mandate

    @property
    def jester(self) -> tuple[int, int] | None:
        """(holder, owner) of the Jester token."""
        return self._jester

    @property
    def spies(self) -> frozenset[int]:
        """Seats that played or discarded a Spy this round."""
        return frozenset(self._spies)

    @property
    def current(self) -> int:
        """The active player (whose turn it is)."""
        return self._current

    @property
    def turn(self) -> int:
        """Turns started this round."""
        return self._turn

    @property
    def last_draw(self) -> str | None:
        """The card the active player drew at the start of this turn."""
        return self._last_draw

    @property
    def pending(self) -> tuple[Any, ...]:
        """The follow-up question: ``("chancellor", seat, k)``, ``("bishop", target, bishop)``,
        ``("cardinal", (a, b))``, or ``()``."""
        return self._pending

    @property
    def end_reason(self) -> str | None:
        return self._end_reason

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None between rounds / after the game."""
        phase = self._phase
        if phase == PLAY or phase == CHANCELLOR or phase == CARDINAL:
            return self._current
        if phase == BISHOP:
            return int(self._pending[1])
        return None

    @property
    def perspective(self) -> int | None:
        """For a position built by ``Game.from_view``: the seat whose view it was built from."""
        return self._perspective
