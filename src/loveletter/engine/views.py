"""Per-seat views: everything one seat may know, and nothing else.

:func:`view` is the single function that derives what seat S sees. It reads the public state,
S's own hand and the event log redacted by :meth:`Event.for_seat`; it never reads another seat's
hand, the deck order or the set-aside card. Bots, the terminal, the server and the RL
environment read views only.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .decisions import Decision

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class View:
    """What ``seat`` knows. ``log`` is this round's events as the seat may see them (perfect recall)."""

    seat: int
    edition: str
    players: int
    goal: int
    options: dict[str, Any] = field(repr=False)
    round: int
    phase: str
    to_move: int | None
    current_player: int
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
    pending: dict[str, Any] | None
    legal: tuple[Decision, ...] = field(repr=False)
    log: tuple[dict[str, Any], ...] = field(repr=False)
    round_result: dict[str, Any] | None = field(repr=False)
    game_winners: tuple[int, ...]
    values: dict[str, int] = field(repr=False)
    deck_counts: dict[str, int] = field(repr=False)

    def private_log(self) -> list[dict[str, Any]]:
        """The events whose private part this seat saw (draws, looks, trades, Chancellor cards)."""
        return [e for e in self.log if _is_private_to(e, self.seat)]

    def unseen_counts(self) -> dict[str, int]:
        """Copies not face up, in a discard pile or in this seat's hand: the raw card-counting
        baseline (the deck, the set-aside card and the other hands hold these).

        It ignores what the seat learned privately (a Priest look, the card it gave in a trade,
        its Chancellor returns). For the cards not yet seen by this seat use
        ``loveletter.engine.knowledge(view).unseen``.
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


_PRIVATE_FIELDS = ("card", "cards", "keep", "bottom")


def _is_private_to(event: dict[str, Any], seat: int) -> bool:
    return event.get("seat") == seat and any(k in event for k in _PRIVATE_FIELDS) and event["kind"] in (
        "draw", "see", "receive", "chancellor_draw", "chancellor_return"
    )


def _pending(g: Game) -> dict[str, Any] | None:
    p = g.pending
    if not p:
        return None
    if p[0] == "chancellor":
        return {"kind": "chancellor", "seat": p[1], "count": p[2]}
    if p[0] == "bishop":
        return {"kind": "bishop", "seat": p[1], "bishop": p[2]}
    return {"kind": "cardinal", "seat": g.current, "pair": list(p[1])}


def view(g: Game, seat: int) -> View:
    """Derive ``seat``'s view of ``g``."""
    if type(seat) is not int or not 0 <= seat < g.players:
        raise ValueError(f"no seat {seat!r} in a {g.players}-player game")
    return View(
        seat=seat,
        edition=g.edition.name,
        players=g.players,
        goal=g.goal,
        options=dict(g.options),
        round=g.round_no,
        phase=g.phase,
        to_move=g.to_move,
        current_player=g.current,
        hand=tuple(g.hands[seat]),
        hand_sizes=tuple(len(h) for h in g.hands),
        discards=tuple(tuple(d) for d in g.discards),
        face_up=tuple(g.face_up),
        alive=tuple(g.alive),
        protected=tuple(g.protected),
        eliminated=tuple(g.eliminated),
        tokens=tuple(g.tokens),
        deck_size=len(g.deck),
        set_aside_taken=g.set_aside is None and g.round_no > 0,
        mandate=g.mandate,
        jester=g.jester,
        spies=tuple(sorted(g.spies)),
        pending=_pending(g),
        legal=g.legal_decisions() if g.to_move == seat else (),
        log=tuple(e.for_seat(seat) for e in g.events),
        round_result=copy.deepcopy(g.round_result),
        game_winners=tuple(g.game_winners),
        values=dict(g.values),
        deck_counts=dict(g.deck_spec.counts),
    )
