"""Post-game analysis: ``loveletter analyze RECORD --seat N``.

The record is replayed on the table runner, one recorded decision at a time. At each decision of
``seat`` the analysis sees exactly that seat's view (nothing else), and estimates, for every legal
choice, the probability of winning the *game* if that choice is made and every seat then plays
``policy`` (default ``heuristic``): ``rollouts`` playouts per choice, each from a position sampled
from the seat's belief (:class:`~loveletter.bots.belief.Belief`: card counts, what the seat knows,
likelihood weights) and finished on the table runner; later rounds are dealt afresh from a seed per
playout. All choices are played out on the same samples with the same bot seeds (common random
numbers), so their comparison is paired.

Each choice gets its win probability with a 95% Wilson interval. The recorded choice is a
*mistake* when the best choice's paired advantage over it exceeds ``threshold`` (default 0.05) and
the advantage's 95% interval excludes zero.

For other layers: :func:`analyze_record` (a record in, JSON-ready analysis out: what the server's
replay endpoint returns), :func:`annotation_for` (the entry of one recorded decision) and
:func:`loveletter.research.report.annotation_text` (that entry as one line in a language, for the
terminal replay); :func:`format_report` renders the whole analysis in en, es, fr, nl or zh.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Mapping
from typing import Any

from ..arena import wilson
from ..bots import Bot, make_bot
from ..bots.belief import Belief
from ..bots.ismcts import determinize
from ..engine import Decision, Determinizer, Game, View, codec_for
from ..table import Automatic, Pushed, Table


class _Then:
    """Plays one given decision first, then lets the bot decide."""

    def __init__(self, first: Decision, bot: Bot) -> None:
        self.first: Decision | None = first
        self.bot = bot

    def choose(self, view: View) -> Decision:
        if self.first is not None:
            d, self.first = self.first, None
            return d
        return self.bot.choose(view)


def playout(g: Game, decision: Decision, me: int, policy: str, seed: int) -> float:
    """My share of the game's win after ``decision`` in position ``g``, every seat then playing ``policy``."""
    n = g.players
    seats = []
    for s in range(n):
        bot = make_bot(policy, seed=seed * 31 + s)
        seats.append(Automatic(_Then(decision, bot) if s == me else bot, policy))
    table = Table(g, seats, auto_rounds=False)
    while not table.game.round_over:
        if not table.advance():
            break
    game = table.game
    if not game.game_over:
        # the rest of the game: fresh deals from this playout's seed, the ruled first player, tokens so far
        res = game.round_result or {}
        options = dict(game.options)
        nxt = res.get("nextFirstPlayer")
        if nxt is not None:
            options["firstRoundStarter"] = nxt
        rest = Game(game.edition.name, n, seed=seed, options=options, start_tokens=list(game.tokens))
        table = Table(rest, [Automatic(make_bot(policy, seed=seed * 37 + s), policy) for s in range(n)])
        table.run()
        game = table.game
    winners = game.game_winners
    return 1.0 / len(winners) if me in winners else 0.0


def evaluate(view: View, rollouts: int = 200, policy: str = "heuristic", seed: int = 0,
             decisions: list[Decision] | None = None) -> list[list[float]]:
    """``out[i][j]``: the result of playout ``j`` after legal decision ``i`` (paired across decisions)."""
    me = view.seat
    assert me is not None
    legal = list(decisions if decisions is not None else view.legal)
    belief = Belief(view)
    det = Determinizer(view)
    rng = random.Random(seed)
    out: list[list[float]] = [[] for _ in legal]
    for _ in range(rollouts):
        sample = belief.sample(rng)
        s = rng.getrandbits(31)
        for i, d in enumerate(legal):
            out[i].append(playout(determinize(det, sample, me), d, me, policy, s))
    return out


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    lo, hi = wilson(sum(xs), n)
    return m, lo, hi


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width of the paired difference a - b."""
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / max(1, n - 1)
    return m, 1.96 * math.sqrt(var / n)


def analyze_position(view: View, chosen: Decision, *, rollouts: int = 200, policy: str = "heuristic", seed: int = 0,
                     threshold: float = 0.05) -> dict[str, Any]:
    """The entry of one decision: every legal choice's estimate, the best, and whether ``chosen`` is a mistake."""
    seat = view.seat
    if seat is None:
        raise ValueError("analysis is of a seat's decision: this view is a spectator's")
    codec = codec_for(view.edition, view.players)
    legal = list(view.legal)
    results = evaluate(view, rollouts, policy, seed, legal) if len(legal) > 1 else [[]]
    choices: list[dict[str, Any]] = []
    for d, res in zip(legal, results, strict=True):
        if res:
            m, lo, hi = _mean_ci(res)
            choices.append({"decision": d.text(), "id": codec.encode(d, seat), "win": round(m, 4),
                            "ci95": [round(lo, 4), round(hi, 4)], "n": len(res), "chosen": d == chosen})
        else:
            choices.append({"decision": d.text(), "id": codec.encode(d, seat), "win": None, "ci95": None,
                            "n": 0, "chosen": d == chosen})
    entry: dict[str, Any] = {"round": view.round, "turn": view.turn, "phase": view.phase, "hand": list(view.hand),
                             "tokens": list(view.tokens), "chosen": chosen.text(), "forced": len(legal) == 1}
    if len(legal) == 1:
        entry.update(best=chosen.text(), loss=0.0, advantage_ci95=[0.0, 0.0], mistake=False, choices=choices)
        return entry
    ci = legal.index(chosen)
    bi = max(range(len(legal)), key=lambda i: (sum(results[i]), -i))
    diff, half = _paired(results[bi], results[ci])
    entry.update(best=legal[bi].text(), loss=round(diff, 4),
                 advantage_ci95=[round(diff - half, 4), round(diff + half, 4)],
                 mistake=bi != ci and diff > threshold and diff - half > 0,
                 choices=sorted(choices, key=lambda c: -c["win"]))
    return entry


