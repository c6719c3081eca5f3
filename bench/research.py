"""The research benchmark report: learned bots, guided search, named levels (not a test; takes long).

    .venv/bin/python bench/research.py [--only NAME[,NAME]] [--workers 2] [--out bench/results/research.json]

Every row is one ``loveletter arena`` run (full games, seats rotated, the same deals in every
rotation, Wilson 95% intervals), printed as that command before it runs. Finished rows are kept in
the output file and skipped when the script is run again (so a long report resumes where it
stopped); ``--redo`` runs them again. Every game of a row is kept as it ends in ``--journals``
(``loveletter arena --journal``), so a row stopped part way resumes with the games it had played;
``--pool A,B`` adds up finished rows of one line-up on different deals (the first bot's wins
and games in ``--out``) and gives the pooled win rate with its interval; ``--status`` shows where each
row with a journal stands (its games so far, read without stopping a
run that is writing them). A row too long for one sitting can keep its journal under version control
(``--journals bench/results/partial``) and resume on another machine.
``levels`` is a round-robin between the candidate level bots in 2-player classic with one
Bradley-Terry fit over all their games; ``speed`` times the policies' decisions (CPU time, seat 0
of 20 games against heuristic bots).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from loveletter.arena import JournalError, read_journal, run_arena, standings, wilson
from loveletter.arena.elo import bradley_terry

ROOT = Path(__file__).resolve().parents[1]
# model files named relative to the repository (main() works from there), so that a row's line-up, and the
# first line of its kept journal, read the same in every checkout
M = Path("examples") / "models"
CANDIDATES = Path("bench") / "results" / "candidates"  # models measured but not shipped
C4V3 = str(CANDIDATES / "classic4-v3.npz")  # classic4.npz until PPO against heuristic made v4
Z4V3 = str(CANDIDATES / "2019-4-v3.npz")  # 2019-4.npz until PPO against heuristic made v4
Z4EI = str(CANDIDATES / "2019-4-ei.npz")  # v3 after one expert iteration on the redealt reading search's choices
V2 = str(CANDIDATES / "classic2-v2.npz")  # classic2.npz until c2h7a replaced it (v3); the rows that name V2 measured it



def model_path(name: str) -> Path:
    """A shipped model by its file name (``classic4.npz``), or any other by its path (``CANDIDATES / ...``)."""
    return Path(name) if Path(name).parent != Path(".") else M / name


def policy(name: str) -> str:
    return f"loveletter.rl.policy_bot:PolicyBot:path={model_path(name)}"


def guided(name: str, budget: str) -> str:
    return f"loveletter.rl.guided:GuidedISMCTS:model={model_path(name)}:{budget}"


INFER = "iters=100:rollout=heuristic:infer=heuristic:particles=100"
INFER_ALL = f"{INFER}:guesses_by=infer:positions=particles"
INFER_300 = INFER_ALL.replace("iters=100", "iters=300")
INFER_600 = INFER_ALL.replace("iters=100", "iters=600")
# positions=redealt: a particle's game with the cards nobody has drawn in a fresh order for every sample
REDEALT = INFER_ALL.replace("positions=particles", "positions=redealt")
REDEALT_300 = REDEALT.replace("iters=100", "iters=300")
REDEALT_1000 = REDEALT.replace("iters=100", "iters=1000")
REDEALT_3000 = REDEALT.replace("iters=100", "iters=3000")
# a steadier reading: three times the particles (the real card 34.9% instead of 33.3% in bench/hand_reading.py)
REDEALT_P300_1000 = REDEALT_1000.replace("particles=100", "particles=300")
# our seat's later decisions searched too (statistics per root candidate, keyed by what our seat knows)
TREE_300 = f"{REDEALT_300}:later=tree"
OWN_300 = f"lam=0:prune=0:own_rollout=policy:{REDEALT_300}"
OWN_1000 = f"lam=0:prune=0:own_rollout=policy:{REDEALT_1000}"
# premium: 30 particles, mended rather than dropped when a seat turns out to hold another card
REPAIRED = ("iters=100:rollout=heuristic:infer=heuristic:particles=30:infer_repairs=300"
            ":guesses_by=infer:positions=redealt")
REPAIRED_1000 = REPAIRED.replace("iters=100", "iters=1000")
# the same, a soft second filter (eps 0.02) serving where the exact one has no particle left
REPAIRED_FALLBACK = f"{REPAIRED}:infer_fallback=0.02"
# the same reading, the round's result valued by what it does to the game's chances (see bots/equity.py)
REPAIRED_GAME = f"{REPAIRED}:reward=game"
# more particles, more repairs: the real card the likeliest 36.3% of the time instead of 32.9% (hand_reading.py)
REPAIRED_P100 = REPAIRED.replace("particles=30:infer_repairs=300", "particles=100:infer_repairs=1000")
# the same particles weighed by the belief (the real card the likeliest 37.2% instead of 36.3%)
REPAIRED_P100_WEIGH = f"{REPAIRED_P100}:infer_weigh=1"
# three times the particles again (38.4% instead of 36.3%)
REPAIRED_P300 = REPAIRED_P100.replace("particles=100", "particles=300")
INFER_FAST = "infer=heuristic:particles=30:guesses_by=infer:positions=particles"
# the guided search reading hands with its own policy network as the model of the other seats
POLICY_READ = "infer=policy:particles=30:infer_eps=0.05:guesses_by=infer:positions=redealt"
INFER_2P = "iters=100:infer=heuristic:particles=100:guesses_by=infer:positions=particles"

T3K = str(CANDIDATES / "classic2-belief-t3k.npz")  # c2b4
T3K_READ = f"ms=100:lam=0:beta=0.05:{POLICY_READ}"
T3K_ISM_READ = f"ms=100:lam=0:beta=0.05:infer_model={CANDIDATES / 'classic2-ismcts-imitation.npz'}:{POLICY_READ}"
# the same with the imitation network trained on twice the decisions (classic2-ismcts-imitation-2.npz)
T3K_ISM2_READ = T3K_ISM_READ.replace("classic2-ismcts-imitation.npz", "classic2-ismcts-imitation-2.npz")
H7 = str(CANDIDATES / "classic2-history-ismread.npz")  # c2h7, the policy with the history observation
H7A = str(CANDIDATES / "classic2-history-anchored.npz")  # c2h7a: c2h7 after PPO held near it (--anchor 0.03)

# name -> (edition, players, line-up, matches, seed)
ROWS: dict[str, tuple[str, int, list[str], int, int]] = {
    "classic2-policy-vs-heuristic": ("classic", 2, [policy(V2), "heuristic"], 1000, 2026),
    "classic2-policy-vs-ismcts100": ("classic", 2, [policy(V2), "ismcts:ms=100"], 200, 2026),
    "classic2-guided-vs-ismcts100": ("classic", 2, [guided(V2, "ms=100:lam=0:beta=0.05"),
                                                    "ismcts:ms=100"], 200, 2026),
    "classic4-policy-vs-3-heuristic": ("classic", 4, [policy(C4V3)] + ["heuristic"] * 3, 250, 2026),
    "premium6-policy-vs-5-heuristic": ("premium", 6, [policy("premium6.npz")] + ["heuristic"] * 5, 167, 2026),
    "2019-4-policy-vs-3-heuristic": ("2019", 4, [policy(Z4V3)] + ["heuristic"] * 3, 250, 2026),
    # the guided search of each multi-player model (its prior prunes the candidates; rollouts only)
    "classic4-guided-vs-3-heuristic": ("classic", 4, [guided(C4V3, "iters=200:lam=0")]
                                       + ["heuristic"] * 3, 100, 2026),
    "premium6-guided-vs-5-heuristic": ("premium", 6, [guided("premium6.npz", "iters=200:lam=0")]
                                       + ["heuristic"] * 5, 67, 2026),
    "2019-4-guided-vs-3-heuristic": ("2019", 4, [guided(Z4V3, "iters=200:lam=0")]
                                     + ["heuristic"] * 3, 100, 2026),
    # plain ISMCTS with the fast rollout and with rollout=heuristic (a model of these opponents), same deals
    "classic4-ismcts-vs-3-heuristic": ("classic", 4, ["ismcts:iters=100"] + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-hroll-vs-3-heuristic": ("classic", 4, ["ismcts:iters=100:rollout=heuristic"]
                                             + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-vs-3-heuristic": ("2019", 4, ["ismcts:iters=100"] + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-hroll-vs-3-heuristic": ("2019", 4, ["ismcts:iters=100:rollout=heuristic"]
                                           + ["heuristic"] * 3, 100, 2026),
    "premium6-ismcts-hroll-vs-5-heuristic": ("premium", 6, ["ismcts:iters=100:rollout=heuristic"]
                                             + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED}"] + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-fallback-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED_FALLBACK}"]
                                                        + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-game-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED_GAME}"]
                                                    + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-p100-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED_P100}"]
                                                    + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-p100-vs-5-heuristic-seed99": ("premium", 6, [f"ismcts:{REPAIRED_P100}"]
                                                           + ["heuristic"] * 5, 67, 99),
    # the premium network as a light tilt on the same reading search (every candidate kept, as in 2019 4p)
    "premium6-prior0.01-repairs-p100-vs-5-heuristic": ("premium", 6, [guided(
        "premium6.npz", f"lam=0:prune=0:beta=0.01:{REPAIRED_P100}")] + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-p300-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED_P300}"]
                                                    + ["heuristic"] * 5, 67, 2026),
    "premium6-ismcts-repairs-p100-weigh-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED_P100_WEIGH}"]
                                                          + ["heuristic"] * 5, 67, 2026),
    # the same reading with ten times the budget (a long row: it resumes from its journal)
    "premium6-ismcts-repairs-iters1000-vs-5-heuristic": ("premium", 6, [f"ismcts:{REPAIRED_1000}"]
                                                         + ["heuristic"] * 5, 67, 2026),
    "classic4-guided-hroll-vs-3-heuristic": ("classic", 4, [guided(C4V3, "iters=100:lam=0:rollout=heuristic")]
                                             + ["heuristic"] * 3, 100, 2026),
    "2019-4-guided-hroll-vs-3-heuristic": ("2019", 4, [guided(Z4V3, "iters=100:lam=0:rollout=heuristic")]
                                           + ["heuristic"] * 3, 100, 2026),
    # reading hands from plays (infer=heuristic), same deals as the rows above
    "classic4-ismcts-infer-guesses-vs-3-heuristic": ("classic", 4, [f"ismcts:{INFER}:guesses_by=infer"]
                                                     + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-infer-particles-vs-3-heuristic": ("classic", 4, [f"ismcts:{INFER_ALL}"]
                                                       + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-infer-particles-vs-3-heuristic": ("2019", 4, [f"ismcts:{INFER_ALL}"]
                                                     + ["heuristic"] * 3, 100, 2026),
    "premium6-ismcts-infer-particles-vs-5-heuristic": ("premium", 6, [f"ismcts:{INFER_ALL}"]
                                                       + ["heuristic"] * 5, 67, 2026),
    # the same with three times the search budget
    "classic4-ismcts-infer-iters300-vs-3-heuristic": ("classic", 4, [f"ismcts:{INFER_300}"]
                                                      + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-infer-iters300-vs-3-heuristic": ("2019", 4, [f"ismcts:{INFER_300}"]
                                                    + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-infer-iters600-vs-3-heuristic": ("2019", 4, [f"ismcts:{INFER_600}"]
                                                    + ["heuristic"] * 3, 100, 2026),
    # the same searches with a fresh order of the undrawn cards for every sample, same deals
    "classic4-ismcts-redealt-vs-3-heuristic": ("classic", 4, [f"ismcts:{REDEALT}"] + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-redealt-vs-3-heuristic": ("2019", 4, [f"ismcts:{REDEALT}"] + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-redealt-iters300-vs-3-heuristic": ("classic", 4, [f"ismcts:{REDEALT_300}"]
                                                        + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-redealt-iters300-vs-3-heuristic": ("2019", 4, [f"ismcts:{REDEALT_300}"]
                                                      + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-redealt-iters1000-vs-3-heuristic": ("classic", 4, [f"ismcts:{REDEALT_1000}"]
                                                         + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-redealt-iters1000-vs-3-heuristic-seed99": ("classic", 4, [f"ismcts:{REDEALT_1000}"]
                                                                + ["heuristic"] * 3, 100, 99),
    # three times that budget, on both sets of deals (long rows: they resume from their journals)
    "classic4-ismcts-redealt-iters3000-vs-3-heuristic-seed99": ("classic", 4, [f"ismcts:{REDEALT_3000}"]
                                                                + ["heuristic"] * 3, 100, 99),
    "classic4-ismcts-redealt-iters3000-vs-3-heuristic": ("classic", 4, [f"ismcts:{REDEALT_3000}"]
                                                         + ["heuristic"] * 3, 100, 2026),
    # iters=1000 again, reading with 300 particles instead of 100 (two copies of the search part over their readings)
    "classic4-ismcts-redealt-p300-iters1000-vs-3-heuristic": ("classic", 4, [f"ismcts:{REDEALT_P300_1000}"]
                                                              + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-redealt-p300-iters1000-vs-3-heuristic-seed99": ("classic", 4, [f"ismcts:{REDEALT_P300_1000}"]
                                                                     + ["heuristic"] * 3, 100, 99),
    # iters=1000 valuing a round by our chance of winning the game after it (reward=game), on the iters=1000 deals
    "classic4-ismcts-redealt-game-iters1000-vs-3-heuristic": ("classic", 4, [f"ismcts:{REDEALT_1000}:reward=game"]
                                                              + ["heuristic"] * 3, 100, 2026),
    "classic4-ismcts-redealt-game-iters1000-vs-3-heuristic-seed99": ("classic", 4,
                                                                     [f"ismcts:{REDEALT_1000}:reward=game"]
                                                                     + ["heuristic"] * 3, 100, 99),
    # a third set of deals for it, added before any of its games was played
    "classic4-ismcts-redealt-game-iters1000-vs-3-heuristic-seed5": ("classic", 4,
                                                                    [f"ismcts:{REDEALT_1000}:reward=game"]
                                                                    + ["heuristic"] * 3, 100, 5),
    # the guided version of that search: v3's prior only tilts the comparison of the candidates (prune=0,
    # beta=0.01, the light tilt that held the 2019 row at twice par), same three deal sets
    **{f"classic4-prior0.01-redealt-game-iters1000-vs-3-heuristic{tail}": (
        "classic", 4, [guided(C4V3, f"lam=0:prune=0:beta=0.01:{REDEALT_1000}:reward=game")] + ["heuristic"] * 3,
        100, seed) for tail, seed in (("", 2026), ("-seed99", 99), ("-seed5", 5))},
    # the iters=300 search whose later decisions of our seat are searched too (later=tree), on the iters=300 deals
    "classic4-ismcts-tree-redealt-iters300-vs-3-heuristic": ("classic", 4, [f"ismcts:{TREE_300}"]
                                                             + ["heuristic"] * 3, 100, 2026),
    # the same search, our own later decisions in the rollouts played by the policy network (prune=0: every
    # candidate of the plain search is searched)
    "classic4-ownpolicy-redealt-iters300-vs-3-heuristic": ("classic", 4, [guided(C4V3, OWN_300)]
                                                           + ["heuristic"] * 3, 100, 2026),
    # v4 (PPO against heuristic from v3): the policy alone, and guiding our seat's rollouts
    "classic4-v4-policy-vs-3-heuristic": ("classic", 4, [policy("classic4.npz")] + ["heuristic"] * 3, 250, 2026),
    "classic4-v4-ownpolicy-redealt-iters300-vs-3-heuristic": ("classic", 4, [guided("classic4.npz", OWN_300)]
                                                              + ["heuristic"] * 3, 100, 2026),
    "classic4-ownpolicy-redealt-iters1000-vs-3-heuristic": ("classic", 4, [guided("classic4.npz", OWN_1000)]
                                                            + ["heuristic"] * 3, 100, 2026),
    "classic4-ownpolicy-redealt-iters1000-vs-3-heuristic-seed99": ("classic", 4, [guided("classic4.npz", OWN_1000)]
                                                                   + ["heuristic"] * 3, 100, 99),
    "2019-4-ownpolicy-redealt-iters300-vs-3-heuristic": ("2019", 4, [guided(Z4V3, OWN_300)]
                                                         + ["heuristic"] * 3, 100, 2026),
    # v4 (PPO against heuristic from v3): the policy alone, and as the prior of the redealt search
    "2019-4-v4-policy-vs-3-heuristic": ("2019", 4, [policy("2019-4.npz")] + ["heuristic"] * 3, 250, 2026),
    "2019-4-v4-prior-redealt-iters300-vs-3-heuristic": ("2019", 4, [guided("2019-4.npz", f"lam=0:{REDEALT_300}")]
                                                        + ["heuristic"] * 3, 100, 2026),
    # the network only prunes the candidates (default prune=0.02); every rollout decision is the heuristic's
    "2019-4-prior-redealt-iters300-vs-3-heuristic": ("2019", 4, [guided(Z4V3, f"lam=0:{REDEALT_300}")]
                                                     + ["heuristic"] * 3, 100, 2026),
    "2019-4-prior-redealt-iters300-vs-3-heuristic-seed99": ("2019", 4, [guided(Z4V3,
                                                                        f"lam=0:{REDEALT_300}")]
                                                            + ["heuristic"] * 3, 100, 99),
    # the prior without pruning: every candidate of the plain search is searched (and the network's favourite
    # added), the prior only tilts the comparison (beta * log(p / p_max) on each mean): beta=0.05 ("beta-"),
    # and a fifth of it ("beta0.01-") to see how much of the loss is the prior's weight
    **{f"2019-4-prior-beta{tag}-prune0-redealt-iters300-vs-3-heuristic{tail}": (
        "2019", 4, [guided(Z4V3, f"lam=0:prune=0:beta={beta}:{REDEALT_300}")] + ["heuristic"] * 3, 100, seed)
       for tag, beta in (("", 0.05), ("0.01", 0.01)) for tail, seed in (("", 2026), ("-seed99", 99))},
    # v3 trained on 7,691 choices of the redealt reading search (400 games against heuristic): alone, and as the prior
    "2019-4-ei-policy-vs-3-heuristic": ("2019", 4, [policy(Z4EI)] + ["heuristic"] * 3, 250, 2026),
    "2019-4-ei-prior-redealt-iters300-vs-3-heuristic": ("2019", 4, [guided(Z4EI, f"lam=0:{REDEALT_300}")]
                                                        + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-redealt-iters300-vs-3-heuristic-seed99": ("2019", 4, [f"ismcts:{REDEALT_300}"]
                                                             + ["heuristic"] * 3, 100, 99),
    # the same searches valuing a round by the game chance after it (reward=game), same deals
    "classic4-ismcts-hroll-game-vs-3-heuristic": ("classic", 4, ["ismcts:iters=100:rollout=heuristic:reward=game"]
                                                  + ["heuristic"] * 3, 100, 2026),
    "2019-4-ismcts-infer-game-vs-3-heuristic": ("2019", 4, [f"ismcts:{INFER_ALL}:reward=game"]
                                                + ["heuristic"] * 3, 100, 2026),
    "classic2-ismcts-hroll-vs-ismcts": ("classic", 2, ["ismcts:iters=100:rollout=heuristic", "ismcts:iters=100"],
                                        100, 2026),
    # reading an ismcts opponent's hand as if it played like heuristic (the fast rollout: no model of it)
    "classic2-ismcts-infer-vs-ismcts": ("classic", 2, [f"ismcts:{INFER_2P}", "ismcts:iters=100"], 200, 2026),
    "classic2-guided-infer-vs-ismcts100": ("classic", 2, [guided(V2,
                                                                 f"ms=100:lam=0:beta=0.05:{INFER_FAST}"),
                                                          "ismcts:ms=100"], 200, 2026),
    "classic2-guided-policyread-vs-ismcts100": ("classic", 2, [guided(V2,
                                                                      f"ms=100:lam=0:beta=0.05:{POLICY_READ}"),
                                                               "ismcts:ms=100"], 200, 2026),
    "classic2-guided-policyread-vs-ismcts100-seed99": ("classic", 2, [guided(V2,
                                                                             f"ms=100:lam=0:beta=0.05:{POLICY_READ}"),
                                                                      "ismcts:ms=100"], 200, 99),
    # the same, our own later decisions in the rollouts played by the network (own_rollout=policy)
    # the same search guided by the candidate trained by a stronger teacher (c2b4, not shipped)
    "classic2-guided-t3k-policyread-vs-ismcts100": ("classic", 2, [guided(T3K, T3K_READ), "ismcts:ms=100"], 200, 2026),
    "classic2-guided-t3k-policyread-vs-ismcts100-seed99": ("classic", 2, [guided(T3K, T3K_READ), "ismcts:ms=100"],
                                                           200, 99),
    # the same search with three times the opponent's time: how strong a teacher more budget makes
    "classic2-guided-t3k-policyread-ms300-vs-ismcts100": ("classic", 2, [
        guided(T3K, T3K_READ.replace("ms=100", "ms=300")), "ismcts:ms=100"], 200, 2026),
    # the c2b4-guided search reading the other seat with a network trained to play like ismcts
    # (infer_model: an expert iteration with ismcts:iters=1200, about its 100 ms, as the teacher)
    "classic2-guided-t3k-ismread-vs-ismcts100": ("classic", 2, [guided(T3K, T3K_ISM_READ), "ismcts:ms=100"], 200, 2026),
    "classic2-guided-t3k-ismread-vs-ismcts100-seed99": ("classic", 2, [guided(T3K, T3K_ISM_READ), "ismcts:ms=100"],
                                                        200, 99),
    "classic2-guided-t3k-ismread-vs-ismcts100-seed5": ("classic", 2, [guided(T3K, T3K_ISM_READ), "ismcts:ms=100"],
                                                       200, 5),
    # the same, the other seat also playing the rollouts by that network (other_rollout=model)
    "classic2-guided-t3k-ismread-otherroll-vs-ismcts100": ("classic", 2, [
        guided(T3K, f"{T3K_ISM_READ}:other_rollout=model"), "ismcts:ms=100"], 200, 2026),
    "classic2-guided-t3k-ismread-otherroll-vs-ismcts100-seed99": ("classic", 2, [
        guided(T3K, f"{T3K_ISM_READ}:other_rollout=model"), "ismcts:ms=100"], 200, 99),
    # the same reading with less room for choices the model does not expect (infer_eps 0.02, not 0.05)
    "classic2-guided-t3k-ismread-eps02-vs-ismcts100": ("classic", 2, [
        guided(T3K, T3K_ISM_READ.replace("infer_eps=0.05", "infer_eps=0.02")), "ismcts:ms=100"], 200, 2026),
    # the same reading with twice the particles
    "classic2-guided-t3k-ismread-p60-vs-ismcts100": ("classic", 2, [
        guided(T3K, T3K_ISM_READ.replace("particles=30", "particles=60")), "ismcts:ms=100"], 200, 2026),
    "classic2-guided-t3k-ism2read-vs-ismcts100": ("classic", 2, [guided(T3K, T3K_ISM2_READ), "ismcts:ms=100"], 200,
                                                  2026),
    "classic2-guided-t3k-ism2read-vs-ismcts100-seed99": ("classic", 2, [guided(T3K, T3K_ISM2_READ), "ismcts:ms=100"],
                                                         200, 99),
    "classic2-guided-t3k-ism2read-vs-ismcts100-seed5": ("classic", 2, [guided(T3K, T3K_ISM2_READ), "ismcts:ms=100"],
                                                        200, 5),
    # a fresh set of deals, never used to compare variants
    "classic2-guided-t3k-ism2read-vs-ismcts100-seed6": ("classic", 2, [guided(T3K, T3K_ISM2_READ), "ismcts:ms=100"],
                                                        200, 6),
    # the same search guided by c2h7 instead of c2b4, on two fresh sets of deals
    "classic2-guided-h7-ism2read-vs-ismcts100-seed7": ("classic", 2, [guided(H7, T3K_ISM2_READ), "ismcts:ms=100"],
                                                       200, 7),
    "classic2-guided-h7-ism2read-vs-ismcts100-seed8": ("classic", 2, [guided(H7, T3K_ISM2_READ), "ismcts:ms=100"],
                                                       200, 8),
    # guided by c2h7a, on fresh sets of deals (seeds 9 and 10 were used for nothing before)
    "classic2-guided-h7a-ism2read-vs-ismcts100-seed9": ("classic", 2, [guided(H7A, T3K_ISM2_READ), "ismcts:ms=100"],
                                                        200, 9),
    "classic2-guided-h7a-ism2read-vs-ismcts100-seed10": ("classic", 2, [guided(H7A, T3K_ISM2_READ),
                                                                        "ismcts:ms=100"], 200, 10),
    # the same search and plain ismcts at smaller equal budgets (10 and 30 ms), on fresh deals (seeds 11 to 14)
    **{f"classic2-guided-h7a-ism2read-ms{ms}-vs-ismcts{ms}-seed{seed}": (
        "classic", 2, [guided(H7A, T3K_ISM2_READ.replace("ms=100", f"ms={ms}")), f"ismcts:ms={ms}"], 200, seed)
       for ms in (10, 30) for seed in (11, 12, 13, 14)},
    # prune=0: every candidate the search would take is searched, so the guided side uses its whole budget;
    # seed 15 compared 0.005 and 0 first, seeds 16 to 23 are fresh deals for prune=0, and 24 to 31 eight more
    # (run later on another machine, all eight reported whatever they gave)
    "classic2-guided-h7a-ism2read-ms30-prune0.005-vs-ismcts30-seed15": (
        "classic", 2, [guided(H7A, T3K_ISM2_READ.replace("ms=100", "ms=30") + ":prune=0.005"), "ismcts:ms=30"],
        200, 15),
    **{f"classic2-guided-h7a-ism2read-ms30-prune0-vs-ismcts30-seed{seed}": (
        "classic", 2, [guided(H7A, T3K_ISM2_READ.replace("ms=100", "ms=30") + ":prune=0"), "ismcts:ms=30"], 200, seed)
       for seed in range(15, 32)},
    # prune=0 on the deals of the prune=0.02 rows at 10 ms (seeds 11 to 14) and 100 ms (seeds 9 and 10): paired
    **{f"classic2-guided-h7a-ism2read-ms10-prune0-vs-ismcts10-seed{seed}": (
        "classic", 2, [guided(H7A, T3K_ISM2_READ.replace("ms=100", "ms=10") + ":prune=0"), "ismcts:ms=10"], 200, seed)
       for seed in (11, 12, 13, 14)},
    **{f"classic2-guided-h7a-ism2read-ms100-prune0-vs-ismcts100-seed{seed}": (
        "classic", 2, [guided(H7A, T3K_ISM2_READ + ":prune=0"), "ismcts:ms=100"], 200, seed) for seed in (9, 10)},
    "classic2-guided-policyread-own-vs-ismcts100": ("classic", 2, [guided(V2,
                                                                          f"ms=100:lam=0:beta=0.05:own_rollout=policy:"
                                                                          f"{POLICY_READ}"),
                                                                   "ismcts:ms=100"], 200, 2026),
}

LEVEL_CANDIDATES = ["heuristic:noise=0.6", "heuristic", "ismcts:iters=100", "ismcts:iters=400"]
LEVEL_MATCHES = 100  # per pair: 200 games


def command(edition: str, players: int, lineup: list[str], matches: int, seed: int, workers: int) -> str:
    return (f"loveletter arena --bots {','.join(lineup)} --edition {edition} --players {players} "
            f"--matches {matches} --seed {seed} --workers {workers} --json")


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.exists() else {}


def save(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(path)


def run_row(name: str, workers: int, journals: Path) -> dict[str, Any]:
    """One row; its finished games go to ``journals/NAME.jsonl``, so a stopped row resumes there."""
    edition, players, lineup, matches, seed = ROWS[name]
    print("$", command(edition, players, lineup, matches, seed, workers), flush=True)
    load1 = os.getloadavg()[0]
    res = run_arena(lineup, edition, players, matches, seed=seed, workers=workers,
                    journal=journals / f"{name}.jsonl")
    res["load_before"] = round(load1, 2)
    res["load_after"] = round(os.getloadavg()[0], 2)
    res["command"] = command(edition, players, lineup, matches, seed, workers)
    return res


def status(names: list[str], journals: Path) -> None:
    """Print, for each row with a journal, its games so far and the first bot's figures over them."""
    for name in names:
        path = journals / f"{name}.jsonl"
        if name not in ROWS or not path.exists():
            continue
        try:
            head, done = read_journal(path)
        except (JournalError, OSError) as exc:
            print(f"{name}: {exc}")
            continue
        total = ROWS[name][3] * ROWS[name][1]
        r = standings(head["specs"], done)[0] if done else None
        figures = (f"{100 * r['win_rate']:5.1f}% [{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] "
                   f"of {r['games']}" if r else "no game yet")
        print(f"{name}: {len(done)}/{total} games; {r['bot'][-40:] if r else head['specs'][0][-40:]}: {figures}")


