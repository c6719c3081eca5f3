"""The table as one seat sees it, rendered from that seat's :class:`~loveletter.engine.View` only.

:func:`screen` lays it out for a terminal of a given size: every line fitted to the width, and,
when the terminal is short, the least needed parts shortened first (blank lines, then the log's
older lines, then the unseen cards and what you know) so that the header, the players, your hand
and the question asked below all stay on the screen. Nothing is lost: the ``l`` key shows the
whole screen with the whole round's log (:func:`full_screen`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..engine import View, knowledge_of
from ..narrate import (
    Items,
    Phrase,
    card_label,
    describe_knowledge,
    face_up,
    jester_line,
    mandate_line,
    msg,
    nmsg,
    spies_line,
    unseen_line,
)
from .text import Table
from .wrap import pad, width, wrap

#: A terminal narrower than this, or shorter than :data:`COMPACT_ROWS`, gets the compact layout.
COMPACT_COLUMNS = 80
COMPACT_ROWS = 30


@dataclass(frozen=True)
class Line:
    """One screen line that fits the width, with its Rich style."""

    text: str
    style: str | None = None


Fit = Callable[[str, str], list[str]]


def round_log(view: View, table: Table) -> list[str]:
    """This round's events as the seat may see them, one sentence each."""
    return [line for e in view.log if (line := table.event(e))]


def _labels(cards: tuple[str, ...], values: Mapping[str, int]) -> Items:
    """Cards with their values, as a plain list: ``Guard Odette (1), Priest Tomas (2)``."""
    return Items(tuple(Phrase(card_label(c, values[c])) for c in cards), "plain")


def _status(view: View, table: Table, s: int) -> tuple[str, str | None]:
    t = table.t
    if not view.alive[s]:
        return t("out"), "dim"
    if view.to_move == s or (view.to_move is None and view.current_player == s and not view.round_result):
        status = t("to move")
        return (status + "+" + t("protected") if view.protected[s] else status), "bold"
    if view.protected[s]:
        return t("protected"), "cyan"
    return t("in the round"), None


@dataclass
class Parts:
    """The screen's parts, each a list of lines that fit the width."""

    head: list[Line]
    board: list[Line]
    board_short: list[Line]  # the board with each discard pile cut to one line
    unseen: list[Line]
    table_notes: list[Line]
    known: list[Line]
    log: list[str]
    hand: list[Line]


def parts(view: View, table: Table, cols: int, keep: Sequence[str] = ()) -> Parts:
    """Every part of the screen for ``view.seat``, fitted to ``cols`` columns."""
    t = table.t

    def fit(text: str, first: str = "", hang: str | None = None) -> list[str]:
        return wrap(text, cols, keep=keep, first=first, hang=hang)

    def lines(text: str, style: str | None = None, first: str = "", hang: str | None = None) -> list[Line]:
        return [Line(x, style) for x in fit(text, first, hang)]

    title = t("Love Letter · {edition} · round {round}", edition=t.edition(view.edition), round=view.round)
    rule = "═" * max(2, cols - width(title) - 4)
    head = lines(f"══ {title} {rule}" if width(title) + 6 <= cols else title, "bold")
    head += lines(t("Tokens to win: {goal} · Cards left in the deck: {deck}", goal=view.goal, deck=view.deck_size))

    values = view.values
    names_w = max(width(n) for n in table.names) + 2
    status_w = max(width(t(s)) for s in ("in the round", "protected", "out", "to move")) + 2
    tokens_w = max(view.goal, 4) + 2
    board: list[Line] = []
    short: list[Line] = []
    for s in range(view.players):
        status, style = _status(view, table, s)
        tokens = "●" * view.tokens[s] + "○" * max(0, view.goal - view.tokens[s])
        prefix = pad(table.name(s), names_w) + pad(tokens, tokens_w) + pad(status, max(status_w, width(status) + 2))
        hang = " " * width(prefix) if width(prefix) <= cols // 2 else "    "
        pile = table.narrator.arg(_labels(view.discards[s], values)) if view.discards[s] else ""
        rows = fit(pile, prefix, hang) if width(prefix) <= cols else fit(prefix.rstrip() + " " + pile)
        board += [Line(r, style) for r in rows]
        first = rows[0] if len(rows) == 1 else _crop(rows[0], cols)
        short.append(Line(first, style))

    k = knowledge_of(view)
    unseen = lines(table.say(unseen_line(k, values)))
    notes: list[Line] = []
    if view.face_up:
        notes += lines(table.say(face_up(view.face_up)))
    if view.set_aside_taken:
        notes += lines(t("The set-aside card has been taken."))
    if view.mandate is not None:
        notes += lines(table.say(mandate_line(view.mandate, view.seat)))
    if view.jester is not None:
        notes += lines(table.say(jester_line(view.jester[0], view.jester[1], view.seat)))
    if view.spies:
        notes += lines(table.say(spies_line(view.spies, view.seat)))

    facts = describe_knowledge(k, values, view.alive)
    known = lines(t("What you know:"), "bold")
    if facts:
        for m in facts:
            known += lines(table.say(m), first="  ")
    else:
        known += lines(t("nothing about the hidden cards yet"), first="  ")

    log = round_log(view, table)
    if view.hand:
        hand = lines(table.say(msg("Your hand: {cards}", cards=_labels(view.hand, values))), "bold green")
    else:
        hand = lines(t("You hold no card: you are out of the round."), "bold")
    return Parts(head, board, short, unseen, notes, known, log, hand)


