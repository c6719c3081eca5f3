"""The arena: mirrored matches, counting, JSON output and CLI errors."""

from __future__ import annotations

import json

import pytest

from loveletter.arena import bradley_terry, play_game, run_arena, wilson
from loveletter.cli import main


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,random", "--matches", "3", "--json", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 3
    assert {r["bot"] for r in out["results"]} == {"heuristic", "random"}
    for r in out["results"]:
        assert set(r) >= {"bot", "wins", "win_rate", "ci95", "rating", "games"}
        assert r["games"] == 6
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
    assert sum(r["wins"] for r in out["results"]) == pytest.approx(6)


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
    r = bradley_terry(["a", "b"], {(0, 1): 75.0}, {(0, 1): 100})
    assert r[0] > 1500 > r[1] and sum(r) == pytest.approx(3000)


@pytest.mark.parametrize("argv", [
    ["arena", "--bots", "heuristic,nosuchbot"],
    ["arena", "--bots", "heuristic:bogus=1,random"],
    ["arena", "--bots", "heuristic,random", "--players", "3"],
    ["arena", "--bots", "heuristic,random", "--matches", "0"],
    ["arena", "--bots", "no.such.module:Bot,random"],
    ["arena", "--bots", "heuristic,random,random,random,random", "--edition", "classic"],
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
