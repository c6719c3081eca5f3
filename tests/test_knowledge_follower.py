"""The incremental knowledge (``Follower``) equals ``knowledge(view)`` at every step of every seat."""

from __future__ import annotations

import random

import pytest
from helpers import random_positions, views_of_games

from loveletter.engine.knowledge import Follower, knowledge

SETUPS = [("classic", 2), ("classic", 4), ("premium", 5), ("premium", 8), ("2019", 3), ("2019", 6)]


@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_following_a_game_step_by_step_equals_the_full_replay(edition: str, players: int) -> None:
    checked = 0
    for game_seed in range(8):
        followers = [Follower() for _ in range(players)]
        for g in random_positions(edition, players, game_seed):
            for seat in range(players):
                v = g.view(seat)
                assert followers[seat](v) == knowledge(v)
                checked += 1
    assert checked > 100


def test_a_follower_given_views_out_of_order_or_of_another_game_starts_again() -> None:
    views = views_of_games("classic", 3, seeds=(1, 2), seats=(0, 1), steps=30)
    f = Follower()
    rnd = random.Random(7)
    for v in rnd.sample(views, len(views)) + views:
        assert f(v) == knowledge(v)