def pool(names: list[str], data: dict[str, Any]) -> None:
    """Print each finished row's first bot and the rows' games added up (they must be one bot)."""
    missing = [n for n in names if n not in data or "results" not in data[n]]
    if missing:
        raise SystemExit(f"not finished in the results file: {', '.join(missing)}")
    firsts = [data[n]["results"][0] for n in names]
    settings = [(r["bot"], data[n].get("edition"), data[n].get("players")) for n, r in zip(names, firsts, strict=True)]
    if len(set(settings)) != 1:
        raise SystemExit("these rows measured different bots or games: "
                         + "; ".join(f"{e} {p}p {b}" for b, e, p in settings))
    for n, r in zip(names, firsts, strict=True):
        print(f"  {n}: {100 * r['win_rate']:.2f}% of {r['games']}")
    wins, games = sum(r["wins"] for r in firsts), sum(r["games"] for r in firsts)
    lo, hi = wilson(wins, games)
    print(f"pooled: {100 * wins / games:.2f}% [{100 * lo:.1f}, {100 * hi:.1f}] of {games}")


def run_levels(workers: int, done: dict[str, Any], out: Path, data: dict[str, Any],
               journals: Path) -> dict[str, Any]:
    names = LEVEL_CANDIDATES
    games: dict[str, Any] = done.get("pairs", {})
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            key = f"{names[i]} vs {names[j]}"
            if key in games:
                continue
            lineup = [names[i], names[j]]
            print("$", command("classic", 2, lineup, LEVEL_MATCHES, 2026, workers), flush=True)
            res = run_arena(lineup, "classic", 2, LEVEL_MATCHES, seed=2026, workers=workers,
                            journal=journals / f"levels-{i}-{j}.jsonl")
            games[key] = res
            data["levels"] = {"pairs": games}
            save(out, data)
    pairs: dict[tuple[int, int], float] = {}
    counts: dict[tuple[int, int], int] = {}
    totals = {n: [0.0, 0] for n in names}
    for res in games.values():
        a, b = res["results"][0]["bot"], res["results"][1]["bot"]
        ia, ib = names.index(a), names.index(b)
        wa = next(r["wins"] for r in res["results"] if r["bot"] == a)
        g = res["games_played"]
        key = (min(ia, ib), max(ia, ib))
        pairs[key] = pairs.get(key, 0.0) + (wa if ia < ib else g - wa)
        counts[key] = counts.get(key, 0) + g
        for r in res["results"]:
            totals[r["bot"]][0] += r["wins"]
            totals[r["bot"]][1] += r["games"]
    ratings = bradley_terry(len(names), pairs, counts)[0]
    table = []
    for k, n in enumerate(names):
        w, g = totals[n]
        lo, hi = wilson(w, g)
        table.append({"bot": n, "rating": round(ratings[k], 1), "games": g, "win_rate": round(w / g, 4),
                      "ci95": [round(lo, 4), round(hi, 4)]})
    return {"pairs": games, "ratings": table}


