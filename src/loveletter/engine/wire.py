"""The wire form: views and events as JSON-ready data, with a schema version and a JSON Schema.

Everything a client is sent about a game is one of these, made from a :class:`~.views.View`
(a seat's, the spectator's, or the all-seeing one of a finished game), so the redaction a view
does is the only redaction there is. Cards travel as card ids (``"guard"``), decisions in their
text form with their codec id beside them (``{"text": "guard@1=3", "id": 7}``), seats as numbers.

Shape of a wire view (``WIRE_SCHEMA`` is the exact JSON Schema)::

    {"schema": 1, "view": "seat" | "spectator" | "full", "seat": 0 | null,
     "edition": "classic", "players": 2, "goal": 7, "options": {...},
     "round": 1, "phase": "play", "toMove": 0, "currentPlayer": 0, "turn": 1,
     "hand": ["guard", "king"], "handSizes": [2, 1], "discards": [[], []], "faceUp": [...],
     "alive": [...], "protected": [...], "eliminated": [], "tokens": [0, 0], "deckSize": 9,
     "setAsideTaken": false, "mandate": null, "jester": null | {"holder": 1, "owner": 0},
     "spies": [], "pending": null | {"kind": "chancellor", "seat": 0, "count": 2} | ...,
     "legal": [{"text": "guard@1=2", "id": 1}, ...],
     "log": [{"seq": 0, "kind": "round_start", ...}, ...],
     "outcome": {"round": null | {...}, "game": null | {"winners": [0], "reason": "goal", "tokens": [...]}},
     "cards": {"values": {"guard": 1, ...}, "counts": {"guard": 5, ...}, "guesses": [2, ...]},
     # "full" views only:
     "hands": [[...], ...], "drawPile": [... top card first], "setAside": "baron" | null}

Events carry ``seq``, their game-wide sequence number (``view.event_base`` + index in the round).
Version history: 1 — first version.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .codec import codec
from .events import thaw

if TYPE_CHECKING:
    from .views import View

WIRE_VERSION = 1


def event_to_wire(event: Mapping[str, Any], seq: int) -> dict[str, Any]:
    """One redacted event (as a view holds it) with its sequence number."""
    out: dict[str, Any] = {"seq": seq}
    out.update(thaw(event))
    return out


def round_outcome(result: Mapping[str, Any] | None, tokens: tuple[int, ...]) -> dict[str, Any] | None:
    if result is None:
        return None
    out: dict[str, Any] = thaw(result)
    out["tokens"] = list(tokens)
    return out


def game_outcome(v: View) -> dict[str, Any] | None:
    if not v.game_over:
        return None
    immediate = v.round_result is not None and v.round_result["reason"] == "gameWonImmediately"
    return {"winners": list(v.game_winners), "reason": "gameWonImmediately" if immediate else "goal",
            "tokens": list(v.tokens)}


def view_to_wire(v: View) -> dict[str, Any]:
    from .views import FullView

    kind = "full" if isinstance(v, FullView) else ("spectator" if v.seat is None else "seat")
    legal: list[dict[str, Any]] = []
    if v.legal and v.seat is not None:
        c = codec(v.edition, v.players)
        legal = [{"text": d.text(), "id": c.encode(d, v.seat)} for d in v.legal]
    out: dict[str, Any] = {
        "schema": WIRE_VERSION,
        "view": kind,
        "seat": v.seat,
        "edition": v.edition,
        "players": v.players,
        "goal": v.goal,
        "options": thaw(v.options),
        "round": v.round,
        "phase": v.phase,
        "toMove": v.to_move,
        "currentPlayer": v.current_player,
        "turn": v.turn,
        "hand": list(v.hand),
        "handSizes": list(v.hand_sizes),
        "discards": [list(p) for p in v.discards],
        "faceUp": list(v.face_up),
        "alive": list(v.alive),
        "protected": list(v.protected),
        "eliminated": list(v.eliminated),
        "tokens": list(v.tokens),
        "deckSize": v.deck_size,
        "setAsideTaken": v.set_aside_taken,
        "mandate": v.mandate,
        "jester": None if v.jester is None else {"holder": v.jester[0], "owner": v.jester[1]},
        "spies": list(v.spies),
        "pending": None if v.pending is None else thaw(v.pending),
        "legal": legal,
        "log": [event_to_wire(e, v.event_base + i) for i, e in enumerate(v.log)],
        "outcome": {"round": round_outcome(v.round_result, v.tokens), "game": game_outcome(v)},
        "cards": {"values": dict(v.values), "counts": dict(v.deck_counts), "guesses": list(v.guesses)},
    }
    if isinstance(v, FullView):
        out["hands"] = [list(h) for h in v.hands]
        out["drawPile"] = list(v.draw_pile)
        out["setAside"] = v.set_aside
    return out


# ---------------------------------------------------------------------------------------------- schema
_SEAT = {"type": "integer", "minimum": 0, "maximum": 7}
_SEAT_OR_NULL = {"anyOf": [_SEAT, {"type": "null"}]}
_CARD = {"type": "string", "pattern": "^[a-z_]+$"}
_CARDS = {"type": "array", "items": _CARD}
_SEATS = {"type": "array", "items": _SEAT}
_BOOLS = {"type": "array", "items": {"type": "boolean"}}
_INTS = {"type": "array", "items": {"type": "integer"}}

_SHOWDOWN_ROW = {
    "type": "object",
    "required": ["card", "value", "bonus", "adjusted", "discardSum", "excludedByPrincess"],
    "properties": {"card": _CARD, "value": {"type": "integer"}, "bonus": {"type": "integer"},
                   "adjusted": {"type": "integer"}, "discardSum": {"type": "integer"},
                   "excludedByPrincess": {"type": "boolean"}},
    "additionalProperties": False,
}

ROUND_OUTCOME_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["reason", "winners", "showdown", "awards", "nextFirstPlayer", "tokens"],
    "properties": {
        "reason": {"enum": ["lastStanding", "deckEmpty", "gameWonImmediately"]},
        "winners": _SEATS,
        "showdown": {"anyOf": [{"type": "null"},
                               {"type": "object", "patternProperties": {"^[0-7]$": _SHOWDOWN_ROW},
                                "additionalProperties": False}]},
        "awards": {"type": "object", "patternProperties": {"^[0-7]$": {"type": "integer", "minimum": 1}},
                   "additionalProperties": False},
        "nextFirstPlayer": _SEAT_OR_NULL,
        "tokens": _INTS,
    },
    "additionalProperties": False,
}

_EVENT_FIELDS: dict[str, dict[str, Any]] = {
    "round_start": {"round": {"type": "integer"}, "firstPlayer": _SEAT, "faceUp": _CARDS,
                    "deckSize": {"type": "integer"}, "tokens": _INTS},
    "draw": {"seat": _SEAT, "from": {"enum": ["deck", "setAside"]},
             "reason": {"enum": ["deal", "turn", "replacement"]}, "card": _CARD},
    "play": {"seat": _SEAT, "card": _CARD, "targets": _SEATS, "guess": {"type": ["integer", "null"]},
             "mandate": _SEAT_OR_NULL, "result": {"type": ["string", "null"]}},
    "reveal": {"seat": _SEAT, "card": _CARD},
    "discard": {"seat": _SEAT, "card": _CARD, "how": {"enum": ["forcedDiscard", "knockedOutDiscard"]}},
    "see": {"seat": _SEAT, "target": _SEAT, "card": _CARD},
    "compare": {"seat": _SEAT, "target": _SEAT, "result": {"anyOf": [{"const": "tie"}, _SEAT]}},
    "receive": {"seat": _SEAT, "from": _SEAT, "card": _CARD},
    "chancellor_draw": {"seat": _SEAT, "count": {"type": "integer"}, "cards": _CARDS},
    "chancellor_return": {"seat": _SEAT, "count": {"type": "integer"}, "keep": _CARD, "bottom": _CARDS},
    "bishop_choice": {"seat": _SEAT, "discard": {"type": "boolean"}},
    "knockout": {"seat": _SEAT},
    "token": {"seat": _SEAT, "reason": {"enum": ["bishop", "constable"]}, "tokens": _INTS},
    "round_end": {k: v for k, v in ROUND_OUTCOME_SCHEMA["properties"].items()},
    "game_end": {"winners": _SEATS, "reason": {"enum": ["goal", "gameWonImmediately"]}, "tokens": _INTS},
}
#: Fields that only some recipients see; absent for the others.
_OPTIONAL_EVENT_FIELDS = {"card", "cards", "keep", "bottom"}

EVENT_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {
            "type": "object",
            "required": ["seq", "kind"] + sorted(
                k for k in fields if not (k in _OPTIONAL_EVENT_FIELDS and kind not in ("reveal", "discard"))
            ),
            "properties": {"seq": {"type": "integer", "minimum": 0}, "kind": {"const": kind}, **fields},
            "additionalProperties": False,
        }
        for kind, fields in _EVENT_FIELDS.items()
    ]
}

_DECISION = {
    "type": "object", "required": ["text", "id"],
    "properties": {"text": {"type": "string"}, "id": {"type": "integer", "minimum": 0}},
    "additionalProperties": False,
}

WIRE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://loveletter.invalid/schema/wire-view-1.json",
    "title": "loveletter wire view",
    "type": "object",
    "required": ["schema", "view", "seat", "edition", "players", "goal", "options", "round", "phase", "toMove",
                 "currentPlayer", "turn", "hand", "handSizes", "discards", "faceUp", "alive", "protected",
                 "eliminated", "tokens", "deckSize", "setAsideTaken", "mandate", "jester", "spies", "pending",
                 "legal", "log", "outcome", "cards"],
    "properties": {
        "schema": {"const": WIRE_VERSION},
        "view": {"enum": ["seat", "spectator", "full"]},
        "seat": _SEAT_OR_NULL,
        "edition": {"enum": ["classic", "premium", "2019"]},
        "players": {"type": "integer", "minimum": 2, "maximum": 8},
        "goal": {"type": "integer", "minimum": 1},
        "options": {"type": "object"},
        "round": {"type": "integer", "minimum": 0},
        "phase": {"enum": ["setup", "play", "chancellor", "bishop", "cardinal", "turn_end", "round_over",
                           "game_over"]},
        "toMove": _SEAT_OR_NULL,
        "currentPlayer": _SEAT,
        "turn": {"type": "integer", "minimum": 0},
        "hand": _CARDS,
        "handSizes": _INTS,
        "discards": {"type": "array", "items": _CARDS},
        "faceUp": _CARDS,
        "alive": _BOOLS,
        "protected": _BOOLS,
        "eliminated": _SEATS,
        "tokens": _INTS,
        "deckSize": {"type": "integer", "minimum": 0},
        "setAsideTaken": {"type": "boolean"},
        "mandate": _SEAT_OR_NULL,
        "jester": {"anyOf": [{"type": "null"},
                             {"type": "object", "required": ["holder", "owner"],
                              "properties": {"holder": _SEAT, "owner": _SEAT}, "additionalProperties": False}]},
        "spies": _SEATS,
        "pending": {"anyOf": [
            {"type": "null"},
            {"type": "object", "required": ["kind", "seat", "count"],
             "properties": {"kind": {"const": "chancellor"}, "seat": _SEAT, "count": {"type": "integer"}},
             "additionalProperties": False},
            {"type": "object", "required": ["kind", "seat", "bishop"],
             "properties": {"kind": {"const": "bishop"}, "seat": _SEAT, "bishop": _SEAT},
             "additionalProperties": False},
            {"type": "object", "required": ["kind", "seat", "pair"],
             "properties": {"kind": {"const": "cardinal"}, "seat": _SEAT,
                            "pair": {"type": "array", "items": _SEAT, "minItems": 2, "maxItems": 2}},
             "additionalProperties": False},
        ]},
        "legal": {"type": "array", "items": _DECISION},
        "log": {"type": "array", "items": EVENT_SCHEMA},
        "outcome": {
            "type": "object", "required": ["round", "game"],
            "properties": {
                "round": {"anyOf": [{"type": "null"}, ROUND_OUTCOME_SCHEMA]},
                "game": {"anyOf": [{"type": "null"}, {
                    "type": "object", "required": ["winners", "reason", "tokens"],
                    "properties": {"winners": _SEATS, "reason": {"enum": ["goal", "gameWonImmediately"]},
                                   "tokens": _INTS},
                    "additionalProperties": False}]},
            },
            "additionalProperties": False,
        },
        "cards": {
            "type": "object", "required": ["values", "counts", "guesses"],
            "properties": {"values": {"type": "object", "additionalProperties": {"type": "integer"}},
                           "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                           "guesses": _INTS},
            "additionalProperties": False,
        },
        "hands": {"type": "array", "items": _CARDS},
        "drawPile": _CARDS,
        "setAside": {"anyOf": [_CARD, {"type": "null"}]},
    },
    "additionalProperties": False,
}

__all__ = ["EVENT_SCHEMA", "ROUND_OUTCOME_SCHEMA", "WIRE_SCHEMA", "WIRE_VERSION", "event_to_wire", "view_to_wire"]
