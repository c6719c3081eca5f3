"""Events: what happened, and who may see which part of it.

Every event has a public part (seen by everyone) and an optional private part, seen only by the
seats in ``to``. :meth:`Event.for_seat` is the one redaction function: a view, a client or a log
for seat S only ever contains ``event.for_seat(S)``. Events are read-only (mappings are proxies,
sequences are tuples), so a view can never change the game it came from.

Kinds and their fields (public / private):

* ``round_start``: round, firstPlayer, faceUp, deckSize, tokens
* ``draw``: seat, from ("deck" | "setAside"), reason ("deal" | "turn" | "replacement") / card
* ``play``: seat, card, targets, guess, mandate, result (set when the card has resolved)
* ``reveal``: seat, card -- the Assassin shown to everyone when a Guard chooses its holder
* ``discard``: seat, card, how ("forcedDiscard" | "knockedOutDiscard")
* ``see``: seat, target / card -- seat saw target's hand (Priest, Baron, Baroness, Dowager Queen, Cardinal)
* ``compare``: seat, target, result ("tie" or the loser's seat)
* ``receive``: seat, from / card -- a trade (King, Cardinal)
* ``chancellor_draw``: seat, count / cards
* ``chancellor_return``: seat, count / keep, bottom
* ``bishop_choice``: seat, discard
* ``knockout``: seat
* ``token``: seat, reason ("bishop" | "constable"), tokens -- a token gained in the middle of a turn
* ``round_end``: reason, winners, showdown, awards, nextFirstPlayer, tokens
* ``game_end``: winners, reason, tokens
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

_SCALARS = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """A read-only deep copy: mappings become proxies (keys kept), lists and tuples become tuples."""
    t = type(value)
    if t in _SCALARS:
        return value
    if t is dict or t is MappingProxyType:
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if t is tuple or t is list:
        return tuple([v if type(v) in _SCALARS else freeze(v) for v in value])
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(value)
    return value


def thaw(value: Any) -> Any:
    """A plain JSON-ready deep copy of a frozen value (proxies become dicts, tuples lists)."""
    if isinstance(value, Mapping):
        return {(k if isinstance(k, str) else str(k)): thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(value)
    return value


_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    kind: str
    public: Mapping[str, Any]
    private: Mapping[str, Any] | None = None
    to: tuple[int, ...] = ()

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` sees the private part."""
        return seat in self.to

    def for_seat(self, seat: int | None) -> Mapping[str, Any]:
        """The event as ``seat`` may see it (``None``: a spectator, public part only). Read-only."""
        out = {"kind": self.kind, **self.public}
        if self.private is not None and seat is not None and seat in self.to:
            out.update(self.private)
        return MappingProxyType(out)

    def full(self) -> Mapping[str, Any]:
        """Everything, for omniscient tools (replays of finished games, tests). Read-only."""
        out = {"kind": self.kind, **self.public}
        if self.private is not None:
            out.update(self.private)
        return MappingProxyType(out)


def make_event(kind: str, public: Mapping[str, Any], private: Mapping[str, Any] | None = None,
               to: tuple[int, ...] = ()) -> Event:
    """An event with frozen parts."""
    return Event(kind, freeze(public), None if private is None else freeze(private), tuple(to))


# ---------------------------------------------------------------------------------------------
# Compact log entries. The engine's hot path records the most frequent events as small tuples
# ``(KIND, *fields)``; the log turns them into :class:`Event` objects on demand.
TURN_DRAW = "turn_draw"  # (TURN_DRAW, seat, card)
DEAL = "dealt"  # (DEAL, seat, card)
OUT_DISCARD = "out_discard"  # (OUT_DISCARD, seat, card): hand discarded when knocked out
FORCED_DISCARD = "forced_discard"  # (FORCED_DISCARD, seat, card): Prince, Bishop option, Assassin
KNOCKOUT = "knocked_out"  # (KNOCKOUT, seat)
SEE = "saw"  # (SEE, seat, target, card)
COMPARE = "compared"  # (COMPARE, seat, target, result)
RECEIVE = "received"  # (RECEIVE, seat, from, card)


def _ev(kind: str, public: dict[str, Any], private: dict[str, Any] | None = None,
        to: tuple[int, ...] = ()) -> Event:
    # the compact entries hold only ints and strings: no deep freeze needed
    return Event(kind, MappingProxyType(public), None if private is None else MappingProxyType(private), to)


COMPACT: dict[str, Callable[[tuple[Any, ...]], Event]] = {
    TURN_DRAW: lambda r: _ev("draw", {"seat": r[1], "from": "deck", "reason": "turn"}, {"card": r[2]}, (r[1],)),
    DEAL: lambda r: _ev("draw", {"seat": r[1], "from": "deck", "reason": "deal"}, {"card": r[2]}, (r[1],)),
    OUT_DISCARD: lambda r: _ev("discard", {"seat": r[1], "card": r[2], "how": "knockedOutDiscard"}),
    FORCED_DISCARD: lambda r: _ev("discard", {"seat": r[1], "card": r[2], "how": "forcedDiscard"}),
    KNOCKOUT: lambda r: _ev("knockout", {"seat": r[1]}),
    SEE: lambda r: _ev("see", {"seat": r[1], "target": r[2]}, {"card": r[3]}, (r[1],)),
    COMPARE: lambda r: _ev("compare", {"seat": r[1], "target": r[2], "result": r[3]}),
    RECEIVE: lambda r: _ev("receive", {"seat": r[1], "from": r[2]}, {"card": r[3]}, (r[1],)),
}

__all__ = ["COMPACT", "Event", "freeze", "make_event", "thaw"]
