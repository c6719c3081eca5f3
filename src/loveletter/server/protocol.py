"""The WebSocket protocol, version 1: every frame as a msgspec model (see docs/protocol.md).

Frames are JSON objects tagged by ``type``. :func:`decode_client` turns a client's text into one of
the client frames or a :class:`ProtocolError` (a code and params, never a traceback);
:func:`protocol_schema` is the JSON Schema of every frame, generated from these models (served at
``/api/protocol.json`` and printed by ``loveletter serve --print-schema``). Server frames are built
only by :mod:`loveletter.server.redact`.
"""

from __future__ import annotations

from typing import Annotated, Any, cast

import msgspec
from msgspec import Meta, Struct, field

from ..engine.wire import EVENT_SCHEMA, WIRE_SCHEMA

PROTOCOL_VERSION = 1

Seat = Annotated[int, Meta(ge=0, le=7)]
TableId = Annotated[str, Meta(min_length=1, max_length=32)]
CommandId = Annotated[str, Meta(min_length=1, max_length=64, description="a client command id, echoed back")]
Version = Annotated[int, Meta(ge=0)]
WireView = Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": "#/$defs/WireView"},
                                          description="the recipient's wire view (engine schema 1)")]
Narration = Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": "#/$defs/Message"})]
Known = Annotated[list[Narration], Meta(
    description="what the recipient's seat knows now about the hidden cards, one narrated fact each "
                "(engine.knowledge of its own view); null for a spectator")]
Unseen = Annotated[dict[str, Annotated[int, Meta(ge=1)]], Meta(
    description="card id -> the copies whose place the recipient's seat does not know (Knowledge.unseen); "
                "null for a spectator")]
WireEvent = Annotated[dict[str, Any], Meta(
    extra_json_schema={"$ref": "#/$defs/WireEvent"},
    description="a wire event with its game-wide seq, and `say`: its narration for this recipient (or null)")]


