"""The OpenSpiel game passes OpenSpiel's own random-simulation checks (needs the openspiel extra)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from loveletter.engine import EDITIONS, find_edition  # noqa: E402
from loveletter.research import openspiel_game  # noqa: E402,F401  (registers the game)

CASES = [(ed, n) for ed in EDITIONS for n in sorted(find_edition(ed).goals)]


@pytest.mark.parametrize(("edition", "players"), CASES, ids=[f"{e}-{n}p" for e, n in CASES])
def test_random_simulation_checks(edition: str, players: int) -> None:
    game = pyspiel.load_game("python_loveletter", {"edition": edition, "players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_returns_are_zero_sum_and_states_clone() -> None:
    import random

    game = pyspiel.load_game("python_loveletter", {"edition": "classic", "players": 3, "tokens": 1})
    rng = random.Random(3)
    for _ in range(5):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                assert abs(sum(probs) - 1) < 1e-9
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                c = s.clone()
                a = rng.choice(s.legal_actions())
                s.apply_action(a)
                c.apply_action(a)
                assert str(c) == str(s)
                p = s.current_player()
                if p >= 0:
                    assert s.information_state_string(p) != s.information_state_string((p + 1) % 3)
        assert abs(sum(s.returns())) < 1e-9
        assert max(s.returns()) == 1.0


def test_2019_is_named_z2019_in_game_strings() -> None:
    game = pyspiel.load_game("python_loveletter", {"edition": "2019", "players": 2})
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == game.num_distinct_actions()
