"""The PettingZoo AEC environment ``loveletter_v0``; see :mod:`loveletter.rl` for the spec."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .core import Match

NAME = "loveletter_v0"


class raw_env(AECEnv):  # noqa: N801 - PettingZoo naming convention
    """Love Letter for every seat: ``agent_selection`` is always the seat the engine asks."""

    metadata = {"render_modes": ["ansi"], "name": NAME, "is_parallelizable": False}

    def __init__(
        self,
        edition: str = "classic",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "game",
        *,
        profile: str = "bga",
        episode: str = "game",
        features: str = "facts",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.match = Match(edition, players, options=options, profile=profile, reward=reward, episode=episode,
                           features=features)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size, actions = self.match.encoder.size, self.match.actions.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.match.observe(self._seat[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.match.reset(self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.match.to_move]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise ValueError("a live agent must act (action None)")
        rewards = self.match.step(int(action))
        self.rewards = {a: rewards[i] for i, a in enumerate(self.possible_agents)}
        if self.match.done:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.match.to_move]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return repr(self.match.game)

    def close(self) -> None:
        pass


def env(
    edition: str = "classic",
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    reward: str = "game",
    **kwargs: Any,
) -> AECEnv:
    """``raw_env`` wrapped in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(edition, players, options, reward, **kwargs))