SPEED = [("classic", 2, "classic2.npz"), ("classic", 4, "classic4.npz"), ("premium", 6, "premium6.npz"),
         ("2019", 4, "2019-4.npz")]


def decision_time(spec: str, edition: str, players: int, games: int = 20) -> dict[str, Any]:
    """CPU time of ``spec``'s choose() in seat 0 of games against heuristic bots (table runner), and the
    wall-clock time of its decisions with more than one legal choice (what an ``ms`` budget bounds)."""
    from loveletter.bots import make_bot
    from loveletter.engine import Game
    from loveletter.table import Automatic, Table

    bot = make_bot(spec, seed=1)
    spent, count = 0.0, 0
    walls: list[float] = []

    class Timed:
        def choose(self, view: Any) -> Any:
            nonlocal spent, count
            t, w = time.process_time(), time.perf_counter()
            d = bot.choose(view)
            spent += time.process_time() - t
            count += 1
            if len(view.legal) > 1:
                walls.append(time.perf_counter() - w)
            return d

    for g in range(games):
        seats = [Automatic(Timed(), spec)] + [Automatic(make_bot("heuristic", seed=g * 10 + s), "heuristic")
                                              for s in range(1, players)]
        Table(Game(edition, players, seed=g), seats).run()
    walls.sort()
    return {"bot": spec, "edition": edition, "players": players, "decisions": count,
            "ms_per_decision": round(1000 * spent / count, 3), "choices": len(walls),
            "wall_ms_per_choice": round(1000 * sum(walls) / max(1, len(walls)), 2),
            "wall_ms_p95": round(1000 * walls[int(0.95 * (len(walls) - 1))], 2) if walls else 0.0}


