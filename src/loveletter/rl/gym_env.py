"""The single-agent Gymnasium environment ``LoveLetter-v0``: one seat learns, bots play the others."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from .core import Match


class LoveLetterEnv(gym.Env):
    """Seat ``seat`` is the agent; the other seats are bots built from ``opponents`` spec strings
    (one spec for all, or one per other seat, in seat order). ``step`` returns after the agent's
    decision and the bots' decisions up to the agent's next decision (or the episode's end); the
    reward is the agent's share of everything that happened in between. With ``episode="round"``,
    a round that the bots end before the agent's first decision is skipped by ``reset`` (counted
    in ``info["skipped"]``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        edition: str = "classic",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "game",
        *,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        profile: str = "bga",
        episode: str = "game",
        features: str = "facts",
        render_mode: str | None = None,
    ) -> None:
        self.match = Match(edition, players, options=options, profile=profile, reward=reward, episode=episode,
                           features=features)
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat} in a {players}-player game")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"need {players - 1} opponent specs, got {len(specs)}")
        self.seat = seat
        self.specs = specs
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.match.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.match.actions.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.match.actions.size)
        self._rng = random.Random()
        self.bots: dict[int, Any] = {}
        self._carry = 0.0

    def _advance(self) -> float:
        """Let the bots decide until the agent must (or the episode ends); the agent's reward."""
        total = 0.0
        m = self.match
        while not m.done and m.to_move != self.seat:
            seat = m.to_move
            assert m.game is not None
            decision = self.bots[seat].choose(m.game.view(seat))
            total += m.step(m.actions.index(decision, seat))[self.seat]
        return total

    def _obs(self) -> dict[str, np.ndarray]:
        return self.match.observe(self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (the name MaskablePPO-style trainers look for)."""
        return self.match.mask(self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        others = [s for s in range(self.match.players) if s != self.seat]
        skipped = 0
        while True:
            self.match.reset(self._rng.getrandbits(63))
            self.bots = {s: make_bot(spec, self._rng.getrandbits(63))
                         for s, spec in zip(others, self.specs, strict=True)}
            self._carry = self._advance()  # a round may end before the agent's first decision
            if not self.match.done:
                break
            # With episode="round", the bots can end the round before the agent's first decision
            # (a Guard hit on the first turn): such an episode offers no decision and is skipped.
            skipped += 1
        return self._obs(), {"skipped": skipped}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.match.done:
            raise RuntimeError("episode is over; call reset()")
        if self.match.to_move != self.seat:
            raise RuntimeError("internal error: the agent is not to move")
        reward = self.match.step(int(action))[self.seat] + self._carry
        self._carry = 0.0
        reward += self._advance()
        return self._obs(), reward, self.match.done, False, {}

    def render(self) -> str | None:
        return repr(self.match.game) if self.render_mode == "ansi" else None
