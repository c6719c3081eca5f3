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

from functools import partial
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


#: Fast construction from a 4-tuple ``(kind, public, private, to)`` (the engine's hot path).
new_event = partial(tuple.__new__, Event)
