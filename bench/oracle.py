"""How much is reading the other hands worth? An upper bound, by cheating on purpose.

Plays ``ismcts`` (any options) in one seat against ``heuristic`` (or ``--opponent``) in every other seat, seats rotated,
with the search's hidden-card samples taken in one of three ways:

* ``honest``: the bot's own sampler (its belief, or its inference with ``infer=heuristic``);
* ``hands``: the other seats' real hands, with the deck and the set-aside card shuffled afresh for
  every sample (what a perfect reader of hands would know, and no more);
* ``full``: the real hands and the real deck order (a search that knows the future).

Only ``honest`` is a fair player; the other two read the real game and exist to bound what hand
reading can buy. ``python bench/oracle.py --mode hands --games 200 --spec iters=100:rollout=heuristic``

``--share Q`` (``hands`` only) takes each sample from the real hands with chance Q and from the bot's own
sampler otherwise: a crude dial between the honest search (0) and the perfect reader (1), to see how the
win rate grows with how often the search's samples hold the real hands.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from games import play_through

from loveletter.arena import wilson
from loveletter.bots import make_bot
from loveletter.bots.ismcts import ISMCTSBot
from loveletter.bots.registry import parse_spec
from loveletter.engine import Game


class _Peek:
    """A sampler that answers from the real game (modes ``hands`` and ``full``)."""

    def __init__(self, inner: Any, game: Game, mode: str, share: float = 1.0) -> None:
        self.inner, self.game, self.mode, self.share = inner, game, mode, share

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def sample(self, rng: random.Random) -> dict[str, Any]:
        if self.share < 1.0 and rng.random() >= self.share:
            own: dict[str, Any] = self.inner.sample(rng)
            return own
        g = self.game
        hands = [list(h) for h in g.hands]
        if self.mode == "full":
            return {"hands": hands, "deck": list(g.deck), "set_aside": g.set_aside}
        rest = list(g.deck) + ([g.set_aside] if g.set_aside is not None else [])
        rng.shuffle(rest)
        aside = rest.pop() if g.set_aside is not None else None
        return {"hands": hands, "deck": rest, "set_aside": aside}


class PeekingISMCTS(ISMCTSBot):
    """``ismcts`` whose belief samples come from the real game (benchmark only)."""

    def __init__(self, game: Game, mode: str, seed: int, share: float = 1.0, **options: Any) -> None:
        super().__init__(seed, **options)
        real = self.follow
        self.follow = lambda view: _Peek(real(view), game, mode, share)  # type: ignore[assignment]


def play(mode: str, edition: str, players: int, games: int, seed: int, options: dict[str, Any],
         opponent: str = "heuristic", share: float = 1.0) -> dict[str, Any]:
    wins = 0.0
    t0 = time.time()
    for i in range(games):
        seat = i % players
        g = Game(edition, players, seed=seed * 100_000 + i // players)  # the same deal for every seat
        bots: list[Any] = [make_bot(opponent, seed=seed + i * 10 + s) for s in range(players)]
        if mode == "honest":
            bots[seat] = ISMCTSBot(seed=seed + i, **options)
        else:
            bots[seat] = PeekingISMCTS(g, mode, seed=seed + i, share=share, **options)
        for _ in play_through(g, bots):
            pass
        if seat in g.game_winners:
            wins += 1.0 / len(g.game_winners)
    lo, hi = wilson(wins, games)
    return {"mode": mode, "edition": edition, "players": players, "games": games, "seed": seed,
            "options": options, "opponent": opponent, **({"share": share} if share < 1.0 else {}),
            "win_rate": round(wins / games, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "seconds": round(time.time() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=("honest", "hands", "full"), default="hands")
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--spec", default="iters=100:rollout=heuristic", help="ismcts options, a:b=c form")
    ap.add_argument("--opponent", default="heuristic", help="the bot spec of every other seat")
    ap.add_argument("--share", type=float, default=1.0,
                    help="hands mode: the chance that a sample holds the real hands (else the bot's own sample)")
    a = ap.parse_args(argv)
    if not 0.0 <= a.share <= 1.0 or (a.share < 1.0 and a.mode != "hands"):
        ap.error("--share is a chance between 0 and 1, for --mode hands only")
    options = parse_spec(f"ismcts:{a.spec}" if a.spec else "ismcts")[1]
    print(json.dumps(play(a.mode, a.edition, a.players, a.games, a.seed, options, a.opponent, a.share)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
