"""``loveletter play``: one person against bots in the terminal, saved as it goes.

The person's screens and prompts are built from ``game.view(seat)`` only. The game record
(engine format) is written after every decision, with the seat specs in its ``seats`` field
(``"human"`` for the person, a bot spec for every other seat), so ``--resume`` can rebuild
the game with :func:`loveletter.engine.replay` and the same kinds of bots.
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
from ..engine import BishopChoice, CardinalLook, ChancellorChoice, Decision, Game, Play, View, replay
from ..engine.editions import CARD_PATTERN, ONE_OR_TWO_OTHERS, OTHER, TWO_ANY
from ..i18n import Translator
from ..table import Automatic, Controller, Pushed
from ..table import Table as Runner
from .console import Console, Quit
from .screen import render
from .text import Table, bot_kind

HUMAN = "human"
BOT_PAUSE = 0.9


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


def seat_names(t: Translator, seats: Sequence[str], human: int | None) -> list[str]:
    """Display names: "You" for the person, "Bot N" for the others."""
    return [t("You") if i == human else t("Bot {n}", n=i) for i in range(len(seats))]


@dataclass
class Option:
    key: str
    label: str
    ok: bool = True


class Session:
    """A game in progress between one person and bots, played on the table runner."""

    def __init__(self, game: Game, human: int, t: Translator, console: Console, save: Path,
                 bot_seed: int, record: dict[str, Any] | None = None) -> None:
        self._game = game
        self._record = record  # the saved game being resumed (keeps who made each decision, and when)
        self.runner: Runner | None = None  # made by run()
        self.me = human
        self.t = t
        self.io = console
        self.save_path = save
        self.names = seat_names(t, game.seats, human)
        self.table = Table(t, self.names, human, game.edition.name, game.players)
        self.bot_seed = bot_seed
        self.bots: dict[int, Any] = {}  # built when first needed
        self.shown = 0  # events of this round already narrated
        self.shown_round = game.round_no

    @property
    def g(self) -> Game:
        return self.runner.game if self.runner is not None else self._game

    def bot(self, seat: int) -> Any:
        if seat not in self.bots:
            self.bots[seat] = make_bot(self.g.seats[seat], self.bot_seed * 1000 + seat)
        return self.bots[seat]

    def _runner(self) -> Runner:
        seats: list[Controller] = [
            Pushed() if s == self.me else Automatic(self.bot(s), self.g.seats[s]) for s in range(self.g.players)
        ]
        hook = lambda step: self.save()  # noqa: E731 - saved after every step, before it is shown
        if self._record is not None:
            return Runner.from_record(self._record, seats, clock=time.time, on_step=hook, auto_rounds=False)
        return Runner(self._game, seats, clock=time.time, on_step=hook, auto_rounds=False)

    # ------------------------------------------------------------------ saving
    def save(self) -> None:
        data: dict[str, Any] = self.runner.record() if self.runner is not None else self.g.record()
        data["terminal"] = {"humanSeat": self.me}
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
            tmp.replace(self.save_path)
        except OSError as exc:
            raise TuiError(f"cannot save the game to {self.save_path}: {exc.strerror or exc}") from None

    # ------------------------------------------------------------------ narration
    def view(self) -> View:
        return self.g.view(self.me)

    def narrate(self) -> None:
        """Print this round's events the person has not seen narrated yet."""
        view = self.view()
        if view.round != self.shown_round:
            self.shown_round, self.shown = view.round, 0
        for e in view.log[self.shown:]:
            line = self.table.event(e)
            if line:
                self.io.write("  " + line)
        self.shown = len(view.log)

    # ------------------------------------------------------------------ main loop
    def run(self) -> int:
        t, io = self.t, self.io
        for seat in range(self.g.players):  # a bad bot spec fails now, not in the middle of the game
            if seat != self.me:
                self.bot(seat)
        self.runner = runner = self._runner()
        opponents = self.table.narrator.join([t("{player} ({kind})", player=self.names[s],
                                                 kind=bot_kind(t, self.g.seats[s])) for s in self.bots], "plain")
        io.write(t("You sit at seat {seat}. Opponents: {bots}.", seat=self.me, bots=opponents))
        io.write(t("Keys: a number chooses, ? shows the cards, b goes back, q saves and quits."))
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
                    out = runner.submit(self.me, self.ask_decision(), prompt.version)
                    if out.refusal is not None:  # the prompts offer legal choices only: say why if not
                        io.write("  ! " + self.table.refusal(out.refusal.code, **out.refusal.params))
                self.narrate()
                if prompt.automatic and not self.g.round_over:
                    io.pause(BOT_PAUSE)
        except (Quit, KeyboardInterrupt):
            self.save()
            io.write("")
            io.write(t("Game saved to {path}. Continue it with: loveletter play --resume {path}",
                       path=self.save_path))
            return 0

    def round_over(self) -> None:
        view = self.view()
        self.io.write("")
        for line in self.table.round_end(view.round_result or {}, view.tokens, view.goal, view.jester, view.spies,
                                         view.alive, view.game_winners):
            self.io.write(line)
        if not self.g.game_over:
            self.continue_prompt()

    def finish(self) -> None:
        view = self.view()
        if self.shown_round == view.round and view.round_result is not None:
            self.narrate()
            self.io.write("")
            for line in self.table.round_end(view.round_result, view.tokens, view.goal, view.jester, view.spies,
                                             view.alive, view.game_winners):
                self.io.write(line)
        self.io.write(self.t("Game record saved to {path}; watch it again with: loveletter replay {path}",
                             path=self.save_path))

    def continue_prompt(self) -> None:
        answer = self.io.ask(self.t("Press Enter to continue (q: save and quit)") + " [⏎] > ")
        if answer.lower() == "q":
            raise Quit

    # ------------------------------------------------------------------ prompts
    def show_screen(self) -> None:
        self.io.clear()
        self.io.write(render(self.view(), self.table))

    def choose(self, title: str, options: list[Option], explain: Callable[[str], str | None],
               back: bool = False) -> str:
        """Ask until one of the allowed options is picked; explain refusals; ``?`` and ``q`` work anywhere."""
        t, io = self.t, self.io
        while True:
            io.write(title)
            for o in options:
                mark = "" if o.ok else "  ✗"
                io.write(f"  {o.key}) {o.label}{mark}")
            keys = "/".join(o.key for o in options)
            hint = f"[{keys}/?{'/b' if back else ''}/q] > "
            answer = io.ask(hint).lower()
            if answer == "q":
                raise Quit
            if answer == "?":
                io.write("")
                for line in self.table.reference():
                    io.write(line)
                io.write("")
                continue
            if back and answer == "b":
                raise Back
            picked = next((o for o in options if o.key == answer), None)
            if picked is not None and picked.ok:
                return answer
            reason = explain(answer) if answer else None
            io.write("  ! " + (reason or t("Not an option: {key}", key=answer or "⏎")))

    def ask_decision(self) -> Decision:
        view = self.view()
        self.show_screen()
        pending = view.pending
        if view.phase == "play":
            while True:
                try:
                    return self.ask_play(view)
                except Back:
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
        options = [Option(str(i + 1), tb.card_choice(c, view.values[c]), any(p.card == c for p in plays))
                   for i, c in enumerate(cards)]

        def why_card(key: str) -> str | None:
            if key.isdigit() and 1 <= int(key) <= len(cards):
                c = cards[int(key) - 1]
                if "countess" in view.hand and c in ("king", "prince"):
                    return tb.refusal("countess_forced", card=c)
                return tb.refusal("invalid_choice")
            return None

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
            if key.isdigit():
                return tb.refusal("invalid_guess", card=card, values=guesses)
            return None

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

    def _why_target(self, view: View, card: str) -> Callable[[str], str | None]:
        def explain(key: str) -> str | None:
            if not key.isdigit() or int(key) >= view.players:
                return None
            s = int(key)
            tb = self.table
            if not view.alive[s]:
                return tb.refusal("target_eliminated", card=card, seat=s)
            if s == self.me and CARD_PATTERN[card] in (OTHER, ONE_OR_TWO_OTHERS):
                return tb.refusal("target_self", card=card)
            if view.protected[s] and s != self.me:
                return tb.refusal("target_protected", card=card, seat=s)
            if view.mandate is not None and view.mandate != s:
                return tb.refusal("target_mandated", card=card, seat=view.mandate)
            return tb.refusal("invalid_choice")

        return explain

    def ask_targets(self, view: View, card: str, plays: list[Play]) -> tuple[int, ...]:
        t = self.t
        legal = {p.targets for p in plays}
        explain = self._why_target(view, card)
        pattern = CARD_PATTERN[card]
        first_ok = (lambda s: any(s in tg for tg in legal)) if pattern in (ONE_OR_TWO_OTHERS, TWO_ANY) \
            else (lambda s: (s,) in legal)
        prompt = t("Choose the first player:") if pattern == TWO_ANY else t("Choose a player:")
        first = int(self.choose(prompt, self._target_options(view, first_ok), explain, back=True))
        if pattern not in (ONE_OR_TWO_OTHERS, TWO_ANY):
            return (first,)
        opts = [o for o in self._target_options(view, lambda s: tuple(sorted((first, s))) in legal)
                if o.key != str(first)]
        if pattern == ONE_OR_TWO_OTHERS:
            opts.append(Option("n", t("nobody else"), (first,) in legal))
            prompt = t("Choose a second player, or n for nobody else:")
        else:
            prompt = t("Choose the second player:")
        second = self.choose(prompt, opts, explain, back=True)
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
        self.io.write(t("{name}'s Bishop named the value of your card ({card}).", name=self.names[bishop],
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
def _parse_bots(text: str | None, players: int | None) -> list[str]:
    specs = [s.strip() for s in text.split(",")] if text else []
    if any(not s for s in specs):
        raise TuiError(f"bad --bots {text!r}: give bot specs separated by commas, e.g. heuristic,random")
    if players is None:
        players = len(specs) + 1 if specs else 2
    if not specs:
        specs = [default_bot()]
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise TuiError(f"{players} players need {players - 1} bots, but --bots names {len(specs)}")
    return specs


def _load_save(path: str) -> Any:
    from ..files import FileFormatError, read_json

    try:
        return read_json(path)
    except FileFormatError as exc:
        raise TuiError(str(exc)) from None


def resolve_lang(lang: str | None) -> Translator:
    from ..i18n import LANGS, detect_lang

    code = lang or detect_lang()
    if code not in LANGS:
        raise TuiError(f"unknown language {code!r}; choose one of: {', '.join(LANGS)}")
    return Translator(code)


def play_game(*, edition: str = "classic", players: int | None = None, bots: str | None = None, seat: int = 0,
              seed: int | None = None, lang: str | None = None, options: dict[str, Any] | None = None,
              profile: str = "bga", fast: bool = False, save: str | None = None, resume: str | None = None,
              console: Console | None = None) -> int:
    """Run ``loveletter play``; returns the exit status."""
    t = resolve_lang(lang)
    save_path = Path(save) if save else (Path(resume) if resume else default_save_path())
    data: Any = None
    if resume:
        data = _load_save(resume)
        if not isinstance(data, dict):
            raise TuiError(f"{resume} is not a saved game")
        game = replay(data)
        seats = list(game.seats)
        if HUMAN not in seats:
            raise TuiError(f"{resume} has no seat named {HUMAN!r}: it was not saved by `loveletter play`")
        human = seats.index(HUMAN)
        bot_seed = game.seed if game.seed is not None else 0
    else:
        specs = _parse_bots(bots, players)
        n = len(specs) + 1
        if not 0 <= seat < n:
            raise TuiError(f"--seat must be a seat 0-{n - 1}, not {seat}")
        seats = list(specs)
        seats.insert(seat, HUMAN)
        if seed is None:
            seed = random.randrange(2**31)
        game = Game(edition, n, seed=seed, options=options, profile=profile, seats=seats)
        human, bot_seed = seat, seed
    session = Session(game, human, t, console or Console(fast=fast), save_path, bot_seed,
                      record=data if resume else None)
    if not resume:
        session.save()
    return session.run()
