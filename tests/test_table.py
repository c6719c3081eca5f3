"""The table runner: pushed submissions, versions, sequence numbers, refusals, timers, records, saving."""

from __future__ import annotations

import json
import random

import pytest
from helpers import EDITION_PLAYERS, fingerprint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.bots import make_bot
from loveletter.engine import Game, replay
from loveletter.table import Automatic, BotError, Pushed, Table, TurnTimer


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def people(n: int) -> list[Pushed]:
    return [Pushed() for _ in range(n)]


def bots(n: int, spec: str = "random") -> list[Automatic]:
    return [Automatic(make_bot(spec, seed=i), spec) for i in range(n)]


def play_random(table: Table, r: random.Random, max_steps: int = 10_000) -> None:
    """Push random legal decisions for every seat until the game ends."""
    for _ in range(max_steps):
        p = table.prompt()
        if p is None:
            return
        if p.kind == "round":
            assert table.next_round().accepted
            continue
        legal = table.view(p.seat).legal
        out = table.submit(p.seat, r.choice(legal), table.version)
        assert out.accepted, out.refusal


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_versions_and_sequence_numbers_are_gap_free_and_catch_up_equals_the_log(
        edition: str, players: int, seed: int, catch_up: int) -> None:
    table = Table(Game(edition, players, seed=seed, options={"tokensToWin": 2}), people(players))
    r = random.Random(seed)
    seen_versions, seqs = [], []
    for _ in range(2000):
        p = table.prompt()
        if p is None:
            break
        before_seq = table.next_seq
        out = table.next_round() if p.kind == "round" else table.submit(
            p.seat, r.choice(table.view(p.seat).legal), p.version)
        assert out.accepted and out.version == p.version + 1 and out.step is not None
        assert out.step.version == out.version
        seen_versions.append(out.version)
        assert out.first_seq == before_seq and out.last_seq == table.next_seq
        seqs.extend(range(out.first_seq, out.last_seq))
    assert seen_versions == list(range(1, len(seen_versions) + 1))
    assert seqs == list(range(len(seqs)))  # every event numbered once, in order
    for reader in (None, *range(players)):
        full = table.events_since(0, reader)
        assert [e["seq"] for e in full] == list(range(table.next_seq))
        n = min(catch_up, len(full))
        assert table.events_since(n, reader) == full[n:]
    # a seat's view numbers this round's events the same way
    view = table.view(0).to_wire()
    assert view["log"] == table.events_since(table.next_seq - len(view["log"]), 0)


def test_refusals_have_codes_and_change_nothing() -> None:
    table = Table(Game("classic", 3, seed=4), people(3))
    assert table.submit(0, "guard@1=2", 0).refusal.code == "round_over"
    table.next_round()
    g = table.game
    seat, version = g.to_move, table.version
    before, rec = fingerprint(g), table.record()
    legal = table.view(seat).legal[0]
    cases = [
        (seat, legal, version - 1, "stale_version"),
        (seat, legal, version + 5, "stale_version"),
        (seat, legal, "1", "stale_version"),
        ((seat + 1) % 3, legal, version, "not_your_turn"),
        (seat, "not a decision!", version, "malformed_decision"),
        (seat, 10**9, version, "malformed_decision"),
        (seat, "princess@0=9", version, None),  # an engine refusal: its own code
        (seat, ("guard", (1,), 2, "play"), version, None),  # a look-alike
        (seat, None, version, None),
    ]
    for who, decision, ver, code in cases:
        out = table.submit(who, decision, ver)  # type: ignore[arg-type]
        assert not out.accepted and out.refusal is not None
        if code is not None:
            assert out.refusal.code == code, (decision, out.refusal)
        assert fingerprint(g) == before and table.record() == rec and table.version == version
    assert table.submit(seat, legal.text(), version, command_id="c1").accepted
    again = table.submit(seat, legal.text(), version, command_id="c1")
    assert again.accepted and again.duplicate and again.refusal.code == "duplicate_command"
    assert table.version == version + 1  # applied exactly once


def test_a_decision_by_codec_id_and_by_text() -> None:
    table = Table(Game("2019", 4, seed=2), people(4))
    table.next_round()
    seat = table.game.to_move
    wire = table.view(seat).to_wire()
    first = wire["legal"][0]
    assert table.submit(seat, first["id"], table.version).accepted
    seat = table.game.to_move
    text = table.view(seat).to_wire()["legal"][-1]["text"]
    assert table.submit(seat, text, table.version).accepted


def test_a_bot_seat_refuses_pushed_decisions_and_advance_plays_it() -> None:
    table = Table(Game("classic", 2, seed=3), [Pushed(), Automatic(make_bot("random", 1), "random")])
    table.advance()
    while table.game.to_move == 1:  # the bot plays first: advance() already did
        raise AssertionError("advance() must play the bot")
    p = table.prompt()
    assert p.kind == "decision" and not p.automatic and p.seat == 0
    legal = table.view(0).legal
    table.submit(0, legal[0], table.version)
    if table.game.to_move == 1:
        out = table.submit(1, table.view(1).legal[0], table.version)
        assert out.refusal.code == "bot_seat"


def test_a_bot_that_cheats_is_reported() -> None:
    class Cheat:
        def choose(self, view):
            return "princess@0=9"

    table = Table(Game("classic", 2, seed=1), [Automatic(Cheat(), "cheat"), Automatic(Cheat(), "cheat")])
    with pytest.raises(BotError, match="illegal"):
        table.run()


