"""Engine API: construction errors, options and profiles, decisions' text, records, purity."""

from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

import pytest
from helpers import EDITION_PLAYERS, fingerprint, random_game

from loveletter.cli import main
from loveletter.engine import (
    ConfigError,
    Game,
    IllegalDecision,
    RecordError,
    parse_decision,
    play,
    replay,
    resolve_options,
)
from loveletter.engine.decisions import DecisionSyntaxError
from loveletter.engine.editions import find_edition

ENGINE = Path(__file__).resolve().parents[1] / "src" / "loveletter" / "engine"


@pytest.mark.parametrize("edition, players, deck, draw_pile", [
    ("classic", 2, 16, 10), ("classic", 3, 16, 12), ("classic", 4, 16, 11),
    ("premium", 2, 16, 10), ("premium", 4, 16, 11), ("premium", 5, 32, 26), ("premium", 8, 32, 23),
    ("2019", 2, 21, 15), ("2019", 4, 21, 16), ("2019", 6, 21, 14),
])
def test_setup_counts(edition: str, players: int, deck: int, draw_pile: int) -> None:
    g = Game(edition, players, seed=1)
    assert g.deck_spec.size == deck
    g.start_round()
    # the first player has already drawn: one card fewer than RULES.md 2.1's pile after dealing
    assert len(g.deck) == draw_pile - 1
    assert len(g.face_up) == (3 if players == 2 else 0)


@pytest.mark.parametrize("kwargs, message", [
    ({"edition": "nope", "players": 2}, "unknown edition"),
    ({"edition": "classic", "players": 5}, "2-4 players"),
    ({"edition": "2019", "players": 1}, "2-6 players"),
    ({"edition": "classic", "players": 2, "options": {"bogus": 1}}, "unknown option"),
    ({"edition": "classic", "players": 2, "options": {"tieBreak": "coin"}}, "tieBreak"),
    ({"edition": "classic", "players": 2, "options": {"tokensToWin": 0}}, "tokensToWin"),
    ({"edition": "classic", "players": 2, "options": {"firstRoundStarter": 5}}, "firstRoundStarter"),
    ({"edition": "classic", "players": 2, "profile": "house"}, "unknown profile"),
    ({"edition": "classic", "players": 2, "start_tokens": [1]}, "start tokens"),
])
def test_bad_settings_are_config_errors(kwargs: dict, message: str) -> None:
    edition, players = kwargs.pop("edition"), kwargs.pop("players")
    with pytest.raises(ConfigError, match=message):
        Game(edition, players, **kwargs)


def test_profiles_and_explicit_options() -> None:
    v2019 = find_edition("2019")
    official = resolve_options(v2019, 4, profile="official")
    assert (official["tieBreak"], official["unresolvedTie"]) == ("none", "allWin")
    assert resolve_options(find_edition("premium"), 6, profile="official")["unresolvedTie"] == "allWin"
    assert resolve_options(find_edition("classic"), 3, profile="official")["unresolvedTie"] == "noWinner"
    legacy = resolve_options(find_edition("classic"), 2, profile="bga-legacy")
    assert (legacy["twoPlayerFaceUp"], legacy["sycophantSelfMandate"]) == (0, "ignoreMandate")
    explicit = resolve_options(v2019, 4, {"tieBreak": "discardSum"}, profile="official")
    assert explicit["tieBreak"] == "discardSum"
    assert resolve_options(v2019, 5)["tokensToWin"] == 3
    assert resolve_options(v2019, 3, {"tokensToWin": {"3": 2}})["tokensToWin"] == 2
    g = Game("classic", 2, seed=1, options={"twoPlayerFaceUp": 0})
    g.start_round()
    assert g.face_up == () and len(g.deck) == 12


def test_deck_injection_is_checked() -> None:
    g = Game("classic", 2)
    with pytest.raises(ConfigError, match="composition"):
        g.start_round(deck=["guard"] * 16)
    with pytest.raises(ConfigError, match="not in the classic deck"):
        g.start_round(deck=["spy"] + ["guard"] * 15)
    assert g.phase == "setup"


def test_decision_text_round_trips_over_random_games() -> None:
    for edition, players in EDITION_PLAYERS:
        g = Game(edition, players, seed=players)
        r = random.Random(players)
        g.start_round()
        while not g.round_over:
            for d in g.legal_decisions():
                assert parse_decision(d.text()) == d
            g.apply(r.choice(g.legal_decisions()))


@pytest.mark.parametrize("text", ["", "guard@x", "guard=?", "keep:", "look@", "gu ard", "keep:a/bottom"])
def test_bad_decision_text(text: str) -> None:
    with pytest.raises(DecisionSyntaxError):
        parse_decision(text)


def test_illegal_decision_leaves_state_untouched_and_names_code() -> None:
    g = Game("classic", 4, seed=3)
    g.start_round(deck=["princess", "guard", "priest", "baron", "handmaid", "guard", "guard", "guard", "guard",
                        "priest", "baron", "handmaid", "prince", "prince", "king", "countess"], first_player=0)
    before = fingerprint(g)
    for d, code in [
        (play("king", 1), "card_not_in_hand"),
        (play("guard", 0, 3), "target_self"),
        (play("guard", 1, 1), "invalid_guess"),
        (play("guard", 1), "invalid_guess"),
        (play("guard"), "target_required"),
        (play("guard", (1, 2), 3), "invalid_target_count"),
        (play("guard", 9, 3), "invalid_choice"),
        (parse_decision("bishop:keep"), "wrong_decision_kind"),
    ]:
        with pytest.raises(IllegalDecision) as exc:
            g.apply(d)
        assert exc.value.code == code, d
        assert fingerprint(g) == before
    with pytest.raises(IllegalDecision) as exc:
        g.apply(play("guard", 1, 2), seat=2)
    assert exc.value.code == "not_your_turn"
    g.apply(play("guard", 2, 3), seat=0)
    assert g.eliminated == (2,)


