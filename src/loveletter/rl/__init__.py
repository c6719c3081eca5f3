"""Reinforcement-learning environments for Love Letter: PettingZoo ``loveletter_v0`` and Gymnasium.

Needs the ``rl`` extra (``pip install 'loveletter[rl]'``: numpy, pettingzoo, gymnasium); the rest of
the package never imports this one.

Environments
------------
``env(edition="classic", players=2, options=None, reward="game", *, profile="bga", episode="game")``
    PettingZoo AEC environment ``loveletter_v0`` (``raw_env`` without the order-enforcing wrapper).
    Agents are ``player_0`` .. ``player_{n-1}`` (engine seats). ``agent_selection`` is always the
    seat the engine asks (``Game.to_move``): usually the active player, but the Bishop's target
    answers the Bishop. Seats knocked out of a round simply are not selected until the next
    round. Rounds follow one another automatically until a player reaches the token goal; then
    every agent is terminated. No truncation.
``LoveLetterEnv(edition, players, options, reward, *, opponents="random", seat=0, ...)``
    Gymnasium environment: seat ``seat`` learns; the other seats are bots from spec strings
    (``loveletter.bots.make_bot``), one spec for all or one per other seat. Also ``action_masks()``.

``edition`` is ``classic`` (2-4 players), ``premium`` (2-8) or ``2019`` (2-6); ``options`` and
``profile`` are the engine's rule options. ``episode="round"`` ends the episode after one round.
``features="belief"`` (both environments) appends the belief's card probabilities of every other
seat to the observation (see :mod:`loveletter.rl.encoding`); the default ``"facts"`` keeps the
layout below.

Observation
-----------
``{"observation": float32[D] in [0, 1], "action_mask": int8[A]}``. The vector encodes the
observing seat's :class:`~loveletter.engine.View` and nothing else, with seats relative to the
observer; its layout is documented in :mod:`loveletter.rl.encoding`
(``D = 9 + 3K + n + n(9 + 3K)``, ``K`` distinct cards in the deck). The mask is 1 exactly for the
engine's legal decisions of the observing seat when it is the one to decide, else all 0.

Actions
-------
``Discrete(A)``: a fixed index for every decision of the edition and player count, with targets
as offsets from the deciding seat; the order is documented in :mod:`loveletter.rl.actions`
(``action_space(edition, players).index(decision, seat)`` / ``.decision(index, seat)``). An
action outside the mask raises ``ValueError``: it is never replaced by another one.

=========  ====  ====  ====  ===  ===  ===  ===
A          2p    3p    4p    5p   6p   7p   8p
=========  ====  ====  ====  ===  ===  ===  ===
classic    20    31    42
premium    20    31    42    147  183  221  261
2019       1031  1044  1057  1070 1083
=========  ====  ====  ====  ===  ===  ===  ===

(2019's large spaces are the Chancellor's keep/bottom-order choices.)

Rewards
-------
``reward="game"`` (default): at the end of the game +1 to each winner and -1/(n-1) to every other
seat, 0 on every other step. ``"round"``: the same at the end of every round, where the winners
are the seats that gained tokens in the round (round win, Spy, Bishop, Constable, Jester); 0 to
all if every seat or no seat gained. ``"tokens"``: +1 for each token at the step it is gained.

Versions
--------
* ``loveletter_v0`` -- first version.
* ``loveletter_v0`` (same layout) -- the "known" and "knows mine" blocks come from
  :mod:`loveletter.engine.knowledge`: more correct (a card of mine another seat saw is no longer
  "known" to it once I played a copy of that card; public facts such as a Bishop target keeping
  the named card, a lost comparison's bound, trades between others and my Chancellor's deck
  bottom count), and multi-hot when a seat holds two known cards.
* ``loveletter_v0`` (same default layout) -- the option ``features="belief"``: the layout grows by
  ``(n-1)K`` values at the end; without it nothing changes.
"""

from __future__ import annotations

from typing import Any

from .actions import ActionSpace, action_space

__all__ = ["ActionSpace", "LoveLetterEnv", "NAME", "action_space", "env", "raw_env"]


def __getattr__(name: str) -> Any:
    # Lazy: the encoder needs numpy, the environments pettingzoo/gymnasium; the policy bot needs
    # only numpy and should not pull the others in.
    if name in ("env", "raw_env", "NAME"):
        from . import aec

        return getattr(aec, name)
    if name == "LoveLetterEnv":
        from .gym_env import LoveLetterEnv

        return LoveLetterEnv
    raise AttributeError(name)