class _Client(Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


class Hello(_Client, tag="hello", frozen=True):
    """The first frame: protocol version and the identity's token (or the cookie)."""

    v: int
    token: Annotated[str, Meta(max_length=128)] | None = None
    cmd: CommandId | None = None


class Open(_Client, tag="open", frozen=True):
    """Watch a table as one of your seats, or as a spectator (``seat`` null on a table you sit at,
    or on a table you do not sit at). ``since``: the next event seq you need (reconnect)."""

    table: TableId
    seat: Seat | None = None
    since: Annotated[int, Meta(ge=0)] | None = None
    spectate: bool = False
    invite: Annotated[str, Meta(max_length=64)] | None = None
    cmd: CommandId | None = None


class Close(_Client, tag="close", frozen=True):
    """Stop watching a table."""

    table: TableId
    cmd: CommandId | None = None


class Decide(_Client, tag="decide", frozen=True):
    """A decision (its text form, or its codec id) made on state ``version``."""

    table: TableId
    seat: Seat
    version: Version
    decision: Annotated[str, Meta(max_length=80)] | Annotated[int, Meta(ge=0)]
    cmd: CommandId


class Chat(_Client, tag="chat", frozen=True):
    """A chat line: 1-300 characters of plain text (data, never markup)."""

    table: TableId
    text: Annotated[str, Meta(max_length=4096)]
    cmd: CommandId | None = None


class Reclaim(_Client, tag="reclaim", frozen=True):
    """Take back your seat from the bot that plays it (after timeouts or leaving)."""

    table: TableId
    seat: Seat
    cmd: CommandId | None = None


class Ping(_Client, tag="ping", frozen=True):
    t: int | float | None = None
    cmd: CommandId | None = None


ClientFrame = Hello | Open | Close | Decide | Chat | Reclaim | Ping
CLIENT_TYPES = {cls.__struct_config__.tag: cls for cls in (Hello, Open, Close, Decide, Chat, Reclaim, Ping)}


# ---------------------------------------------------------------------------------------------- server frames
class _Server(Struct, tag_field="type", omit_defaults=False):
    pass


class You(Struct):
    id: str
    name: str


class LegalDecision(Struct):
    text: str
    id: int


class PromptInfo(Struct):
    """The recipient's seat must decide: its legal decisions; ``deadline`` in Unix ms when a timer runs."""

    seat: Seat
    version: Version
    legal: list[LegalDecision]
    deadline: int | None = None


class SeatInfo(Struct, rename="camel"):
    seat: Seat
    kind: str  # human | bot | open
    name: str | None
    level: str | None
    connected: bool
    taken_over: bool
    you: bool


class ChatFrom(Struct):
    seat: Seat | None
    name: str


class ChatLine(_Server, tag="chat"):
    table: str
    from_: ChatFrom = field(name="from")
    text: str
    at: int


class Welcome(_Server, tag="welcome"):
    v: int
    you: You
    cmd: str | None = None


class State(_Server, tag="state"):
    """The full picture (on ``open`` and after a reconnect); ``view`` is null while the table waits.
    ``known`` and ``unseen``: what the seat knows now (null for a spectator and while the table waits)."""

    table: str
    version: Version
    seat: Seat | None
    status: str
    view: WireView | None
    events: list[WireEvent]
    prompt: PromptInfo | None
    seats: list[SeatInfo]
    chat: list[ChatLine]
    cmd: str | None = None
    known: Known | None = None
    unseen: Unseen | None = None


class Update(_Server, tag="update"):
    """After each stored step: the recipient's view, the events since its last frame, and what its seat knows
    now (``known``, ``unseen``; null for a spectator)."""

    table: str
    version: Version
    seat: Seat | None
    status: str
    view: WireView
    events: list[WireEvent]
    prompt: PromptInfo | None
    known: Known | None = None
    unseen: Unseen | None = None


class Ack(_Server, tag="ack"):
    """The decision ``cmd`` is stored and applied (``duplicate``: it already was; nothing applied twice)."""

    cmd: str
    table: str
    version: Version
    duplicate: bool = False


class Refused(_Server, tag="refused"):
    """A command not applied (nothing changed): a code, its params and its narration."""

    code: str
    params: dict[str, Any]
    say: Narration | None
    cmd: str | None = None
    table: str | None = None


class Presence(_Server, tag="presence"):
    table: str
    seats: list[SeatInfo]
    status: str
    rematch: str | None = None


class Pong(_Server, tag="pong"):
    t: int | float | None = None


class Error(_Server, tag="error"):
    """A protocol error: bad frame, unknown type, too large, too fast, bad token, ..."""

    code: str
    params: dict[str, Any]
    cmd: str | None = None


ServerFrame = Welcome | State | Update | Ack | Refused | Presence | ChatLine | Pong | Error

#: Protocol error codes (``error`` frames) and the server's refusal codes (``refused`` frames).
ERROR_CODES = frozenset({"bad_frame", "unknown_type", "frame_too_large", "rate_limited", "bad_token",
                         "hello_required", "bad_version"})
SERVER_REFUSALS = frozenset({"not_seated", "no_such_table", "table_not_started", "chat_too_long", "chat_empty",
                             "chat_rate_limited", "not_taken_over", "not_watching", "shutting_down",
                             "unavailable", "private_table", "too_many_open"})


class ProtocolError(Exception):
    """A frame that is not a valid client frame."""

    def __init__(self, code: str, params: dict[str, Any] | None = None, cmd: str | None = None) -> None:
        super().__init__(code)
        self.code, self.params, self.cmd = code, params or {}, cmd


_decode_any = msgspec.json.Decoder()


def decode_client(data: str | bytes, max_bytes: int) -> ClientFrame:
    """Parse one client frame; raise :class:`ProtocolError` with a code for anything else."""
    size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
    if size > max_bytes:
        raise ProtocolError("frame_too_large", {"limit": max_bytes, "size": size})
    try:
        obj = _decode_any.decode(data)
    except msgspec.DecodeError:
        raise ProtocolError("bad_frame", {"reason": "not JSON"}) from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_frame", {"reason": "a frame is a JSON object"})
    raw_cmd = obj.get("cmd")
    cmd = raw_cmd if isinstance(raw_cmd, str) and 0 < len(raw_cmd) <= 64 else None
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_frame", {"reason": "a frame needs a string 'type'"}, cmd)
    cls = CLIENT_TYPES.get(kind)
    if cls is None:
        raise ProtocolError("unknown_type", {"type": kind[:40]}, cmd)
    try:
        return cast(ClientFrame, msgspec.convert(obj, type=cls, strict=True))
    except msgspec.ValidationError as exc:
        raise ProtocolError("bad_frame", {"reason": str(exc)[:200]}, cmd) from None


encode = msgspec.json.Encoder().encode

_MESSAGE_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["id"],
    "description": "a loveletter.narrate Message: the client words it in its language with the exported catalogs",
    "properties": {"id": {"type": "string"}, "context": {"type": "string"}, "plural": {"type": "string"},
                   "count": {"type": "integer"}, "args": {"type": "object"},
                   "then": {"type": "array", "items": {"$ref": "#/$defs/Message"}}},
}


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of every frame, client and server, generated from the models."""
    client = list(CLIENT_TYPES.values())
    server = [Welcome, State, Update, Ack, Refused, Presence, ChatLine, Pong, Error]
    schemas, components = msgspec.json.schema_components(client + server, ref_template="#/$defs/{name}")
    wire = {k: v for k, v in WIRE_SCHEMA.items() if k not in ("$schema", "$id")}
    say = {"anyOf": [{"$ref": "#/$defs/Message"}, {"type": "null"}]}
    event = {"oneOf": [{**variant, "required": [*variant["required"], "say"],
                        "properties": {**variant["properties"], "say": say}} for variant in EVENT_SCHEMA["oneOf"]]}
    defs = dict(components)
    defs.update(WireView=wire, WireEvent=event, Message=_MESSAGE_SCHEMA)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://loveletter.invalid/schema/protocol-1.json",
        "title": f"loveletter WebSocket protocol, version {PROTOCOL_VERSION}",
        "protocolVersion": PROTOCOL_VERSION,
        "oneOf": [{"$ref": "#/$defs/ClientFrame"}, {"$ref": "#/$defs/ServerFrame"}],
        "$defs": {
            **defs,
            "ClientFrame": {"oneOf": schemas[:len(client)], "discriminator": {"propertyName": "type"}},
            "ServerFrame": {"oneOf": schemas[len(client):], "discriminator": {"propertyName": "type"}},
        },
    }


__all__ = [
    "Ack", "CLIENT_TYPES", "Chat", "ChatFrom", "ChatLine", "ClientFrame", "Close", "Decide", "ERROR_CODES", "Error",
    "Hello", "LegalDecision", "Open", "PROTOCOL_VERSION", "Ping", "Pong", "Presence", "PromptInfo", "ProtocolError",
    "Reclaim", "Refused", "SERVER_REFUSALS", "SeatInfo", "ServerFrame", "State", "Update", "Welcome", "You",
    "decode_client", "encode", "protocol_schema",
]
