"""The arena: full games between bots, with seats rotated and deals mirrored.

A *match* is one deal seed played ``players`` times, once per rotation of the line-up over the
seats. Every game of a match uses ``Game(seed=...)`` with the same seed, so the same shuffles and
first player come back in every rotation and only the bots move: seat order and the luck of the
deal cancel out. ``matches`` matches are therefore ``matches * players`` games.

Counting (per distinct bot spec; a spec listed twice is two seat-instances):

* each game gives every winning seat a share ``1 / len(winners)`` (a shared win is split);
* ``wins`` is the sum of the shares of the spec's seats, ``games`` the number of seat-instances it
  played (games x copies in the line-up), ``win_rate = wins / games``; par is ``1 / players``;
* ``ci95`` is the Wilson interval of ``win_rate`` over ``games`` (for a spec with several seats
  per game those are not independent, so the interval is a little optimistic);
* ``mu`` and ``sigma`` are an openskill Plackett-Luce rating and its uncertainty (any number of
  players), on an Elo-like scale: every bot starts at mu 1500, sigma 500 (openskill's defaults
  times 60). Each game is one ranking: its winners share the first place, everyone else the
  second. Games are rated in a fixed order (match, then rotation) so that the result does not
  depend on ``workers``. A spec listed twice plays as one seat-instance per seat; its rating moves
  by the mean of what each of its seats would have got. ``ordinal`` is ``mu - 3 * sigma`` (a
  rating the bot is very likely above); ``rating`` is ``mu`` (the key kept from the earlier
  Bradley-Terry fit, on the same 1500 scale).
"""

from __future__ import annotations

import io
import math
import multiprocessing as mp
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from openskill.models import PlackettLuce

from ..bots.registry import load_class, make_bot, parse_spec
from ..engine import Game
from ..table import Automatic, BotError, Table
from .elo import ELO_MODEL, elo
from .journal import Journal, JournalError, journal_settings, read_journal


def play_game(
    specs: Sequence[str], edition: str, players: int, seed: int, bot_seed: int = 0,
    options: dict[str, Any] | None = None,
) -> list[int]:
    """Play one full game on the table runner; ``specs[i]`` sits at seat i. Returns the winning seats."""
    seats = [Automatic(make_bot(spec, seed=bot_seed * 1009 + i, edition=edition, players=players), spec)
             for i, spec in enumerate(specs)]
    table = Table(Game(edition, players, seed=seed, options=options), seats)
    try:
        table.run()
    except BotError as exc:
        raise ArenaError(f"{exc} (game seed {seed}, round {table.game.round_no})") from None
    return list(table.game.game_winners)


class ArenaError(ValueError):
    """A game could not be played (a bot failed or chose an illegal decision)."""


def _task(args: tuple[Any, ...]) -> tuple[int, int, list[int], str | None]:
    specs, edition, players, seed, match, rot, options = args
    n = players
    lineup = [specs[(i + rot) % n] for i in range(n)]  # seat i plays spec index (i+rot) % n
    try:
        winners = play_game(lineup, edition, players, seed + match, bot_seed=seed * 7919 + match * 31 + rot,
                            options=options)
    except Exception as exc:  # reported by the parent as one line (exceptions may not pickle)
        return match, rot, [], f"{type(exc).__name__}: {exc}"
    return match, rot, [(w + rot) % n for w in winners], None


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


#: The rating model: openskill's Plackett-Luce, its defaults scaled by 60 (mu 25 -> 1500).
RATING_MODEL: dict[str, Any] = {"model": "openskill PlackettLuce", "mu": 1500.0, "sigma": 500.0, "beta": 250.0,
                                "tau": 5.0}


