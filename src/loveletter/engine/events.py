"""Events: what happened, and who may see which part of it.

Every event has a public part (seen by everyone) and an optional private part, seen only by the
seats in ``to``. :meth:`Event.for_seat` is the one redaction function: a view, a client or a log
for seat S only ever contains ``event.for_seat(S)``.

Kinds and their fields (public / private):

* ``round_start``: round, firstPlayer, faceUp, deckSize, players
* ``draw``: seat, from ("deck" | "setAside"), reason ("deal" | "turn" | "replacement") / card
* ``play``: seat, card, targets, guess, result (set when the card has resolved)
* ``discard``: seat, card, how ("forcedDiscard" | "knockedOutDiscard" | "revealed")
* ``see``: seat, target / card -- seat saw target's hand (Priest, Baron, Baroness, Dowager Queen, Cardinal)
* ``compare``: seat, target, result ("tie" or the loser's seat)
* ``receive``: seat, from / card -- a trade (King, Cardinal)
* ``chancellor_draw``: seat, count / cards
* ``chancellor_return``: seat, count / keep, bottom
* ``bishop_choice``: seat, discard
* ``knockout``: seat
* ``token``: seat, reason ("bishop" | "constable" | "round" | "jester" | "spy"), tokens
* ``round_end``: reason, winners, showdown, awards, tokens, nextFirstPlayer
* ``game_end``: winners, reason
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    public: dict[str, Any]
    private: dict[str, Any] | None = None
    to: tuple[int, ...] = ()

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` sees the private part."""
        return seat in self.to

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None``: a spectator, public part only)."""
        out = {"kind": self.kind, **self.public}
        if self.private is not None and seat is not None and seat in self.to:
            out.update(self.private)
        return out

    def full(self) -> dict[str, Any]:
        """Everything, for omniscient tools (replays of finished games, tests)."""
        out = {"kind": self.kind, **self.public}
        if self.private is not None:
            out.update(self.private)
        return out


# ---------------------------------------------------------------------------------------------
# Compact log entries. The engine's hot path records the most frequent events as small tuples
# ``(KIND, *fields)``; ``Game.events`` turns them into :class:`Event` objects on demand.
TURN_DRAW = "turn_draw"  # (TURN_DRAW, seat, card)
DEAL = "dealt"  # (DEAL, seat, card)
OUT_DISCARD = "out_discard"  # (OUT_DISCARD, seat, card): hand discarded when knocked out
FORCED_DISCARD = "forced_discard"  # (FORCED_DISCARD, seat, card): Prince, Bishop option
KNOCKOUT = "knocked_out"  # (KNOCKOUT, seat)
SEE = "saw"  # (SEE, seat, target, card)
COMPARE = "compared"  # (COMPARE, seat, target, result)
RECEIVE = "received"  # (RECEIVE, seat, from, card)

COMPACT = {
    TURN_DRAW: lambda r: Event("draw", {"seat": r[1], "from": "deck", "reason": "turn"}, {"card": r[2]}, (r[1],)),
    DEAL: lambda r: Event("draw", {"seat": r[1], "from": "deck", "reason": "deal"}, {"card": r[2]}, (r[1],)),
    OUT_DISCARD: lambda r: Event("discard", {"seat": r[1], "card": r[2], "how": "knockedOutDiscard"}),
    FORCED_DISCARD: lambda r: Event("discard", {"seat": r[1], "card": r[2], "how": "forcedDiscard"}),
    KNOCKOUT: lambda r: Event("knockout", {"seat": r[1]}),
    SEE: lambda r: Event("see", {"seat": r[1], "target": r[2]}, {"card": r[3]}, (r[1],)),
    COMPARE: lambda r: Event("compare", {"seat": r[1], "target": r[2], "result": r[3]}),
    RECEIVE: lambda r: Event("receive", {"seat": r[1], "from": r[2]}, {"card": r[3]}, (r[1],)),
}
