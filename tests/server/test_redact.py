"""The redaction path on its own: who gets which view, what refusals may echo, what finished games show."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from loveletter.engine import Game
from loveletter.server.redact import NotFinished, Outbound, Recipient, outbound, replay_steps
from loveletter.table import Pushed, Table


def finished_record(seed: int = 1) -> dict[str, Any]:
    g = Game("classic", 2, seed=seed)
    r = random.Random(seed)
    while not g.game_over:
        g.start_round()
        while not g.round_over:
            g.apply(r.choice(g.legal_decisions()))
    return g.record()


def fake_table(status: str = "playing") -> Any:
    runner = Table(Game("classic", 2, seed=3), [Pushed(), Pushed()])
    runner.next_round()
    seats = [SimpleNamespace(kind="human", identity="ada", name="Ada", level=None),
             SimpleNamespace(kind="human", identity="bob", name="Bob", level=None)]
    return SimpleNamespace(id="t1", runner=runner, seats=seats, status=status, chat_lines=[], rematch=None,
                           settings=SimpleNamespace(timer_enabled=False), taken_over=lambda: frozenset(),
                           is_connected=lambda seat: True)


def test_a_seat_view_goes_only_to_the_identity_holding_the_seat() -> None:
    t = fake_table()
    assert isinstance(outbound("state", t, Recipient("ada", 0)), Outbound)
    for rcpt in (Recipient("bob", 0), Recipient(None, 0), Recipient("ada", 5)):
        with pytest.raises(PermissionError):
            outbound("state", t, rcpt)
        with pytest.raises(PermissionError):
            outbound("update", t, rcpt, since=0)
    spectator = outbound("state", t, Recipient("eve", None))
    hands = t.runner.game.hands
    import json

    view = json.loads(spectator)["view"]
    assert view["hand"] == [] and view["view"] == "spectator"
    assert json.loads(outbound("state", t, Recipient("ada", 0)))["view"]["hand"] == list(hands[0])


def test_refusals_echo_only_the_cards_the_recipient_named() -> None:
    import json

    t = fake_table()
    f = json.loads(outbound("refused", t, Recipient("ada", 0), code="card_not_in_hand", params={"card": "princess"},
                            decision="king@1"))
    assert f["params"] == {} and f["say"]["id"]
    f = json.loads(outbound("refused", t, Recipient("ada", 0), code="card_not_in_hand", params={"card": "king"},
                            decision="king@1"))
    assert f["params"] == {"card": "king"}


def test_records_summaries_and_replays_only_for_finished_games() -> None:
    t = fake_table("playing")
    for kind in ("record", "summary", "replay"):
        with pytest.raises(NotFinished):
            outbound(kind, t, Recipient("ada"))


def test_replay_pages() -> None:
    rec = finished_record()
    every = replay_steps(rec)
    assert [s["version"] for s in every] == list(range(1, len(every) + 1))
    for start in range(len(every)):
        for limit in (1, 2, 5):
            got = [s["version"] for s in replay_steps(rec, start, limit)]
            assert got == list(range(start + 1, min(start + limit, len(every)) + 1))


def test_replay_steps_carry_their_events_with_all_seeing_narration() -> None:
    from loveletter.engine import replay
    from loveletter.engine.wire import event_to_wire
    from loveletter.narrate import describe

    rec = finished_record(4)
    steps = replay_steps(rec)
    events = [e for s in steps for e in s["events"]]
    g = replay(rec)
    assert [e["seq"] for e in events] == list(range(len(events)))
    # the last round's events, unredacted: what the game itself logged
    last = [e for e in events if e["seq"] >= g.event_base]
    assert [{k: v for k, v in e.items() if k != "say"} for e in last] == [
        event_to_wire(x.full(), g.event_base + i) for i, x in enumerate(g.events)]
    for e in events:
        m = describe({k: v for k, v in e.items() if k not in ("seq", "say")}, None)
        assert e["say"] == (None if m is None else m.to_json())
    assert steps[0]["step"]["kind"] == "round" and steps[0]["events"][0]["kind"] == "round_start"
    assert all(s["events"] for s in steps)  # every step made at least one event
    # paging starts where it is asked and tells the same events
    assert replay_steps(rec, 5, 3) == steps[5:8]


def test_connections_send_only_outbound_frames() -> None:
    from loveletter.server.ws import Connection

    conn = Connection.__new__(Connection)
    with pytest.raises(TypeError):
        conn.send(b'{"type": "pong"}')  # type: ignore[arg-type]


def test_what_a_seat_knows_comes_from_its_own_view_and_spectators_get_none() -> None:
    import json

    from loveletter.engine import Game as G
    from loveletter.engine import knowledge_of
    from loveletter.narrate import describe_knowledge

    # a deal where seat 0 starts with the Priest, which it plays on seat 1
    for seed in range(200):
        runner = Table(G("classic", 2, seed=seed), [Pushed(), Pushed()])
        runner.next_round()
        if "priest" in runner.view(0).hand and runner.prompt().seat == 0:
            break
    t = fake_table()
    t.runner = runner
    before = json.loads(outbound("state", t, Recipient("ada", 0)))
    out = runner.submit(0, "priest@1", runner.version)
    assert out.accepted
    seen = runner.game.hands[1][0]
    ada = json.loads(outbound("update", t, Recipient("ada", 0), since=0))
    bob = json.loads(outbound("update", t, Recipient("bob", 1), since=0))
    eve = json.loads(outbound("update", t, Recipient("eve", None), since=0))
    holds = [m for m in ada["known"] if m["id"] == "{player} holds {cards}."]
    assert holds and holds[0]["args"]["player"] == {"seat": 1}
    assert json.dumps(holds[0]).count(f'"card": "{seen}"') == 1
    assert any(m["id"] == "{player} knows that you hold {cards}." for m in bob["known"])
    assert eve["known"] is None and eve["unseen"] is None
    # the looked-at card no longer counts as unseen for the looker; the spectator's frame names no hand card
    assert ada["unseen"].get(seen, 0) == before["unseen"].get(seen, 0) - 1
    for f, seat in ((ada, 0), (bob, 1)):
        v = runner.view(seat)
        assert f["known"] == [m.to_json() for m in describe_knowledge(knowledge_of(v), v.values, v.alive)]
    assert seen not in json.dumps({k: v for k, v in eve.items() if k not in ("view", "events")})
