"""How well does seat 0 read the other hands? The belief against the heuristic-model particle filter.

Games of ``--bots`` (every seat; ``heuristic`` by default); at each of seat 0's decisions with a
choice, for every other seat in the round: the probability the belief gives that seat's real card,
and the share of particles of :class:`loveletter.bots.infer.HeuristicInference` that hold it (the
filter only reads seat 0's view). ``*_p_real_card`` average the decisions where particles were left;
``all_*`` average every decision, the filter's figure falling back on the belief where none were left.
``*_top1`` count how often the real card is the likeliest one (a tie of k cards counting 1/k): what a
Guard's guess needs, where the average probability says less. ``all_mix_top1`` and ``all_product_top1``
blend the filter's shares with the belief, per seat (a mixture at each weight of ``MIXES``; the belief
times the share plus 0.05); ``all_weighted_top1`` weighs each particle by the belief's chance of all its
hands at once, to each power of ``POWERS`` (what the search's ``infer_weigh`` does).
``--temp``/``--eps`` soften the filter's model of the other seats (see ``HeuristicInference``); ``--model
FILE.npz`` makes a policy network that model (with ``--eps``); ``--repairs N`` lets the filter mend up to N
particles per decision instead of dropping them; ``--fallback-eps E`` keeps a soft second filter for the
decisions where the exact one has none left (``HeuristicInference``'s ``fallback_eps``).
``python bench/hand_reading.py --edition classic --players 4 --games 5 --particles 100``
``python bench/hand_reading.py --players 2 --bots ismcts:iters=100 --games 20 --temp 0.05 --eps 0.1``
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games import play_through

from loveletter.bots.belief import Belief
from loveletter.bots.infer import HeuristicInference, hand_weights
from loveletter.bots.registry import make_bot
from loveletter.engine import Game


def top1(dist: Mapping[str, float], card: str) -> float:
    """1 if ``card`` is the likeliest in ``dist``, 1/k if it ties with k-1 others for that, else 0."""
    best = max(dist.values(), default=0.0)
    if best <= 0 or dist.get(card, 0.0) < best - 1e-12:
        return 0.0
    return 1.0 / sum(1 for q in dist.values() if q >= best - 1e-12)


#: Shares of the belief in the blends of ``all_mix_top1``: the filter's particle shares and the belief mixed.
MIXES = (0.1, 0.25, 0.5)


def blend(held: Mapping[str, int], dist: Mapping[str, float], a: float) -> dict[str, float]:
    """The particles' shares (``held``: counts per card) mixed with ``dist`` at weight ``a``."""
    n = sum(held.values()) or 1
    return {c: (1 - a) * held.get(c, 0) / n + a * dist.get(c, 0.0) for c in set(held) | set(dist)}


def product(held: Mapping[str, int], dist: Mapping[str, float], floor: float = 0.05) -> dict[str, float]:
    """The belief reweighed by the particles' shares (each share floored at ``floor``)."""
    n = sum(held.values()) or 1
    return {c: q * (held.get(c, 0) / n + floor) for c, q in dist.items()}


#: Powers of the belief in ``all_weighted_top1``: each particle weighed by the belief's chance of its hands.
POWERS = (0.5, 1.0)


def weighted_shares(parts: Sequence[Any], dists: Mapping[int, Mapping[str, float]],
                    power: float) -> dict[int, dict[str, float]]:
    """Per seat of ``dists``, the particles' shares of each card, each particle weighed by the product over
    those seats of the belief's chance of the card it gives the seat (to ``power``; a floor of 1e-3)."""
    weights = hand_weights([p.game for p in parts], dists, power)
    out: dict[int, dict[str, float]] = {t: {} for t in dists}
    for p, w in zip(parts, weights, strict=True):
        for t in dists:
            hand = p.game.hand(t)
            if hand:
                out[t][hand[0]] = out[t].get(hand[0], 0.0) + w
    return out