def test_record_replays_and_survives_json() -> None:
    for edition, players in EDITION_PLAYERS:
        g = random_game(edition, players, seed=11, max_rounds=3, options={"nextRoundStarter": "random"})
        rec = json.loads(json.dumps(g.record()))
        assert rec["format"] == "loveletter-record" and rec["formatVersion"] == 2
        again = replay(rec)
        assert fingerprint(again) == fingerprint(g)
        if not g.game_over:  # the replayed game goes on exactly like the original
            g.start_round()
            again.start_round()
            assert fingerprint(again) == fingerprint(g)


def test_record_with_illegal_decision_names_its_index() -> None:
    g = random_game("classic", 3, seed=5, max_rounds=2)
    rec = g.record()
    first = len(rec["rounds"][0]["decisions"])
    rec["rounds"][1]["decisions"][2] = "princess@0=9"
    with pytest.raises(RecordError) as exc:
        replay(rec)
    assert exc.value.index == first + 2
    assert f"decision {first + 2}:" in str(exc.value)


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r.update(format="other"), "not a game record"),
    (lambda r: r.update(formatVersion=9), "formatVersion"),
    (lambda r: r.update(edition="chess"), "unknown edition"),
    (lambda r: r.pop("rounds"), "no 'rounds'"),
    (lambda r: r["rounds"][0].update(shuffled=False, deck=["guard"]), "composition"),
    (lambda r: r["rounds"][0].update(deck=list(reversed(r["rounds"][0]["deck"]))), "the seed shuffles"),
    (lambda r: r["rounds"][0]["decisions"].insert(0, "not a decision!"), "decision 0"),
])
def test_malformed_records(mutate, message: str) -> None:
    rec = random_game("2019", 3, seed=2, max_rounds=1).record()
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_engine_uses_only_the_standard_library_and_does_no_io() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module or ""]
            else:
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id not in ("open", "print", "input"), f"{path.name} does I/O"
                continue
            for name in names:
                assert name.split(".")[0] in stdlib, f"{path.name} imports {name}"
    # and nothing outside the engine is imported by it
    for path in ENGINE.glob("*.py"):
        assert "from .." not in path.read_text(), path.name


def test_cli_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "rec.json"
    bad.write_text('{"format": "loveletter-record"}')
    cases = [
        ["bench", "--edition", "classic", "--players", "7", "--rounds", "10"],
        ["bench", "--rounds", "10", "--options", "nope=1"],
        ["bench", "--rounds", "0"],
        ["demo", "--players", "9"],
        ["record", "check", str(bad)],
        ["record", "check", str(tmp_path / "missing.json")],
    ]
    for argv in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("loveletter: error: ") and err.count("\n") == 1, (argv, err)


def test_cli_bench_json_and_demo_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--edition", "premium", "--players", "6", "--rounds", "50", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"] == 50 and out["rounds_per_second"] > 0
    path = tmp_path / "game.json"
    assert main(["demo", "--edition", "2019", "--players", "3", "--seed", "4", "--record", str(path)]) == 0
    assert "game over: winners" in capsys.readouterr().out
    assert main(["record", "check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: 2019 3p")


def test_errors_survive_pickling() -> None:
    import pickle

    e = pickle.loads(pickle.dumps(IllegalDecision("target_self", "no")))
    assert (e.code, e.message) == ("target_self", "no")
    r = pickle.loads(pickle.dumps(RecordError("bad", 3)))
    assert r.index == 3 and str(r) == "decision 3: bad"


@pytest.mark.parametrize("edition, players", [("classic", 4), ("premium", 6), ("2019", 5)])
def test_redacted_logs_are_each_readers_own_and_as_long_as_the_round(edition: str, players: int) -> None:
    """Every reader's log has one entry per event (``log_length``), whenever it is asked for: each entry
    is the event's spectator form or its whole form, and a draw's card is in the drawing seat's log only."""
    from helpers import random_positions

    rng = random.Random(5)
    draws = 0
    for seed in range(3):
        for g in random_positions(edition, players, seed, max_rounds=2):
            if rng.random() < 0.5:  # build the logs at different moments, in different orders
                continue
            readers = [None, *range(players)]
            rng.shuffle(readers)
            logs = {r: g.redacted_log(r) for r in readers}
            full = g.redacted_log(None, full=True)
            assert {len(x) for x in logs.values()} == {len(full)} == {g.log_length()}
            for i, whole in enumerate(full):
                for seat in range(players):
                    assert dict(logs[seat][i]) in (dict(logs[None][i]), dict(whole))
                if whole["kind"] == "draw" and "card" in whole:
                    draws += 1
                    assert "card" not in logs[None][i]
                    for seat in range(players):
                        assert ("card" in logs[seat][i]) == (seat == whole["seat"]), (seat, dict(whole))
    assert draws > 50
