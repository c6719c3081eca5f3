"""The match: a whole game of Love Letter, rounds until someone reaches the token goal.

A :class:`Game` asks for one decision at a time from whoever must decide (:attr:`Game.to_move`):
the active player's card (:class:`~.decisions.Play`), then, when the card calls for it, the
Chancellor's keep/bottom choice, the Bishop target's keep-or-discard, or the Cardinal's look.
:meth:`Game.legal_decisions` lists the legal decisions and :meth:`Game.apply` accepts exactly
those; anything else raises :class:`~.errors.IllegalDecision` and leaves the state untouched.

The state is sealed (:mod:`.state`): read through properties, changed only by
:meth:`start_round`, :meth:`apply` and :meth:`begin_turn`. Positions for search come from
:meth:`Game.from_view`.

Randomness belongs to the game (``random.Random(seed)``; a seed is drawn from the system when none
is given, and recorded); the deck of every round and every decision go into :meth:`Game.record`,
which :func:`~.record.replay` turns back into the identical state.

The layers, each a module: :mod:`.state` (the fields), :mod:`.log` (events), :mod:`.round` (round
state, the effects' interface, round end), :mod:`.flow` (legal decisions, apply, turns) and this
one (settings, round setup, copies, records, views).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .editions import COUNT_BONUS, PRINCESS_BEATS_BISHOP, Edition, find_edition
from .errors import ConfigError, IllegalDecision
from .flow import FlowMixin
from .options import PROFILES, resolve_options
from .state import GAME_OVER, ROUND_OVER, SETUP, GameState

if TYPE_CHECKING:
    from .views import FullView, View

_PLAY_CACHES: dict[tuple[Any, ...], dict[tuple[Any, ...], Any]] = {}
_SYSTEM = random.SystemRandom()


def _is_int(value: object) -> bool:
    return type(value) is int


_DEFAULT_SEATS = {n: tuple(f"P{i}" for i in range(n)) for n in range(1, 9)}

#: Settings derived from (edition, players, options, profile), shared by the games that have them.
_SETTINGS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _settings(ed: Edition, n: int, options: dict[str, Any], profile: str) -> tuple[Any, ...]:
    try:
        key: tuple[Any, ...] | None = (ed.name, n, profile, tuple(sorted(options.items())))
        found = _SETTINGS.get(key)  # type: ignore[arg-type]
    except TypeError:  # an unhashable option value (a tokensToWin table): resolve it every time
        key, found = None, None
    if found is not None:
        return found
    resolved = resolve_options(ed, n, options, profile)
    deck = ed.deck(n)
    ignore_mandate = resolved["sycophantSelfMandate"] == "ignoreMandate"
    found = (resolved, resolved["tokensToWin"], deck, deck.values, deck.guess_values,
             resolved["twoPlayerFaceUp"] if n == 2 else 0, ignore_mandate, COUNT_BONUS in deck.rules,
             PRINCESS_BEATS_BISHOP in deck.rules, _PLAY_CACHES.setdefault((ed.name, n, ignore_mandate), {}),
             tuple(deck.cards()), "constable" in deck.counts)
    if key is not None and len(_SETTINGS) < 1000:
        _SETTINGS[key] = found
    return found


class Game(FlowMixin):
    """A whole game of Love Letter (see the module docstring)."""

    __slots__ = ()

    def __init__(
        self,
        edition: str | Edition = "classic",
        players: int = 2,
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        profile: str = "bga",
        seats: Sequence[str] | None = None,
        start_tokens: Sequence[int] | None = None,
        pause_between_turns: bool = False,
    ) -> None:
        ed = edition if type(edition) is Edition else find_edition(edition)
        ed.check_players(players)
        n = players
        if type(profile) is not str or profile not in PROFILES:
            raise ConfigError(f"unknown profile {profile!r}; choose one of: {', '.join(PROFILES)}")
        if options is not None:
            if type(options) is not dict and not isinstance(options, Mapping):
                raise ConfigError("options must be an object of option names to values")
            if any(type(k) is not str for k in options):
                raise ConfigError("option names must be strings")
        if seed is not None and not _is_int(seed):
            raise ConfigError(f"the seed must be an integer, not {seed!r}")
        if seats is not None and (isinstance(seats, str) or not isinstance(seats, Sequence)
                                  or any(type(s) is not str for s in seats)):
            raise ConfigError("seats must be a list of seat names (strings)")
        if seats is not None and len(seats) != n:
            raise ConfigError(f"{len(seats)} seat names given for {n} players")
        self._edition = ed
        self._players = n
        self._profile = profile
        self._user_options = dict(options or {})
        settings = _settings(ed, n, self._user_options, profile)
        (self._options, self._goal, self._deck_spec, self._values, self._guesses, self._face_up_count,
         self._ignore_mandate, self._count_bonus, self._princess_beats_bishop, self._play_cache,
         self._deck_template, self._constables) = settings  # shared, never changed
        if start_tokens is not None:
            if (isinstance(start_tokens, str) or not isinstance(start_tokens, Sequence) or len(start_tokens) != n
                    or any(not _is_int(t) or t < 0 for t in start_tokens)):
                raise ConfigError(f"start tokens must be {n} non-negative integers")
            if max(start_tokens) >= self._goal:
                raise ConfigError(f"start tokens must be below the goal of {self._goal} tokens")
        self._seed = seed if seed is not None else _SYSTEM.getrandbits(63)
        self._pause = bool(pause_between_turns)
        self._perspective = None
        self._rng = random.Random(self._seed)
        self._seats = tuple(seats) if seats is not None else _DEFAULT_SEATS[n]
        self._start_tokens = tuple(start_tokens) if start_tokens is not None else (0,) * n
        self._tokens = list(self._start_tokens)
        self._phase = SETUP
        self._round_over = False
        self._game_over = False
        self._game_winners = []
        self._round_no = 0
        self._rounds = []  # record: firstPlayer, deck, decisions
        self._decisions = []
        self._next_first = None
        self._event_base = 0
        self._reset_round_state()

    # ------------------------------------------------------------------ rounds
    def _shuffled_deck(self) -> list[str]:
        """A uniformly shuffled deck (Fisher-Yates on the game's own generator)."""
        order = list(self._deck_template)
        rand = self._rng.random
        for i in range(len(order) - 1, 0, -1):
            j = int(rand() * (i + 1))
            order[i], order[j] = order[j], order[i]
        return order

    def _ruled_first_player(self) -> int:
        """The first player the rules give (RULES.md 2.3, 2.12); may draw from the generator."""
        if self._next_first is not None:
            return self._next_first
        starter = self._options["firstRoundStarter"]
        if starter == "random":
            return self._rng.randrange(self._players)
        return int(starter)

    def _check_can_start(self) -> None:
        if self._phase != SETUP and self._phase != ROUND_OVER:
            raise IllegalDecision("game_over" if self._phase == GAME_OVER else "invalid_choice",
                                  "a round can only start before the game or after a round")

    def _check_first(self, first_player: object) -> int:
        if not _is_int(first_player) or not 0 <= first_player < self._players:  # type: ignore[operator]
            raise ConfigError(f"first player must be a seat 0-{self._players - 1}, not {first_player!r}")
        return first_player  # type: ignore[return-value]

    def start_round(self, deck: Sequence[str] | None = None, first_player: int | None = None) -> None:
        """Shuffle (or take ``deck``, top card first), set aside, deal, and start the first turn.

        The first player is the one the rules give unless ``first_player`` is given.
        """
        phase = self._phase
        if phase != SETUP and phase != ROUND_OVER:
            self._check_can_start()  # raises
        given = first_player is not None
        if given:
            first = self._check_first(first_player)
        else:
            first = self._next_first if self._next_first is not None else self._ruled_first_player()
        if deck is None:
            order = self._shuffled_deck()
        else:
            if isinstance(deck, str) or not isinstance(deck, Sequence):
                raise ConfigError("a deck must be a list of card ids")
            order = list(deck)
            self.check_deck(order)
        self._begin_round(order, first, given=given, shuffled=deck is None)

    def _begin_round(self, order: list[str], first: int, *, given: bool, shuffled: bool) -> None:
        self._event_base += len(self._log)
        self._reset_round_state()
        self._round_no += 1
        self._decisions = []
        self._rounds.append({"firstPlayer": first, "firstPlayerGiven": given, "shuffled": shuffled,
                             "deck": order, "decisions": self._decisions})
        self._deal(order, first)
        self._start_turn(first)

    def check_deck(self, order: Sequence[object]) -> None:
        """Raise :class:`ConfigError` unless ``order`` is exactly this game's deck composition."""
        want = self._deck_spec.counts
        got: dict[str, int] = {}
        for c in order:
            if type(c) is not str or c not in want:
                raise ConfigError(f"card {c!r} is not in the {self._edition.name} deck for {self._players} players")
            got[c] = got.get(c, 0) + 1
        if got != want:
            diff = {c: got.get(c, 0) - k for c, k in want.items() if got.get(c, 0) != k}
            raise ConfigError(f"deck does not have the edition's composition (extra/missing: {diff})")

    # ------------------------------------------------------------------ copies, records, views
    def copy(self) -> Game:
        """An independent copy of the whole state (for search and for trying a decision)."""
        g = Game.__new__(Game)
        for name in GameState.__slots__:
            setattr(g, name, getattr(self, name))
        g._rng = random.Random.__new__(random.Random)  # no seeding: the state is copied
        g._rng.setstate(self._rng.getstate())
        g._tokens = list(self._tokens)
        g._game_winners = list(self._game_winners)
        g._rounds = [dict(r, decisions=list(r["decisions"])) for r in self._rounds]
        g._decisions = g._rounds[-1]["decisions"] if g._rounds else []
        g._deck = list(self._deck)
        g._face_up = list(self._face_up)
        g._hands = [list(h) for h in self._hands]
        g._discards = [list(d) for d in self._discards]
        g._alive = list(self._alive)
        g._protected = list(self._protected)
        g._eliminated = list(self._eliminated)
        g._spies = set(self._spies)
        g._winners = list(self._winners)
        g._awards = dict(self._awards)
        g._log = [list(e) if type(e) is list else e for e in self._log]
        g._events = list(self._events)
        g._redacted = {k: list(v) for k, v in self._redacted.items()}
        return g

    def record(self) -> dict[str, Any]:
        """The game record (JSON-ready): settings, and per round the deck, first player and decisions."""
        from .record import make_record

        return make_record(self)

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing else."""
        from .views import view

        return view(self, seat)

    def spectator_view(self) -> View:
        """The public facts only: what someone watching the table knows."""
        from .views import spectator_view

        return spectator_view(self)

    def full_view(self) -> FullView:
        """Everything, every hand and the deck (only for finished games; see :func:`.views.full_view`)."""
        from .views import full_view

        return full_view(self)

    @classmethod
    def from_view(cls, view: View, hidden: Mapping[str, Any]) -> Game:
        """A position consistent with ``view`` in which the hidden cards are ``hidden`` (checked).

        See :func:`.determinize.from_view` for the shape of ``hidden``.
        """
        from .determinize import from_view

        return from_view(view, hidden)

    def __repr__(self) -> str:
        return (f"<Game {self._edition.name} {self._players}p round {self._round_no} phase {self._phase} "
                f"to_move {self.to_move} tokens {self._tokens}>")
