"""Regression tests for the defects found when the engine was tried as a new user and as an attacker
would (issue 8). Each of these failed before its fix."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import fingerprint

from loveletter.engine import (
    CardinalLook,
    ConfigError,
    Game,
    IllegalDecision,
    Play,
    RecordError,
    parse_decision,
    play,
    replay,
)

# premium, 5 players: order[0] is set aside, order[1..5] are the hands of seats 0..4, then the draw pile.
PREMIUM_REST = ["guard"] * 5 + ["priest", "priest", "cardinal", "cardinal", "baron", "baron", "baroness", "baroness",
                                "handmaid", "handmaid", "sycophant", "sycophant", "prince", "prince", "count", "count",
                                "king", "countess", "dowager_queen", "princess", "bishop"]


def premium_deck(set_aside: str, hands: list[str], draws: list[str]) -> list[str]:
    """A full premium deck with the given set-aside card, hands and first draws, the rest in a fixed order."""
    rest = list(PREMIUM_REST) + ["guard"] * 3 + ["jester", "assassin", "constable"]
    for card in [set_aside, *hands, *draws]:
        rest.remove(card)
    return [set_aside, *hands, *draws, *rest]


# ---------------------------------------------------------------------- Assassin reaction
def test_assassin_reaction_knocks_out_the_guard_player_then_discards_and_replaces() -> None:
    deck = premium_deck("guard", ["guard", "assassin", "priest", "baron", "handmaid"], ["guard", "countess"])
    g = Game("premium", 5, seed=0)
    g.start_round(deck=deck, first_player=0)
    start = len(g.events)
    g.apply(play("guard", 1, 3), seat=0)
    kinds = [(e.kind, e.public.get("seat"), e.public.get("card"), e.public.get("how")) for e in g.events[start:]]
    assert kinds[1:6] == [
        ("reveal", 1, "assassin", None),
        ("discard", 0, "guard", "knockedOutDiscard"),
        ("knockout", 0, None, None),
        ("discard", 1, "assassin", "forcedDiscard"),
        ("draw", 1, None, None),
    ]
    assert g.events[start + 5].public["reason"] == "replacement"
    assert g.hands[1] == ("countess", "guard") and g.discards[1] == ("assassin",)


def test_assassin_holder_keeps_the_assassin_when_the_guard_players_constable_ends_the_game() -> None:
    # Seat 0 has a Constable in its discard pile and 3 of 4 tokens; its Guard chooses the Assassin holder.
    deck = premium_deck("guard", ["constable", "assassin", "priest", "baron", "handmaid"],
                        ["guard", "count", "count", "countess", "handmaid", "guard"])
    g = Game("premium", 5, seed=0, start_tokens=[3, 0, 0, 0, 0])
    g.start_round(deck=deck, first_player=0)
    g.apply(play("constable"), seat=0)
    for seat, card in ((1, "count"), (2, "count"), (3, "countess"), (4, "handmaid")):
        g.apply(play(card), seat=seat)
    g.apply(play("guard", 1, 2), seat=0)
    assert g.game_over and g.game_winners == (0,)
    assert g.hands[1] == ("assassin",), "the Assassin holder must still hold the Assassin"
    assert "assassin" not in g.discards[1]


def test_assassin_scenario_reports_the_forced_discard(tmp_path: Path) -> None:
    from loveletter.scenario import run_file

    deck = premium_deck("guard", ["guard", "assassin", "priest", "baron", "handmaid"], ["guard", "countess"])
    step = {"player": 0, "card": "guard", "target": 1, "guess": 3}
    data = {"scenarios": [{"id": "X", "edition": "premium", "players": 5, "firstPlayer": 0,
                           "deck": {"order": deck}, "steps": [step]}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    step = run_file(str(path))["results"][0]["steps"][0]
    assert step["publicInfo"] == [
        {"player": 1, "card": "assassin", "how": "revealed"},
        {"player": 0, "card": "guard", "how": "knockedOutDiscard"},
        {"player": 1, "card": "assassin", "how": "forcedDiscard"},
    ]


# ---------------------------------------------------------------------- records
def _play_out(g: Game, rounds: int, seed: int = 3) -> Game:
    import random

    r = random.Random(seed)
    while not g.game_over and g.round_no < rounds:
        g.start_round()
        while not g.round_over:
            g.apply(r.choice(g.legal_decisions()))
    return g


def test_a_seedless_game_replays() -> None:
    g = _play_out(Game("classic", 2), rounds=3)
    rec = g.record()
    again = replay(json.loads(json.dumps(rec)))
    assert fingerprint(again) == fingerprint(g)
    assert again.record() == rec


def test_a_game_mixing_a_given_deck_with_a_random_first_player_and_shuffled_rounds_replays() -> None:
    import random

    g = Game("classic", 3, seed=11)
    deck = Game("classic", 3).deck_spec.cards()
    g.start_round(deck=deck)  # given deck, first player drawn from the game's generator
    r = random.Random(2)
    while not g.round_over:
        g.apply(r.choice(g.legal_decisions()))
    _play_out(g, rounds=3)
    rec = g.record()
    again = replay(rec)
    assert fingerprint(again) == fingerprint(g)
    assert again.record() == rec


def test_a_tampered_first_player_is_rejected() -> None:
    g = _play_out(Game("classic", 2, seed=5), rounds=2)
    rec = g.record()
    rec["rounds"][1]["firstPlayer"] = 1 - rec["rounds"][1]["firstPlayer"]
    with pytest.raises(RecordError, match="first player"):
        replay(rec)
    rec = g.record()
    rec["rounds"][0]["firstPlayer"] = 1 - rec["rounds"][0]["firstPlayer"]
    with pytest.raises(RecordError, match="first player"):
        replay(rec)


# ---------------------------------------------------------------------- look-alike decisions
def _prince_game() -> Game:
    g = Game("classic", 4, seed=0)
    deck = ["guard", "guard", "priest", "baron", "handmaid", "prince", "guard", "guard", "guard", "priest",
            "baron", "handmaid", "prince", "king", "countess", "princess"]
    g.start_round(deck=deck, first_player=0)  # seat 0: guard + prince
    return g


@pytest.mark.parametrize("fake", [
    Play("prince", (2.0,)),  # type: ignore[arg-type]
    Play("guard", (True,), 3.0),  # type: ignore[arg-type]
    Play("guard", (1,), True),  # type: ignore[arg-type]
    ("prince", (2,), None, "play"),
    ["prince", [2], None, "play"],
    Play("prince", [2]),  # type: ignore[arg-type]
    "prince@2",
    None,
    CardinalLook(0.0),  # type: ignore[arg-type]
    Play("guard", (1,), 2**80),
])
def test_look_alikes_of_legal_decisions_are_refused_and_change_nothing(fake: object) -> None:
    g = _prince_game()
    before = fingerprint(g)
    record = g.record()
    with pytest.raises(IllegalDecision):
        g.apply(fake)  # type: ignore[arg-type]
    assert fingerprint(g) == before
    assert g.record() == record
    g.apply(play("prince", 2))  # the real decision still works
    assert parse_decision(g.record()["rounds"][0]["decisions"][0]) == play("prince", 2)


def test_a_cardinal_look_with_a_float_seat_is_refused_before_anything_is_logged() -> None:
    deck = premium_deck("guard", ["cardinal", "priest", "baron", "handmaid", "count"], ["guard"])
    g = Game("premium", 5, seed=0)
    g.start_round(deck=deck, first_player=0)
    g.apply(play("cardinal", (1, 2)), seat=0)
    assert g.phase == "cardinal"
    before = fingerprint(g)
    with pytest.raises(IllegalDecision):
        g.apply(CardinalLook(1.0))  # type: ignore[arg-type]
    assert fingerprint(g) == before


# ---------------------------------------------------------------------- views are snapshots
def test_views_share_nothing_mutable_with_the_game_or_each_other() -> None:
    g = Game("classic", 2, seed=4)
    g.start_round()
    import random

    r = random.Random(1)
    while not g.round_over:
        g.apply(r.choice(g.legal_decisions()))
    a, b = g.view(0), g.view(1)
    events = repr([e.full() for e in g.events])
    result = repr(g.round_result)
    for entry in a.log:
        with pytest.raises(TypeError):
            entry["kind"] = "x"  # type: ignore[index]
        for value in entry.values():
            if hasattr(value, "append"):
                value.append(99)
    with pytest.raises(TypeError):
        a.round_result["winners"] = []  # type: ignore[index]
    for mutable in (a.options, a.values, a.deck_counts):
        with pytest.raises(TypeError):
            mutable["x"] = 1  # type: ignore[index]
    assert repr([e.full() for e in g.events]) == events
    assert repr(g.round_result) == result
    assert b == g.view(1)


# ---------------------------------------------------------------------- configuration checked first
@pytest.mark.parametrize("kwargs", [
    {"options": [1, 2]},
    {"options": "tieBreak=none"},
    {"seats": 5},
    {"seats": ["a", 3]},
    {"start_tokens": 3},
    {"start_tokens": [True, 0]},
    {"profile": []},
    {"profile": None},
    {"seed": "7"},
    {"seed": 1.5},
    {"start_tokens": [7, 0]},  # at the goal already
])
def test_bad_configuration_is_a_config_error(kwargs: dict) -> None:
    with pytest.raises(ConfigError):
        Game("classic", 2, **kwargs)


@pytest.mark.parametrize("players", [True, 2.0, "2", None])
def test_bad_player_counts_are_config_errors(players: object) -> None:
    with pytest.raises(ConfigError):
        Game("classic", players)  # type: ignore[arg-type]


def test_bad_records_are_record_errors_not_type_errors() -> None:
    rec = Game("classic", 2, seed=1).record()
    for key, value in [("options", [1, 2]), ("seats", 5), ("startTokens", 3), ("profile", []), ("players", "2")]:
        with pytest.raises(RecordError):
            replay({**rec, key: value})


@pytest.mark.parametrize("command", [["record", "check"], ["scenario", "run"], ["replay"],
                                     ["play", "--resume"]])
def test_deeply_nested_json_is_a_one_line_error(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000)
    proc = subprocess.run([sys.executable, "-m", "loveletter.cli", *command, str(path)], capture_output=True,
                          text=True, timeout=60, input="")
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], proc.stderr


# ---------------------------------------------------------------------- sealed state
def test_game_state_cannot_be_edited_from_outside() -> None:
    g = Game("classic", 2, seed=1)
    g.start_round()
    with pytest.raises((TypeError, AttributeError)):
        g.hands[0] = ["countess", "prince"]  # type: ignore[index]
    for name in ("hands", "deck", "alive", "protected", "discards", "tokens", "phase", "mandate", "current",
                 "set_aside", "pending"):
        with pytest.raises(AttributeError):
            setattr(g, name, getattr(g, name))
    assert not hasattr(g, "refresh")
