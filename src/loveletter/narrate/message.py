"""A sentence chosen but not yet worded: a message id and its arguments as typed, language-neutral values.

A :class:`Message` says *which* sentence (its gettext id, context and plural count) and *what* goes in it
(seats, cards, values, numbers, lists, nested phrases); :func:`loveletter.narrate.render` words it in one
language. Its JSON form (:meth:`Message.to_json`) is what a web client receives::

    {"id": "{player} plays {card} on {target}.",
     "args": {"player": {"seat": 1}, "card": {"card": "prince"}, "target": {"seat": 2}},
     "then": [{"id": "Correct guess!"}]}

with ``"context"``, ``"plural"`` and ``"count"`` when set. Arguments are one of ``{"seat": 2}``,
``{"card": "guard"}``, ``{"value": 5}`` (a value named with a Guard or Bishop), ``{"number": 3}``,
``{"text": "game.json"}`` (verbatim, never translated), ``{"items": [...], "style": "and"}`` (a list;
styles in :data:`LIST_STYLES`) and ``{"message": {...}}`` (a nested phrase).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias, TypeGuard, get_args

ListStyle = Literal["and", "or", "plain", "dots"]
#: How a list is joined: "and"/"or" as the language says it ("A, B and C"), "plain" as an enumeration
#: ("A, B, C"; Chinese "A、B、C"), "dots" with middle dots ("A · B · C").
LIST_STYLES: tuple[str, ...] = get_args(ListStyle)


@dataclass(frozen=True)
class Seat:
    """A seat, shown by its name."""

    seat: int


@dataclass(frozen=True)
class Card:
    """A card id, shown by its name in the edition being played."""

    card: str


@dataclass(frozen=True)
class Value:
    """A card value named in play (Guard, Bishop), shown with the cards of this deck that have it."""

    value: int


@dataclass(frozen=True)
class Number:
    """A plain number."""

    number: int


@dataclass(frozen=True)
class Verbatim:
    """Text shown as it is (a file name, a key): never translated."""

    text: str


@dataclass(frozen=True)
class Items:
    """A list of arguments, joined the way the language joins lists."""

    items: tuple[Arg, ...]
    style: ListStyle = "and"


@dataclass(frozen=True)
class Phrase:
    """A nested message (a pronoun, a reason), rendered in place."""

    message: Message


Arg: TypeAlias = Seat | Card | Value | Number | Verbatim | Items | Phrase


@dataclass(frozen=True)
class Message:
    """A sentence to say: gettext id (English text with ``{fields}``), arguments, and the sentences after it.

    ``plural`` and ``count`` make it a plural message (``ngettext``); the count is also the field
    ``{count}``. ``then`` are sentences said right after this one (the outcome of a play).
    """

    id: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    context: str | None = None
    plural: str | None = None
    count: int | None = None
    then: tuple[Message, ...] = ()

    def __post_init__(self) -> None:
        if (self.plural is None) != (self.count is None):
            raise ValueError(f"a plural message needs both a plural id and a count: {self.id!r}")
        if self.count is not None and "count" in self.args:
            raise ValueError(f"'count' is the plural count of {self.id!r}, not an argument")

    def followed_by(self, *more: Message | None) -> Message:
        """This message with more sentences after it (None entries are skipped)."""
        extra = tuple(m for m in more if m is not None)
        if not extra:
            return self
        return Message(self.id, self.args, self.context, self.plural, self.count, self.then + extra)

    def walk(self) -> Iterator[Message | Arg]:
        """This message, its arguments, nested phrases and following sentences, depth first."""
        yield self
        for arg in self.args.values():
            yield from _walk_arg(arg)
        for m in self.then:
            yield from m.walk()

    def cards(self) -> set[str]:
        """Every card id this message names (not counting the cards a :class:`Value` stands for)."""
        return {a.card for a in self.walk() if isinstance(a, Card)}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.context is not None:
            out["context"] = self.context
        if self.plural is not None:
            out["plural"] = self.plural
            out["count"] = self.count
        if self.args:
            out["args"] = {k: arg_to_json(v) for k, v in self.args.items()}
        if self.then:
            out["then"] = [m.to_json() for m in self.then]
        return out

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """The message of :meth:`to_json`'s form; raises ValueError on anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise ValueError(f"not a message: {data!r}")
        unknown = set(data) - {"id", "context", "plural", "count", "args", "then"}
        if unknown:
            raise ValueError(f"unknown message fields {sorted(unknown)}")
        context, plural, count = data.get("context"), data.get("plural"), data.get("count")
        if context is not None and not isinstance(context, str):
            raise ValueError(f"bad context {context!r}")
        if plural is not None and not isinstance(plural, str):
            raise ValueError(f"bad plural {plural!r}")
        if count is not None and not _is_int(count):
            raise ValueError(f"bad count {count!r}")
        args = data.get("args", {})
        then = data.get("then", [])
        if not isinstance(args, dict) or not isinstance(then, list):
            raise ValueError(f"bad args or then in {data!r}")
        return cls(data["id"], {str(k): arg_from_json(v) for k, v in args.items()}, context, plural, count,
                   tuple(cls.from_json(m) for m in then))


def _walk_arg(arg: Arg) -> Iterator[Message | Arg]:
    yield arg
    if isinstance(arg, Items):
        for item in arg.items:
            yield from _walk_arg(item)
    elif isinstance(arg, Phrase):
        yield from arg.message.walk()


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def arg_to_json(arg: Arg) -> dict[str, Any]:
    if isinstance(arg, Seat):
        return {"seat": arg.seat}
    if isinstance(arg, Card):
        return {"card": arg.card}
    if isinstance(arg, Value):
        return {"value": arg.value}
    if isinstance(arg, Number):
        return {"number": arg.number}
    if isinstance(arg, Verbatim):
        return {"text": arg.text}
    if isinstance(arg, Items):
        return {"items": [arg_to_json(a) for a in arg.items], "style": arg.style}
    return {"message": arg.message.to_json()}


def arg_from_json(data: Any) -> Arg:
    if not isinstance(data, dict) or not data:
        raise ValueError(f"not an argument: {data!r}")
    if "items" in data:
        items, style = data["items"], data.get("style", "and")
        if set(data) - {"items", "style"} or not isinstance(items, list) or style not in LIST_STYLES:
            raise ValueError(f"bad list argument {data!r}")
        return Items(tuple(arg_from_json(a) for a in items), style)
    if len(data) != 1:
        raise ValueError(f"an argument has one field: {data!r}")
    (kind, value), = data.items()
    if kind in ("seat", "value", "number") and _is_int(value):
        return Seat(value) if kind == "seat" else Value(value) if kind == "value" else Number(value)
    if kind in ("card", "text") and isinstance(value, str):
        return Card(value) if kind == "card" else Verbatim(value)
    if kind == "message":
        return Phrase(Message.from_json(value))
    raise ValueError(f"bad argument {data!r}")


# ---------------------------------------------------------------------- builders (also extraction keywords)
def msg(id: str, /, **args: Arg) -> Message:
    """A message; ``msg`` marks its id for the catalogs."""
    return Message(id, args)


def pmsg(context: str, id: str, /, **args: Arg) -> Message:
    """A message with a gettext context."""
    return Message(id, args, context)


def nmsg(singular: str, plural: str, count: int, /, **args: Arg) -> Message:
    """A plural message: the form is chosen by ``count`` (also the field ``{count}``)."""
    return Message(singular, args, None, plural, count)


def npmsg(context: str, singular: str, plural: str, count: int, /, **args: Arg) -> Message:
    """A plural message with a gettext context."""
    return Message(singular, args, context, plural, count)
