"""Decisions: small immutable values with a text form that round-trips.

There are four kinds, one per kind of question the engine asks:

* :class:`Play` -- the active player's card and its choices (targets, guessed value);
* :class:`ChancellorChoice` -- which card the Chancellor player keeps and the order of the others
  put on the bottom of the deck (the last one ends bottom-most);
* :class:`BishopChoice` -- the Bishop's target keeps or discards a correctly named card;
* :class:`CardinalLook` -- which of the two traded hands the Cardinal player looks at (or none).

They are tuples underneath (fast to hash and compare); the trailing ``kind`` field keeps values
of different kinds from ever comparing equal. Text forms::

    guard@2=5   prince@0   handmaid   baroness@1,3   keep:princess/bottom:baron,guard
    bishop:discard   bishop:keep   look@1   look:none
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import LoveLetterError


class DecisionSyntaxError(LoveLetterError, ValueError):
    """Text that is not a decision."""


class Play(NamedTuple):
    """Play ``card`` from hand. ``targets`` are seats (sorted); ``guess`` is a value for Guard/Bishop."""

    card: str
    targets: tuple[int, ...] = ()
    guess: int | None = None
    kind: str = "play"

    @property
    def target(self) -> int | None:
        return self.targets[0] if self.targets else None

    def text(self) -> str:
        out = self.card
        if self.targets:
            out += "@" + ",".join(map(str, self.targets))
        if self.guess is not None:
            out += f"={self.guess}"
        return out


class ChancellorChoice(NamedTuple):
    """Keep ``keep``; put ``bottom`` under the deck in that order (last = bottom-most)."""

    keep: str
    bottom: tuple[str, ...]
    kind: str = "chancellor"

    def text(self) -> str:
        return f"keep:{self.keep}/bottom:{','.join(self.bottom)}"


class BishopChoice(NamedTuple):
    """The Bishop's target discards (and redraws) or keeps the named card."""

    discard: bool
    kind: str = "bishop"

    def text(self) -> str:
        return "bishop:discard" if self.discard else "bishop:keep"


class CardinalLook(NamedTuple):
    """The Cardinal player looks at ``seat``'s hand after the trade, or at nothing (None)."""

    seat: int | None
    kind: str = "look"

    def text(self) -> str:
        return "look:none" if self.seat is None else f"look@{self.seat}"


Decision = Play | ChancellorChoice | BishopChoice | CardinalLook


def play(card: str, targets: int | tuple[int, ...] | list[int] | None = None, guess: int | None = None) -> Play:
    """Build a :class:`Play`, accepting one seat or several (stored sorted)."""
    if targets is None:
        tup: tuple[int, ...] = ()
    elif isinstance(targets, int):
        tup = (targets,)
    else:
        tup = tuple(sorted(targets))
    return Play(card, tup, guess)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise DecisionSyntaxError(f"bad {what} {text!r}") from None


def parse_decision(text: str) -> Decision:
    """Parse the text form of a decision (the inverse of ``decision.text()``)."""
    s = str(text).strip()
    if not s:
        raise DecisionSyntaxError("empty decision")
    if s == "bishop:discard":
        return BishopChoice(True)
    if s == "bishop:keep":
        return BishopChoice(False)
    if s == "look:none":
        return CardinalLook(None)
    if s.startswith("look@"):
        return CardinalLook(_int(s[5:], "seat"))
    if s.startswith("keep:"):
        keep, sep, bottom = s[5:].partition("/bottom:")
        if not sep or not keep:
            raise DecisionSyntaxError(f"bad Chancellor choice {s!r} (want keep:CARD/bottom:CARD[,CARD])")
        cards = tuple(c for c in bottom.split(",") if c)
        return ChancellorChoice(keep, cards)
    guess: int | None = None
    if "=" in s:
        s, _, g = s.partition("=")
        guess = _int(g, "guess")
    targets: tuple[int, ...] = ()
    if "@" in s:
        s, _, t = s.partition("@")
        targets = tuple(sorted(_int(x, "seat") for x in t.split(",")))
    if not s.replace("_", "").isalpha():
        raise DecisionSyntaxError(f"bad card name {s!r}")
    return Play(s, targets, guess)
