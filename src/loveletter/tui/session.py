"""``loveletter play``: people against bots in the terminal, hot-seat included, saved as it goes.

Each person's screens and prompts are built from ``game.view(seat)`` only; between two people at
one terminal a "pass to" screen clears the screen and its scrollback, so the next person never
sees the previous one's hand. Refusals are the engine's (``view.refusal``), worded by
:mod:`loveletter.narrate`. The game record (engine format, written by the table runner's
``on_step`` hook after every step) keeps the seat kinds in ``seats`` (``"human"`` or a bot
spec) and, under ``terminal``, the language and the people's seats, so ``--resume`` rebuilds
the game as it was.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..engine import EDITIONS, BishopChoice, CardinalLook, ChancellorChoice, Decision, Game, Play, View, replay
from ..engine.editions import CARD_PATTERN, ONE_OR_TWO_OTHERS, TWO_ANY
from ..i18n import Translator
from ..narrate import card_label, describe_refusal
from ..table import Automatic, Controller, Pushed
from ..table import Table as Runner
from .console import Console, Quit
from .foresight import surely_eliminates
from .screen import Line, full_screen, screen
from .text import Table, bot_kind
from .wrap import width, wrap

HUMAN = "human"
BOT_PAUSE = 0.9
#: The version of the ``terminal`` part of a save.
SAVE_VERSION = 2


class TuiError(ValueError):
    """Bad settings or files for the terminal game (one line, exit status 2)."""


class Back(Exception):
    """Go back to the choice of card."""


def default_bot() -> str:
    """``heuristic`` when that bot exists, else ``random``."""
    try:
        make_bot("heuristic", 0)
    except Exception:
        return "random"
    return "heuristic"


def default_save_path() -> Path:
    return Path(os.path.expanduser("~")) / ".loveletter" / "last-game.json"


def seat_names(t: Translator, seats: Sequence[str], reader: int | None) -> list[str]:
    """Display names for ``reader``: "You" for the reader, "Player N" for the other people, "Bot N" for bots."""
    return [t("You") if i == reader else t("Player {n}", n=i) if s == HUMAN else t("Bot {n}", n=i)
            for i, s in enumerate(seats)]


@dataclass
class Option:
    key: str
    label: str
    ok: bool = True
    short: str | None = None  # a shorter label, for a short terminal and for "only possible choice"


class Session:
    """A game in progress between people (one or several at this terminal) and bots, on the table runner."""

    def __init__(self, game: Game, humans: int | Sequence[int], t: Translator, console: Console, save: Path | None,
                 bot_seed: int, record: dict[str, Any] | None = None) -> None:
        self._game = game
        self._record = record  # the saved game being resumed (keeps who made each decision, and when)
        self.runner: Runner | None = None  # made by run()
        self.humans = [humans] if isinstance(humans, int) else list(humans)
        self.me = self.humans[0]  # whose screen is up
        self.t = t
        self.io = console
        self.save_path = save
        self.tables = {s: Table(t, seat_names(t, game.seats, s), s, game.edition.name, game.players)
                       for s in self.humans}
        self.bot_seed = bot_seed
        self.bots: dict[int, Any] = {}  # built when first needed
        self.shown: dict[int, tuple[int, int]] = {}  # seat -> (round, events of it already narrated)
        self.notes: list[str] = []  # said during this decision (an only choice): kept on the redrawn screen
        self.drawn = False  # whether a menu was drawn for this decision
        deck = game.edition.deck(game.players)
        cards = [t.card(c, game.edition.name) for c in deck.counts]
        self.io.keep = tuple(dict.fromkeys(cards + [n for tb in self.tables.values() for n in tb.names]))

    @property
    def g(self) -> Game:
        return self.runner.game if self.runner is not None else self._game

    @property
    def table(self) -> Table:
        """The wording for the person whose screen is up."""
        return self.tables[self.me]

    @property
    def names(self) -> list[str]:
        return self.table.names

    def bot(self, seat: int) -> Any:
        if seat not in self.bots:
            g = self.g
            self.bots[seat] = make_bot(g.seats[seat], self.bot_seed * 1000 + seat, edition=g.edition.name,
                                       players=g.players)
        return self.bots[seat]

    def _runner(self) -> Runner:
        seats: list[Controller] = [
            Pushed() if s in self.humans else Automatic(self.bot(s), self.g.seats[s]) for s in range(self.g.players)
        ]
        hook = lambda step: self.save()  # noqa: E731 - saved after every step, before it is shown
        if self._record is not None:
            return Runner.from_record(self._record, seats, clock=time.time, on_step=hook, auto_rounds=False)
        return Runner(self._game, seats, clock=time.time, on_step=hook, auto_rounds=False)

    # ------------------------------------------------------------------ saving
    def record(self) -> dict[str, Any]:
        data: dict[str, Any] = self.runner.record() if self.runner is not None else self.g.record()
        data["terminal"] = {"version": SAVE_VERSION, "humanSeat": self.humans[0], "humans": list(self.humans),
                            "lang": self.t.lang}
        return data

    def save(self) -> None:
        if self.save_path is None:
            return
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(self.record(), indent=1), encoding="utf-8")
            tmp.replace(self.save_path)
        except OSError as exc:
            raise TuiError(f"cannot save the game to {self.save_path}: {exc.strerror or exc}") from None

    # ------------------------------------------------------------------ narration
    def view(self) -> View:
        return self.g.view(self.me)

    def narrate(self) -> None:
        """Print this round's events the person at the screen has not seen narrated yet."""
        view = self.view()
        rnd, seen = self.shown.get(self.me, (view.round, 0))
        if rnd != view.round:
            seen = 0
        for e in view.log[seen:]:
            line = self.table.event(e)
            if line:
                self.io.write(line, first="  ")
        self.shown[self.me] = (view.round, len(view.log))

    # ------------------------------------------------------------------ main loop
    def run(self) -> int:
        t, io = self.t, self.io
        for seat in range(self.g.players):  # a bad bot spec fails now, not in the middle of the game
            if seat not in self.humans:
                self.bot(seat)
        self.runner = runner = self._runner()
        self.introduce()
        try:
            while True:
                prompt = runner.prompt()
                if prompt is None:
                    self.finish()
                    return 0
                if prompt.kind == "round":
                    if self.g.round_no:
                        self.narrate()
                        self.round_over()
                    runner.next_round()
                    io.write("")
                    self.narrate()
                    continue
                if prompt.automatic:
                    runner.advance(max_steps=1)
                else:
                    assert prompt.seat is not None
                    if prompt.seat != self.me:
                        self.hand_over(prompt.seat)
                    out = runner.submit(self.me, self.ask_decision(), prompt.version)
                    if out.refusal is not None:  # the prompts offer legal choices only: say why if not
                        io.write(self.table.say(describe_refusal(out.refusal.code, out.refusal.params, self.me)),
                                 style="red", first="  ! ")
                self.narrate()
                if prompt.automatic and not self.g.round_over:
                    io.pause(BOT_PAUSE)
        except (Quit, KeyboardInterrupt):
            self.save()
            io.write("")
            if self.save_path is not None:
                io.write(t("Game saved to {path}. Continue it with: loveletter play --resume {path}",
                           path=self.save_path), keep=[f"loveletter play --resume {self.save_path}"])
            return 0

    def introduce(self) -> None:
        t, io, g = self.t, self.io, self.g
        bots = [s for s in range(g.players) if s not in self.humans]
        if len(self.humans) > 1:
            people = self.table.narrator.join([t("Player {n}", n=s) for s in self.humans], "and")
            io.write(t("Hot-seat game: {people} play at this terminal.", people=people))
            if bots:
                io.write(t("Bots: {bots}.", bots=self._bot_list(bots)))
        else:
            io.write(t("You sit at seat {seat}. Opponents: {bots}.", seat=self.me, bots=self._bot_list(bots)))
        io.write(t("Keys: a number chooses, ? shows the cards, l shows the whole round, b goes back, "
                   "q saves and quits."))

    def _bot_list(self, bots: Sequence[int]) -> str:
        t = self.t
        return self.table.narrator.join([t("{player} ({kind})", player=self.names[s], kind=bot_kind(t, self.g.seats[s]))
                                         for s in bots], "plain")

    def hand_over(self, seat: int) -> None:
        """Another person decides now: hide the screen, ask for them, and show them their own screen."""
        if len(self.humans) > 1:
            t, io = self.t, self.io
            name = t("Player {n}", n=seat)
            io.clear()
            io.write(t("Pass the terminal to {player}.", player=name), style="bold")
            io.write(t("{player}: press Enter when you are ready (q: save and quit).", player=name))
            if io.ask("[⏎] > ") == "q":
                raise Quit
            io.clear()
        self.me = seat
        view = self.view()
        self.shown[seat] = (view.round, len(view.log))  # the screen shows this round's log

    def round_over(self) -> None:
        view = self.view()
        self.io.write("")
        for line in self.table.round_end(view.round_result or {}, view.tokens, view.goal, view.jester, view.spies,
                                         view.alive, view.game_winners):
            self.io.write(line, hang="  ")
        if not self.g.game_over:
            self.continue_prompt()

    def finish(self) -> None:
        view = self.view()
        rnd, _ = self.shown.get(self.me, (None, 0))
        if rnd == view.round and view.round_result is not None:
            self.narrate()
            self.io.write("")
            for line in self.table.round_end(view.round_result, view.tokens, view.goal, view.jester, view.spies,
                                             view.alive, view.game_winners):
                self.io.write(line, hang="  ")
            self.continue_prompt(quit_key=False)
        self.summary()
        if self.save_path is not None:
            self.io.write("")
            self.io.write(self.t("Game record saved to {path}; watch it again with: loveletter replay {path}",
                                 path=self.save_path), keep=[f"loveletter replay {self.save_path}"])

    def summary(self) -> None:
        """The game-over screen: every round, who won it and how, the tokens, how the game was won."""
        from .replay import round_summaries

        assert self.runner is not None
        rounds = round_summaries(self.runner.record())
        view = self.view()
        lines = self.table.summary(rounds, view.tokens, view.goal, view.game_winners)
        cols, _ = self.io.size()
        title = self.t("Game over")
        self.io.clear()
        self.io.write(f"══ {title} " + "═" * max(2, cols - width(title) - 4), style="bold")
        self.io.write(lines[0], style="bold")
        for line in lines[1:-2]:
            self.io.write(line, first="  ")
        self.io.write(lines[-2])
        self.io.write(lines[-1], style="bold green")

    def continue_prompt(self, quit_key: bool = True) -> None:
        if quit_key:
            answer = self.io.ask(self.t("Press Enter to continue (q: save and quit)") + " [⏎] > ")
        else:
            answer = self.io.ask(self.t("Press Enter to continue") + " [⏎] > ")
        if quit_key and answer == "q":
            raise Quit

    # ------------------------------------------------------------------ screens
    def show_screen(self, reserve: int = 0) -> None:
        """Clear and show the table for the person at the screen, leaving ``reserve`` lines under it."""
        cols, rows = self.io.size()
        self.io.clear()
        self.io.styled([(line.text, line.style) for line in
                        screen(self.view(), self.table, cols, rows, reserve, self.io.keep)])
        view = self.view()
        self.shown[self.me] = (view.round, len(view.log))

    def page(self, lines: Sequence[Line]) -> None:
        """Show lines a screen at a time (Enter: next page) and wait for Enter at the end."""
        io, t = self.io, self.t
        _, rows = io.size()
        step = len(lines) if rows is None else max(1, rows - 1)
        for start in range(0, max(1, len(lines)), step):
            io.clear()
            io.styled([(line.text, line.style) for line in lines[start:start + step]])
            last = start + step >= len(lines)
            hint = t("Enter: back to the game") if last else t("Enter: more · q: back to the game")
            if io.ask(" ".join(wrap(hint, max(10, io.columns - 8))) + " [⏎] > ") == "q" or last:
                return

    def _menu(self, title: str, options: list[Option], notice: str | None, cols: int, rows: int | None) -> list[Line]:
        io = self.io
        lines = [Line(x, "red") for x in wrap(notice, cols, keep=io.keep, first="! ")] if notice else []
        lines += [Line(x) for x in self.notes_lines(cols)]
        lines += [Line(x, "bold") for x in wrap(title, cols, keep=io.keep)]
        for o in options:
            mark = "" if o.ok else "✗ "
            lines += [Line(x, None if o.ok else "dim") for x in
                      wrap(mark + o.label, cols, keep=io.keep, first=f"  {o.key}) ", hang=" " * (len(o.key) + 4))]
        return lines

    def notes_lines(self, cols: int) -> list[str]:
        return [x for n in self.notes for x in wrap(n, cols, keep=self.io.keep, first="→ ", hang="  ")]

    def choose(self, title: str, options: list[Option], explain: Callable[[str], str | None],
               back: bool = False, auto: bool = True) -> str:
        """Ask until one of the allowed options is picked; explain refusals; ``?``, ``l`` and ``q`` work anywhere.

        The screen is redrawn above the question each time, fitted to the terminal (options with a
        short label get it when the long ones would take more than a fifth of it). With ``auto``, an
        only allowed option is taken without asking (and said).
        """
        t, io = self.t, self.io
        allowed = [o for o in options if o.ok]
        if auto and len(allowed) == 1:
            only = allowed[0]
            note = t("Only possible choice: {choice}.", choice=only.short or only.label)
            self.notes.append(note)
            io.write(note, first="→ ", hang="  ")
            return only.key
        notice: str | None = None
        reference = False
        while True:
            cols, rows = io.size()
            keys = "/".join(o.key for o in options)
            hint = f"[{keys}/?/l{'/b' if back else ''}/q] > "
            menu = self._menu(title, options, notice, cols, rows)
            if rows is not None and len(menu) > max(4, rows // 5) and any(o.short for o in options):
                shorter = [Option(o.key, o.short or o.label, o.ok) for o in options]
                menu = self._menu(title, shorter, notice, cols, rows)
            if reference:
                ref = [Line(x) for m in self.table.reference() for x in wrap(m, cols, keep=io.keep, hang="      ")]
                if rows is not None and len(ref) + len(menu) + 1 > rows:
                    self.page(ref)
                    reference = False
                else:
                    io.clear()
                    io.styled([(line.text, line.style) for line in ref])
            if not reference:
                self.show_screen(reserve=len(menu) + 1)
            reference = False
            io.styled([(line.text, line.style) for line in menu])
            self.drawn = True
            answer = io.ask(hint)
            notice = None
            if answer == "q":
                raise Quit
            if answer == "?":
                reference = True
                continue
            if answer == "l":
                self.page(full_screen(self.view(), self.table, io.columns, io.keep))
                continue
            if back and answer == "b":
                raise Back
            picked = next((o for o in options if o.key == answer), None)
            if picked is not None and picked.ok:
                return answer
            notice = (explain(answer) if answer else None) or t("Not an option: {key}", key=answer or "⏎")

    def refusal(self, view: View, decision: Decision) -> str | None:
        """The engine's reason for refusing ``decision`` now, in words (None if it is legal)."""
        problem = view.refusal(decision)
        if problem is None:
            return None
        return self.table.say(describe_refusal(problem.code, problem.params, view.seat))

    # ------------------------------------------------------------------ decisions
    def ask_decision(self) -> Decision:
        view = self.view()
        self.notes, self.drawn = [], False
        while True:
            decision = self._ask(view)
            if not surely_eliminates(view, decision):
                break
            if len(view.legal) == 1:
                self.notes.append(self.t("Your only possible play knocks you out of the round."))
                break
            opts = [Option("1", self.t("yes, go ahead")), Option("2", self.t("no, choose again"))]
            what = self._what(view, decision)
            if self.choose(self.t("{card}: this choice knocks you out of the round. Go ahead?", card=what), opts,
                           lambda k: None, auto=False) == "1":
                break
            self.notes = []
        if not self.drawn:  # everything was an only choice: show the table with it before going on
            self.show_screen(reserve=len(self.notes_lines(self.io.columns)))
            for line in self.notes_lines(self.io.columns):
                self.io.lines([line])
            self.io.pause(BOT_PAUSE)
        return decision

    def _what(self, view: View, d: Decision) -> str:
        """The card a decision plays or discards."""
        if isinstance(d, Play):
            return self.table.card(d.card)
        return self.table.card(view.hand[0]) if view.hand else d.text()

    def _ask(self, view: View) -> Decision:
        pending = view.pending
        if view.phase == "play":
            while True:
                try:
                    return self.ask_play(view)
                except Back:
                    self.notes = []
                    continue
        if pending and pending["kind"] == "chancellor":
            return self.ask_chancellor(view)
        if pending and pending["kind"] == "bishop":
            return self.ask_bishop(view)
        return self.ask_cardinal(view)

    def ask_play(self, view: View) -> Decision:
        t, tb = self.t, self.table
        plays = [d for d in view.legal if isinstance(d, Play)]
        cards = list(dict.fromkeys(view.hand))
        ok = [any(p.card == c for p in plays) for c in cards]
        options = [Option(str(i + 1), tb.card_choice(c, view.values[c]), ok[i], tb.say(card_label(c, view.values[c])))
                   for i, c in enumerate(cards)]

        def why_card(key: str) -> str | None:
            if key.isdigit() and 1 <= int(key) <= len(cards):
                return self.refusal(view, Play(cards[int(key) - 1]))
            return None

        if sum(ok) == 1:  # say why the other card cannot be played (the Countess)
            for i, c in enumerate(cards):
                if not ok[i] and (reason := self.refusal(view, Play(c))):
                    self.notes.append(reason)
                    self.io.write(reason, first="→ ", hang="  ")
        card = cards[int(self.choose(t("Choose a card to play:"), options, why_card)) - 1]
        mine = [p for p in plays if p.card == card]
        if all(not p.targets for p in mine):
            return mine[0]  # the narration says when nobody could be chosen
        targets = self.ask_targets(view, card, mine)
        mine = [p for p in mine if p.targets == targets]
        guesses = sorted({p.guess for p in mine if p.guess is not None})
        if not guesses:
            return mine[0]
        g_opts = [Option(str(v), tb.value_cards(v)) for v in guesses]

        def why_guess(key: str) -> str | None:
            return self.refusal(view, Play(card, targets, int(key))) if key.isdigit() else None

        guess = int(self.choose(t("Name a value:"), g_opts, why_guess, back=True))
        return next(p for p in mine if p.guess == guess)

    def _target_options(self, view: View, ok: Callable[[int], bool]) -> list[Option]:
        t, out = self.t, []
        for s in range(view.players):
            label = self.names[s]
            if not view.alive[s]:
                label += " — " + t("out")
            elif view.protected[s] and s != self.me:
                label += " — " + t("protected")
            out.append(Option(str(s), label, ok(s)))
        return out

    def _why_target(self, view: View, card: str, legal: set[tuple[int, ...]],
                    first: int | None = None) -> Callable[[str], str | None]:
        """The engine's reason why choosing ``key`` (after ``first``, if given) is refused."""
        pattern = CARD_PATTERN[card]
        chosen = {s for tg in legal for s in tg}

        def explain(key: str) -> str | None:
            if not key.isdigit() or int(key) >= view.players:
                return None
            s = int(key)
            if first is not None:
                targets: tuple[int, ...] = tuple(sorted((first, s))) if s != first else (s, s)
            elif pattern == TWO_ANY:  # pair it with a seat that can be chosen, so the reason is about this one
                other = next((x for x in sorted(chosen) if x != s), None)
                targets = tuple(sorted((s, other))) if other is not None else (s,)
            else:
                targets = (s,)
            guess = view.guesses[0] if card in ("guard", "bishop") and view.guesses else None
            return self.refusal(view, Play(card, targets, guess))

        return explain

    def ask_targets(self, view: View, card: str, plays: list[Play]) -> tuple[int, ...]:
        t = self.t
        legal = {p.targets for p in plays}
        pattern = CARD_PATTERN[card]
        first_ok = (lambda s: any(s in tg for tg in legal)) if pattern in (ONE_OR_TWO_OTHERS, TWO_ANY) \
            else (lambda s: (s,) in legal)
        prompt = t("Choose the first player:") if pattern == TWO_ANY else t("Choose a player:")
        first = int(self.choose(prompt, self._target_options(view, first_ok), self._why_target(view, card, legal),
                                back=True))
        if pattern not in (ONE_OR_TWO_OTHERS, TWO_ANY):
            return (first,)
        opts = [o for o in self._target_options(view, lambda s: tuple(sorted((first, s))) in legal)
                if o.key != str(first)]
        if pattern == ONE_OR_TWO_OTHERS:
            opts.append(Option("n", t("nobody else"), (first,) in legal))
            prompt = t("Choose a second player, or n for nobody else:")
        else:
            prompt = t("Choose the second player:")
        second = self.choose(prompt, opts, self._why_target(view, card, legal, first), back=True)
        return (first,) if second == "n" else tuple(sorted((first, int(second))))

    def ask_chancellor(self, view: View) -> Decision:
        t, tb = self.t, self.table
        legal = [d for d in view.legal if isinstance(d, ChancellorChoice)]
        cards = list(dict.fromkeys(view.hand))
        opts = [Option(str(i + 1), tb.card(c)) for i, c in enumerate(cards)]
        keep = cards[int(self.choose(t("Chancellor: which card do you keep?"), opts, lambda k: None)) - 1]
        mine = [d for d in legal if d.keep == keep]
        orders = list(dict.fromkeys(d.bottom for d in mine))
        if len(orders) == 1:
            return mine[0]
        rest = list(dict.fromkeys(c for d in mine for c in d.bottom))
        opts = [Option(str(i + 1), tb.card(c)) for i, c in enumerate(rest)]
        last = rest[int(self.choose(t("Which card goes to the very bottom of the deck?"), opts, lambda k: None)) - 1]
        return next(d for d in mine if d.bottom[-1] == last)

    def ask_bishop(self, view: View) -> Decision:
        t, tb = self.t, self.table
        bishop = view.pending["bishop"] if view.pending else 0
        self.notes.append(t("{name}'s Bishop named the value of your card ({card}).", name=self.names[bishop],
                            card=tb.card(view.hand[0]) if view.hand else "?"))
        opts = [Option("1", t("keep your card")), Option("2", t("discard it and draw another card"))]
        key = self.choose(t("Keep it or discard it?"), opts, lambda k: None)
        return BishopChoice(key == "2")

    def ask_cardinal(self, view: View) -> Decision:
        t = self.t
        pair = view.pending["pair"] if view.pending else []
        opts = [Option(str(s), self.names[s]) for s in pair] + [Option("n", t("nobody"))]
        key = self.choose(t("Cardinal: whose hand do you look at?"), opts, lambda k: None)
        return CardinalLook(None if key == "n" else int(key))


# ---------------------------------------------------------------------- entry point
def parse_seats(seats: str | None, bots: str | None, players: int | None, seat: int | None,
                edition: str) -> list[str]:
    """Every seat's kind, ``human`` or a bot spec, from ``--seats`` or from ``--bots``/``--seat``/``--players``."""
    ed = EDITIONS.get(edition)
    low, high = (ed.min_players, ed.max_players) if ed else (2, 8)
    if players is not None and not low <= players <= high:
        raise TuiError(f"--players {players}: {edition} is played by {low} to {high} players")
    if seats is not None:
        if bots is not None or seat is not None:
            raise TuiError("--seats gives every seat: leave out --bots and --seat")
        kinds = [s.strip() for s in seats.split(",")]
        if any(not k for k in kinds):
            raise TuiError(f"bad --seats {seats!r}: give one kind per seat separated by commas, "
                           "e.g. human,human,heuristic")
        if HUMAN not in kinds:
            raise TuiError(f"--seats {seats!r} has no {HUMAN!r} seat: use `loveletter arena` for bots only")
        if players is not None and players != len(kinds):
            raise TuiError(f"--players {players} but --seats names {len(kinds)} seats")
        if not low <= len(kinds) <= high:
            raise TuiError(f"--seats names {len(kinds)} seat{'s' if len(kinds) != 1 else ''}: {edition} is played by "
                           f"{low} to {high} players")
        return kinds
    specs = [s.strip() for s in bots.split(",")] if bots else []
    if any(not s for s in specs):
        raise TuiError(f"bad --bots {bots!r}: give bot specs separated by commas, e.g. heuristic,random")
    if HUMAN in specs:
        raise TuiError(f"--bots names the bots only; for several people at this terminal use --seats, e.g. "
                       f"--seats human,{HUMAN},heuristic")
    if players is None:
        players = len(specs) + 1 if len(specs) > 1 else 2
    if not specs:
        specs = [default_bot()]
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise TuiError(f"--players {players} needs {players - 1} bot spec{'s' if players != 2 else ''} "
                       f"(or one for all), but --bots names {len(specs)}")
    if not low <= players <= high:
        raise TuiError(f"--bots names {len(specs)} bots: {edition} is played by {low} to {high} players")
    me = 0 if seat is None else seat
    if not 0 <= me < players:
        raise TuiError(f"--seat must be a seat 0-{players - 1}, not {me}")
    kinds = list(specs)
    kinds.insert(me, HUMAN)
    return kinds


def _load_save(path: str | Path) -> Any:
    from ..files import FileFormatError, read_json

    try:
        return read_json(path)
    except FileFormatError as exc:
        raise TuiError(str(exc)) from None


def resolve_lang(lang: str | None) -> Translator:
    from ..i18n import LANGS, detect_lang

    code = lang or detect_lang()
    if code not in LANGS:
        raise TuiError(f"unknown language {code!r} for --lang; choose one of: {', '.join(LANGS)}")
    return Translator(code)


def saved_humans(data: dict[str, Any], path: str | Path) -> list[int]:
    """The people's seats of a saved game (``terminal.humans``, else every ``human`` seat)."""
    seats = data.get("seats")
    if not isinstance(seats, list) or HUMAN not in seats:
        raise TuiError(f"{path} has no seat named {HUMAN!r}: it was not saved by `loveletter play`")
    term = data.get("terminal")
    humans = term.get("humans") if isinstance(term, dict) else None
    if isinstance(humans, list) and humans and all(type(s) is int and 0 <= s < len(seats) and seats[s] == HUMAN
                                                    for s in humans):
        return sorted(set(humans))
    return [i for i, s in enumerate(seats) if s == HUMAN]


def unfinished(path: Path) -> bool | None:
    """Whether ``path`` holds a game not yet over (None: no such file; True too for a file that is no save)."""
    if not path.exists():
        return None
    try:
        data = _load_save(path)
        return not replay(data).game_over
    except (TuiError, ValueError):
        return True


#: Settings of a new game, which a resumed game keeps from its save.
GAME_SETTINGS = ("edition", "players", "bots", "seats", "seat", "seed", "options", "profile")


def play_game(*, edition: str | None = None, players: int | None = None, bots: str | None = None,
              seats: str | None = None, seat: int | None = None, seed: int | None = None, lang: str | None = None,
              options: dict[str, Any] | None = None, profile: str | None = None, fast: bool = False,
              save: str | None = None, resume: str | None = None, overwrite: bool = False,
              console: Console | None = None) -> int:
    """Run ``loveletter play``; returns the exit status. ``resume=""`` resumes the default save."""
    io = console or Console(fast=fast)
    if resume is not None:
        given = {"edition": edition, "players": players, "bots": bots, "seats": seats, "seat": seat, "seed": seed,
                 "options": options or None, "profile": profile}
        extra = [name for name in GAME_SETTINGS if given[name] is not None]
        if extra:
            raise TuiError(f"--{extra[0]} does not go with --resume: a saved game keeps its own edition, players, "
                           "seats, seed and options")
        path = Path(resume) if resume else default_save_path()
        if not resume and not path.exists():
            raise TuiError(f"no saved game at {path} to resume (give --resume FILE)")
        data = _load_save(path)
        if not isinstance(data, dict):
            raise TuiError(f"{path} is not a saved game")
        game = replay(data)
        if game.game_over:
            raise TuiError(f"the game saved in {path} is over; watch it with: loveletter replay {path}")
        humans = saved_humans(data, path)
        term = data.get("terminal")
        saved_lang = term.get("lang") if isinstance(term, dict) and isinstance(term.get("lang"), str) else None
        t = resolve_lang(lang or saved_lang)
        session = Session(game, humans, t, io, Path(save) if save else path,
                          game.seed if game.seed is not None else 0, record=data)
        return session.run()
    t = resolve_lang(lang)
    ed = edition or "classic"
    kinds = parse_seats(seats, bots, players, seat, ed)
    save_path = Path(save) if save else default_save_path()
    if not overwrite and unfinished(save_path):
        try:
            replace = ask_overwrite(io, t, save_path)
        except Quit:
            return 0
        if not replace:
            return play_game(resume=str(save_path), lang=lang, fast=fast, console=io)
    if seed is None:
        seed = random.randrange(2**31)
    game = Game(ed, len(kinds), seed=seed, options=options, profile=profile or "bga", seats=kinds)
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    session = Session(game, humans, t, io, save_path, seed)
    for s in range(game.players):  # a bad bot spec fails before anything is written
        if s not in humans:
            session.bot(s)
    session.save()
    return session.run()


def ask_overwrite(io: Console, t: Translator, path: Path) -> bool:
    """An unfinished game is saved where the new one would go: True to overwrite it, False to resume it."""
    if not io.interactive:
        raise TuiError(f"{path} holds an unfinished game: continue it with --resume, save the new one elsewhere "
                       "with --save FILE, or give --overwrite to replace it")
    io.write(t("An unfinished game is saved in {path}.", path=path), style="bold")
    io.write(t("Continue it"), first="  1) ")
    io.write(t("Start a new game (the saved one is lost)"), first="  2) ")
    while True:
        answer = io.ask("[1/2/q] > ")
        if answer == "q":
            raise Quit
        if answer in ("1", "2"):
            return answer == "2"
        io.write(t("Not an option: {key}", key=answer or "⏎"), style="red", first="  ! ")