def measure(edition: str, players: int, games: int, particles: int, bot: str = "heuristic",
            temp: float = 0.0, eps: float = 0.0, model: str | None = None, repairs: int = 0,
            fallback_eps: float = 0.0, first_seed: int = 0, share: bool = True) -> dict[str, object]:
    seat_model = None
    if model:  # the policy network of a model file as the model of the other seats
        from loveletter.rl.guided import NetworkGuide
        seat_model = NetworkGuide(model).chances
    belief = particle = all_belief = all_filter = all_belief_top = all_filter_top = 0.0
    mix_top = dict.fromkeys(MIXES, 0.0)
    prod_top = 0.0
    weighted_top = dict.fromkeys(POWERS, 0.0)
    hands = all_hands = decisions = with_particles = 0
    t0 = time.time()
    filter_time = 0.0  # in the filter's updates only (the CPU time of this process)
    for gi in range(first_seed, first_seed + games):
        g = Game(edition, players, seed=gi)
        bots = [make_bot(bot, seed=gi * 10 + s, edition=edition, players=players) for s in range(players)]
        inf = HeuristicInference(particles, seed=gi, temp=temp, eps=eps, model=seat_model, repairs=repairs,
                                 fallback_eps=fallback_eps, share=share)
        for seat, view, d in play_through(g, bots):
            if seat == 0 and len(view.legal) > 1:
                decisions += 1
                t1 = time.process_time()
                alive = inf.update(view)
                filter_time += time.process_time() - t1
                with_particles += alive
                b = Belief(view)
                pool = b.pool()
                dists = {t: b.distribution(t, pool) for t in range(1, players) if g.alive[t] and g.hand(t)}
                weighted = {gm: weighted_shares(inf.particles, dists, gm) for gm in POWERS} if alive else {}
                for t in range(1, players):
                    if g.alive[t] and g.hand(t):
                        card = g.hand(t)[0]
                        bd = dists[t]
                        pb = bd.get(card, 0.0)
                        all_belief += pb
                        all_belief_top += top1(bd, card)
                        all_hands += 1
                        if alive:
                            parts = inf.particles
                            held = Counter(p.game.hand(t)[0] for p in parts if p.game.hand(t))
                            pp = held[card] / len(parts)
                            particle += pp
                            belief += pb
                            hands += 1
                        all_filter += pp if alive else pb
                        all_filter_top += top1(held, card) if alive else top1(bd, card)
                        for a in MIXES:
                            mix_top[a] += top1(blend(held, bd, a), card) if alive else top1(bd, card)
                        prod_top += top1(product(held, bd), card) if alive else top1(bd, card)
                        for gm in POWERS:
                            weighted_top[gm] += top1(weighted[gm][t], card) if alive else top1(bd, card)
            if seat == 0:
                inf.played(view, d)
    return {"edition": edition, "players": players, "games": games, "particles": particles,
            "decisions": decisions, "with_particles": with_particles, "hands": hands,
            "belief_p_real_card": round(belief / max(1, hands), 4),
            "particles_p_real_card": round(particle / max(1, hands), 4), "bots": bot, "temp": temp, "eps": eps,
            "model": model, "repairs": repairs, "fallback_eps": fallback_eps, "first_seed": first_seed,
            "all_hands": all_hands, "all_belief_p_real_card": round(all_belief / max(1, all_hands), 4),
            "all_filter_p_real_card": round(all_filter / max(1, all_hands), 4),
            "all_belief_top1": round(all_belief_top / max(1, all_hands), 4),
            "all_filter_top1": round(all_filter_top / max(1, all_hands), 4),
            "all_mix_top1": {str(a): round(x / max(1, all_hands), 4) for a, x in mix_top.items()},
            "all_product_top1": round(prod_top / max(1, all_hands), 4),
            "all_weighted_top1": {str(a): round(x / max(1, all_hands), 4) for a, x in weighted_top.items()},
            "share": share, "seconds": round(time.time() - t0, 1), "filter_cpu_seconds": round(filter_time, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--particles", type=int, default=100)
    ap.add_argument("--bots", default="heuristic", help="the bot spec every seat plays")
    ap.add_argument("--temp", type=float, default=0.0)
    ap.add_argument("--eps", type=float, default=0.0)
    ap.add_argument("--model", help="a policy model file (.npz): its network is the model of the other seats")
    ap.add_argument("--repairs", type=int, default=0, help="the filter's repairs per decision (HeuristicInference)")
    ap.add_argument("--fallback-eps", type=float, default=0.0,
                    help="a soft second filter (this eps) where the exact one has no particle left")
    ap.add_argument("--first-seed", type=int, default=0, help="the first game's seed (games are seeded in a row)")
    ap.add_argument("--no-share", action="store_true",
                    help="ask the seats' model for every particle (the same reading, slower: to measure the sharing)")
    a = ap.parse_args()
    print(json.dumps(measure(a.edition, a.players, a.games, a.particles, a.bots, a.temp, a.eps, a.model, a.repairs,
                             a.fallback_eps, a.first_seed, not a.no_share)))


if __name__ == "__main__":
    main()
