"""Outcome-sampling MCCFR (OpenSpiel's C++ solver) on Love Letter through the OpenSpiel registration.

    pip install -e '.[openspiel]'
    python examples/openspiel_mccfr.py --iterations 20000 --rounds 2000

The game is ``python_loveletter`` with ``tokens=1``: one round of 2-player classic, so a game is a
round (full games are far too deep for a tabular method in minutes). After training, the average
policy plays ``--rounds`` rounds in each seat against a uniformly random player and against the
``heuristic`` bot (which reads the seat's engine view); an information state the solver never
visited is played uniformly at random. Win rates with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

from loveletter.arena import wilson
from loveletter.bots import make_bot
from loveletter.research import openspiel_game  # noqa: F401  (registers python_loveletter)


def play(game: pyspiel.Game, policy: pyspiel.TabularPolicy, other: str, seat: int, rng: random.Random) -> float:
    """One round: the average policy at ``seat``, ``other`` (random or a bot spec) at the other seat."""
    state = game.new_initial_state()
    bot = None if other == "random" else make_bot(other, seed=rng.getrandbits(32))
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        p = state.current_player()
        if p == seat:
            acts, probs = zip(*policy.get_state_policy(state), strict=True)
            state.apply_action(rng.choices(acts, probs)[0])
        elif bot is None:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            g = state.game
            d = bot.choose(g.view(p))
            state.apply_action(game.codec.encode(d, p))
    return 1.0 if state.returns()[seat] > 0 else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=2000, help="evaluation rounds per seat and opponent")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = pyspiel.load_game("python_loveletter", {"edition": "classic", "players": 2, "tokens": 1})
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, seed=args.seed)
    t0 = time.perf_counter()
    for _ in range(args.iterations):
        solver.run_iteration()
    train_s = time.perf_counter() - t0
    policy = solver.average_policy()
    print(f"outcome-sampling MCCFR: {args.iterations} iterations in {train_s:.0f} s")
    rng = random.Random(args.seed)
    for other in ("random", "heuristic"):
        won = sum(play(game, policy, other, seat, rng) for seat in (0, 1) for _ in range(args.rounds))
        n = 2 * args.rounds
        lo, hi = wilson(won, n)
        print(f"average policy vs {other}: wins {100 * won / n:.1f}% of {n} rounds [{100 * lo:.1f}, {100 * hi:.1f}]")


if __name__ == "__main__":
    main()
