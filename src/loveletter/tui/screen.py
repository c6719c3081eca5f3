"""The table as one seat sees it, rendered from that seat's :class:`~loveletter.engine.View` only."""

from __future__ import annotations

import unicodedata

from ..engine import View
from ..narrate import Items, Phrase, card_copies, card_label, face_up, jester_line, mandate_line, msg, spies_line
from .text import Table

#: How many lines of this round's log the screen keeps.
LOG_LINES = 14


def width(text: str) -> int:
    """Columns taken in a terminal (wide CJK characters count two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, cols: int) -> str:
    return text + " " * max(0, cols - width(text))


def round_log(view: View, table: Table) -> list[str]:
    """This round's events as the seat may see them, one line each."""
    return [line for e in view.log if (line := table.event(e))]


def private_notes(view: View, table: Table) -> list[str]:
    """What this seat learned privately this round (looks, trades, replacement and Chancellor draws)."""
    notes: list[str] = []
    for e in view.private_log():
        if e["kind"] == "draw" and e["reason"] in ("deal", "turn"):
            continue
        line = table.event(e)
        if line:
            notes.append(line)
    return notes


def _labels(cards: tuple[str, ...], values: dict[str, int]) -> Items:
    """Cards with their values, as a plain list: ``Guard Odette (1), Priest Tomas (2)``."""
    return Items(tuple(Phrase(card_label(c, values[c])) for c in cards), "plain")


def render(view: View, table: Table) -> str:
    """The whole screen for ``view.seat``: public table state, own hand, own knowledge, the round log."""
    t = table.t
    out: list[str] = []
    title = t("Love Letter · {edition} · round {round}", edition=t.edition(view.edition), round=view.round)
    out.append(f"══ {title} " + "═" * max(3, 60 - width(title)))
    out.append(t("Tokens to win: {goal} · Cards left in the deck: {deck}", goal=view.goal, deck=view.deck_size))
    if view.face_up:
        out.append(table.say(face_up(view.face_up)))
    if view.set_aside_taken:
        out.append(t("The set-aside card has been taken."))
    unseen = view.unseen_counts()
    values = view.values
    listed = sorted(unseen.items(), key=lambda kv: (values[kv[0]], kv[0]))
    out.append(table.say(msg("Not yet seen by you: {cards}",
                             cards=Items(tuple(Phrase(card_copies(c, k)) for c, k in listed), "plain"))))
    out.append("")
    names_w = max(width(n) for n in table.names) + 2
    status_w = max(width(t(s)) for s in ("in the round", "protected", "out", "to move")) + 2
    for s in range(view.players):
        if not view.alive[s]:
            status = t("out")
        elif view.to_move == s or (view.to_move is None and view.current_player == s and not view.round_result):
            status = t("to move")
        elif view.protected[s]:
            status = t("protected")
        else:
            status = t("in the round")
        if view.protected[s] and view.alive[s] and status != t("protected"):
            status += "+" + t("protected")
        tokens = "●" * view.tokens[s] + "○" * max(0, view.goal - view.tokens[s])
        pile = table.narrator.arg(_labels(view.discards[s], values))
        out.append(f"{pad(table.name(s), names_w)}{pad(tokens, max(view.goal, 4) + 2)}{pad(status, status_w)}{pile}")
    extras = []
    if view.mandate is not None:
        extras.append(table.say(mandate_line(view.mandate, view.seat)))
    if view.jester is not None:
        extras.append(table.say(jester_line(view.jester[0], view.jester[1], view.seat)))
    if view.spies:
        extras.append(table.say(spies_line(view.spies, view.seat)))
    out.extend(extras)
    out.append("")
    out.append(t("What you know:"))
    notes = private_notes(view, table)
    out.extend("  " + n for n in notes) if notes else out.append("  " + t("nothing private yet"))
    out.append(t("This round:"))
    log = round_log(view, table)
    if len(log) > LOG_LINES:
        out.append("  …")
    out.extend("  " + line for line in log[-LOG_LINES:])
    out.append("")
    if view.hand:
        out.append(table.say(msg("Your hand: {cards}", cards=_labels(view.hand, values))))
    else:
        out.append(t("You hold no card: you are out of the round."))
    return "\n".join(out)
