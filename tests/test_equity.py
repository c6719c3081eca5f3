"""The game-chance model behind ``ismcts:reward=game``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loveletter.bots import make_bot
from loveletter.bots.equity import RoundValue, game_chance
from loveletter.bots.registry import BotSpecError


@st.composite
def scores(draw: st.DrawFn) -> tuple[list[int], int]:
    goal = draw(st.integers(2, 7))
    n = draw(st.integers(2, 6))
    return draw(st.lists(st.integers(0, goal - 1), min_size=n, max_size=n)), goal


@given(scores())
def test_the_seats_chances_add_up_to_one(case: tuple[list[int], int]) -> None:
    tokens, goal = case
    assert sum(game_chance(tokens, s, goal) for s in range(len(tokens))) == pytest.approx(1.0)


@given(scores(), st.data())
def test_a_token_more_is_worth_more_to_its_seat_and_less_to_the_others(case: tuple[list[int], int],
                                                                       data: st.DataObject) -> None:
    tokens, goal = case
    seat = data.draw(st.integers(0, len(tokens) - 1))
    if tokens[seat] + 1 >= goal:
        return
    more = list(tokens)
    more[seat] += 1
    for s in range(len(tokens)):
        if s == seat:
            assert game_chance(more, s, goal) > game_chance(tokens, s, goal)
        else:
            assert game_chance(more, s, goal) < game_chance(tokens, s, goal)


def test_even_scores_are_even_chances() -> None:
    assert game_chance([0, 0, 0, 0], 2, 4) == pytest.approx(0.25)
    assert game_chance([6, 6], 0, 7) == pytest.approx(0.5)
    assert game_chance([3, 3, 3], 1, 5) == pytest.approx(1 / 3)


def test_a_round_won_is_worth_one_and_the_leaders_round_win_costs_most() -> None:
    value = RoundValue([1, 3, 0, 0], me=0, goal=4)
    assert value([2, 3, 0, 0], None) == pytest.approx(1.0)
    losses = [value([1, 4, 0, 0], (1,)), value([1, 3, 1, 0], None), value([1, 3, 0, 1], None)]
    assert sum(losses) / 3 == pytest.approx(0.0)
    assert losses[0] < losses[1] == pytest.approx(losses[2])
    close = RoundValue([3, 3, 0, 0], me=0, goal=4)
    assert close([4, 3, 0, 0], (0,)) == pytest.approx(1.0)
    assert 0.0 < close([4, 4, 0, 0], (0, 1)) < 1.0  # a shared game win is worth less than one alone


def test_with_two_seats_a_round_won_is_worth_one_and_a_round_lost_zero() -> None:
    value = RoundValue([2, 4], me=0, goal=7)
    assert value([3, 4], None) == pytest.approx(1.0) and value([2, 5], None) == pytest.approx(0.0)


def test_a_bad_reward_option_is_refused() -> None:
    with pytest.raises(BotSpecError, match="reward=tokens: want round or game"):
        make_bot("ismcts:reward=tokens")


def test_the_game_reward_turns_the_search_on_the_seat_a_round_short_of_the_goal() -> None:
    from loveletter.engine import Game, Play

    opening = make_bot("heuristic", seed=1)
    positions = 0
    counts = {"round": 0, "game": 0}
    for seed in range(120):
        g = Game("classic", 4, seed=seed, start_tokens=[0, 3, 0, 0])  # seat 1 needs one more round
        g.start_round(first_player=1)
        while not g.round_over and g.to_move != 0:
            g.apply(opening.choose(g.view(g.to_move)))
        if g.round_over:
            continue
        view = g.view(0)
        targets = {d.targets for d in view.legal if isinstance(d, Play) and d.targets}
        if (1,) not in targets or len(targets) < 2:
            continue
        positions += 1
        for reward in counts:
            d = make_bot(f"ismcts:iters=60:reward={reward}", seed=seed).choose(view)
            aimed = isinstance(d, Play) and d.targets == (1,)
            counts[reward] += aimed
    assert positions >= 40
    assert counts["game"] >= counts["round"] + positions // 10, (counts, positions)
