"""The game driver shared by the PettingZoo and Gymnasium environments: rounds, rewards, masks.

Games run on the table runner (every seat pushed: the environment's caller decides for all).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..engine import Game
from ..table import Pushed, Table
from .actions import action_space
from .encoding import Encoder

REWARDS = ("game", "round", "tokens")
EPISODES = ("game", "round")


def outcome(gained: list[int]) -> list[float]:
    """+1 to each seat that gained, -1/(n-1) to each other seat; all 0 if everyone or nobody gained."""
    n = len(gained)
    winners = [g > 0 for g in gained]
    if not any(winners) or all(winners):
        return [0.0] * n
    return [1.0 if w else -1.0 / (n - 1) for w in winners]


class Match:
    """One game played decision by decision, with rounds started automatically and rewards per seat."""

    def __init__(
        self,
        edition: str = "classic",
        players: int = 2,
        *,
        options: Mapping[str, Any] | None = None,
        profile: str = "bga",
        reward: str = "game",
        episode: str = "game",
        features: str = "facts",
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {EPISODES}, not {episode!r}")
        self.edition, self.players = edition, players
        self.options, self.profile = dict(options or {}), profile
        self.reward, self.episode = reward, episode
        Game(edition, players, options=self.options, profile=profile)  # validate now
        self.actions = action_space(Game(edition, players).edition.name, players)
        self.encoder = Encoder(edition, players, features)
        self.table: Table | None = None
        self.done = False
        # Rounds with a winner (some seats but not all gained) and, per seat, how many it won: kept
        # across resets. In premium and 2019 several seats can gain in one round (Jester, Bishop,
        # Spy), so a seat's fair share of such rounds is not 1/n: these counts measure it.
        self.rounds_decided = 0
        self.rounds_won = [0] * players

    def reset(self, seed: int) -> None:
        game = Game(self.edition, self.players, seed=seed, options=self.options, profile=self.profile)
        self.table = Table(game, [Pushed("agent") for _ in range(self.players)])
        self.table.next_round()
        self.done = False
        self._round_tokens = list(self.table.game.tokens)

    @property
    def game(self) -> Game | None:
        return self.table.game if self.table is not None else None

    @property
    def to_move(self) -> int:
        g = self.game
        assert g is not None and g.to_move is not None
        return g.to_move

    def mask(self, seat: int) -> np.ndarray:
        """1 for each legal index of ``seat`` (all 0 when ``seat`` is not deciding)."""
        out = np.zeros(self.actions.size, dtype=np.int8)
        g = self.game
        if g is not None and not self.done and g.to_move == seat:
            out[self.actions.legal_indices(g.legal_decisions(), seat)] = 1
        return out

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        assert self.game is not None
        return {"observation": self.encoder.encode(self.game.view(seat)), "action_mask": self.mask(seat)}

    def step(self, index: int) -> list[float]:
        """Apply ``index`` for the seat to move (on the table runner); return each seat's reward."""
        table = self.table
        assert table is not None and not self.done, "reset() first"
        seat = self.to_move
        before = list(table.game.tokens)
        out = table.submit(seat, int(index), table.version)
        if not out.accepted:
            raise ValueError(f"action {index} is not legal for seat {seat} ({out.refusal.code if out.refusal else ''})")
        g = table.game
        n = self.players
        rewards = [0.0] * n
        if self.reward == "tokens":
            rewards = [float(g.tokens[s] - before[s]) for s in range(n)]
        if g.round_over:
            gained = [g.tokens[s] - self._round_tokens[s] for s in range(n)]
            result = outcome(gained)
            if any(result):
                self.rounds_decided += 1
                for s in range(n):
                    self.rounds_won[s] += gained[s] > 0
            if self.reward == "round":
                rewards = result
            if g.game_over:
                self.done = True
                if self.reward == "game":
                    rewards = outcome([int(s in g.game_winners) for s in range(n)])
            elif self.episode == "round":
                self.done = True
            else:
                table.next_round()
                self._round_tokens = list(g.tokens)
        return rewards