def rate(names: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, tuple[float, float]]:
    """openskill ratings (mu, sigma) of ``names`` from games given as (the spec at each seat, the winning seats)."""
    p = RATING_MODEL
    model = PlackettLuce(mu=p["mu"], sigma=p["sigma"], beta=p["beta"], tau=p["tau"])
    ratings = {n: model.rating(name=n) for n in names}
    for lineup, winners in games:
        teams = [[model.rating(mu=ratings[s].mu, sigma=ratings[s].sigma, name=s)] for s in lineup]
        ranks = [0.0 if seat in winners else 1.0 for seat in range(len(lineup))]
        if len(set(ranks)) == 1:
            continue  # everyone won or nobody did: no ranking to learn from
        new = model.rate(teams, ranks=ranks)
        moved: dict[str, list[tuple[float, float]]] = {}
        for s, team in zip(lineup, new, strict=True):
            moved.setdefault(s, []).append((team[0].mu, team[0].sigma))
        for s, got in moved.items():
            ratings[s] = model.rating(mu=sum(m for m, _ in got) / len(got), sigma=sum(g for _, g in got) / len(got),
                                      name=s)
    return {n: (r.mu, r.sigma) for n, r in ratings.items()}


def standings(specs: Sequence[str], played: dict[tuple[int, int], list[int]]) -> list[dict[str, Any]]:
    """Each distinct bot's figures over the games ``played`` ((match, rotation) -> the winners as
    positions in ``specs``): wins (a shared win split), win rate with its Wilson 95% interval, and
    the two ratings. ``arena --json``'s ``results``."""
    names = list(dict.fromkeys(specs))
    index = {s: i for i, s in enumerate(names)}
    wins = [0.0] * len(names)
    games = [0] * len(names)
    for winners in played.values():
        for s in specs:
            games[index[s]] += 1
        share = 1.0 / len(winners) if winners else 0.0
        for w in winners:
            wins[index[specs[w]]] += share
    # Rated in a fixed order; the winners are spec positions, the line-up is by spec position too.
    ordered = [(list(specs), played[key]) for key in sorted(played)]
    ratings = rate(names, ordered)
    elos = elo(names, ordered)
    results = []
    for i, name in enumerate(names):
        lo, hi = wilson(wins[i], games[i])
        mu, sigma = ratings[name]
        rating, sd = elos[name]
        results.append({
            "bot": name, "wins": round(wins[i], 3), "win_rate": round(wins[i] / games[i], 4) if games[i] else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)], "rating": round(mu, 1), "games": games[i],
            "mu": round(mu, 1), "sigma": round(sigma, 1), "ordinal": round(mu - 3 * sigma, 1),
            "elo": round(rating, 1), "elo_sd": round(sd, 1),
        })
    return results


