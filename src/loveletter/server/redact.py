"""The only outbound path: every byte the server sends a client is made by :func:`outbound`.

``outbound(kind, table, recipient, **fields)`` builds one WebSocket frame or one HTTP body from the
table and the recipient alone, and returns :class:`Outbound` bytes (connections refuse anything
else). What a recipient may see is decided here and nowhere else:

* a seat's view (``game.view(seat)``) goes only to the identity that holds that seat; everyone
  else gets the spectator view (``game.spectator_view()``);
* events are ``Table.events_since(seq, reader)`` (each redacted by ``Event.for_seat``) and each
  carries ``say``, its narration for that reader;
* a prompt lists the legal decisions of the recipient's own seat only;
* ``known`` (what the seat knows now about the hidden cards, narrated) and ``unseen`` (the copies
  whose place it does not know) come from ``knowledge(view)`` of that seat's own view; spectators
  get neither;
* refusal params keep a card only when the recipient's own decision named it;
* records (with decks), summaries (every hand) and replays (all-seeing views) exist only for
  finished games: anything else raises :class:`NotFinished`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from ..engine import View, full_view, parse_decision
from ..engine.editions import CARD_PATTERN
from ..engine.knowledge import knowledge
from ..engine.record import new_game, start_recorded_round
from ..engine.wire import event_to_wire, round_outcome
from ..narrate import describe, describe_knowledge, describe_refusal
from . import protocol as p

if TYPE_CHECKING:
    from .tables import LiveTable


class Outbound(bytes):
    """Bytes made by :func:`outbound` (the only kind a connection sends)."""

    __slots__ = ()


class NotFinished(Exception):
    """A record, summary or replay was asked for a game that is not finished."""


@dataclass(frozen=True)
class Recipient:
    """Who receives: an identity (None: anonymous) watching as ``seat`` (None: a spectator)."""

    identity: str | None
    seat: int | None = None
    name: str = ""


_encode = msgspec.json.Encoder().encode


def _seat_checked(table: LiveTable, rcpt: Recipient) -> int | None:
    """The seat whose view ``rcpt`` gets: its own seat, or None (a spectator)."""
    seat = rcpt.seat
    if seat is None:
        return None
    if rcpt.identity is None or not (0 <= seat < len(table.seats)) or table.seats[seat].identity != rcpt.identity:
        raise PermissionError("a seat's view goes only to the identity holding the seat")
    return seat


def _seats(table: LiveTable, rcpt: Recipient) -> list[p.SeatInfo]:
    taken = table.taken_over()
    return [p.SeatInfo(seat=i, kind=s.kind, name=s.name, level=s.level, connected=table.is_connected(i),
                       taken_over=i in taken, you=rcpt.identity is not None and s.identity == rcpt.identity)
            for i, s in enumerate(table.seats)]


def _events(table: LiveTable, since: int, reader: int | None) -> list[dict[str, Any]]:
    runner = table.runner
    if runner is None:
        return []
    out = runner.events_since(min(since, runner.next_seq), reader)
    for e in out:
        m = describe(e, reader)
        e["say"] = None if m is None else m.to_json()
    return out


def _prompt(table: LiveTable, seat: int | None, wire: dict[str, Any] | None) -> p.PromptInfo | None:
    runner = table.runner
    if runner is None or seat is None or wire is None:
        return None
    pr = runner.prompt()
    if pr is None or pr.kind != "decision" or pr.seat != seat or pr.automatic:
        return None
    deadline = int(pr.deadline * 1000) if table.settings.timer_enabled and pr.deadline is not None else None
    return p.PromptInfo(seat=seat, version=pr.version, deadline=deadline,
                        legal=[p.LegalDecision(text=d["text"], id=d["id"]) for d in wire["legal"]])


def _view(table: LiveTable, seat: int | None) -> View | None:
    runner = table.runner
    if runner is None:
        return None
    return runner.view(seat) if seat is not None else runner.spectator_view()


def known_of(view: View) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """What ``view``'s seat knows now about the hidden cards, from that view alone: the narration of
    :func:`~loveletter.engine.knowledge.knowledge` (Message JSON, one sentence per fact) and the copies
    of each card whose place it does not know (``Knowledge.unseen``, cards with none left out)."""
    k = knowledge(view)
    lines = [m.to_json() for m in describe_knowledge(k, view.values, view.alive)]
    unseen = {c: n for c, n in sorted(k.unseen.items(), key=lambda kv: (view.values[kv[0]], kv[0])) if n}
    return lines, unseen


def _chat_line(table: LiveTable, line: Any) -> p.ChatLine:
    return p.ChatLine(table=table.id, from_=p.ChatFrom(seat=line.seat, name=line.name), text=line.text, at=line.at)


# ---------------------------------------------------------------------------------------------- WebSocket
def _state(table: LiveTable, rcpt: Recipient, since: int | None = None, cmd: str | None = None) -> bytes:
    seat = _seat_checked(table, rcpt)
    view = _view(table, seat)
    wire = None if view is None else view.to_wire()
    known, unseen = known_of(view) if view is not None and seat is not None else (None, None)
    runner = table.runner
    return _encode(p.State(
        table=table.id, version=runner.version if runner else 0, seat=seat, status=table.status, view=wire,
        events=[] if since is None else _events(table, since, seat), prompt=_prompt(table, seat, wire),
        seats=_seats(table, rcpt), chat=[_chat_line(table, c) for c in table.chat_lines], cmd=cmd,
        known=known, unseen=unseen))


def _update(table: LiveTable, rcpt: Recipient, since: int) -> bytes:
    seat = _seat_checked(table, rcpt)
    view = _view(table, seat)
    assert table.runner is not None and view is not None
    wire = view.to_wire()
    known, unseen = known_of(view) if seat is not None else (None, None)
    return _encode(p.Update(table=table.id, version=table.runner.version, seat=seat, status=table.status,
                            view=wire, events=_events(table, since, seat), prompt=_prompt(table, seat, wire),
                            known=known, unseen=unseen))


def _refused(table: LiveTable | None, rcpt: Recipient, code: str, params: dict[str, Any],
             decision: str | int | None = None, cmd: str | None = None) -> bytes:
    named = decision if isinstance(decision, str) else ""
    safe: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, str) and v in CARD_PATTERN and v not in named:
            continue  # a card the recipient did not name: never echoed
        if isinstance(v, str | int | float | bool) or v is None or (
                isinstance(v, list) and all(isinstance(x, int | str) for x in v)):
            safe[k] = v
    say = describe_refusal(code, safe, rcpt.seat).to_json()
    return _encode(p.Refused(code=code, params=safe, say=say, cmd=cmd, table=None if table is None else table.id))


def _ack(table: LiveTable, rcpt: Recipient, cmd: str, version: int, duplicate: bool = False) -> bytes:
    return _encode(p.Ack(cmd=cmd, table=table.id, version=version, duplicate=duplicate))


def _presence(table: LiveTable, rcpt: Recipient) -> bytes:
    return _encode(p.Presence(table=table.id, seats=_seats(table, rcpt), status=table.status,
                              rematch=table.rematch))


def _chat(table: LiveTable, rcpt: Recipient, line: Any) -> bytes:
    return _encode(_chat_line(table, line))


def _welcome(table: None, rcpt: Recipient, cmd: str | None = None) -> bytes:
    assert rcpt.identity is not None
    return _encode(p.Welcome(v=p.PROTOCOL_VERSION, you=p.You(id=rcpt.identity, name=rcpt.name), cmd=cmd))


def _pong(table: None, rcpt: Recipient, t: int | float | None = None) -> bytes:
    return _encode(p.Pong(t=t))


def _error(table: None, rcpt: Recipient, code: str, params: dict[str, Any] | None = None,
           cmd: str | None = None) -> bytes:
    return _encode(p.Error(code=code, params=params or {}, cmd=cmd))


# ---------------------------------------------------------------------------------------------- HTTP
def table_summary(table: LiveTable, rcpt: Recipient) -> dict[str, Any]:
    s = table.settings
    seated = rcpt.identity is not None and any(x.identity == rcpt.identity for x in table.seats)
    out: dict[str, Any] = {
        "id": table.id, "edition": s.edition, "players": s.players, "profile": s.profile, "options": s.options,
        "visibility": s.visibility, "timer": {"enabled": s.timer_enabled, "seconds": s.timer_seconds},
        "status": table.status, "seats": [msgspec.to_builtins(x) for x in _seats(table, rcpt)],
        "createdAt": table.created_at, "version": table.runner.version if table.runner else 0,
        "rematch": table.rematch, "rematchOf": table.rematch_of,
        "creator": rcpt.identity is not None and table.creator == rcpt.identity,
    }
    out["invite"] = table.invite if seated else None  # only the people at the table can invite
    return out


def _table(table: LiveTable, rcpt: Recipient) -> bytes:
    return _encode(table_summary(table, rcpt))


def _tables(table: None, rcpt: Recipient, tables: list[LiveTable]) -> bytes:
    return _encode([table_summary(t, rcpt) for t in tables])


def _finished(table: LiveTable) -> None:
    if table.status != "finished" or table.runner is None or not table.runner.game.game_over:
        raise NotFinished(table.id)


def _record(table: LiveTable, rcpt: Recipient) -> bytes:
    _finished(table)
    assert table.runner is not None
    return _encode(table.runner.record())


def summary_of(record: dict[str, Any]) -> dict[str, Any]:
    """Every round of a finished game's record: the deal, the set-aside and face-up cards, the hands at
    the end, the showdown and the tokens."""
    game = new_game(record)
    rounds = []
    for number, rnd in enumerate(record["rounds"], 1):
        texts = start_recorded_round(game, rnd, number, check_seed=False)
        dealt = full_view(game, finished_record=True)
        for text in texts:
            game.apply(parse_decision(text))
        end = full_view(game, finished_record=True)
        rounds.append({
            "round": number, "firstPlayer": rnd["firstPlayer"], "deck": list(rnd["deck"]),
            "dealt": [list(h) for h in dealt.hands], "setAside": dealt.set_aside, "faceUp": list(dealt.face_up),
            "hands": [list(h) for h in end.hands], "discards": [list(d) for d in end.discards],
            "outcome": round_outcome(end.round_result, end.tokens),
        })
    return {"edition": record["edition"], "players": record["players"], "seats": list(record["seats"]),
            "winners": list(game.game_winners), "tokens": list(game.tokens), "rounds": rounds}


def _summary(table: LiveTable, rcpt: Recipient) -> bytes:
    _finished(table)
    assert table.runner is not None
    out = summary_of(table.runner.record())
    out["table"] = table.id
    return _encode(out)


def replay_steps(record: dict[str, Any], start: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    """The steps of a finished game's record after version ``start`` (at most ``limit``), each with its
    all-seeing wire view and ``events``: the events the step made (unredacted, with their game-wide
    ``seq``), each with ``say``, its all-seeing narration (reader None)."""
    game = new_game(record)
    out: list[dict[str, Any]] = []
    version = 0
    told = 0  # the events of this round already given to a step

    def full(step: dict[str, Any]) -> bool:
        nonlocal told
        events = game.events
        fresh = []
        for i in range(told, len(events)):
            e = events[i].full()
            wire = event_to_wire(e, game.event_base + i)
            m = describe(e, None)
            wire["say"] = None if m is None else m.to_json()
            fresh.append(wire)
        told = len(events)
        if version > start:
            out.append({"version": version, "step": step, "view": full_view(game, finished_record=True).to_wire(),
                        "events": fresh})
        return limit is not None and len(out) >= limit

    for number, rnd in enumerate(record["rounds"], 1):
        texts = start_recorded_round(game, rnd, number, check_seed=False)
        version += 1
        told = 0
        if full({"kind": "round", "round": number}):
            return out
        by, at = rnd.get("by") or [None] * len(texts), rnd.get("at") or [None] * len(texts)
        for i, text in enumerate(texts):
            seat = game.to_move
            game.apply(parse_decision(text))
            version += 1
            if full({"kind": "decision", "round": number, "seat": seat, "decision": text, "by": by[i], "at": at[i]}):
                return out
    return out


def _replay(table: LiveTable, rcpt: Recipient, start: int = 0, limit: int | None = None) -> bytes:
    _finished(table)
    assert table.runner is not None
    return _encode({"table": table.id, "version": table.runner.version,
                    "steps": replay_steps(table.runner.record(), start, limit)})


def _plain(table: None, rcpt: Recipient, body: Any) -> bytes:
    """Bodies that hold no game (identities, bot levels, errors, health)."""
    return _encode(body)


def _text(table: None, rcpt: Recipient, text: bytes) -> bytes:
    """Operator text that holds no game (Prometheus metrics)."""
    return text


_BUILDERS: dict[str, Callable[..., bytes]] = {
    # WebSocket frames
    "state": _state, "update": _update, "refused": _refused, "ack": _ack, "presence": _presence,
    "chat": _chat, "welcome": _welcome, "pong": _pong, "error": _error,
    # HTTP bodies
    "table": _table, "tables": _tables, "record": _record, "summary": _summary, "replay": _replay,
    "plain": _plain, "text": _text,
}


def outbound(kind: str, table: LiveTable | None, recipient: Recipient, **fields: Any) -> Outbound:
    """The bytes of one frame or body of ``kind`` for ``recipient`` about ``table``."""
    return Outbound(_BUILDERS[kind](table, recipient, **fields))


__all__ = ["NotFinished", "Outbound", "Recipient", "known_of", "outbound", "replay_steps", "summary_of",
           "table_summary"]
