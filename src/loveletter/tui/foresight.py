"""Whether a decision surely knocks its player out: tried on positions consistent with the seat's view.

The terminal asks for a confirmation before such a play (the Princess, a Prince on yourself while
holding her, a Baron against a card you know is higher...). No rule is re-derived here: the engine
plays the decision on positions sampled from what the seat knows (:class:`~loveletter.bots.belief.Belief`,
:class:`~loveletter.engine.Determinizer`); the play "surely" eliminates when it does in every one.
"""

from __future__ import annotations

import random

from ..bots.belief import Belief
from ..engine import Decision, Determinizer, LoveLetterError, View

#: Positions tried per decision.
SAMPLES = 24


def surely_eliminates(view: View, decision: Decision, samples: int = SAMPLES, seed: int = 0) -> bool:
    """True when ``decision`` knocks ``view.seat`` out of the round in every sampled position."""
    me = view.seat
    if me is None or view.to_move != me:
        return False
    det, belief, rng = Determinizer(view), Belief(view), random.Random(seed)
    tried = 0
    for _ in range(samples):
        sample = belief.sample(rng)
        hands = {s: h for s, h in enumerate(sample["hands"]) if s != me}
        try:
            g = det.position({"hands": hands, "deck": sample["deck"], "set_aside": sample["set_aside"]})
            g.apply(decision, seat=me)
        except LoveLetterError:
            continue  # a sample the engine does not accept says nothing
        tried += 1
        if g.alive[me]:
            return False
    return tried > 0


__all__ = ["SAMPLES", "surely_eliminates"]
