"""Win rate of a bot (e.g. a trained PolicyBot) against another, per round and per game.

    .venv/bin/python bench/rl_eval.py --bot loveletter.rl.policy_bot:PolicyBot:path=model.npz \
        --opponent random --rounds 4000 --games 400

Each deal (seed) is played twice, the bot in seat 0 and then in seat 1, with the same shuffle and
first player (mirrored deals, 2 players). ``rounds`` plays single rounds; ``games`` plays whole
games. A round in which nobody gains a token counts as not won. 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import time

from loveletter.arena import wilson
from loveletter.bots import make_bot
from loveletter.engine import Game
from loveletter.table import Automatic, Table


def play(bot: str, opponent: str, edition: str, seed: int, me: int, whole_game: bool) -> bool:
    """Play one round (or game) with ``bot`` in seat ``me`` on the table runner; whether it won."""
    seats = [Automatic(make_bot(bot, seed=seed), bot), Automatic(make_bot(opponent, seed=seed + 1), opponent)]
    if me == 1:
        seats.reverse()
    table = Table(Game(edition, 2, seed=seed), seats, auto_rounds=whole_game)
    if whole_game:
        table.run()
        return me in table.game.game_winners
    table.next_round()
    table.advance()  # stops at the end of the round
    g = table.game
    return g.tokens[me] > g.tokens[1 - me]


def measure(bot: str, opponent: str, edition: str, n: int, whole_game: bool, seed: int) -> dict[str, float]:
    wins = 0
    start = time.perf_counter()
    for k in range(n // 2):
        for me in (0, 1):
            wins += play(bot, opponent, edition, seed + k, me, whole_game)
    total = 2 * (n // 2)
    lo, hi = wilson(wins, total)
    return {"n": total, "win_rate": wins / total, "ci_low": lo, "ci_high": hi,
            "seconds": time.perf_counter() - start}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", required=True)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--rounds", type=int, default=4000)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1_000_000, help="first deal seed (away from training seeds)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {"bot": args.bot, "opponent": args.opponent, "edition": args.edition}
    if args.rounds:
        out["rounds"] = measure(args.bot, args.opponent, args.edition, args.rounds, False, args.seed)
    if args.games:
        out["games"] = measure(args.bot, args.opponent, args.edition, args.games, True, args.seed)
    if args.json:
        print(json.dumps(out))
        return
    for key in ("rounds", "games"):
        if key in out:
            r = out[key]
            print(f"{key:6} vs {args.opponent}: {r['win_rate']:.1%} of {r['n']} "
                  f"(95% CI {r['ci_low']:.1%}-{r['ci_high']:.1%}, {r['seconds']:.0f}s)")


if __name__ == "__main__":
    main()
