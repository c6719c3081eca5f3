"""``loveletter replay FILE``: step through a recorded game with every hand shown.

The narration is omniscient (every event in full); in a game saved by ``loveletter play`` it speaks
to the person who played it ("you"), elsewhere of every seat by name.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, RecordError, parse_decision, replay
from ..engine.record import new_game, start_recorded_round
from ..narrate import Card, Items, Phrase, Seat, Verbatim, edition_title, msg, nmsg
from .console import Console, Quit
from .session import HUMAN, TuiError, _load_save, resolve_lang
from .text import Table


def _hands(g: Game, table: Table) -> str:
    hands = tuple(Phrase(msg("{player}: {cards}", player=Seat(s), cards=Items(tuple(Card(c) for c in g.hands[s]),
                                                                              "plain")))
                  for s in range(g.players))
    return table.say(msg("Hands: {hands}", hands=Items(hands, "dots")))


def replay_game(path: str, *, lang: str | None = None, show_all: bool = False,
                console: Console | None = None) -> int:
    """Show a game record step by step (Enter = next, q = quit); ``show_all`` prints it all at once."""
    t = resolve_lang(lang)
    io = console or Console(fast=True)
    data: Any = _load_save(path)
    final = replay(data)  # validates the whole record first (RecordError: one line)
    seats = final.seats
    names = [t("You") if s == HUMAN else t("Bot {n}", n=i) if s != f"P{i}" else t("Player {n}", n=i)
             for i, s in enumerate(seats)]
    reader = seats.index(HUMAN) if HUMAN in seats else None
    table = Table(t, names, reader, final.edition.name, final.players)
    g = new_game(data)
    title = nmsg("Replay of {file}: {edition}, {count} player.", "Replay of {file}: {edition}, {count} players.",
                 g.players, file=Verbatim(path), edition=edition_title(g.edition.name))
    io.write(table.say(title.followed_by(nmsg("Goal: {count} token.", "Goal: {count} tokens.", g.goal))))
    try:
        for number, rnd in enumerate(data["rounds"], 1):
            start_recorded_round(g, rnd, number, check_seed=data.get("seed") is not None)
            io.write("")
            seen = 0
            seen = _show(g, table, io, seen)
            if g.set_aside:
                io.write("  " + t("Set-aside card: {card}", card=table.card(g.set_aside)))
            io.write("  " + _hands(g, table))
            for text in rnd["decisions"]:
                if not show_all:
                    if io.ask(t("Enter: next step · q: quit") + " [⏎/q] > ").lower() == "q":
                        raise Quit
                g.apply(parse_decision(text))
                seen = _show(g, table, io, seen)
                io.write("  " + _hands(g, table))
            if g.round_result is not None:
                io.write("")
                for line in table.round_end(g.round_result, g.tokens, g.goal, g.jester, sorted(g.spies), g.alive,
                                            g.game_winners):
                    io.write(line)
    except (Quit, KeyboardInterrupt):
        return 0
    if not g.game_over:
        io.write(t("The record ends here; the game is not over."))
    return 0


def _show(g: Game, table: Table, io: Console, seen: int) -> int:
    for e in g.events[seen:]:
        line = table.event(e.full())
        if line:
            io.write("  " + line)
    return len(g.events)


__all__ = ["RecordError", "TuiError", "replay_game"]