def run_arena(
    specs: Sequence[str], edition: str = "classic", players: int | None = None, matches: int = 10,
    seed: int = 0, workers: int = 1, progress: bool = False, options: dict[str, Any] | None = None,
    on_game: Callable[[int, int], None] | None = None, ray: str | None = None,
    journal: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """Play ``matches`` mirrored matches between ``specs`` and return the results (see module doc).

    ``ray``: a Ray cluster address, or ``"local"``, to play the games there (``ray_pool``).
    ``journal``: a file that keeps every finished game (``arena.journal``); the games already in it
    are not played again, so a stopped run resumes with the same results."""
    specs = [s.strip() for s in specs]
    n = players if players is not None else len(specs)
    if len(specs) != n:
        raise ValueError(f"{len(specs)} bots given for {n} players (give one bot per seat)")
    if matches < 1:
        raise ValueError("--matches must be at least 1")
    Game(edition, n, options=options)  # validates edition, player count and options
    for spec in dict.fromkeys(specs):  # fail early, in this process, on a bad spec or a bot for another game
        make_bot(spec, seed=0, edition=edition, players=n)
        load_class(parse_spec(spec)[0])
    tasks = [(list(specs), edition, n, seed, m, r, options) for m in range(matches) for r in range(n)]
    total = len(tasks)
    log = Journal(journal, journal_settings(specs, edition, n, seed, options)) if journal is not None else None
    played: dict[tuple[int, int], list[int]] = {}  # (match, rotation) -> winning seats of specs (index in specs)
    start = time.monotonic()
    bar = _Progress(total) if progress else None

    def collect(match: int, rot: int, winners: list[int], resumed: bool = False) -> None:
        if log is not None and not resumed:
            log.add(match, rot, winners)
        played[(match, rot)] = winners
        if on_game is not None:
            on_game(len(played), total)
        if bar is not None:
            bar.advance()

    resumed_games = 0
    try:
        if log is not None:
            for t in tasks:
                winners = log.done.get((t[4], t[5]))
                if winners is not None:
                    collect(t[4], t[5], winners, resumed=True)
            resumed_games = len(played)
            tasks = [t for t in tasks if (t[4], t[5]) not in played]
        if ray is not None:
            from .ray_pool import ray_map

            for match, rot, winners, err in ray_map(_task, tasks, ray, workers):
                if err:
                    raise ArenaError(err)
                collect(match, rot, winners)
        elif workers > 1:
            ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
            with ctx.Pool(workers) as pool:
                for match, rot, winners, err in pool.imap_unordered(_task, tasks, chunksize=1):
                    if err:
                        pool.terminate()
                        raise ArenaError(err)
                    collect(match, rot, winners)
        else:
            for t in tasks:
                match, rot, winners, err = _task(t)
                if err:
                    raise ArenaError(err)
                collect(match, rot, winners)
    finally:
        if bar is not None:
            bar.stop()
        if log is not None:
            log.close()
    results = standings(specs, played)
    out = {"matches": matches, "edition": edition, "players": n, "games_played": total,
           "seconds": round(time.monotonic() - start, 2), "rating_model": dict(RATING_MODEL),
           "elo_model": dict(ELO_MODEL), "results": results}
    if journal is not None:  # "seconds" is this run's time: the resumed games were played before
        out["journal"] = {"path": str(journal), "resumed_games": resumed_games}
    return out


class _Progress:
    """A Rich progress bar on standard error: games done, elapsed and remaining time."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                 TextColumn("left"), TimeRemainingColumn(), console=Console(file=sys.stderr),
                                 transient=False)
        self.task = self.progress.add_task("games", total=total)
        self.progress.start()

    def advance(self) -> None:
        self.progress.advance(self.task)

    def stop(self) -> None:
        self.progress.stop()


def results_table(res: dict[str, Any]) -> Any:
    """The results as a Rich table, best rated first (by ``elo``)."""
    from rich.table import Table

    n, matches, games = res["players"], res["matches"], res["games_played"]
    title = (f"{res['edition']} {n}p: {matches} match{'' if matches == 1 else 'es'} = {games} "
             f"game{'' if games == 1 else 's'} in {res['seconds']:.1f} s (par win rate {100 / n:.1f}%)")
    table = Table(title=title, title_justify="left")
    for name, justify in (("bot", "left"), ("wins", "right"), ("win rate", "right"), ("95% CI", "right"),
                          ("Elo ± s.e.", "right"), ("openskill mu ± sigma", "right"), ("games", "right")):
        table.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for r in sorted(res["results"], key=lambda r: (-r["elo"], r["bot"])):
        lo, hi = r["ci95"]
        table.add_row(r["bot"], f"{r['wins']:g}", f"{100 * r['win_rate']:.1f}%", f"[{100 * lo:.1f}, {100 * hi:.1f}]",
                      f"{r['elo']:.0f} ± {r['elo_sd']:.0f}", f"{r['mu']:.0f} ± {r['sigma']:.0f}", str(r["games"]))
    return table


def format_table(res: dict[str, Any], width: int = 100) -> str:
    """The results table as plain text (no colours), ``width`` columns wide at most."""
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(results_table(res))
    return out.getvalue().rstrip("\n")


__all__ = ["ELO_MODEL", "RATING_MODEL", "ArenaError", "Journal", "JournalError", "elo", "format_table",
           "play_game", "rate", "read_journal", "results_table", "run_arena", "standings", "wilson"]
