"""Event -> sentence, in two steps, shared by the terminal and the web client.

1. :func:`describe` (and its companions for round ends, table state, the card reference and
   refusals) chooses *which* sentence tells something to one reader and its arguments, as a
   language-neutral :class:`Message` with a JSON form (what a web client receives).
2. :func:`render` words a message in one language, for one table (seat names, edition).

Pure: it reads the engine's editions and :mod:`loveletter.i18n`, nothing else of ours.

    >>> from loveletter.i18n import Translator
    >>> m = describe({"kind": "draw", "seat": 1, "from": "deck", "reason": "turn"}, reader=0)
    >>> render(m, Translator("fr"), Names(("Vous", "Bot 1"), "classic"))
    'Bot 1 pioche une carte.'
"""

from .describe import (
    EVENT_KINDS,
    TOKEN_REASONS,
    card_choice,
    card_copies,
    card_label,
    describe,
    describe_round_end,
    edition_title,
    face_up,
    game_over,
    jester_line,
    mandate_line,
    reference,
    round_over,
    seat_list,
    spies_line,
    tokens_line,
)
from .known import describe_knowledge, unseen_line
from .message import (
    LIST_STYLES,
    Arg,
    Card,
    Items,
    ListStyle,
    Message,
    Number,
    Phrase,
    Seat,
    Value,
    Verbatim,
    msg,
    nmsg,
    npmsg,
    pmsg,
)
from .refusals import REFUSAL_CODES, describe_refusal
from .render import Names, Narrator, join, render
from .summary import RoundSummary, describe_game_summary

__all__ = [
    "EVENT_KINDS", "LIST_STYLES", "REFUSAL_CODES", "TOKEN_REASONS", "Arg", "Card", "Items", "ListStyle", "Message",
    "Names", "Narrator", "Number", "Phrase", "Seat", "Value", "Verbatim", "card_choice", "card_copies", "card_label",
    "describe", "describe_refusal", "describe_round_end", "edition_title", "face_up", "game_over", "jester_line",
    "join", "mandate_line", "msg", "nmsg", "npmsg", "pmsg", "reference", "render", "round_over", "seat_list",
    "spies_line", "tokens_line", "describe_knowledge", "unseen_line",
    "RoundSummary", "describe_game_summary",
]
