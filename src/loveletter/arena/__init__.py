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
* ``rating`` is an Elo-scale Bradley-Terry fit over pairwise results between seats of different
  specs in the same game (a winner beats a non-winner; two winners or two losers draw), with the
  average rating fixed at 1500.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.registry import load_class, make_bot, parse_spec
from ..engine import Game
from ..table import Automatic, BotError, Table


def play_game(
    specs: Sequence[str], edition: str, players: int, seed: int, bot_seed: int = 0,
    options: dict[str, Any] | None = None,
) -> list[int]:
    """Play one full game on the table runner; ``specs[i]`` sits at seat i. Returns the winning seats."""
    seats = [Automatic(make_bot(spec, seed=bot_seed * 1009 + i), spec) for i, spec in enumerate(specs)]
    table = Table(Game(edition, players, seed=seed, options=options), seats)
    try:
        table.run()
    except BotError as exc:
        raise ArenaError(f"{exc} (game seed {seed}, round {table.game.round_no})") from None
    return list(table.game.game_winners)


class ArenaError(ValueError):
    """A game could not be played (a bot failed or chose an illegal decision)."""


def _task(args: tuple) -> tuple[int, int, list[int], str | None]:
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


def bradley_terry(
    names: list[str], pairs: dict[tuple[int, int], float], counts: dict[tuple[int, int], int]
) -> list[float]:
    """Elo-scale ratings (mean 1500) from pairwise scores ``pairs[(i, j)]`` out of ``counts``."""
    k = len(names)
    if k < 2:
        return [1500.0] * k
    # one virtual draw between every pair keeps the fit finite
    w = [[0.5 if i != j else 0.0 for j in range(k)] for i in range(k)]
    m = [[1.0 if i != j else 0.0 for j in range(k)] for i in range(k)]
    for (i, j), c in counts.items():
        s = pairs.get((i, j), 0.0)
        w[i][j] += s
        w[j][i] += c - s
        m[i][j] += c
        m[j][i] += c
    p = [1.0] * k
    for _ in range(500):
        new = []
        for i in range(k):
            num = sum(w[i][j] for j in range(k) if j != i)
            den = sum(m[i][j] / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(num / den if den > 0 else p[i])
        g = math.exp(sum(math.log(max(x, 1e-12)) for x in new) / k)
        p = [x / g for x in new]
    return [1500.0 + 400.0 * math.log10(max(x, 1e-12)) for x in p]


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    frac = done / total if total else 1.0
    bar = "#" * int(frac * width)
    el = time.monotonic() - start
    eta = el / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{bar:<{width}}] {done}/{total} games  {el:5.0f}s elapsed  eta {eta:5.0f}s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_arena(
    specs: Sequence[str], edition: str = "classic", players: int | None = None, matches: int = 10,
    seed: int = 0, workers: int = 1, progress: bool = False, options: dict[str, Any] | None = None,
    on_game: Callable[[int, int], None] | None = None, ray: str | None = None,
) -> dict[str, Any]:
    """Play ``matches`` mirrored matches between ``specs`` and return the results (see module doc).

    ``ray``: a Ray cluster address, or ``"local"``, to play the games there (``ray_pool``)."""
    specs = [s.strip() for s in specs]
    n = players if players is not None else len(specs)
    if len(specs) != n:
        raise ValueError(f"{len(specs)} bots given for {n} players (give one bot per seat)")
    if matches < 1:
        raise ValueError("--matches must be at least 1")
    for spec in dict.fromkeys(specs):  # fail early, in this process, on a bad spec
        make_bot(spec, seed=0)
        load_class(parse_spec(spec)[0])
    Game(edition, n, options=options)  # validates edition, player count and options
    tasks = [(list(specs), edition, n, seed, m, r, options) for m in range(matches) for r in range(n)]
    total = len(tasks)
    names = list(dict.fromkeys(specs))
    index = {s: i for i, s in enumerate(names)}
    wins = [0.0] * len(names)
    games = [0] * len(names)
    pairs: dict[tuple[int, int], float] = {}
    counts: dict[tuple[int, int], int] = {}
    start = time.monotonic()
    done = 0

    def collect(winners: list[int]) -> None:
        for s in specs:
            games[index[s]] += 1
        share = 1.0 / len(winners) if winners else 0.0
        for w in winners:
            wins[index[specs[w]]] += share
        for a in range(n):
            for b in range(a + 1, n):
                ia, ib = index[specs[a]], index[specs[b]]
                if ia == ib:
                    continue
                key = (min(ia, ib), max(ia, ib))
                wa, wb = a in winners, b in winners
                sa = 0.5 if wa == wb else (1.0 if wa else 0.0)
                pairs[key] = pairs.get(key, 0.0) + (sa if ia == key[0] else 1.0 - sa)
                counts[key] = counts.get(key, 0) + 1

    if ray is not None:
        from .ray_pool import ray_map

        for _, _, winners, err in ray_map(_task, tasks, ray, workers):
            if err:
                raise ArenaError(err)
            collect(winners)
            done += 1
            if progress:
                _progress(done, total, start)
    elif workers > 1:
        ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
        with ctx.Pool(workers) as pool:
            for _, _, winners, err in pool.imap_unordered(_task, tasks, chunksize=1):
                if err:
                    pool.terminate()
                    raise ArenaError(err)
                collect(winners)
                done += 1
                if progress:
                    _progress(done, total, start)
    else:
        for t in tasks:
            _, _, winners, err = _task(t)
            if err:
                raise ArenaError(err)
            collect(winners)
            done += 1
            if progress:
                _progress(done, total, start)
    ratings = bradley_terry(names, pairs, counts)
    results = []
    for i, name in enumerate(names):
        lo, hi = wilson(wins[i], games[i])
        results.append({
            "bot": name, "wins": round(wins[i], 3), "win_rate": round(wins[i] / games[i], 4),
            "ci95": [round(lo, 4), round(hi, 4)], "rating": round(ratings[i], 1), "games": games[i],
        })
    return {"matches": matches, "edition": edition, "players": n, "games_played": total,
            "seconds": round(time.monotonic() - start, 2), "results": results}


def format_table(res: dict[str, Any]) -> str:
    """The results as a plain-text table."""
    n = res["players"]
    matches, games = res["matches"], res["games_played"]
    lines = [f"{res['edition']} {n}p: {matches} match{'' if matches == 1 else 'es'} = {games} "
             f"game{'' if games == 1 else 's'} in {res['seconds']:.1f} s (par win rate {100 / n:.1f}%)",
             f"{'bot':<32} {'wins':>8} {'win rate':>9} {'95% CI':>17} {'rating':>7} {'games':>6}"]
    for r in sorted(res["results"], key=lambda r: -r["rating"]):
        lo, hi = r["ci95"]
        lines.append(f"{r['bot']:<32} {r['wins']:>8g} {100 * r['win_rate']:>8.1f}% "
                     f"{f'[{100 * lo:.1f}, {100 * hi:.1f}]':>17} {r['rating']:>7.0f} {r['games']:>6}")
    return "\n".join(lines)


__all__ = ["ArenaError", "format_table", "play_game", "run_arena", "wilson", "bradley_terry"]
