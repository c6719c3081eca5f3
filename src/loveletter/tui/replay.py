"""``loveletter replay FILE``: step through a recorded game.

A finished game is shown with every hand (omniscient narration; in a game saved by ``loveletter
play`` it speaks to the person who played it, "you"). A game still in progress is shown as one
seat sees it (``--seat``, default the person's seat), with a warning, unless ``--reveal`` asks for
every hand and the set-aside card. :func:`round_summaries` rebuilds each round's result for the
game-over screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Game, RecordError, parse_decision, replay
from ..engine.record import new_game, start_recorded_round
from ..narrate import Card, Items, Phrase, RoundSummary, Seat, Verbatim, card_label, edition_title, msg, nmsg
from .console import Console, Quit
from .session import HUMAN, TuiError, _load_save, resolve_lang, seat_names
from .text import Table


def _hands(g: Game, table: Table) -> str:
    hands = tuple(Phrase(msg("{player}: {cards}", player=Seat(s), cards=Items(tuple(Card(c) for c in g.hands[s]),
                                                                              "plain")))
                  for s in range(g.players))
    return table.say(msg("Hands: {hands}", hands=Items(hands, "dots")))


def _own_hand(g: Game, seat: int, table: Table) -> str:
    cards = Items(tuple(Phrase(card_label(c, g.values[c])) for c in g.hands[seat]), "plain")
    if not g.hands[seat]:
        return table.t("You hold no card: you are out of the round.")
    return table.say(msg("Your hand: {cards}", cards=cards))


def round_summaries(data: Mapping[str, Any]) -> list[RoundSummary]:
    """Every finished round of a record: its number, result and the tokens gained in it, with their reasons."""
    g = new_game(data)
    out: list[RoundSummary] = []
    for number, rnd in enumerate(data["rounds"], 1):
        for text in start_recorded_round(g, rnd, number, check_seed=data.get("seed") is not None):
            g.apply(parse_decision(text))
        if g.round_result is None:
            break
        gained: dict[int, list[str]] = {}
        for e in g.events:
            if e.kind == "token":
                gained.setdefault(int(e.public["seat"]), []).append(str(e.public.get("reason") or "round"))
        out.append(RoundSummary(number, g.round_result, {s: tuple(w) for s, w in gained.items()}))
    return out


def replay_game(path: str, *, lang: str | None = None, show_all: bool = False, reveal: bool = False,
                seat: int | None = None, console: Console | None = None) -> int:
    """Show a game record step by step (Enter = next, q = quit); ``show_all`` prints it all at once."""
    io = console or Console(fast=True)
    data: Any = _load_save(path)
    final = replay(data)  # validates the whole record first (RecordError: one line)
    seats = final.seats
    term = data.get("terminal") if isinstance(data, dict) else None
    saved_lang = term.get("lang") if isinstance(term, dict) and isinstance(term.get("lang"), str) else None
    t = resolve_lang(lang or saved_lang)
    if seat is not None and not 0 <= seat < final.players:
        raise TuiError(f"--seat must be a seat 0-{final.players - 1}, not {seat}")
    person = seats.index(HUMAN) if seats.count(HUMAN) == 1 else None
    omniscient = final.game_over or reveal
    reader = seat if seat is not None else person
    if not omniscient and reader is None:
        reader = 0
    names = [t("Bot {n}", n=i) if s not in (HUMAN, f"P{i}") else t("Player {n}", n=i) for i, s in enumerate(seats)]
    if reader is not None:
        names = seat_names(t, seats, reader) if HUMAN in seats else [
            t("You") if i == reader else n for i, n in enumerate(names)]
    table = Table(t, names, reader, final.edition.name, final.players)
    deck = final.edition.deck(final.players)
    io.keep = tuple(dict.fromkeys([t.card(c, final.edition.name) for c in deck.counts] + names))
    g = new_game(data)
    title = nmsg("Replay of {file}: {edition}, {count} player.", "Replay of {file}: {edition}, {count} players.",
                 g.players, file=Verbatim(path), edition=edition_title(g.edition.name))
    io.write(table.say(title.followed_by(nmsg("Goal: {count} token.", "Goal: {count} tokens.", g.goal))))
    if not final.game_over:
        if reveal:
            io.write(t("Warning: this game is not over, and --reveal shows every hand and the set-aside card."),
                     style="bold red")
        else:
            io.write(t("This game is not over: it is shown as {player} sees it (--reveal shows every hand).",
                       player=t("Player {n}", n=reader) if seats[reader or 0] == HUMAN else t("Bot {n}", n=reader)),
                     style="bold yellow")
    try:
        for number, rnd in enumerate(data["rounds"], 1):
            start_recorded_round(g, rnd, number, check_seed=data.get("seed") is not None)
            io.write("")
            seen = _show(g, table, io, 0, None if omniscient else reader)
            if omniscient and g.set_aside:
                io.write(t("Set-aside card: {card}", card=table.card(g.set_aside)), first="  ")
            io.write(_hands(g, table) if omniscient else _own_hand(g, reader or 0, table), first="  ")
            for text in rnd["decisions"]:
                if not show_all:
                    if io.ask(t("Enter: next step · q: quit") + " [⏎/q] > ") == "q":
                        raise Quit
                g.apply(parse_decision(text))
                seen = _show(g, table, io, seen, None if omniscient else reader)
                io.write(_hands(g, table) if omniscient else _own_hand(g, reader or 0, table), first="  ")
            if g.round_result is not None:
                io.write("")
                for line in table.round_end(g.round_result, g.tokens, g.goal, g.jester, sorted(g.spies), g.alive,
                                            g.game_winners):
                    io.write(line, hang="  ")
    except (Quit, KeyboardInterrupt):
        return 0
    if not g.game_over:
        io.write(t("The record ends here; the game is not over."))
    return 0


def _show(g: Game, table: Table, io: Console, seen: int, reader: int | None) -> int:
    for e in g.events[seen:]:
        line = table.event(e.full() if reader is None else e.for_seat(reader))
        if line:
            io.write(line, first="  ")
    return len(g.events)


__all__ = ["RecordError", "TuiError", "replay_game", "round_summaries"]
