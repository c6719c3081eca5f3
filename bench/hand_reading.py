"""How well does seat 0 read the other hands? The belief against the heuristic-model particle filter.

Games of ``heuristic`` bots; at each of seat 0's decisions with a choice, for every other seat in the
round: the probability the belief gives that seat's real card, and the share of particles of
:class:`loveletter.bots.infer.HeuristicInference` that hold it (the filter only reads seat 0's view).
``python bench/hand_reading.py --edition classic --players 4 --games 5 --particles 100``
"""

from __future__ import annotations

import argparse
import json
import time

from loveletter.bots.belief import Belief
from loveletter.bots.heuristic import HeuristicBot
from loveletter.bots.infer import HeuristicInference
from loveletter.engine import Game


def measure(edition: str, players: int, games: int, particles: int) -> dict[str, object]:
    belief = particle = 0.0
    hands = decisions = with_particles = 0
    t0 = time.time()
    for gi in range(games):
        g = Game(edition, players, seed=gi)
        bots = [HeuristicBot(seed=gi * 10 + s) for s in range(players)]
        inf = HeuristicInference(particles, seed=gi)
        while not g.game_over:
            if g.round_over or g.to_move is None:
                g.start_round()
                continue
            seat = g.to_move
            view = g.view(seat)
            if seat == 0 and len(view.legal) > 1:
                decisions += 1
                if inf.update(view):
                    with_particles += 1
                    b = Belief(view)
                    pool = b.pool()
                    for t in range(1, players):
                        if g.alive[t] and g.hand(t):
                            card = g.hand(t)[0]
                            particle += sum(p.game.hand(t)[:1] == (card,) for p in inf.parts) / len(inf.parts)
                            belief += b.distribution(t, pool).get(card, 0.0)
                            hands += 1
            d = bots[seat].choose(view)
            if seat == 0:
                inf.played(view, d)
            g.apply(d)
    return {"edition": edition, "players": players, "games": games, "particles": particles,
            "decisions": decisions, "with_particles": with_particles, "hands": hands,
            "belief_p_real_card": round(belief / max(1, hands), 4),
            "particles_p_real_card": round(particle / max(1, hands), 4), "seconds": round(time.time() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--particles", type=int, default=100)
    a = ap.parse_args()
    print(json.dumps(measure(a.edition, a.players, a.games, a.particles)))


if __name__ == "__main__":
    main()