# the guided search of the budget rows and plain ismcts at each budget: how much of it each one uses
BUDGETS = [spec for ms in (10, 30, 100)
           for spec in (f"ismcts:ms={ms}", guided(H7A, T3K_ISM2_READ.replace("ms=100", f"ms={ms}")))]
BUDGETS.append(guided(H7A, T3K_ISM2_READ.replace("ms=100", "ms=30") + ":prune=0"))


# the timing tables: the shipped policies ('speed'), and both sides of the classic 2p budget rows ('budgets')
TIMINGS: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "speed": lambda: [decision_time(policy(m), e, n) for e, n, m in SPEED],
    "budgets": lambda: [decision_time(spec, "classic", 2) for spec in BUDGETS],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="comma-separated row names (or 'levels', 'speed', 'budgets')")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "research.json")
    ap.add_argument("--redo", action="store_true")
    ap.add_argument("--journals", type=Path, help="the rows' game journals (default: journals/ beside --out)")
    ap.add_argument("--status", action="store_true", help="show the rows' games so far (from their journals)")
    ap.add_argument("--pool", help="comma-separated finished rows of one bot: their games added up")
    args = ap.parse_args()
    args.out = args.out.resolve()
    if args.journals:
        args.journals = args.journals.resolve()
    os.chdir(ROOT)  # the line-ups name model files relative to the repository
    if args.pool:
        pool(args.pool.split(","), load(args.out))
        return
    journals = args.journals or args.out.parent / "journals"
    if args.status:
        status(args.only.split(",") if args.only else list(ROWS), journals)
        return
    journals.mkdir(parents=True, exist_ok=True)
    data = load(args.out)
    wanted = args.only.split(",") if args.only else [*ROWS, "levels", *TIMINGS]
    for name in wanted:
        if name in TIMINGS:  # CPU and wall time per decision (measured afresh every time)
            rows = TIMINGS[name]()
            for r in rows:
                print(f"  {r['edition']} {r['players']}p {r['bot'][-60:]:<60} {r['ms_per_decision']} ms of CPU per "
                      f"decision; {r['wall_ms_per_choice']} ms per choice (95%: {r['wall_ms_p95']} ms)")
            data[name] = {"rows": rows}
            save(args.out, data)
            continue
        if name in data and not args.redo and (name != "levels" or "ratings" in data[name]):
            print(f"(kept) {name}")
            continue
        t0 = time.monotonic()
        if name == "levels":
            if args.redo:
                for old in journals.glob("levels-*.jsonl"):
                    old.unlink()
            data[name] = run_levels(args.workers, {} if args.redo else data.get(name, {}), args.out, data, journals)
            for r in data[name]["ratings"]:
                print(f"  {r['bot']:<24} rating {r['rating']:7.1f}  {100 * r['win_rate']:.1f}% of {r['games']}")
        else:
            if args.redo:
                (journals / f"{name}.jsonl").unlink(missing_ok=True)
            data[name] = run_row(name, args.workers, journals)
            for r in data[name]["results"]:
                lo, hi = r["ci95"]
                print(f"  {r['bot'][-60:]:<60} {100 * r['win_rate']:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
                      f"of {r['games']}")
        data[name]["wall_seconds"] = round(time.monotonic() - t0, 1)
        data = {**load(args.out), name: data[name]}  # rows another run wrote meanwhile are kept
        save(args.out, data)


if __name__ == "__main__":
    main()
