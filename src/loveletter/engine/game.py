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
from .events import Event
from .legal import BISHOP_CHOICES, cardinal_looks, chancellor_choices, diagnose_play, legal_plays
from .options import resolve_options

# Phases: who is asked what.
SETUP = "setup"  # no round dealt yet
PLAY = "play"  # the active player chooses a card
CHANCELLOR = "chancellor"  # the active player keeps one card and returns the others
BISHOP = "bishop"  # the Bishop's target keeps or discards
CARDINAL = "cardinal"  # the Cardinal player looks at one of the traded hands
TURN_END = "turn_end"  # only with pause_between_turns: the next turn has not started yet
ROUND_OVER = "round_over"
GAME_OVER = "game_over"


class Game:
    """A whole game of Love Letter: rounds until someone reaches the token goal."""

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
        self.game_winners: list[int] = []
        self.round_no = 0
        self.rounds: list[dict[str, Any]] = []  # record: firstPlayer, deck, decisions (text)
        self.next_first: int | None = None
        self.round_result: dict[str, Any] | None = None
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
        self.events: list[Event] = []
        self.end_reason: str | None = None
        self.round_result = None
        self._legal: tuple[tuple[Decision, ...], frozenset[Decision]] | None = None

    def start_round(self, deck: Sequence[str] | None = None, first_player: int | None = None) -> None:
        """Shuffle (or take ``deck``, top card first), set aside, deal, and start the first turn."""
        if self.phase not in (SETUP, ROUND_OVER):
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
            order = self.deck_spec.cards()
            self.rng.shuffle(order)
        else:
            order = list(deck)
            self.check_deck(order)
        self._reset_round_state()
        self.round_no += 1
        self.rounds.append({"firstPlayer": first_player, "firstPlayerGiven": given, "shuffled": shuffled,
                            "deck": list(order), "decisions": []})
        self.set_aside = order[0]
        k = 1 + self.face_up_count
        self.face_up = order[1:k]
        for seat in range(n):
            self.hands[seat].append(order[k + seat])
        rest = order[k + n:]
        rest.reverse()
        self.deck = rest
        self.events.append(Event("round_start", {
            "round": self.round_no, "firstPlayer": first_player, "faceUp": list(self.face_up),
            "deckSize": len(rest), "tokens": list(self.tokens),
        }))
        for seat in range(n):
            self.events.append(Event(
                "draw", {"seat": seat, "from": "deck", "reason": "deal"}, {"card": self.hands[seat][0]}, (seat,)
            ))
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

    @property
    def round_over(self) -> bool:
        return self.phase == ROUND_OVER or self.phase == GAME_OVER

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    def choosable(self, me: int) -> tuple[int, ...]:
        """Other seats that ``me`` may choose now: in the round and not protected."""
        alive, prot = self.alive, self.protected
        return tuple(s for s in range(self.players) if s != me and alive[s] and not prot[s])

    def _legal_entry(self) -> tuple[tuple[Decision, ...], frozenset[Decision]]:
        entry = self._legal
        if entry is None:
            phase = self.phase
            if phase == PLAY:
                me = self.current
                entry = legal_plays(self.hands[me], me, self.choosable(me), self.guesses,
                                    self.mandate, self.ignore_mandate)
            else:
                if phase == CHANCELLOR:
                    items: list[Decision] = list(chancellor_choices(self.hands[self.current]))
                elif phase == BISHOP:
                    items = list(BISHOP_CHOICES)
                elif phase == CARDINAL:
                    items = list(cardinal_looks(self.pending[1]))
                else:
                    items = []
                entry = (tuple(items), frozenset(items))
            self._legal = entry
        return entry

    def legal_decisions(self) -> tuple[Decision, ...]:
        """Every decision that :meth:`apply` accepts now (empty when nobody is to decide)."""
        return self._legal_entry()[0]

    def is_legal(self, decision: Decision) -> bool:
        return decision in self._legal_entry()[1]

    # ------------------------------------------------------------------ applying
    def apply(self, decision: Decision, seat: int | None = None) -> None:
        """Apply one decision of the seat to move. Illegal decisions raise and change nothing."""
        legal = self._legal_entry()[1]
        if decision not in legal:
            raise self._diagnose(decision, seat)
        if seat is not None and seat != self.to_move:
            raise IllegalDecision("not_your_turn", f"seat {self.to_move} must decide, not seat {seat}")
        self.rounds[-1]["decisions"].append(decision)
        self._legal = None
        phase = self.phase
        if phase == PLAY:
            self._play(decision)  # type: ignore[arg-type]
        elif phase == CHANCELLOR:
            effects.chancellor_return(self, decision)  # type: ignore[arg-type]
        elif phase == BISHOP:
            effects.bishop_choice(self, decision)  # type: ignore[arg-type]
        else:
            effects.cardinal_look(self, decision)  # type: ignore[arg-type]
        if self.phase == PLAY:  # no follow-up decision pending (and the game goes on): turn over
            self._end_turn()

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

    def _play(self, d: Play) -> None:
        p = self.current
        card = d.card
        self.hands[p].remove(card)
        self.discards[p].append(card)
        mandate, self.mandate = self.mandate, None
        event = Event("play", {"seat": p, "card": card, "targets": list(d.targets), "guess": d.guess,
                               "mandate": mandate, "result": None})
        self.events.append(event)
        if card == "spy":
            self.spies.add(p)
        event.public["result"] = effects.EFFECTS[card](self, p, d)

    # ------------------------------------------------------------------ turn flow
    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.protected[seat] = False
        card = self.deck.pop()
        self.hands[seat].append(card)
        self.last_draw = card
        self.turn += 1
        self.phase = PLAY
        self.pending = ()
        self.events.append(Event("draw", {"seat": seat, "from": "deck", "reason": "turn"}, {"card": card}, (seat,)))

    def _end_turn(self) -> None:
        self.pending = ()
        alive = self.alive
        if alive.count(True) <= 1:
            self._end_round("lastStanding")
        elif not self.deck:
            self._end_round("deckEmpty")
        else:
            n = self.players
            seat = (self.current + 1) % n
            while not alive[seat]:
                seat = (seat + 1) % n
            if self.pause_between_turns:
                self.current = seat
                self.phase = TURN_END
            else:
                self._start_turn(seat)

    def begin_turn(self) -> None:
        """Start the next turn (protection ends, the player draws) when paused between turns."""
        if self.phase != TURN_END:
            raise IllegalDecision("invalid_choice", "no turn is waiting to begin")
        self._legal = None
        self._start_turn(self.current)

    # ------------------------------------------------------------------ effects' helpers
    def value(self, card: str) -> int:
        return self.values[card]

    def gain_token(self, seat: int, reason: str) -> None:
        """A token gained mid-turn (Bishop, Constable): the game may end at once (RULES.md 2.11).

        When the goal is reached the phase becomes ``game_over``; effects check it and stop.
        """
        self.tokens[seat] += 1
        self.events.append(Event("token", {"seat": seat, "reason": reason, "tokens": list(self.tokens)}))
        if self.tokens[seat] >= self.goal:
            self.end_reason = "gameWonImmediately"
            self.phase = GAME_OVER
            self.pending = ()
            self.game_winners = [seat]
            self.round_result = {
                "reason": "gameWonImmediately", "winners": [], "showdown": None, "awards": {},
                "nextFirstPlayer": None,
            }
            self.events.append(Event("game_end", {"winners": [seat], "reason": "gameWonImmediately",
                                                  "tokens": list(self.tokens)}))

    def knock_out(self, seat: int) -> None:
        """Knock ``seat`` out of the round (RULES.md 2.7)."""
        hand = self.hands[seat]
        scores = "constable" in self.discards[seat] or (
            self.options["constableCountsHandCard"] and "constable" in hand
        )
        for card in hand:
            self.discards[seat].append(card)
            self.events.append(Event("discard", {"seat": seat, "card": card, "how": "knockedOutDiscard"}))
        hand.clear()
        self.alive[seat] = False
        self.protected[seat] = False
        self.eliminated.append(seat)
        self.events.append(Event("knockout", {"seat": seat}))
        if scores:
            self.gain_token(seat, "constable")

    def forced_discard(self, seat: int) -> bool:
        """``seat`` discards its hand without effect; returns False if that knocked it out (Princess)."""
        card = self.hands[seat].pop()
        self.discards[seat].append(card)
        self.events.append(Event("discard", {"seat": seat, "card": card, "how": "forcedDiscard"}))
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
        self.events.append(Event("draw", {"seat": seat, "from": source, "reason": "replacement"},
                                 {"card": card}, (seat,)))

    def see(self, seat: int, target: int) -> None:
        """``seat`` privately looks at ``target``'s hand."""
        self.events.append(Event("see", {"seat": seat, "target": target},
                                 {"card": self.hands[target][0]}, (seat,)))

    def trade(self, a: int, b: int) -> None:
        ha, hb = self.hands[a], self.hands[b]
        self.hands[a], self.hands[b] = hb, ha
        self.events.append(Event("receive", {"seat": a, "from": b}, {"card": hb[0]}, (a,)))
        self.events.append(Event("receive", {"seat": b, "from": a}, {"card": ha[0]}, (b,)))

    # ------------------------------------------------------------------ round end
    def _end_round(self, reason: str) -> None:
        from .scoring import score_round  # local: scoring imports Game for typing only

        self.end_reason = reason
        result = score_round(self, reason)
        self.round_result = result
        for seat, count in result["awards"].items():
            self.tokens[seat] += count
        reached = [s for s in range(self.players) if self.tokens[s] >= self.goal]
        if reached:
            if self.options["simultaneousGoal"] == "mostTokens":
                top = max(self.tokens[s] for s in reached)
                reached = [s for s in reached if self.tokens[s] == top]
            self.game_winners = reached
            self.phase = GAME_OVER
            result["nextFirstPlayer"] = None
        else:
            self.phase = ROUND_OVER
            self.next_first = result["nextFirstPlayer"]
        self.events.append(Event("round_end", {**result, "tokens": list(self.tokens)}))
        if reached:
            self.events.append(Event("game_end", {"winners": list(reached), "reason": "goal",
                                                  "tokens": list(self.tokens)}))

    # ------------------------------------------------------------------ copies and records
    def copy(self) -> Game:
        """An independent copy of the whole state (for search and for trying a decision)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.tokens = list(self.tokens)
        g.game_winners = list(self.game_winners)
        g.rounds = [dict(r, decisions=list(r["decisions"])) for r in self.rounds]
        g.deck = list(self.deck)
        g.face_up = list(self.face_up)
        g.hands = [list(h) for h in self.hands]
        g.discards = [list(d) for d in self.discards]
        g.alive = list(self.alive)
        g.protected = list(self.protected)
        g.eliminated = list(self.eliminated)
        g.spies = set(self.spies)
        g.events = list(self.events)
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
