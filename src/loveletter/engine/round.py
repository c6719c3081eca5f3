"""One round: its state, the narrow interface card effects act through, and its end (RULES.md 2.7-2.12).

Card effects (:mod:`.effects`) read hands and values and change the round only through the
methods here: knock out, forced discard, replacement draw, see, trade, compare, protect, mandate,
Jester token, Chancellor draw and return, reveal, gain a token, ask a follow-up question. Each
method keeps the log and the engine's derived caches (legal plays, the open-seat mask) right.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .events import COMPARE, DEAL, FORCED_DISCARD, KNOCKOUT, OUT_DISCARD, RECEIVE, SEE, freeze
from .legal import NO_DECISIONS
from .log import ROUND_END_ENTRY, LogMixin
from .scoring import next_first_player, score_round, showdown
from .state import GAME_OVER, PLAY, ROUND_OVER


class RoundMixin(LogMixin):
    __slots__ = ()

    # ------------------------------------------------------------------ state
    def _reset_round_state(self) -> None:
        n = self._players
        self._deck = []  # draw pile, TOP CARD LAST
        self._set_aside = None
        self._face_up = []
        self._hands = [[] for _ in range(n)]
        self._discards = [[] for _ in range(n)]
        self._alive = [True] * n
        self._protected = [False] * n
        self._eliminated = []
        self._mandate = None
        self._jester = None  # (holder, owner)
        self._spies = set()
        self._current = 0
        self._turn = 0
        self._last_draw = None
        self._pending = ()
        self._log = []  # this round's events, some in compact form (see ``events``)
        self._events = []
        self._redacted = {}
        self._end_reason = None
        self._round_result = None
        self._round_over = False
        self._winners = []
        self._awards = {}
        self._legal = None
        # Bit s set: seat s is in the round and unprotected; None: recompute (see _open_mask).
        self._open = (1 << n) - 1

    def _open_mask(self) -> int:
        """Seats in the round and unprotected, as a bit mask (cached; reset when either changes)."""
        mask = 0
        alive, prot = self._alive, self._protected
        for s in range(self._players):
            if alive[s] and not prot[s]:
                mask |= 1 << s
        self._open = mask
        return mask

    def _deal(self, order: list[str], first_player: int) -> None:
        """Set aside, lay out the face-up cards, deal one card each (RULES.md 2.2)."""
        n = self._players
        self._set_aside = order[0]
        k = 1 + self._face_up_count
        self._face_up = order[1:k]
        log = self._log
        log.append(("round_start", {"round": self._round_no, "firstPlayer": first_player, "faceUp": order[1:k],
                                    "deckSize": len(order) - k - n, "tokens": list(self._tokens)}, None, ()))
        hands = self._hands
        for seat in range(n):
            card = order[k + seat]
            hands[seat].append(card)
            log.append((DEAL, seat, card))
        rest = order[k + n:]
        rest.reverse()
        self._deck = rest

    # ------------------------------------------------------------------ what effects read
    def hand_card(self, seat: int) -> str:
        """The single card of a seat that is not deciding."""
        return self._hands[seat][0]

    @property
    def game_ended(self) -> bool:
        """True once the game ended (a token in the middle of an effect can end it at once)."""
        return self._game_over

    # ------------------------------------------------------------------ what effects do
    def protect(self, seat: int) -> None:
        self._protected[seat] = True
        if self._open is not None:
            self._open &= ~(1 << seat)

    def set_mandate(self, seat: int) -> None:
        self._mandate = seat

    def give_jester(self, holder: int, owner: int) -> None:
        self._jester = (holder, owner)

    def ask(self, phase: str, pending: tuple[Any, ...]) -> None:
        """Stop the turn for a follow-up decision (Chancellor, Bishop target, Cardinal look)."""
        self._phase = phase
        self._pending = pending

    def resume(self) -> None:
        """The follow-up decision is made: the turn goes on to its end."""
        self._phase = PLAY
        self._pending = ()

    def gain_token(self, seat: int, reason: str) -> None:
        """A token gained mid-turn (Bishop, Constable): the game may end at once (RULES.md 2.11)."""
        self._tokens[seat] += 1
        self._note("token", {"seat": seat, "reason": reason, "tokens": list(self._tokens)})
        if self._tokens[seat] >= self._goal:
            self._end_reason = "gameWonImmediately"
            self._phase = GAME_OVER
            self._round_over = self._game_over = True
            self._pending = ()
            self._game_winners = [seat]
            self._winners, self._awards, self._next_first = [], {}, None
            self._legal = NO_DECISIONS
            self._note("game_end", {"winners": [seat], "reason": "gameWonImmediately", "tokens": list(self._tokens)})

    def knock_out(self, seat: int) -> None:
        """Knock ``seat`` out of the round (RULES.md 2.7)."""
        hand = self._hands[seat]
        pile = self._discards[seat]
        scores = self._constables and (
            "constable" in pile or (self._options["constableCountsHandCard"] and "constable" in hand)
        )
        log = self._log
        for card in hand:
            pile.append(card)
            log.append((OUT_DISCARD, seat, card))
        hand.clear()
        self._alive[seat] = False
        self._protected[seat] = False
        if self._open is not None:
            self._open &= ~(1 << seat)
        self._eliminated.append(seat)
        log.append((KNOCKOUT, seat))
        if scores:
            self.gain_token(seat, "constable")

    def forced_discard(self, seat: int) -> bool:
        """``seat`` discards its hand without effect; returns False if that knocked it out (Princess)."""
        card = self._hands[seat].pop()
        self._discards[seat].append(card)
        self._log.append((FORCED_DISCARD, seat, card))
        if card == "spy":
            self._spies.add(seat)
        if card == "princess":
            self.knock_out(seat)
            return False
        return True

    def replacement_draw(self, seat: int) -> None:
        """Draw the deck's top card, or the set-aside card when the deck is empty (RULES.md 2.8)."""
        if self._deck:
            card, source = self._deck.pop(), "deck"
        else:
            taken, source = self._set_aside, "setAside"
            self._set_aside = None
            if taken is None:  # pragma: no cover - impossible by the rules (at most once per round)
                raise AssertionError("the set-aside card was already taken")
            card = taken
        self._hands[seat].append(card)
        self._log.append(("draw", {"seat": seat, "from": source, "reason": "replacement"}, {"card": card}, (seat,)))

    def see(self, seat: int, target: int) -> None:
        """``seat`` privately looks at ``target``'s hand."""
        self._log.append((SEE, seat, target, self._hands[target][0]))

    def compared(self, seat: int, target: int, result: str | int) -> None:
        """Log a Baron / Dowager Queen comparison (``"tie"`` or the loser's seat)."""
        self._log.append((COMPARE, seat, target, result))

    def trade(self, a: int, b: int) -> None:
        ha, hb = self._hands[a], self._hands[b]
        self._hands[a], self._hands[b] = hb, ha
        self._log.append((RECEIVE, a, b, hb[0]))
        self._log.append((RECEIVE, b, a, ha[0]))

    def reveal(self, seat: int) -> None:
        """``seat`` shows its card to everyone (the Assassin reaction)."""
        self._note("reveal", {"seat": seat, "card": self._hands[seat][0]})

    def chancellor_draw(self, seat: int, count: int) -> list[str]:
        drawn = [self._deck.pop() for _ in range(count)]
        self._hands[seat].extend(drawn)
        self._note("chancellor_draw", {"seat": seat, "count": count}, {"cards": list(drawn)}, (seat,))
        return drawn

    def chancellor_return(self, seat: int, keep: str, bottom: tuple[str, ...]) -> None:
        self._hands[seat] = [keep]
        for card in bottom:
            self._deck.insert(0, card)
        self._note("chancellor_return", {"seat": seat, "count": len(bottom)},
                   {"keep": keep, "bottom": list(bottom)}, (seat,))

    def bishop_choice_made(self, target: int, discard: bool) -> None:
        self._note("bishop_choice", {"seat": target, "discard": discard})

    # ------------------------------------------------------------------ round end
    def _end_round(self, reason: str) -> None:
        self._end_reason = reason
        self._round_over = True
        self._legal = NO_DECISIONS
        winners, awards = score_round(self, reason)
        tokens = self._tokens
        for seat, count in awards.items():
            tokens[seat] += count
        goal = self._goal
        reached = [s for s in range(self._players) if tokens[s] >= goal] if max(tokens) >= goal else []
        if reached:
            if self._options["simultaneousGoal"] == "mostTokens":
                top = max(tokens[s] for s in reached)
                reached = [s for s in reached if tokens[s] == top]
            self._game_winners = reached
            self._phase = GAME_OVER
            self._game_over = True
            self._next_first = None
        else:
            self._phase = ROUND_OVER
            self._next_first = next_first_player(self, winners)
        self._winners = winners
        self._awards = awards
        self._log.append(ROUND_END_ENTRY)
        if reached:
            self._note("game_end", {"winners": list(reached), "reason": "goal", "tokens": list(tokens)})

    @property
    def round_result(self) -> Mapping[str, Any] | None:
        """How the round ended: reason, winners, showdown table, awards, next first player (read-only).

        None while a round is being played. Built on demand from the final state of the round.
        """
        if self._round_result is None and self._round_over and self._end_reason is not None:
            reason = self._end_reason
            self._round_result = freeze({
                "reason": reason,
                "winners": list(self._winners),
                "showdown": showdown(self) if reason == "deckEmpty" else None,
                "awards": dict(sorted(self._awards.items())),
                "nextFirstPlayer": self._next_first,
            })
        return self._round_result
