"""Policy-guided ISMCTS: ``loveletter.rl.guided:GuidedISMCTS:model=FILE.npz[:ms=100...]``.

:class:`~loveletter.bots.ismcts.ISMCTSBot` with a trained network as its guide: the policy head
prunes and completes the candidates (the prior), the value head evaluates the leaf (the first
position where the searching seat decides again). The model is a policy file with a value network
(``vw0, vb0, ...``; see :mod:`loveletter.rl.policy_bot`), as ``loveletter train`` writes it.
Numpy only.

Options: those of ``ismcts`` (``ms``, ``iters``, ``mode``, ...), plus ``model`` (required),
``lam`` (weight of the value at the leaf, default 0.5; 1 = no rollout past the leaf) and ``prune``
(drop candidates whose prior is below this share of the likeliest's, default 0.02). ``infer=policy``
reads the other seats' hands from their plays with the policy network as the model of how they play
(the particle filter of :mod:`loveletter.bots.infer`; ``particles``, ``infer_eps``, ``positions`` as for
``infer=heuristic``); ``infer_model=FILE.npz`` takes that model from another file's policy (one trained
to play like the opponents, say) instead of the guide's. ``own_rollout=policy`` plays the searching
seat's own later decisions in the rollouts by the policy's likeliest choice (the other seats keep the
``rollout`` policy): the search then weighs each choice as followed by the network's play rather than
the rule-based one. ``other_rollout=model`` plays the other seats' decisions in the rollouts by the
likeliest choice of the model of those seats (``infer_model``'s policy, or the guide's without it), the
same model that reads their hands, instead of the ``rollout`` policy.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np

from ..bots.infer import SeatModel
from ..bots.ismcts import ISMCTSBot, Know, RolloutPolicy
from ..engine import Decision, Game, View
from .actions import action_space
from .encoding import Encoder
from .policy_bot import _load_cached, logits, seat_for


class NetworkGuide:
    """Prior and value from a policy/value model (numpy)."""

    def __init__(self, path: str, need_value: bool = True) -> None:
        model = _load_cached(str(Path(path).resolve()), Path(path).stat().st_mtime_ns)
        if need_value and not model.get("value"):
            raise ValueError(f"{path}: no value network (vw0, vb0, ...) in the model")
        self.edition, self.players = model["edition"], model["players"]
        self.policy, self.value_net = model["layers"], model["value"]
        self.encoder = Encoder(self.edition, self.players, model["features"])
        self.actions = action_space(self.edition, self.players)

    def prior(self, view: View, decisions: list[Decision]) -> list[float]:
        seat = seat_for(view, self.edition, self.players)
        idx = self.actions.legal_indices(decisions, seat)
        out = logits(self.policy, self.encoder.encode(view))[idx]
        p = np.exp(out - out.max())
        shares: list[float] = (p / p.sum()).tolist()
        return shares

    def chances(self, view: View) -> dict[Decision, float]:
        """The policy's chance of each legal decision of ``view`` (a model of how a seat plays, for
        :class:`~loveletter.bots.infer.HeuristicInference`)."""
        legal = list(view.legal)
        return dict(zip(legal, self.prior(view, legal), strict=True))

    def value(self, view: View) -> float:
        return float(logits(self.value_net, self.encoder.encode(view))[0])


class NetworkRollout:
    """A rollout in which some seats play a network's likeliest choice and the others ``inner``'s.

    ``guides`` maps a seat to the network it plays by; a seat not in it plays ``inner``'s choice.
    ``inner`` sees every decision, so its own memory of the round stays whole."""

    def __init__(self, g: Game, inner: RolloutPolicy, guides: dict[int, NetworkGuide]) -> None:
        self.g = g
        self.inner = inner
        self.guides = guides

    def choose(self) -> Decision:
        g = self.g
        seat = g.to_move
        if seat is None or seat not in self.guides:
            return self.inner.choose()
        legal = g.legal_decisions()
        if len(legal) == 1:
            return legal[0]
        p = self.guides[seat].prior(g.view(seat), list(legal))
        return legal[max(range(len(legal)), key=p.__getitem__)]

    def step(self, d: Decision) -> None:
        self.inner.step(d)


class GuidedISMCTS(ISMCTSBot):
    """ISMCTS with a learned prior and leaf value (see the module docstring)."""

    name = "guided-ismcts"

    def _seat_model(self) -> SeatModel:
        return self._seats.chances

    def __init__(self, seed: int | None = None, model: str | None = None, lam: float = 0.5, prune: float = 0.02,
                 beta: float = 0.0, infer_model: str | None = None, own_rollout: str = "same",
                 other_rollout: str = "same", **options: Any) -> None:
        if not model:
            raise TypeError("GuidedISMCTS needs model=FILE.npz")
        # before the search's options: infer=policy reads the model of the other seats
        self._network = NetworkGuide(str(model))
        self._seats = NetworkGuide(str(infer_model), need_value=False) if infer_model else self._network
        if (self._seats.edition, self._seats.players) != (self._network.edition, self._network.players):
            raise ValueError(f"infer_model={infer_model} is for {self._seats.edition}/{self._seats.players}, "
                             f"the model for {self._network.edition}/{self._network.players}")
        if own_rollout not in ("same", "policy"):
            raise TypeError(f"own_rollout={own_rollout}: want same or policy")
        if other_rollout not in ("same", "model"):
            raise TypeError(f"other_rollout={other_rollout}: want same or model")
        if infer_model and options.get("infer") != "policy":
            raise TypeError("infer_model is the model of infer=policy: give infer=policy too")
        super().__init__(seed=seed, **options)
        if self.later != "rollout":
            raise TypeError("later=tree is for the plain search only (ismcts), not the guided one")
        self.options = {"model": model, "lam": lam, "prune": prune, "beta": beta, **options}
        if infer_model:
            self.options["infer_model"] = infer_model
        if own_rollout != "same":
            self.options["own_rollout"] = own_rollout
        if other_rollout != "same":
            self.options["other_rollout"] = other_rollout
        self.own_rollout = own_rollout
        self.other_rollout = other_rollout
        self.guide = self._network
        self.lam = float(lam)
        self.prune = float(prune)
        self.beta = float(beta)
        if self.beta < 0:
            raise TypeError("beta must be 0 or more")
        if not 0.0 <= self.lam <= 1.0:
            raise TypeError("lam must be between 0 and 1")

    def _rollout_policy(self, g: Game, rng: random.Random, know: Know, me: int) -> RolloutPolicy:
        inner = super()._rollout_policy(g, rng, know, me)
        guides = {}
        if self.other_rollout == "model":
            guides = {seat: self._seats for seat in range(g.players) if seat != me}
        if self.own_rollout == "policy":
            guides[me] = self._network
        return NetworkRollout(g, inner, guides) if guides else inner
