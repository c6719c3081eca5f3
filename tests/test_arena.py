"""The arena: mirrored matches, counting, JSON output and CLI errors."""

from __future__ import annotations

import json
import math

import pytest

from loveletter.arena import format_table, play_game, rate, run_arena, wilson
from loveletter.cli import main


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,random", "--matches", "3", "--json", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 3
    assert {r["bot"] for r in out["results"]} == {"heuristic", "random"}
    assert out["rating_model"]["model"] == "openskill PlackettLuce"
    for r in out["results"]:
        assert set(r) >= {"bot", "wins", "win_rate", "ci95", "rating", "games", "mu", "sigma", "ordinal", "elo",
                          "elo_sd"}
        assert r["elo_sd"] > 0
        assert r["rating"] == r["mu"] and r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=0.2)
        assert 0 < r["sigma"] < 500  # games were rated: less uncertain than at the start
        assert r["games"] == 6
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
    assert sum(r["wins"] for r in out["results"]) == pytest.approx(6)
    assert out["elo_model"]["model"] == "Bradley-Terry"
    assert sum(r["elo"] for r in out["results"]) == pytest.approx(3000, abs=0.2)  # mean 1500


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "random,random,heuristic", "--edition", "2019", "--matches", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "heuristic" in out


def test_duplicate_specs_are_aggregated_per_seat_instance() -> None:
    res = run_arena(["heuristic", "random", "random", "random"], "classic", 4, matches=2, seed=1)
    by = {r["bot"]: r for r in res["results"]}
    assert by["heuristic"]["games"] == 8 and by["random"]["games"] == 24
    assert by["heuristic"]["wins"] + by["random"]["wins"] == pytest.approx(8)


def test_parallel_equals_serial() -> None:
    a = run_arena(["heuristic", "random"], "classic", 2, matches=3, seed=5, workers=1)
    b = run_arena(["heuristic", "random"], "classic", 2, matches=3, seed=5, workers=2)
    assert a["results"] == b["results"]


def test_mirrored_deals_replay_the_same_game_for_identical_bots() -> None:
    # with the same bot everywhere, rotating seats changes nothing when the bots ignore their seed
    w1 = play_game(["heuristic", "heuristic"], "classic", 2, seed=3, bot_seed=0)
    w2 = play_game(["heuristic", "heuristic"], "classic", 2, seed=3, bot_seed=0)
    assert w1 == w2


def test_wilson_and_ratings() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo < 0.21
    # a wins 3 games in 4 against b: a above b, both less uncertain than at the start
    r = rate(["a", "b"], [(["a", "b"], [0]), (["b", "a"], [1]), (["a", "b"], [1]), (["b", "a"], [1])])
    assert r["a"][0] > 1500 > r["b"][0] and r["a"][1] < 500 and r["b"][1] < 500


def test_ratings_for_more_than_two_players() -> None:
    # four bots, "best" always wins, "worst" never: the order of the ratings follows
    games = [(["best", "mid", "low", "worst"], [0]), (["mid", "low", "worst", "best"], [3]),
             (["low", "worst", "best", "mid"], [2])] * 5
    r = rate(["best", "mid", "low", "worst"], games)
    assert r["best"][0] > r["mid"][0] and r["best"][0] > r["low"][0] and r["best"][0] > r["worst"][0]
    assert r["best"][0] - 3 * r["best"][1] > 1000


def test_elo_counts_every_game_alike_whatever_its_place() -> None:
    """An online rating follows the last games: 212 wins in 400 played first, then the 188 losses,
    rate the winner below. The Elo fit is the same in any order and puts the winner above."""
    from loveletter.arena import elo

    wins, losses = [(["a", "b"], [0])] * 212, [(["a", "b"], [1])] * 188
    first, last = elo(["a", "b"], wins + losses), elo(["a", "b"], losses + wins)
    assert first == last
    assert first["a"][0] > 1500 > first["b"][0]
    assert rate(["a", "b"], wins + losses)["a"][0] < rate(["a", "b"], wins + losses)["b"][0]  # why elo exists
    # 53% of comparisons: log(212/188) of a factor e, about 21 points, known to about +-17 (the difference)
    assert first["a"][0] - first["b"][0] == pytest.approx(400 * math.log10(212.5 / 188.5), abs=0.5)
    assert 5 < first["a"][1] < 12
    fewer = elo(["a", "b"], wins[:53] + losses[:47])
    assert fewer["a"][1] > first["a"][1]  # fewer games: less certain


def test_elo_in_many_player_games_compares_each_winner_with_each_loser_of_another_spec() -> None:
    from loveletter.arena import elo
    from loveletter.arena.elo import comparisons

    # one seat of "a" against three of "h": a wins 2 of 4 games, an h the others
    games = [(["a", "h", "h", "h"], [0]), (["h", "a", "h", "h"], [1]), (["h", "h", "a", "h"], [0]),
             (["h", "h", "h", "a"], [1])]
    wins, counts = comparisons(["a", "h"], games)
    assert counts == {(0, 1): 3 + 3 + 1 + 1} and wins == {(0, 1): 6}  # h against h is no comparison
    r = elo(["a", "h"], games)
    assert r["a"][0] > r["h"][0]
    shared = comparisons(["a", "b", "c"], [(["a", "b", "c"], [0, 1])])  # two winners: no comparison between them
    assert shared == ({(0, 2): 1.0, (1, 2): 1.0}, {(0, 2): 1.0, (1, 2): 1.0})


def test_an_all_draw_game_changes_no_rating() -> None:
    assert rate(["a", "b"], [(["a", "b"], [0, 1]), (["a", "b"], [])]) == {"a": (1500.0, 500.0), "b": (1500.0, 500.0)}


def test_results_table_is_sorted_by_rating_and_fits() -> None:
    res = run_arena(["random", "heuristic", "random"], "2019", 3, matches=2, seed=4)
    text = format_table(res, width=90)
    assert all(len(line) <= 90 for line in text.splitlines())
    lines = [line for line in text.splitlines() if "heuristic" in line or "random" in line]
    best = max(res["results"], key=lambda r: r["elo"])["bot"]
    assert best in lines[0]


@pytest.mark.parametrize("argv", [
    ["arena", "--bots", "heuristic,nosuchbot"],
    ["arena", "--bots", "heuristic:bogus=1,random"],
    ["arena", "--bots", "heuristic,random", "--players", "3"],
    ["arena", "--bots", "heuristic,random", "--matches", "0"],
    ["arena", "--bots", "no.such.module:Bot,random"],
    ["arena", "--bots", "heuristic,random,random,random,random", "--edition", "classic"],
    ["arena", "--bots", "ismcts:guesses=0,random"],
    ["arena", "--bots", "ismcts:ms=nan,random"],
    ["arena", "--bots", "ismcts:iters=abc,random"],
    ["arena", "--bots", "heuristic:noise=-1,random"],
    ["arena", "--bots", "heuristic,random", "--matches", "x"],
    ["arena", "--players", "2"],
])
def test_cli_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("loveletter: error:") and "\n" not in err


class IllegalBot:
    """Always names a card it cannot hold."""

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view):  # noqa: ANN001, ANN201
        from loveletter.engine import Play

        return Play("princess") if "princess" not in view.hand else Play("nonsense")


def test_an_illegal_decision_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    from loveletter.bots.registry import BUILTIN, register

    register("illegal-test", f"{__name__}:IllegalBot")
    try:
        assert main(["arena", "--bots", "illegal-test,random", "--matches", "1"]) == 2
        assert "illegal decision" in capsys.readouterr().err
    finally:
        BUILTIN.pop("illegal-test", None)