def positions(record: Mapping[str, Any], seat: int) -> list[tuple[int, int, View, Decision]]:
    """(round, index in the round, view, recorded decision) for every recorded decision of ``seat``."""
    from ..engine import parse_decision

    rounds = record["rounds"]
    out = []
    n = len(record["seats"])
    for r, rnd in enumerate(rounds):
        for i, text in enumerate(rnd["decisions"]):
            prefix = dict(record)
            prefix["rounds"] = [dict(x) for x in rounds[:r]] + [dict(rnd, decisions=list(rnd["decisions"][:i]))]
            for x in prefix["rounds"]:
                x.pop("by", None)
                x.pop("at", None)
            table = Table.from_record(prefix, [Pushed() for _ in range(n)])
            g = table.game
            if g.to_move == seat:
                out.append((r + 1, i, table.view(seat), parse_decision(text)))
    return out


def analyze_record(record: Mapping[str, Any], seat: int, *, rollouts: int = 200, policy: str = "heuristic",
                   seed: int = 0, threshold: float = 0.05, progress: bool = False) -> dict[str, Any]:
    """The whole analysis of ``seat``'s decisions in a (finished or unfinished) game record; JSON-ready."""
    n = len(record["seats"])
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"no seat {seat!r} in this {n}-player game")
    make_bot(policy, seed=0)
    t0 = time.monotonic()
    pos = positions(record, seat)
    entries = []
    for k, (r, i, view, chosen) in enumerate(pos):
        e = analyze_position(view, chosen, rollouts=rollouts, policy=policy, seed=seed * 100_003 + k,
                             threshold=threshold)
        e["round"], e["index"] = r, i
        entries.append(e)
        if progress:
            sys.stderr.write(f"\ranalyzing decision {k + 1}/{len(pos)}  {time.monotonic() - t0:5.0f}s")
            sys.stderr.flush()
    if progress:
        sys.stderr.write("\n")
    final = Table.from_record(_plain(record), [Pushed() for _ in range(n)]).game
    return {
        "format": "loveletter-analysis", "version": 1, "edition": record["edition"], "players": n, "seat": seat,
        "rollouts": rollouts, "policy": policy, "seed": seed, "threshold": threshold,
        "estimate": "probability of winning the game if every seat plays the policy after the choice",
        "game": {"over": final.game_over, "winners": list(final.game_winners), "tokens": list(final.tokens)},
        "decisions": entries, "mistakes": sum(e["mistake"] for e in entries),
        "seconds": round(time.monotonic() - t0, 1),
    }


def _plain(record: Mapping[str, Any]) -> dict[str, Any]:
    rec = dict(record)
    rec["rounds"] = [{k: v for k, v in r.items() if k not in ("by", "at")} for r in record["rounds"]]
    return rec


def annotation_for(analysis: Mapping[str, Any], round_no: int, index: int) -> dict[str, Any] | None:
    """The analysis of the decision at ``index`` of round ``round_no`` (None if it is not the seat's)."""
    for e in analysis["decisions"]:
        if e["round"] == round_no and e["index"] == index:
            return dict(e)
    return None


def analyze_file(path: str, seat: int, **kwargs: Any) -> dict[str, Any]:
    from ..files import read_json

    return analyze_record(read_json(path), seat, **kwargs)


def format_report(analysis: Mapping[str, Any], lang: str | None = None) -> str:
    from .report import render_report

    return render_report(analysis, lang)


__all__ = ["analyze_file", "analyze_position", "analyze_record", "annotation_for", "evaluate", "format_report",
           "playout", "positions"]
