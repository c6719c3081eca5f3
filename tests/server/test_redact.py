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


def test_connections_send_only_outbound_frames() -> None:
    from loveletter.server.ws import Connection

    conn = Connection.__new__(Connection)
    with pytest.raises(TypeError):
        conn.send(b'{"type": "pong"}')  # type: ignore[arg-type]
