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
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Final

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

def _field(name: str, doc: str | None = None) -> Any:
    """A read-only property over a private field, read at C speed (``operator.attrgetter``)."""
    return property(attrgetter(name), doc=doc)


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
        "_mandate", "_jester", "_spies", "_current", "_turn", "_last_draw", "_pending", "_log", "_events", "_redacted",
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
    _redacted: dict[Any, list[Mapping[str, Any]]]  # reader -> this round's events as it sees them (a cache)
    _end_reason: str | None
    _round_result: Mapping[str, Any] | None
    _winners: list[int]
    _awards: dict[int, int]
    _legal: Entry | None
    _open: int | None

    # ------------------------------------------------------------------ settings
    edition: Final[Edition] = _field("_edition")
    players: Final[int] = _field("_players")
    profile: Final[str] = _field("_profile")

    @property
    def options(self) -> Mapping[str, Any]:
        """Every rule option, resolved (defaults, profile, explicit options); ``tokensToWin`` is the goal."""
        return MappingProxyType(self._options)

    @property
    def user_options(self) -> Mapping[str, Any]:
        """The options given explicitly (what a record stores)."""
        return freeze(self._user_options)  # type: ignore[no-any-return]

    goal: Final[int] = _field("_goal")
    deck_spec: Final[Deck] = _field("_deck_spec")
    values: Final[Mapping[str, int]] = _field("_values")
    guesses: Final[tuple[int, ...]] = _field("_guesses", """The values a Guard or Bishop may name.""")
    seats: Final[tuple[str, ...]] = _field("_seats")
    face_up_count: Final[int] = _field("_face_up_count", """Cards laid face up at setup (2 players).""")
    start_tokens: Final[tuple[int, ...]] = _field("_start_tokens")

    @property
    def rng_state(self) -> tuple[Any, ...]:
        """The state of the game's own generator (replaying a record reproduces it)."""
        return self._rng.getstate()

    seed: Final[int | None] = _field(
        "_seed", """The seed of the game's generator (drawn from the system when none was given).""")

    # ------------------------------------------------------------------ the match
    @property
    def tokens(self) -> tuple[int, ...]:
        return tuple(self._tokens)

    phase: Final[str] = _field("_phase")
    round_no: Final[int] = _field("_round_no")
    round_over: Final[bool] = _field(
        "_round_over", """True once the round has ended (and stays True after the game ends).""")
    game_over: Final[bool] = _field("_game_over", """True once a player has reached the token goal.""")

    @property
    def game_winners(self) -> tuple[int, ...]:
        return tuple(self._game_winners)

    next_first: Final[int | None] = _field(
        "_next_first", """Who plays first in the next round (None until the round is over, and after the game).""")
    event_base: Final[int] = _field(
        "_event_base", """Events of the earlier rounds: this round's event i is number event_base + i of the game.""")

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

    set_aside: Final[str | None] = _field(
        "_set_aside", """The face-down card set aside at setup (None once a replacement draw took it).""")

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

    mandate: Final[int | None] = _field("_mandate", """The seat a Sycophant mandate binds the next card played to.""")
    jester: Final[tuple[int, int] | None] = _field("_jester", """(holder, owner) of the Jester token.""")

    @property
    def spies(self) -> frozenset[int]:
        """Seats that played or discarded a Spy this round."""
        return frozenset(self._spies)

    current: Final[int] = _field("_current", """The active player (whose turn it is).""")
    turn: Final[int] = _field("_turn", """Turns started this round.""")
    last_draw: Final[str | None] = _field(
        "_last_draw", """The card the active player drew at the start of this turn.""")
    pending: Final[tuple[Any, ...]] = _field("_pending", """The follow-up question: ``("chancellor", seat, k)``,
        ``("bishop", target, bishop)``, ``("cardinal", (a, b))``, or ``()``.""")
    end_reason: Final[str | None] = _field("_end_reason")

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None between rounds / after the game."""
        phase = self._phase
        if phase == PLAY or phase == CHANCELLOR or phase == CARDINAL:
            return self._current
        if phase == BISHOP:
            return int(self._pending[1])
        return None

    perspective: Final[int | None] = _field(
        "_perspective", """For a position built by ``Game.from_view``: the seat whose view it was built from.""")
