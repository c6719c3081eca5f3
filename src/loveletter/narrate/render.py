"""Wording a :class:`~.message.Message` in one language: card names per edition, seat names, lists.

Lists are joined with the language's CLDR list patterns (Babel), with Spanish *y/e* and *o/u*;
French gets non-breaking spaces before ``:;!?`` and Chinese full-width punctuation without stray
spaces (:mod:`loveletter.i18n.typography`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from babel import Locale
from babel.numbers import format_decimal

from ..engine import find_edition
from ..i18n import Translator, typography
from .message import Arg, Card, Items, ListStyle, Message, Number, Phrase, Seat, Value, Verbatim, pmsg

#: Shown for an empty list.
EMPTY = "–"


@dataclass(frozen=True)
class Names:
    """What a message needs beyond the language: the seat names (one per seat) and the edition."""

    seats: tuple[str, ...]
    edition: str

    @property
    def players(self) -> int:
        return len(self.seats)


@cache
def _list_patterns(lang: str, style: str) -> dict[str, str]:
    patterns = Locale.parse(lang).list_patterns["or" if style == "or" else "standard"]
    # CLDR's "{0}, {1}" as named fields, for the same filling as messages.
    return {k: patterns[k].replace("{0}", "{a}").replace("{1}", "{b}") for k in ("start", "middle", "end", "2")}


# Spanish: "y" becomes "e" before an /i/ sound (not "hie-"), "o" becomes "u" before an /o/ sound
# ("ocho", "once"), as the RAE asks.
_ES_E = re.compile(r"h?i(?![aeou])", re.IGNORECASE)
_ES_U = re.compile(r"(h?o|8|11(?!\d))", re.IGNORECASE)


def _spanish_conjunction(pattern: str, following: str) -> str:
    if _ES_E.match(following):
        return pattern.replace(" y ", " e ")
    if _ES_U.match(following):
        return pattern.replace(" o ", " u ")
    return pattern


def join(lang: str, items: Sequence[str], style: ListStyle = "and") -> str:
    """Items joined as a list in ``lang``."""
    if not items:
        return EMPTY
    if len(items) == 1:
        return items[0]
    if style == "dots":
        return " · ".join(items)
    if style == "plain":
        return ("、" if lang == "zh" else ", ").join(items)
    patterns = _list_patterns(lang, style)

    def pattern(key: str, following: str) -> str:
        p = patterns[key]
        return _spanish_conjunction(p, following) if lang == "es" else p

    if len(items) == 2:
        return typography.fill(lang, pattern("2", items[1]), {"a": items[0], "b": items[1]})
    out = typography.fill(lang, pattern("end", items[-1]), {"a": items[-2], "b": items[-1]})
    for i in range(len(items) - 3, -1, -1):
        out = typography.fill(lang, pattern("start" if i == 0 else "middle", out), {"a": items[i], "b": out})
    return out


class Narrator:
    """Renders messages in the translator's language for one table (seat names, edition)."""

    def __init__(self, translator: Translator, names: Names) -> None:
        self.t = translator
        self.names = names
        self.lang = translator.lang
        self._deck = find_edition(names.edition).deck(names.players)

    def render(self, message: Message) -> str:
        """The message and the sentences after it, in one language."""
        template = self.t.template(message.id, message.context, message.plural, message.count)
        fields = {name: self.arg(arg) for name, arg in message.args.items()}
        if message.count is not None:
            fields["count"] = format_decimal(message.count, locale=self.lang)
        text = self.t.format(template, **fields)
        if not message.then:
            return text
        return typography.join_sentences(self.lang, [text, *(self.render(m) for m in message.then)])

    def arg(self, arg: Arg) -> str:
        if isinstance(arg, Seat):
            return self.seat(arg.seat)
        if isinstance(arg, Card):
            return self.card(arg.card)
        if isinstance(arg, Value):
            return self.value(arg.value)
        if isinstance(arg, Number):
            return format_decimal(arg.number, locale=self.lang)
        if isinstance(arg, Verbatim):
            return arg.text
        if isinstance(arg, Items):
            return join(self.lang, [self.arg(a) for a in arg.items], arg.style)
        if isinstance(arg, Phrase):
            return self.render(arg.message)
        raise TypeError(f"not a message argument: {arg!r}")

    def join(self, items: Sequence[str], style: ListStyle = "and") -> str:
        """Texts joined as a list in this language."""
        return join(self.lang, items, style)

    def seat(self, seat: int) -> str:
        return self.names.seats[seat]

    def card(self, card: str) -> str:
        return self.t.card(card, self.names.edition)

    def cards(self, cards: Sequence[str], style: ListStyle = "plain") -> str:
        return join(self.lang, [self.card(c) for c in cards], style)

    def value_cards(self, value: int) -> list[str]:
        """The ids of the cards of this deck that have ``value``."""
        return [c for c, v in self._deck.values.items() if v == value and c in self._deck.counts]

    def value(self, value: int) -> str:
        """``5 (Prince Arnaud)``: a named value and the cards that have it."""
        cards = self.value_cards(value)
        if not cards:
            return format_decimal(value, locale=self.lang)
        # TRANSLATORS: a value named with a Guard or a Bishop, and the cards that have it: "5 (Prince Arnaud)".
        return self.render(pmsg("value", "{value} ({cards})", value=Number(value),
                                cards=Items(tuple(Card(c) for c in cards), "or")))


def render(message: Message, translator: Translator, names: Names) -> str:
    """``message`` worded in the translator's language, with these seat names and this edition's cards."""
    return Narrator(translator, names).render(message)
