"""The game state machine.

A :class:`Game` asks for one decision at a time from whoever must decide (:attr:`Game.to_move`):
the active player's card (:class:`~.decisions.Play`), then, when the card calls for it, the
Chancellor's keep/bottom choice, the Bishop target's keep-or-discard, or the Cardinal's look.
:meth:`Game.legal_decisions` lists the legal decisions and :meth:`Game.apply` accepts exactly
those; anything else raises :class:`~.errors.IllegalDecision` and leaves the state untouched.

Randomness belongs to the game (``random.Random(seed)``); the shuffled deck of every round and
every decision go into :meth:`Game.record`, which :func:`~.record.replay` turns back into the
identical state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from . import effects
from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Decision, Play
from .editions import Edition, find_edition
from .errors import ConfigError, IllegalDecision
from .events import COMPACT, DEAL, FORCED_DISCARD, KNOCKOUT, OUT_DISCARD, RECEIVE, SEE, TURN_DRAW, Event
from .legal import (
    BISHOP_CHOICES,
    Entry,
    cardinal_looks,
    chancellor_choices,
    diagnose_play,
    legal_plays,
    make_entry,
)
from .options import resolve_options
from .scoring import next_first_player, score_round, showdown

# Phases: who is asked what.
SETUP = "setup"  # no round dealt yet
PLAY = "play"  # the active player chooses a card
CHANCELLOR = "chancellor"  # the active player keeps one card and returns the others
BISHOP = "bishop"  # the Bishop's target keeps or discards
CARDINAL = "cardinal"  # the Cardinal player looks at one of the traded hands
TURN_END = "turn_end"  # only with pause_between_turns: the next turn has not started yet
ROUND_OVER = "round_over"
GAME_OVER = "game_over"


_PLAY = "play"  # log entry [_PLAY, seat, decision, mandate, result], made an Event on demand
_ROUND_END = ("round_end",)  # log placeholder, made an Event from round_result on demand
_EFFECTS = effects.EFFECTS

_PLAY_CACHES: dict[tuple, dict] = {}


class Game:
    """A whole game of Love Letter: rounds until someone reaches the token goal.

    Attributes are slots (faster in the hot path); :meth:`copy` is the way to clone a game.
    """

    __slots__ = (
        "_awards",
        "_constables",
        "_decisions",
        "_deck_template",
        "_events",
        "_legal",
        "_log",
        "_open",
        "_play_cache",
        "_round_result",
        "_winners",
        "alive",
        "current",
        "deck",
        "deck_spec",
        "discards",
        "edition",
        "eliminated",
        "end_reason",
        "face_up",
        "face_up_count",
        "game_over",
        "game_winners",
        "goal",
        "guesses",
        "hands",
        "ignore_mandate",
        "jester",
        "last_draw",
        "mandate",
        "next_first",
        "options",
        "pause_between_turns",
        "pending",
        "phase",
        "players",
        "profile",
        "protected",
        "rng",
        "round_no",
        "round_over",
        "rounds",
        "seats",
        "seed",
        "set_aside",
        "spies",
        "start_tokens",
        "tokens",
        "turn",
        "user_options",
        "values",
    )

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
    ) -> None:
        self.edition = edition if isinstance(edition, Edition) else find_edition(edition)
        self.edition.check_players(players)
        self.players = n = players
        self.profile = profile
        self.user_options = dict(options or {})
        self.options = resolve_options(self.edition, n, options, profile)
        self.goal: int = self.options["tokensToWin"]
        self.deck_spec = self.edition.deck(n)
        self.values: dict[str, int] = self.deck_spec.values
        self.guesses = self.deck_spec.guess_values
        self.face_up_count = self.options["twoPlayerFaceUp"] if n == 2 else 0
        self.ignore_mandate = self.options["sycophantSelfMandate"] == "ignoreMandate"
        self._play_cache = _PLAY_CACHES.setdefault((self.edition.name, n, self.ignore_mandate), {})
        self._decisions: list[Decision] = []
        self._deck_template = tuple(self.deck_spec.cards())
        self._constables = "constable" in self.deck_spec.counts
        self.seed = seed
        #: When True, a finished turn stops in phase ``turn_end`` until :meth:`begin_turn`, so the
        #: state between two turns (before the next draw) can be inspected (scenario files do).
        self.pause_between_turns = False
        self.rng = random.Random(seed)
        if seats is not None and len(seats) != n:
            raise ConfigError(f"{len(seats)} seat names given for {n} players")
        self.seats = [str(s) for s in seats] if seats is not None else [f"P{i}" for i in range(n)]
        if start_tokens is not None:
            if len(start_tokens) != n or any(type(t) is not int or t < 0 for t in start_tokens):
                raise ConfigError(f"start tokens must be {n} non-negative integers")
        self.start_tokens = list(start_tokens) if start_tokens is not None else [0] * n
        self.tokens = list(self.start_tokens)
        self.phase = SETUP
        #: True once the round has ended (and stays True after the game ends).
        self.round_over = False
        #: True once a player has reached the token goal.
        self.game_over = False
        self.game_winners: list[int] = []
        self.round_no = 0
        self.rounds: list[dict[str, Any]] = []  # record: firstPlayer, deck, decisions (text)
        self.next_first: int | None = None
        self._round_result: dict[str, Any] | None = None
        self._winners: list[int] = []
        self._awards: dict[int, int] = {}
        self._reset_round_state()

    # ------------------------------------------------------------------ round state
    def _reset_round_state(self) -> None:
        n = self.players
        self.deck: list[str] = []  # draw pile, TOP CARD LAST
        self.set_aside: str | None = None
        self.face_up: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.alive = [True] * n
        self.protected = [False] * n
        self.eliminated: list[int] = []
        self.mandate: int | None = None
        self.jester: tuple[int, int] | None = None  # (holder, owner)
        self.spies: set[int] = set()
        self.current = 0
        self.turn = 0
        self.last_draw: str | None = None
        self.pending: tuple = ()
        self._log: list[tuple] = []  # this round's events, some in compact form (see ``events``)
        self._events: list[Event] = []
        self.end_reason: str | None = None
        self._round_result = None
        self.round_over = False
        self._legal: Entry | None = None
        # Bit s set: seat s is in the round and unprotected. None: recompute (see _open_mask);
        # kept up to date by the engine; code that edits alive/protected directly resets it to None.
        self._open: int | None = (1 << n) - 1

    def _open_mask(self) -> int:
        """Seats in the round and unprotected, as a bit mask (cached; reset when either changes)."""
        mask = 0
        alive, prot = self.alive, self.protected
        for s in range(self.players):
            if alive[s] and not prot[s]:
                mask |= 1 << s
        self._open = mask
        return mask

    def refresh(self) -> None:
        """Forget what the engine derived from the round state.

        Call it after editing round-state attributes (hands, deck, alive, protected, mandate...)
        directly, as search code does when it builds a determinized copy of a position.
        """
        self._legal = None
        self._open = None

    @property
    def events(self) -> list[Event]:
        """This round's events, oldest first (read-only; built lazily from the internal log)."""
        log, events = self._log, self._events
        for raw in log[len(events):]:
            kind = raw[0]
            if kind in COMPACT:
                events.append(COMPACT[kind](raw))
            elif raw is _ROUND_END:
                events.append(Event("round_end", {**(self.round_result or {}), "tokens": list(self.tokens)}))
            elif kind is _PLAY:  # compact form: [_PLAY, seat, decision, mandate, result]
                _, seat, d, mandate, result = raw
                events.append(Event("play", {"seat": seat, "card": d[0], "targets": list(d[1]), "guess": d[2],
                                             "mandate": mandate, "result": result}))
            else:
                events.append(Event._make(raw))
        return events

    def _shuffled_deck(self) -> list[str]:
        """A uniformly shuffled deck (Fisher-Yates on the game's own generator)."""
        order = list(self._deck_template)
        rand = self.rng.random
        for i in range(len(order) - 1, 0, -1):
            j = int(rand() * (i + 1))
            order[i], order[j] = order[j], order[i]
        return order

    def start_round(self, deck: Sequence[str] | None = None, first_player: int | None = None) -> None:
        """Shuffle (or take ``deck``, top card first), set aside, deal, and start the first turn."""
        if self.phase != SETUP and self.phase != ROUND_OVER:
            raise IllegalDecision("game_over" if self.phase == GAME_OVER else "invalid_choice",
                                  "a round can only start before the game or after a round")
        n = self.players
        given = first_player is not None
        if first_player is None:
            if self.next_first is not None:
                first_player = self.next_first
            elif self.options["firstRoundStarter"] == "random":
                first_player = self.rng.randrange(n)
            else:
                first_player = self.options["firstRoundStarter"]
        elif type(first_player) is not int or not 0 <= first_player < n:
            raise ConfigError(f"first player must be a seat 0-{n - 1}, not {first_player!r}")
        shuffled = deck is None
        if deck is None:
            order = self._shuffled_deck()
        else:
            order = list(deck)
            self.check_deck(order)
        self._reset_round_state()
        self.round_no += 1
        self._decisions = []
        self.rounds.append({"firstPlayer": first_player, "firstPlayerGiven": given, "shuffled": shuffled,
                            "deck": order, "decisions": self._decisions})
        self.set_aside = order[0]
        k = 1 + self.face_up_count
        self.face_up = order[1:k]
        log = self._log
        log.append(("round_start", {"round": self.round_no, "firstPlayer": first_player,
                                    "faceUp": order[1:k], "deckSize": len(order) - k - n,
                                    "tokens": list(self.tokens)}, None, ()))
        hands = self.hands
        for seat in range(n):
            card = order[k + seat]
            hands[seat].append(card)
            log.append((DEAL, seat, card))
        rest = order[k + n:]
        rest.reverse()
        self.deck = rest
        self._start_turn(first_player)

    def check_deck(self, order: Sequence[str]) -> None:
        """Raise :class:`ConfigError` unless ``order`` is exactly this game's deck composition."""
        want = self.deck_spec.counts
        got: dict[str, int] = {}
        for c in order:
            if c not in want:
                raise ConfigError(f"card {c!r} is not in the {self.edition.name} deck for {self.players} players")
            got[c] = got.get(c, 0) + 1
        if got != want:
            diff = {c: got.get(c, 0) - k for c, k in want.items() if got.get(c, 0) != k}
            raise ConfigError(f"deck does not have the edition's composition (extra/missing: {diff})")

    # ------------------------------------------------------------------ asking
    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None between rounds / after the game."""
        phase = self.phase
        if phase == PLAY or phase == CHANCELLOR or phase == CARDINAL:
            return self.current
        if phase == BISHOP:
            return self.pending[1]
        return None

    def choosable(self, me: int) -> tuple[int, ...]:
        """Other seats that ``me`` may choose now: in the round and not protected."""
        alive, prot = self.alive, self.protected
        return tuple(s for s in range(self.players) if s != me and alive[s] and not prot[s])

    def _legal_entry(self) -> Entry:
        entry = self._legal
        if entry is None:
            phase = self.phase
            if phase == PLAY:
                me = self.current
                hand = self.hands[me]
                # The legal plays depend only on these facts; the cache is shared by similar games.
                opened = self._open
                if opened is None:
                    opened = self._open_mask()
                key = (hand[0], hand[1], me, self.mandate, opened)
                entry = self._play_cache.get(key)
                if entry is None:
                    # Derived from the key itself, so a cached entry always matches its key.
                    choosable = tuple(s for s in range(self.players) if s != me and opened >> s & 1)
                    entry = legal_plays(hand, me, choosable, self.guesses, self.mandate, self.ignore_mandate)
                    if len(self._play_cache) < 100_000:
                        self._play_cache[key] = entry
            else:
                if phase == CHANCELLOR:
                    items: list[Decision] = list(chancellor_choices(self.hands[self.current]))
                elif phase == BISHOP:
                    items = list(BISHOP_CHOICES)
                elif phase == CARDINAL:
                    items = list(cardinal_looks(self.pending[1]))
                else:
                    items = []
                entry = make_entry(items)
            self._legal = entry
        return entry

    def legal_decisions(self) -> tuple[Decision, ...]:
        """Every decision that :meth:`apply` accepts now (empty when nobody is to decide)."""
        entry = self._legal
        return (entry or self._legal_entry())[0]

    def is_legal(self, decision: Decision) -> bool:
        return decision in self._legal_entry()[1]

    # ------------------------------------------------------------------ applying
    def apply(self, decision: Decision, seat: int | None = None) -> None:
        """Apply one decision of the seat to move. Illegal decisions raise and change nothing."""
        entry = self._legal or self._legal_entry()
        if decision not in entry[1]:
            raise self._diagnose(decision, seat)
        if seat is not None and seat != self.to_move:
            raise IllegalDecision("not_your_turn", f"seat {self.to_move} must decide, not seat {seat}")
        self._decisions.append(decision)
        self._legal = None
        phase = self.phase
        if phase == PLAY:
            # Play the card (inlined: this is the engine's hot path).
            p = self.current
            card = decision[0]
            self.hands[p].remove(card)
            self.discards[p].append(card)
            raw = [_PLAY, p, decision, self.mandate, None]
            self.mandate = None
            self._log.append(raw)
            if card == "spy":
                self.spies.add(p)
            raw[4] = _EFFECTS[card](self, p, decision)
        elif phase == CHANCELLOR:
            effects.chancellor_return(self, decision)  # type: ignore[arg-type]
        elif phase == BISHOP:
            effects.bishop_choice(self, decision)  # type: ignore[arg-type]
        else:
            effects.cardinal_look(self, decision)  # type: ignore[arg-type]
        if self.phase != PLAY:  # a follow-up decision is pending, or the game is over
            return
        # End of turn (RULES.md 2.9), inlined: this is the engine's hot path.
        alive = self.alive
        if alive.count(True) <= 1:
            self._end_round("lastStanding")
            return
        deck = self.deck
        if not deck:
            self._end_round("deckEmpty")
            return
        n = self.players
        seat = self.current + 1
        if seat == n:
            seat = 0
        while not alive[seat]:
            seat = seat + 1 if seat + 1 < n else 0
        if self.pause_between_turns:
            self.current = seat
            self.phase = TURN_END
            return
        self._start_turn(seat)

    def _diagnose(self, decision: Any, seat: int | None) -> IllegalDecision:
        phase = self.phase
        if phase in (SETUP, ROUND_OVER):
            return IllegalDecision("round_over", "no round is being played; start the next round")
        if phase == GAME_OVER:
            return IllegalDecision("game_over", "the game is over")
        if seat is not None and seat != self.to_move:
            return IllegalDecision("not_your_turn", f"seat {self.to_move} must decide, not seat {seat}")
        if phase == TURN_END:
            return IllegalDecision("invalid_choice", "the next turn has not begun")
        kinds = {PLAY: Play, CHANCELLOR: ChancellorChoice, BISHOP: BishopChoice, CARDINAL: CardinalLook}
        if not isinstance(decision, kinds[phase]):
            kind = getattr(decision, "kind", type(decision).__name__)
            return IllegalDecision("wrong_decision_kind", f"a {phase} decision is expected now, not {kind!r}")
        if phase == PLAY:
            me = self.current
            return diagnose_play(decision, self.hands[me], me, self.players, self.alive, self.protected,
                                 self.guesses, self.mandate, self.legal_decisions())
        if phase == CHANCELLOR:
            return IllegalDecision("invalid_chancellor_choice",
                                   "keep one card of your hand and put all the others on the bottom")
        return IllegalDecision("invalid_choice", f"{decision.text()} is not a legal choice now")

    # ------------------------------------------------------------------ turn flow
    def _start_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: its protection ends, it draws, and its plays are looked up."""
        self.current = seat
        protected = self.protected
        if protected[seat]:
            protected[seat] = False
            if self._open is not None:
                self._open |= 1 << seat
        card = self.deck.pop()
        hand = self.hands[seat]
        hand.append(card)
        self.last_draw = card
        self.turn += 1
        self.phase = PLAY
        self.pending = ()
        self._log.append((TURN_DRAW, seat, card))
        opened = self._open
        if opened is None:
            opened = self._open_mask()
        # A cache hit here spares legal_decisions() the work; a miss is computed on demand.
        self._legal = self._play_cache.get((hand[0], hand[1], seat, self.mandate, opened))

    def begin_turn(self) -> None:
        """Start the next turn (protection ends, the player draws) when paused between turns."""
        if self.phase != TURN_END:
            raise IllegalDecision("invalid_choice", "no turn is waiting to begin")
        self._legal = None
        self._start_turn(self.current)

    # ------------------------------------------------------------------ effects' helpers
    def gain_token(self, seat: int, reason: str) -> None:
        """A token gained mid-turn (Bishop, Constable): the game may end at once (RULES.md 2.11).

        When the goal is reached the phase becomes ``game_over``; effects check it and stop.
        """
        self.tokens[seat] += 1
        self._log.append(("token", {"seat": seat, "reason": reason, "tokens": list(self.tokens)}, None, ()))
        if self.tokens[seat] >= self.goal:
            self.end_reason = "gameWonImmediately"
            self.phase = GAME_OVER
            self.round_over = self.game_over = True
            self.pending = ()
            self.game_winners = [seat]
            self._winners, self._awards, self.next_first = [], {}, None
            self._log.append(("game_end", {"winners": [seat], "reason": "gameWonImmediately",
                                                  "tokens": list(self.tokens)}, None, ()))

    def knock_out(self, seat: int) -> None:
        """Knock ``seat`` out of the round (RULES.md 2.7)."""
        hand = self.hands[seat]
        pile = self.discards[seat]
        scores = self._constables and (
            "constable" in pile or (self.options["constableCountsHandCard"] and "constable" in hand)
        )
        log = self._log
        for card in hand:
            pile.append(card)
            log.append((OUT_DISCARD, seat, card))
        hand.clear()
        self.alive[seat] = False
        self.protected[seat] = False
        if self._open is not None:
            self._open &= ~(1 << seat)
        self.eliminated.append(seat)
        log.append((KNOCKOUT, seat))
        if scores:
            self.gain_token(seat, "constable")

    def forced_discard(self, seat: int) -> bool:
        """``seat`` discards its hand without effect; returns False if that knocked it out (Princess)."""
        card = self.hands[seat].pop()
        self.discards[seat].append(card)
        self._log.append((FORCED_DISCARD, seat, card))
        if card == "spy":
            self.spies.add(seat)
        if card == "princess":
            self.knock_out(seat)
            return False
        return True

    def replacement_draw(self, seat: int) -> None:
        """Draw the deck's top card, or the set-aside card when the deck is empty (RULES.md 2.8)."""
        if self.deck:
            card, source = self.deck.pop(), "deck"
        else:
            card, source = self.set_aside, "setAside"
            self.set_aside = None
            assert card is not None, "the set-aside card was already taken"
        self.hands[seat].append(card)
        self._log.append(("draw", {"seat": seat, "from": source, "reason": "replacement"},
                                 {"card": card}, (seat,)))

    def see(self, seat: int, target: int) -> None:
        """``seat`` privately looks at ``target``'s hand."""
        self._log.append((SEE, seat, target, self.hands[target][0]))

    def trade(self, a: int, b: int) -> None:
        ha, hb = self.hands[a], self.hands[b]
        self.hands[a], self.hands[b] = hb, ha
        self._log.append((RECEIVE, a, b, hb[0]))
        self._log.append((RECEIVE, b, a, ha[0]))

    # ------------------------------------------------------------------ round end
    def _end_round(self, reason: str) -> None:
        self.end_reason = reason
        self.round_over = True
        winners, awards = score_round(self, reason)
        tokens = self.tokens
        for seat, count in awards.items():
            tokens[seat] += count
        goal = self.goal
        reached = [s for s in range(self.players) if tokens[s] >= goal] if max(tokens) >= goal else []
        if reached:
            if self.options["simultaneousGoal"] == "mostTokens":
                top = max(tokens[s] for s in reached)
                reached = [s for s in reached if tokens[s] == top]
            self.game_winners = reached
            self.phase = GAME_OVER
            self.game_over = True
            self.next_first = None
        else:
            self.phase = ROUND_OVER
            self.next_first = next_first_player(self, winners)
        self._winners = winners
        self._awards = awards
        self._log.append(_ROUND_END)
        if reached:
            self._log.append(("game_end", {"winners": list(reached), "reason": "goal",
                                           "tokens": list(tokens)}, None, ()))

    @property
    def round_result(self) -> dict[str, Any] | None:
        """How the round ended: reason, winners, showdown table, awards, next first player.

        None while a round is being played. Built on demand from the final state of the round.
        """
        if self._round_result is None and self.round_over and self.end_reason is not None:
            reason = self.end_reason
            self._round_result = {
                "reason": reason,
                "winners": list(self._winners),
                "showdown": showdown(self) if reason == "deckEmpty" else None,
                "awards": dict(sorted(self._awards.items())),
                "nextFirstPlayer": self.next_first,
            }
        return self._round_result

    # ------------------------------------------------------------------ copies and records
    def copy(self) -> Game:
        """An independent copy of the whole state (for search and for trying a decision)."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.tokens = list(self.tokens)
        g.game_winners = list(self.game_winners)
        g.rounds = [dict(r, decisions=list(r["decisions"])) for r in self.rounds]
        g._decisions = g.rounds[-1]["decisions"] if g.rounds else []
        g.deck = list(self.deck)
        g.face_up = list(self.face_up)
        g.hands = [list(h) for h in self.hands]
        g.discards = [list(d) for d in self.discards]
        g.alive = list(self.alive)
        g.protected = list(self.protected)
        g.eliminated = list(self.eliminated)
        g.spies = set(self.spies)
        g._log = [list(e) if e[0] is _PLAY else e for e in self._log]
        g._events = list(self._events)
        return g

    def record(self) -> dict[str, Any]:
        from .record import make_record

        return make_record(self)

    def view(self, seat: int) -> Any:
        from .views import view

        return view(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {self.edition.name} {self.players}p round {self.round_no} phase {self.phase} "
                f"to_move {self.to_move} tokens {self.tokens}>")
