"""What a seat knows *now* about the hidden cards, in sentences: :func:`describe_knowledge`.

It words a :class:`~loveletter.engine.Knowledge` (``loveletter.engine.knowledge_of(view)``): who
surely holds which card, the values another seat's card cannot have, which of my cards another
seat knows, the cards known to lie under the deck, and the cards not yet seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import Knowledge
from .describe import card_copies, card_label
from .message import Items, Message, Number, Phrase, Seat, msg


def describe_knowledge(k: Knowledge, values: Mapping[str, int],
                       alive: Sequence[bool] | None = None) -> list[Message]:
    """One sentence per fact the reader (``k.seat``) knows now, by seat, then the bottom of the deck.

    ``values`` gives each card's value in this deck; ``alive`` (by seat) leaves out what seats that
    are out of the round know of my hand (they can no longer act on it).
    """
    lines: list[Message] = []
    seats = sorted(set(k.holds) | set(k.ruled_out) | set(k.knows_mine))
    for s in seats:
        held = k.holds.get(s, ())
        exact = len(held) == len(k.candidates.get(s, ()))
        if held:
            lines.append(msg("{player} holds {cards}.", player=Seat(s), cards=_labels(held, values)))
        out = sorted(k.ruled_out.get(s, ()))
        if out and not exact:
            lines.append(msg("{player} holds no card of value {values}.", player=Seat(s),
                             values=Items(tuple(Number(v) for v in out), "or")))
        mine = k.knows_mine.get(s, ())
        if mine and (alive is None or alive[s]):
            lines.append(msg("{player} knows that you hold {cards}.", player=Seat(s), cards=_labels(mine, values)))
    if any(c is not None for c in k.deck_bottom):
        # TRANSLATORS: a card under the deck that the reader does not know (another player's Chancellor put it there).
        unknown = Phrase(msg("an unknown card"))
        cards = tuple(unknown if c is None else Phrase(card_label(c, values[c])) for c in k.deck_bottom)
        lines.append(msg("At the bottom of the deck, from the bottom up: {cards}.", cards=Items(cards, "plain")))
    return lines


def unseen_line(k: Knowledge, values: Mapping[str, int]) -> Message:
    """The cards whose copies the reader has not seen yet, with their numbers, by value."""
    listed = sorted(((c, n) for c, n in k.unseen.items() if n), key=lambda kv: (values[kv[0]], kv[0]))
    return msg("Not yet seen by you: {cards}", cards=Items(tuple(Phrase(card_copies(c, n)) for c, n in listed),
                                                          "plain"))


def _labels(cards: Sequence[str], values: Mapping[str, int]) -> Items:
    return Items(tuple(Phrase(card_label(c, values[c])) for c in cards), "and")


__all__ = ["describe_knowledge", "unseen_line"]
