"""A card-counting heuristic bot.

Every legal decision gets a score in "expected tokens this round": the immediate effect of the
card played (chance of a Guard/Bishop hit, Baron/Dowager Queen odds, Prince on a likely Princess,
the information of a look, a Handmaid's cover...) plus the worth of the card kept (its showdown
strength, weighted more as the deck runs out, minus the risk of being guessed when other seats
know it). Beliefs about other hands come from :class:`~loveletter.bots.belief.Belief`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import BishopChoice, CardinalLook, ChancellorChoice, Decision, Play, View
from .base import Bot, check_options, number_option
from .belief import Belief, BeliefFollower

#: Small bonuses for keeping a card that is useful later (before the showdown matters).
KEEP_UTILITY = {
    "guard": 0.04, "priest": 0.02, "baron": 0.0, "handmaid": 0.04, "prince": 0.04, "king": 0.0,
    "countess": 0.0, "princess": 0.0, "chancellor": 0.03, "spy": 0.0, "bishop": 0.05,
    "dowager_queen": 0.0, "constable": 0.0, "count": 0.0, "sycophant": 0.0, "baroness": 0.02,
    "cardinal": 0.0, "jester": 0.02, "assassin": 0.08,
}


class Context:
    """Everything the scoring needs, computed once per decision."""

    def __init__(self, view: Any, belief: Belief | None = None) -> None:
        """``view`` is a :class:`View` (or any object with its public fields and ``hand``);
        ``belief`` defaults to the full :class:`Belief` of the view."""
        self.view = view
        self.me = me = view.seat
        self.belief = b = belief if belief is not None else Belief(view)
        self.pool = b.pool()
        self._keep: dict[str, float] = {}
        self.values: Mapping[str, int] = view.values
        self.opps = [s for s in range(view.players) if s != me and view.alive[s]]
        self.k = max(1, len(self.opps))
        self.dist = {t: b.distribution(t, self.pool) for t in self.opps}
        self.vdist = {t: _vd(d, self.values) for t, d in self.dist.items()}
        self.base = 1.0 / (self.k + 1)  # my share of the round, all else equal
        self.ko_gain = 1.0 / self.k - self.base  # knocking one opponent out
        # how much the showdown matters now: 0 early, 1 when the deck is (nearly) empty
        turns_left = view.deck_size / max(1, len(self.opps) + 1)
        self.endw: float = 1.0 / (1.0 + turns_left)
        pool_total = sum(self.pool.values()) or 1
        self.p_guard_draw = self.pool.get("guard", 0) / pool_total

    def showdown(self, card: str) -> float:
        """Chance that ``card`` beats every other hand now (premium Count bonuses included)."""
        v = self.values[card] + self.view.discards[self.me].count("count")
        p = 1.0
        for t in self.opps:
            bonus = self.view.discards[t].count("count")
            lower = sum(q for x, q in self.vdist[t].items() if x + bonus < v)
            tie = sum(q for x, q in self.vdist[t].items() if x + bonus == v)
            if card == "bishop":
                lower -= self.dist[t].get("princess", 0.0)
            p *= max(0.0, lower + 0.4 * tie)
        return p

    def risk(self, card: str) -> float:
        """Chance of being knocked out before my next turn while holding ``card``, unprotected."""
        total = 0.0
        for t in self.opps:
            if card == "princess":
                total += 0.04
            knows = self.belief.exposed.get(t) == card
            p_guard = min(1.0, self.p_guard_draw * 1.5 + self.dist[t].get("guard", 0.0))
            if knows and card != "guard":
                total += 0.7 * p_guard + 0.15
            else:
                total += p_guard * 0.12
        if card == "assassin":
            total *= 0.2
        return min(0.9, total)

    def keep(self, card: str) -> float:
        """Worth of holding ``card`` after this turn."""
        w = self._keep.get(card)
        if w is None:
            w = self._keep[card] = self._keep_value(card)
        return w

    def _keep_value(self, card: str) -> float:
        s = self.showdown(card)
        worth = self.endw * s * 1.0 + (1 - self.endw) * (0.1 * self.values[card] / 9.0 * 2 * self.base)
        worth += KEEP_UTILITY.get(card, 0.0) * (1 - self.endw)
        if card == "guard" and any(self.belief.known[t] not in (None, "guard") for t in self.opps):
            worth += 0.25 * self.ko_gain / max(self.ko_gain, 0.1)
        return worth - self.risk(card) * self.base

    def avg_keep_of_draw(self) -> float:
        tot = sum(self.pool.values())
        if not tot:
            return 0.0
        return sum(k * self.keep(c) for c, k in self.pool.items()) / tot


def _vd(dist: dict[str, float], values: dict[str, int]) -> dict[int, float]:
    out: dict[int, float] = {}
    for c, p in dist.items():
        out[values[c]] = out.get(values[c], 0.0) + p
    return out


def score_play(ctx: Context, d: Play) -> float:
    """Heuristic worth of one play (see the module docstring)."""
    view, me, values = ctx.view, ctx.me, ctx.values
    hand = list(view.hand)
    hand.remove(d.card)
    other = hand[0]
    card, targets = d.card, d.targets
    t = targets[0] if targets else None
    keep = ctx.keep(other)
    effect = 0.0
    if card == "princess":
        return -1.0
    if card == "guard" and t is not None and d.guess is not None:
        p = ctx.vdist[t].get(d.guess, 0.0)
        effect = p * ctx.ko_gain - ctx.dist[t].get("assassin", 0.0) * ctx.base
        effect += (1 - p) * 0.005  # a miss still narrows the hand down
    elif card == "bishop" and t is not None and d.guess is not None:
        p = ctx.vdist[t].get(d.guess, 0.0)
        effect = p * 0.9 + 0.005 * (1 - p)
    elif card in ("priest", "baroness") and targets:
        for x in targets:
            unknown = ctx.belief.known[x] is None
            effect += (0.06 if unknown else 0.0) * (1 - ctx.endw * 0.5)
            if other in ("guard", "baron", "dowager_queen", "prince") and unknown:
                effect += 0.05
    elif card in ("baron", "dowager_queen") and t is not None:
        mine = values[other]
        win = lose = 0.0
        for v, q in ctx.vdist[t].items():
            if v == mine:
                continue
            if (v < mine) == (card == "baron"):
                win += q
            else:
                lose += q
        effect = win * ctx.ko_gain - lose * (keep + ctx.base * 0.5)
        # the opponent now knows my card
        effect -= 0.3 * ctx.base * (1 - win - lose) * 0.3
    elif card == "handmaid":
        effect = ctx.risk(other) * ctx.base
        if view.deck_size <= 1:
            effect += 0.01
    elif card == "prince" and t is not None:
        if t == me:
            if other == "princess":
                return -1.0
            return ctx.avg_keep_of_draw() + 0.0
        p_princess = ctx.dist[t].get("princess", 0.0)
        effect = p_princess * ctx.ko_gain
        # pushing a strong card out of the hand matters near the end
        sd_their = sum(q * v for v, q in ctx.vdist[t].items()) / 9.0
        effect += 0.12 * ctx.endw * sd_their + 0.01
        if view.deck_size == 0:
            effect += 0.0
    elif card == "king" and t is not None:
        gained = sum(q * ctx.keep(c) for c, q in ctx.dist[t].items())
        # the other seat will know my (their new) card: a little more exposure
        return gained - 0.03 + 0.0 * keep
    elif card == "cardinal" and targets:
        if me in targets:
            t2 = targets[0] if targets[1] == me else targets[1]
            gained = sum(q * ctx.keep(c) for c, q in ctx.dist[t2].items())
            return gained - 0.02
        effect = 0.01
    elif card == "countess":
        effect = 0.0
    elif card == "spy":
        others = [s for s in view.spies if s != me and view.alive[s]]
        if me in view.spies:
            effect = 0.0
        elif others:
            effect = 0.15
        else:
            effect = 0.35 * (1 - ctx.risk(other))
    elif card == "chancellor":
        if view.deck_size:
            best = max((ctx.keep(c) for c in ctx.pool), default=keep)
            effect = 0.35 * max(0.0, best - keep) + 0.04
    elif card == "constable":
        effect = 0.2 * min(1.0, ctx.risk(other) * 2 + 0.2)
    elif card == "count":
        effect = 0.06 + 0.1 * ctx.endw
    elif card == "jester" and t is not None:
        ev = sum(q * v for v, q in ctx.vdist[t].items())
        effect = 0.12 + 0.02 * ev
    elif card == "sycophant" and t is not None:
        effect = 0.01 if t != me else -0.01
    elif card == "assassin":
        effect = 0.0
    return effect + keep


def scores(view: View, belief: Belief | None = None) -> dict[Decision, float]:
    """Heuristic score of every legal decision of ``view`` (``belief``: the view's, if already made)."""
    ctx = Context(view, belief)
    out: dict[Decision, float] = {}
    for d in view.legal:
        if isinstance(d, Play):
            out[d] = score_play(ctx, d)
        elif isinstance(d, ChancellorChoice):
            out[d] = ctx.keep(d.keep) - 0.001 * _bottom_penalty(d, view.values)
        elif isinstance(d, BishopChoice):
            card = view.hand[0] if view.hand else ""
            out[d] = (1.0 if d.discard else 0.0) if card != "princess" else (0.0 if d.discard else 1.0)
        elif isinstance(d, CardinalLook):
            if d.seat is None:
                out[d] = 0.0
            else:
                out[d] = 0.1 if (d.seat != view.seat and ctx.belief.known[d.seat] is None) else 0.05
        else:  # pragma: no cover - future kinds
            out[d] = 0.0
    return out


def _bottom_penalty(d: ChancellorChoice, values: Mapping[str, int]) -> float:
    # put the strongest returned card bottom-most (last), away from the next draws
    return sum(i * -values[c] for i, c in enumerate(d.bottom))


class HeuristicBot(Bot):
    """Card counting, belief tracking, and a one-step evaluation of every legal decision."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        check_options(options, {"noise"})
        super().__init__(seed, **options)
        self.noise = float(number_option(options, "noise", 0.0, low=0))
        self.follow = BeliefFollower()  # this seat's belief, replaying only the events since the last decision

    def choose(self, view: View) -> Decision:
        return best_decision(view, self.follow(view), self.rng, self.noise)


def best_decision(view: View, belief: Belief, rng: random.Random, noise: float = 0.0) -> Decision:
    """The legal decision with the best score, plus ``rng`` jitter up to ``noise`` (without noise,
    a jitter too small to matter except between equal scores: ties break at random)."""
    return pick_best(view.legal, scores(view, belief), rng, noise)


def pick_best(legal: Sequence[Decision], sc: Mapping[Decision, float], rng: random.Random,
              noise: float = 0.0) -> Decision:
    """:func:`best_decision` for scores already computed: one ``rng`` draw per legal decision."""
    best, best_score = legal[0], float("-inf")
    for d in legal:
        s = sc[d] + (rng.random() * noise if noise else rng.random() * 1e-9)
        if s > best_score:
            best, best_score = d, s
    return best


__all__ = ["Context", "HeuristicBot", "best_decision", "pick_best", "scores", "score_play"]
