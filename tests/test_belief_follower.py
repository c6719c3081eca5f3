"""A followed belief (``BeliefFollower``) equals ``Belief(view)`` at every step, and the bots that keep
one choose exactly as before."""

from __future__ import annotations

import random

import pytest
from helpers import random_positions, views_of_games

from loveletter.bots.belief import Belief, BeliefFollower
from loveletter.bots.heuristic import scores
from loveletter.engine import Game

SETUPS = [("classic", 2), ("classic", 4), ("premium", 6), ("premium", 8), ("2019", 4), ("2019", 6)]


def same(a: Belief, b: Belief) -> None:
    assert a.factor == b.factor
    assert a.seen_by == b.seen_by
    assert a.knowledge == b.knowledge
    assert (a.known, a.exposed, a.bottom, a.my_hand) == (b.known, b.exposed, b.bottom, b.my_hand)


@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_a_followed_belief_equals_the_full_replay_at_every_step(edition: str, players: int) -> None:
    checked = 0
    for game_seed in range(6):
        followers = [BeliefFollower() for _ in range(players)]
        for g in random_positions(edition, players, game_seed):
            for seat in range(players):
                v = g.view(seat)
                same(followers[seat](v), Belief(v))
                checked += 1
            v = g.view(g.to_move)
            assert scores(v, followers[g.to_move](v)) == scores(v)  # what the heuristic bot now scores with
    assert checked > 150


def test_a_follower_fed_views_of_other_games_and_seats_starts_again() -> None:
    views = views_of_games("premium", 5, seeds=(3, 4), seats=(0, 2), steps=40)
    f = BeliefFollower()
    for v in random.Random(9).sample(views, len(views)) + views:
        same(f(v), Belief(v))


def test_a_followed_belief_is_not_changed_by_its_reader() -> None:
    g = Game("classic", 4, seed=5)
    g.start_round()
    f = BeliefFollower()
    v = g.view(g.to_move)
    b = f(v)
    for d in b.factor:
        d["guard"] = 99.0
    b.seen_by.setdefault(0, set()).add(3)
    same(f(v), Belief(v))


@pytest.mark.parametrize(("edition", "players"), [("classic", 4), ("premium", 6), ("2019", 6)])
def test_a_follower_started_from_another_copys_replay_equals_the_full_replay(edition: str, players: int) -> None:
    """A :class:`SharedStart`'s followers begin from the replay of the start position (made from another
    copy of the game, whose events are other objects) and then follow this copy's later views."""
    from loveletter.bots.belief import SharedStart

    checked = forked = 0
    for game_seed in range(4):
        positions = [g.copy() for g in random_positions(edition, players, game_seed)]
        for k in range(0, len(positions) - 1, 3):
            start = SharedStart(positions[k])
            for later in positions[k + 1:k + 4]:
                copy = later.copy()
                for seat in range(players):
                    f = start.follower(seat)
                    begun = f._replay
                    v = copy.view(seat)
                    same(f(v), Belief(v))
                    checked += 1
                    forked += f._replay is begun  # went on from the start's replay (same round)
    assert checked > 100 and forked > checked // 2


def test_a_follower_whose_start_does_not_lead_to_the_view_starts_again() -> None:
    from loveletter.bots.belief import SharedStart

    a = [g.copy() for g in random_positions("premium", 5, 1)]
    b = [g.copy() for g in random_positions("premium", 5, 2)]
    start = SharedStart(a[len(a) // 2])
    for seat in range(5):
        v = b[-1].view(seat)
        f = start.follower(seat)
        begun = f._replay
        same(f(v), Belief(v))
        assert f._replay is not begun