def _crop(text: str, cols: int) -> str:
    """The first line of a wrapped pile, marked as cut."""
    return text if width(text) + 2 <= cols else text[:-1] + " …"


def screen(view: View, table: Table, cols: int, rows: int | None = None, reserve: int = 0,
           keep: Sequence[str] = ()) -> list[Line]:
    """The screen for ``view.seat`` in ``cols`` columns, in at most ``rows - reserve`` lines when
    ``rows`` is given (``reserve``: the lines of the question asked under it)."""
    p = parts(view, table, cols, keep)
    t = table.t
    log_title = [Line(x, "bold") for x in wrap(t("This round:"), cols, keep=keep)]

    entries = [wrap(e, cols, keep=keep, first="  ") for e in p.log]

    def log_lines(limit: int | None) -> list[Line]:
        """The round's log in ``limit`` lines at most: the latest sentences whole, and how many lines are left out."""
        total = sum(len(e) for e in entries)
        if limit is None or total <= limit:
            return [Line(x) for e in entries for x in e]
        kept: list[str] = []
        for e in reversed(entries):
            if len(kept) + len(e) > limit - 1:
                break
            kept[:0] = e
        told = table.say(nmsg("… {count} earlier line (l: the whole round)",
                              "… {count} earlier lines (l: the whole round)", total - len(kept)))
        return [Line(x, "dim") for x in wrap(told, cols, keep=keep, first="  ")[:1]] + [Line(x) for x in kept]

    compact = cols < COMPACT_COLUMNS or (rows is not None and rows < COMPACT_ROWS)
    gap = [] if compact else [Line("")]
    full_log = log_lines(None)

    def assemble(board: list[Line], unseen: bool, known: bool, log: list[Line] | None) -> list[Line]:
        out = p.head + (p.unseen if unseen else []) + p.table_notes + gap + board + gap
        if known:
            out += p.known
        if log is not None:
            out += log_title + log
        return out + gap + p.hand

    if rows is None:
        return assemble(p.board, True, True, full_log)
    budget = rows - reserve
    for board in (p.board, p.board_short):
        for unseen, known in ((True, True), (False, True), (False, False)):
            base = len(assemble(board, unseen, known, []))
            room = budget - base
            if room >= min(len(full_log), 3) or (not unseen and not known and room >= 1):
                return assemble(board, unseen, known, log_lines(room))
    board = p.board_short
    if len(assemble(board, False, False, None)) <= budget:
        return assemble(board, False, False, None)
    # Too short even for that: the header goes first, then the notes; the players and the hand stay.
    return board + p.hand


def full_screen(view: View, table: Table, cols: int, keep: Sequence[str] = ()) -> list[Line]:
    """Everything, unabridged: the screen with every discard and the whole round's log."""
    return screen(view, table, cols, None, 0, keep)


__all__ = ["COMPACT_COLUMNS", "COMPACT_ROWS", "Line", "full_screen", "pad", "round_log", "screen", "width"]
