"""Turn flow: who is asked what, the legal decisions, applying one, and the turns (RULES.md 2.4-2.9).

:meth:`FlowMixin.legal_decisions` lists the legal decisions and :meth:`FlowMixin.apply` accepts
exactly those: the same objects, or values equal to one of them *and of exactly the same types*
(``prince@2.0`` or a plain tuple is not a decision). Anything else raises
:class:`~.errors.IllegalDecision` before the state changes at all.
"""

from __future__ import annotations

from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Decision
from .effects import EFFECTS, bishop_choice, cardinal_look, chancellor_return
from .errors import IllegalDecision
from .legal import (
    BISHOP_CHOICES,
    NO_DECISIONS,
    Entry,
    canonical,
    cardinal_looks,
    chancellor_choices,
    diagnose,
    legal_plays,
    make_entry,
)
from .round import RoundMixin
from .state import BISHOP, CARDINAL, CHANCELLOR, PLAY, TURN_END


class FlowMixin(RoundMixin):
    __slots__ = ()

    # ------------------------------------------------------------------ asking
    def choosable(self, me: int) -> tuple[int, ...]:
        """Other seats that ``me`` may choose now: in the round and not protected."""
        alive, prot = self._alive, self._protected
        return tuple(s for s in range(self._players) if s != me and alive[s] and not prot[s])

    def _legal_entry(self) -> Entry:
        entry = self._legal
        if entry is None:
            phase = self._phase
            if phase == PLAY:
                me = self._current
                hand = self._hands[me]
                # The legal plays depend only on these facts; the cache is shared by similar games.
                opened = self._open
                if opened is None:
                    opened = self._open_mask()
                key = (hand[0], hand[1], me, self._mandate, opened)
                entry = self._play_cache.get(key)
                if entry is None:
                    # Derived from the key itself, so a cached entry always matches its key.
                    choosable = tuple(s for s in range(self._players) if s != me and opened >> s & 1)
                    entry = legal_plays(hand, me, choosable, self._guesses, self._mandate, self._ignore_mandate)
                    if len(self._play_cache) < 100_000:
                        self._play_cache[key] = entry
            elif phase == CHANCELLOR:
                entry = make_entry(chancellor_choices(self._hands[self._current]))
            elif phase == BISHOP:
                entry = make_entry(BISHOP_CHOICES)
            elif phase == CARDINAL:
                entry = make_entry(cardinal_looks(self._pending[1]))
            else:
                entry = NO_DECISIONS
            self._legal = entry
        return entry

    def legal_decisions(self) -> tuple[Decision, ...]:
        """Every decision that :meth:`apply` accepts now (empty when nobody is to decide)."""
        entry = self._legal
        return (entry or self._legal_entry())[0]

    def is_legal(self, decision: object) -> bool:
        return canonical(decision, self._legal or self._legal_entry()) is not None

    def check(self, decision: object, seat: int | None = None) -> IllegalDecision | None:
        """Why ``decision`` by ``seat`` would be refused now, or None if :meth:`apply` would accept it."""
        entry = self._legal or self._legal_entry()
        if canonical(decision, entry) is None:
            return self._diagnose(decision, seat)
        if seat is not None and seat != self.to_move:
            return IllegalDecision("not_your_turn", f"seat {self.to_move} must decide, not seat {seat}",
                                   {"seat": self.to_move})
        return None

    def resolve(self, decision: object, seat: int | None = None) -> Decision:
        """The listed legal decision that ``decision`` is exactly, or :class:`IllegalDecision` (nothing changes)."""
        found = canonical(decision, self._legal or self._legal_entry())
        if found is None:
            raise self._diagnose(decision, seat)
        if seat is not None and seat != self.to_move:
            raise IllegalDecision("not_your_turn", f"seat {self.to_move} must decide, not seat {seat}",
                                  {"seat": self.to_move})
        return found

    def _diagnose(self, decision: object, seat: int | None) -> IllegalDecision:
        to_move = self.to_move
        hand = self._hands[to_move] if to_move is not None else []
        return diagnose(decision, self._phase, to_move, seat, hand, self._players, self._alive, self._protected,
                        self._guesses, self._mandate, self.legal_decisions())

    # ------------------------------------------------------------------ applying
    def apply(self, decision: Decision, seat: int | None = None) -> None:
        """Apply one decision of the seat to move (``seat``, if given, must be it).

        Illegal decisions raise :class:`IllegalDecision` and change nothing.
        """
        entry = self._legal or self._legal_entry()
        if id(decision) not in entry[1]:  # not one of the listed objects: it must be an exact equal of one
            found = canonical(decision, entry)
            if found is None:
                raise self._diagnose(decision, seat)
            decision = found
        if seat is not None and seat != self.to_move:
            raise IllegalDecision("not_your_turn", f"seat {self.to_move} must decide, not seat {seat}",
                                  {"seat": self.to_move})
        self._decisions.append(decision)
        self._legal = None
        phase = self._phase
        if phase == "play":
            # Play the card (inlined: this is the engine's hot path).
            p = self._current
            card: str = decision[0]  # type: ignore[assignment]
            self._hands[p].remove(card)
            self._discards[p].append(card)
            raw = ["play", p, decision, self._mandate, None]  # a PLAY_ENTRY
            self._mandate = None
            self._log.append(raw)
            if card == "spy":
                self._spies.add(p)
            raw[4] = EFFECTS[card](self, p, decision)  # type: ignore[arg-type]  # a Play in this phase
        elif phase == "chancellor":
            chancellor_return(self, decision)  # type: ignore[arg-type]
        elif phase == "bishop":
            bishop_choice(self, decision)  # type: ignore[arg-type]
        else:
            cardinal_look(self, decision)  # type: ignore[arg-type]
        if self._phase != "play":  # a follow-up decision is pending, or the game is over
            return
        # End of turn (RULES.md 2.9), inlined: this is the engine's hot path.
        alive = self._alive
        if alive.count(True) <= 1:
            self._end_round("lastStanding")
            return
        if not self._deck:
            self._end_round("deckEmpty")
            return
        n = self._players
        seat = self._current + 1
        if seat == n:
            seat = 0
        while not alive[seat]:
            seat = seat + 1 if seat + 1 < n else 0
        if self._pause:
            self._current = seat
            self._phase = TURN_END
            return
        # The next turn starts: _start_turn, inlined (the hot path; tests play both paths).
        self._current = seat
        protected = self._protected
        if protected[seat]:
            protected[seat] = False
            if self._open is not None:
                self._open |= 1 << seat
        card = self._deck.pop()
        hand = self._hands[seat]
        hand.append(card)
        self._last_draw = card
        self._turn += 1
        self._pending = ()
        self._log.append(("turn_draw", seat, card))
        opened = self._open
        if opened is None:
            opened = self._open_mask()
        self._legal = self._play_cache.get((hand[0], hand[1], seat, self._mandate, opened))

    # ------------------------------------------------------------------ turns
    def _start_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: its protection ends, it draws, and its plays are looked up."""
        self._current = seat
        protected = self._protected
        if protected[seat]:
            protected[seat] = False
            if self._open is not None:
                self._open |= 1 << seat
        card = self._deck.pop()
        hand = self._hands[seat]
        hand.append(card)
        self._last_draw = card
        self._turn += 1
        self._phase = "play"
        self._pending = ()
        self._log.append(("turn_draw", seat, card))  # TURN_DRAW
        opened = self._open
        if opened is None:
            opened = self._open_mask()
        # A cache hit here spares legal_decisions() the work; a miss is computed on demand.
        self._legal = self._play_cache.get((hand[0], hand[1], seat, self._mandate, opened))

    def begin_turn(self) -> None:
        """Start the next turn (protection ends, the player draws) when paused between turns."""
        if self._phase != TURN_END:
            raise IllegalDecision("invalid_choice", "no turn is waiting to begin")
        self._legal = None
        self._start_turn(self._current)


__all__ = ["BishopChoice", "CardinalLook", "ChancellorChoice", "FlowMixin"]
