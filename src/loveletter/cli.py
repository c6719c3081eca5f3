"""The ``loveletter`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .engine import EDITIONS, Game, LoveLetterError, RecordError


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with our error form: one line on stderr naming the command and the option at fault, exit 2."""

    def error(self, message: str) -> NoReturn:
        hint = f" (see: {self.prog} --help)"
        self.exit(2, f"loveletter: error: {self.prog.removeprefix('loveletter ') + ': ' if ' ' in self.prog else ''}"
                     f"{message.splitlines()[0] if message else 'bad arguments'}{hint}\n")


def _options(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except RecursionError:
        raise CliError("--options is nested too deeply") from None
    except json.JSONDecodeError:
        # name=value[,name=value]
        value = {}
        for part in text.split(","):
            name, sep, raw = part.partition("=")
            if not sep:
                raise CliError(f"bad --options {text!r}: use JSON or name=value,name=value") from None
            try:
                value[name.strip()] = json.loads(raw)
            except (json.JSONDecodeError, RecursionError):
                value[name.strip()] = raw
    if not isinstance(value, dict):
        raise CliError("--options must be a JSON object or name=value pairs")
    return value


def cmd_scenario(args: argparse.Namespace) -> int:
    from .scenario import check_file, run_file

    if args.action == "run":
        print(json.dumps(run_file(args.file), indent=1 if args.pretty else None))
        return 0
    total, report = check_file(args.file)
    failed = [(sid, diffs) for sid, diffs in report if diffs]
    for sid, diffs in report:
        if diffs:
            print(f"FAIL {sid}")
            for d in diffs:
                print(f"  {d}")
        elif args.verbose:
            print(f"ok   {sid}")
    print(f"{total - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import random_rounds

    if args.rounds < 1:
        raise CliError("--rounds must be at least 1")
    result = random_rounds(args.edition, args.players, args.rounds, seed=args.seed, options=_options(args.options),
                           runner=args.runner)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['edition']} {result['players']}p: {result['rounds']} random rounds in "
              f"{result['seconds']:.2f}s = {result['rounds_per_second']:,.0f} rounds/s "
              f"({result['decisions_per_second']:,.0f} decisions/s)")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """A game between random players on the table runner, printed move by move with every hand shown."""
    from .bots import RandomBot
    from .table import Automatic, Table

    g = Game(args.edition, args.players, seed=args.seed, options=_options(args.options), profile=args.profile)
    chooser = RandomBot(seed=args.seed)
    table = Table(g, [Automatic(chooser, "random") for _ in range(args.players)])
    while not table.game.game_over:
        prompt = table.prompt()
        assert prompt is not None
        if prompt.kind == "round":
            table.next_round()
            g = table.game
            print(f"== round {g.round_no}: first player P{g.current}, face up {list(g.face_up) or '-'}, "
                  f"tokens {list(g.tokens)}")
            continue
        seat = prompt.seat
        assert seat is not None  # a decision prompt
        hand = ",".join(table.game.hand(seat))
        out = table.advance(max_steps=1)[0]
        assert out.step is not None
        played = next((e for e in table.all_events()[out.first_seq:out.last_seq] if e.kind == "play"), None)
        result = f" -> {played.public['result']}" if played else ""
        print(f"  P{seat} [{hand}] {out.step.decision}{result}")
        g = table.game
        res = g.round_result
        if g.round_over and res and res["reason"] != "gameWonImmediately":
            print(f"  round over ({res['reason']}): winners {[f'P{s}' for s in res['winners']]}, "
                  f"tokens {list(g.tokens)}")
    g = table.game
    print(f"game over: winners {[f'P{s}' for s in g.game_winners]} with tokens {list(g.tokens)}")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            json.dump(table.record(), fh, indent=1)
        print(f"record saved to {args.record}")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    from .engine import replay
    from .files import read_json

    try:
        g = replay(read_json(args.file))
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    rounds = f"{g.round_no} round" + ("" if g.round_no == 1 else "s")
    print(f"ok: {g.edition.name} {g.players}p, {rounds}, tokens {g.tokens}, "
          f"{'winners ' + str(g.game_winners) if g.game_over else 'game in progress'}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .tui import play_game

    if args.edition is not None and args.edition not in EDITIONS:
        raise CliError(f"unknown --edition {args.edition!r}; choose one of: {', '.join(EDITIONS)}")
    options = _options(args.options) if args.options is not None else None
    return play_game(edition=args.edition, players=args.players, bots=args.bots, seats=args.seats, seat=args.seat,
                     seed=args.seed, lang=args.lang, options=options, profile=args.profile, fast=args.fast,
                     save=args.save, resume=args.resume, overwrite=args.overwrite)


def cmd_replay(args: argparse.Namespace) -> int:
    from .tui import replay_game

    return replay_game(args.file, lang=args.lang, show_all=args.all, reveal=args.reveal, seat=args.seat)


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import format_table, run_arena
    from .bots import BotSpecError

    specs = [s for s in args.bots.split(",") if s.strip()]
    if not specs:
        raise CliError("--bots needs at least one bot spec")
    players = args.players if args.players is not None else len(specs)
    ed = EDITIONS[args.edition]
    if not ed.min_players <= players <= ed.max_players:
        given = f"--players {players}" if args.players is not None else \
            f"--bots names {players} bot{'' if players == 1 else 's'}"
        raise CliError(f"{given}: {args.edition} is played by {ed.min_players} to {ed.max_players} players")
    if len(specs) != players:
        raise CliError(f"--players {players} needs one bot spec per seat, but --bots names {len(specs)}")
    if args.workers < 1:
        raise CliError("--workers must be at least 1")
    try:
        result = run_arena(specs, args.edition, players, args.matches, seed=args.seed, workers=args.workers,
                           progress=not args.json and sys.stderr.isatty(), options=_options(args.options),
                           ray=args.ray, journal=args.journal)
    except BotSpecError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(result))
    else:
        print(format_table(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="loveletter", description="Love Letter: rules engine, scenarios, benchmarks.")
    sub = p.add_subparsers(dest="command", required=True)

    sc = sub.add_parser("scenario", help="run or check rule scenario files (RULES.md Appendix A)")
    sc.add_argument("action", choices=["run", "check"])
    sc.add_argument("file")
    sc.add_argument("--pretty", action="store_true", help="indent the JSON of `run`")
    sc.add_argument("-v", "--verbose", action="store_true", help="`check`: also list passing scenarios")
    sc.set_defaults(func=cmd_scenario)

    def game_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--edition", default="classic", choices=list(EDITIONS))
        q.add_argument("--players", type=int, default=2)
        q.add_argument("--options", help='rule options as JSON or name=value pairs, e.g. tieBreak=none')
        q.add_argument("--seed", type=int, default=0)

    b = sub.add_parser("bench", help="random rounds per second through the public API")
    game_args(b)
    b.add_argument("--rounds", type=int, default=20000)
    b.add_argument("--json", action="store_true")
    b.add_argument("--runner", action="store_true",
                   help="push every decision through the table runner (Table.submit) instead of Game.apply")
    b.set_defaults(func=cmd_bench)

    d = sub.add_parser("demo", help="a game between random players, printed move by move")
    game_args(d)
    d.add_argument("--profile", default="bga")
    d.add_argument("--record", help="save the game record to this file")
    d.set_defaults(func=cmd_demo)

    a = sub.add_parser("arena", help="full games between bots, seats rotated and deals mirrored")
    a.add_argument("--bots", required=True,
                   help="comma-separated bot specs, one per seat (e.g. ismcts:ms=100,heuristic)")
    a.add_argument("--edition", default="classic", choices=list(EDITIONS))
    a.add_argument("--players", type=int, help="default: the number of bots")
    a.add_argument("--matches", type=int, default=10, help="deal seeds; each is played once per seat rotation")
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--workers", type=int, default=1, help="processes (default 1); with --ray, local Ray CPUs")
    a.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                   help="play the games on a Ray cluster (default: a local Ray); needs the ray extra")
    a.add_argument("--options", help="rule options as JSON or name=value pairs")
    a.add_argument("--journal", metavar="FILE",
                   help="keep every finished game in FILE; run again with it to resume a stopped run")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_arena)

    r = sub.add_parser("record", help="check a game record by replaying it")
    r.add_argument("action", choices=["check"])
    r.add_argument("file")
    r.set_defaults(func=cmd_record)

    pl = sub.add_parser("play", help="play against bots in the terminal, alone or hot-seat (en, es, fr, nl, zh)")
    pl.add_argument("--edition", help="classic (default), premium or 2019")
    pl.add_argument("--players", type=int, help="number of players (default: 2, or one more than --bots)")
    pl.add_argument("--bots", help="bot specs for the other seats in order, e.g. heuristic,random")
    pl.add_argument("--seat", type=int, help="your seat (default 0)")
    pl.add_argument("--seats", help="every seat in order, 'human' for each person at this terminal (hot-seat), "
                                    "e.g. human,human,heuristic")
    pl.add_argument("--seed", type=int, help="shuffle seed (default: random)")
    pl.add_argument("--lang", help="en, es, fr, nl or zh (default: from LANGUAGE/LC_ALL/LANG, else en)")
    pl.add_argument("--options", help="rule options as JSON or name=value pairs, e.g. tokensToWin=3")
    pl.add_argument("--profile", help="rule profile: bga (default), official, bga-legacy")
    pl.add_argument("--fast", action="store_true", help="no pauses between the bots' moves")
    pl.add_argument("--save", help="where to save the game as it goes (default ~/.loveletter/last-game.json)")
    pl.add_argument("--resume", metavar="FILE", nargs="?", const="",
                    help="continue a saved game (default: the last one, ~/.loveletter/last-game.json)")
    pl.add_argument("--overwrite", action="store_true",
                    help="start a new game even where an unfinished one is saved (it is lost)")
    pl.set_defaults(func=cmd_play)

    rp = sub.add_parser("replay", help="step through a recorded game (every hand shown once it is over)")
    rp.add_argument("file")
    rp.add_argument("--all", action="store_true", help="print everything at once")
    rp.add_argument("--seat", type=int, help="a game in progress: whose view to show (default: the person's)")
    rp.add_argument("--reveal", action="store_true", help="a game in progress: show every hand anyway")
    rp.add_argument("--lang", help="en, es, fr, nl or zh")
    rp.set_defaults(func=cmd_replay)

    from .server.cli import add_parser as add_serve  # the server's options (its imports wait until it runs)

    add_serve(sub)
    from .research.cli import add_commands  # train, exploit, analyze (their imports wait until they run)

    add_commands(sub, list(EDITIONS))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or Parser.error (2, already printed)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        code: int = args.func(args)
        return code
    except (CliError, LoveLetterError, ValueError) as exc:
        print(f"loveletter: error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"loveletter: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _one_line(text: str) -> str:
    return " ".join(part.strip() for part in text.splitlines() if part.strip()) or "failed"


if __name__ == "__main__":
    sys.exit(main())