def test_timer_plays_a_timed_out_turn_then_takes_over_and_the_person_reclaims() -> None:
    clock = Clock()
    timer = TurnTimer(30, fallback=lambda seat: make_bot("heuristic", seed=seat), takeover_after=2)
    table = Table(Game("classic", 2, seed=8, options={"tokensToWin": 7}), people(2), clock=clock, timer=timer)
    table.next_round()
    p = table.prompt()
    assert p.deadline == clock.now + 30
    assert table.expire(clock.now + 29.9) is None
    out = table.expire(clock.now + 30)
    assert out.accepted and out.step.by == "timeout:heuristic" and out.step.seat == p.seat
    assert table.timeouts(p.seat) == 1
    # the other seat plays in time; then p.seat times out again and the bot keeps the seat
    while table.game.to_move != p.seat:
        q = table.prompt()
        if q.kind == "round":
            table.next_round()
            continue
        table.submit(q.seat, table.view(q.seat).legal[0], table.version)
    clock.now += 100
    assert table.expire(clock.now).accepted
    assert p.seat in table.taken_over()
    assert table.submit(p.seat, "guard@1=2", table.version).refusal.code in ("bot_seat", "not_your_turn")
    assert table.reclaim(p.seat) and p.seat not in table.taken_over() and table.timeouts(p.seat) == 0
    rec = table.record()
    by = [b for r in rec["rounds"] for b in r.get("by", [])]
    assert by.count("timeout:heuristic") == 2 and "human" in by
    assert all(isinstance(a, int) for r in rec["rounds"] for a in r.get("at", []))


def test_leave_hands_the_seat_to_the_fallback_bot() -> None:
    clock = Clock()
    timer = TurnTimer(60, fallback=lambda seat: make_bot("random", seed=seat), fallback_label="random")
    table = Table(Game("classic", 3, seed=5, options={"tokensToWin": 2}), people(3), clock=clock, timer=timer)
    for seat in range(3):
        table.leave(seat)
    table.run()
    assert table.game.game_over


def test_record_round_trip_with_who_and_when() -> None:
    clock = Clock()
    specs = ["heuristic", "random", "human"]
    ctrl = [Automatic(make_bot(s, seed=i), s) for i, s in enumerate(specs[:2])] + [Pushed()]
    table = Table(Game("premium", 3, seed=12, options={"tokensToWin": 3}), ctrl, clock=clock)
    r = random.Random(1)
    while table.prompt() is not None:
        table.advance()
        p = table.prompt()
        if p is not None and p.kind == "decision":
            clock.now += 1.5
            table.submit(p.seat, r.choice(table.view(p.seat).legal), table.version)
    rec = json.loads(json.dumps(table.record()))
    assert rec["formatVersion"] == 2
    assert {b for rnd in rec["rounds"] for b in rnd["by"]} == {"heuristic", "random", "human"}
    again = Table.from_record(rec, people(3))
    assert again.record() == rec and again.version == table.version
    assert fingerprint(again.game) == fingerprint(replay(rec)) == fingerprint(table.game)
    rec["rounds"][0]["by"] = rec["rounds"][0]["by"][:-1]
    with pytest.raises(ValueError, match="by"):
        Table.from_record(rec, people(3))


def test_prepare_changes_nothing_and_finish_applies_once() -> None:
    table = Table(Game("classic", 4, seed=9), people(4))
    table.next_round()
    seat, version = table.game.to_move, table.version
    before = fingerprint(table.game)
    pending = table.prepare(seat, table.view(seat).legal[0], version, command_id="x")
    assert fingerprint(table.game) == before and table.version == version
    assert pending.step.version == version + 1 and pending.step.decision and pending.step.by == "human"
    out = table.finish(pending)
    assert out.accepted and table.version == version + 1
    with pytest.raises(ValueError):
        table.finish(pending)


def test_a_failing_save_hook_undoes_the_step() -> None:
    saved: list = []
    fail = False

    def hook(step) -> None:
        if fail:
            raise OSError("disk full")
        saved.append(step)

    table = Table(Game("classic", 2, seed=2), people(2), on_step=hook)
    for _ in range(3):
        if table.game.to_move is None:
            table.next_round()
        seat = table.game.to_move
        table.submit(seat, table.view(seat).legal[0], table.version)
    if table.game.to_move is None:
        table.next_round()
    before, version, rec, seq = fingerprint(table.game), table.version, table.record(), table.next_seq
    seat = table.game.to_move
    fail = True
    with pytest.raises(OSError):
        table.submit(seat, table.view(seat).legal[0], table.version)
    assert fingerprint(table.game) == before and table.version == version and table.record() == rec
    assert table.next_seq == seq and len(table.events_since(0, None)) == seq
    assert [s.version for s in saved] == list(range(1, version + 1))
    fail = False
    assert table.submit(seat, table.view(seat).legal[0], table.version).accepted


def test_run_plays_whole_games_between_bots() -> None:
    for edition, n in (("classic", 4), ("premium", 6), ("2019", 5)):
        table = Table(Game(edition, n, seed=1), bots(n, "heuristic"))
        table.run()
        assert table.game.game_over and table.prompt() is None
        assert fingerprint(replay(table.record())) == fingerprint(table.game)
