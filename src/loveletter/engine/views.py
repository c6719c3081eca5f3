"""Views: everything one seat may know, and nothing else.

:func:`view` is the single function that derives what seat S sees. It reads the public state,
S's own hand and the event log redacted by :meth:`~.events.Event.for_seat`; it never reads
another seat's hand, the deck order or the set-aside card. :func:`spectator_view` is the same
with no seat (public facts only). :func:`full_view` shows everything and exists for finished
games and replays only. Bots, the terminal, the server and the RL environment read views only.

A view is an independent, immutable snapshot: its sequences are tuples and its mappings
read-only proxies over copies, so nothing reachable from it can change the game or another view.
:meth:`View.to_wire` gives its JSON form (:mod:`.wire`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .decisions import Decision
from .errors import IllegalDecision
from .events import freeze
from .legal import canonical, diagnose, make_entry

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class View:
    """What ``seat`` knows (``seat`` None: a spectator). ``log`` is this round's events as the seat may
    see them (perfect recall); the game-wide number of ``log[i]`` is ``event_base + i``."""

    seat: int | None
    edition: str
    players: int
    goal: int
    options: Mapping[str, Any] = field(repr=False)
    round: int
    phase: str
    to_move: int | None
    current_player: int
    turn: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    discards: tuple[tuple[str, ...], ...]
    face_up: tuple[str, ...]
    alive: tuple[bool, ...]
    protected: tuple[bool, ...]
    eliminated: tuple[int, ...]
    tokens: tuple[int, ...]
    deck_size: int
    set_aside_taken: bool
    mandate: int | None
    jester: tuple[int, int] | None
    spies: tuple[int, ...]
    pending: Mapping[str, Any] | None
    legal: tuple[Decision, ...] = field(repr=False)
    log: tuple[Mapping[str, Any], ...] = field(repr=False)
    event_base: int
    round_result: Mapping[str, Any] | None = field(repr=False)
    game_over: bool
    game_winners: tuple[int, ...]
    values: Mapping[str, int] = field(repr=False)
    deck_counts: Mapping[str, int] = field(repr=False)
    guesses: tuple[int, ...] = field(repr=False)

    def private_log(self) -> list[Mapping[str, Any]]:
        """The events whose private part this seat saw (draws, looks, trades, Chancellor cards)."""
        return [e for e in self.log if _is_private_to(e, self.seat)]

    def unseen_counts(self) -> dict[str, int]:
        """Copies not face up, in a discard pile or in this seat's hand: the raw card-counting
        baseline (the deck, the set-aside card and the other hands hold these).

        It ignores what the seat learned privately (a Priest look, the card it gave in a trade,
        its Chancellor returns). For the cards not yet seen by this seat use
        ``loveletter.engine.knowledge_of(view).unseen``.
        """
        left = dict(self.deck_counts)
        seen = list(self.hand) + list(self.face_up)
        for pile in self.discards:
            seen.extend(pile)
        for c in seen:
            left[c] -= 1
        return {c: k for c, k in left.items() if k > 0}

    def key(self) -> str:
        """An information-state string: two states with the same key look the same to this seat."""
        parts = [f"s{self.seat}", f"r{self.round}", ",".join(self.hand)]
        for e in self.log:
            parts.append(";".join(f"{k}={e[k]}" for k in sorted(e)))
        return "|".join(parts)

    def refusal(self, decision: object) -> IllegalDecision | None:
        """Why the engine would refuse ``decision`` from this seat now, or None if it is legal.

        The same checks and codes as :meth:`Game.apply`, from the view alone: front ends explain
        a choice without re-deriving any rule.
        """
        if self.seat is not None and self.to_move == self.seat and canonical(decision, make_entry(self.legal)):
            return None
        return diagnose(decision, self.phase, self.to_move, self.seat, self.hand, self.players, self.alive,
                        self.protected, self.guesses, self.mandate, self.legal)

    def to_wire(self) -> dict[str, Any]:
        """The JSON form (see :mod:`.wire`)."""
        from .wire import view_to_wire

        return view_to_wire(self)


@dataclass(frozen=True)
class FullView(View):
    """Everything: every hand, the draw pile (top card first) and the set-aside card."""

    hands: tuple[tuple[str, ...], ...] = ()
    draw_pile: tuple[str, ...] = ()
    set_aside: str | None = None


_PRIVATE_FIELDS = ("card", "cards", "keep", "bottom")
_PRIVATE_KINDS = frozenset({"draw", "see", "receive", "chancellor_draw", "chancellor_return"})


def _is_private_to(event: Mapping[str, Any], seat: int | None) -> bool:
    return (seat is not None and event.get("seat") == seat and event["kind"] in _PRIVATE_KINDS
            and any(k in event for k in _PRIVATE_FIELDS))


def private_fields(kind: str) -> tuple[str, ...]:
    """The fields of an event kind that only some seats see."""
    return _PRIVATE_FIELDS if kind in _PRIVATE_KINDS else ()


def pending_of(g: Game) -> Mapping[str, Any] | None:
    p = g.pending
    if not p:
        return None
    if p[0] == "chancellor":
        return MappingProxyType({"kind": "chancellor", "seat": p[1], "count": p[2]})
    if p[0] == "bishop":
        return MappingProxyType({"kind": "bishop", "seat": p[1], "bishop": p[2]})
    return MappingProxyType({"kind": "cardinal", "seat": g.current, "pair": tuple(p[1])})


def _build(g: Game, seat: int | None, cls: type[View] = View, **extra: Any) -> Any:
    hands = g._hands
    omniscient = cls is FullView
    return cls(
        seat=seat,
        edition=g.edition.name,
        players=g.players,
        goal=g.goal,
        options=g.options,
        round=g.round_no,
        phase=g.phase,
        to_move=g.to_move,
        current_player=g.current,
        turn=g.turn,
        hand=tuple(hands[seat]) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in hands),
        discards=g.discards,
        face_up=g.face_up,
        alive=g.alive,
        protected=g.protected,
        eliminated=g.eliminated,
        tokens=g.tokens,
        deck_size=len(g._deck),
        set_aside_taken=g.set_aside is None and g.round_no > 0,
        mandate=g.mandate,
        jester=g.jester,
        spies=tuple(sorted(g._spies)),
        pending=pending_of(g),
        legal=g.legal_decisions() if seat is not None and g.to_move == seat else (),
        log=g.redacted_log(seat, full=omniscient),
        event_base=g.event_base,
        round_result=g.round_result,
        game_over=g.game_over,
        game_winners=g.game_winners,
        values=g.values,
        deck_counts=g.deck_spec.counts,
        guesses=g.guesses,
        **extra,
    )


def view(g: Game, seat: int) -> View:
    """Derive ``seat``'s view of ``g``."""
    if type(seat) is not int or not 0 <= seat < g.players:
        raise ValueError(f"no seat {seat!r} in a {g.players}-player game")
    v: View = _build(g, seat)
    return v


def spectator_view(g: Game) -> View:
    """The public view: what everyone at the table knows (no hand, no private part of any event)."""
    v: View = _build(g, None)
    return v


def full_view(g: Game, *, finished_record: bool = False) -> FullView:
    """The all-seeing view: every hand, the draw pile and the set-aside card.

    Only for a finished game, or (``finished_record=True``) for a step of the replay of a game
    whose record is finished; anything else is refused, so no live table can leak through it.
    """
    if not (g.game_over or finished_record):
        raise ValueError("the all-seeing view is only for finished games and their replays")
    v: FullView = _build(g, None, FullView, hands=g.hands, draw_pile=tuple(reversed(g._deck)),
                         set_aside=g.set_aside)
    return v


__all__ = ["FullView", "View", "freeze", "full_view", "private_fields", "spectator_view", "view"]
