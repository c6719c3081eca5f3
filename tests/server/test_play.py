"""Whole games on the real app: bots, reconnects, presence, timers, takeover, finished games, restarts."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx

from loveletter.engine import parse_decision, replay
from loveletter.engine.record import new_game, start_recorded_round
from loveletter.server.config import Limits

from .conftest import on_loop, play_out, start_table, stored_steps
from .harness import Client, ServerThread, quick_config


def _deciders(rec: dict[str, Any]) -> list[int]:
    """The seat that made each decision of a record, in order (the record's texts name only targets)."""
    g = new_game(rec)
    seats: list[int] = []
    for number, rnd in enumerate(rec["rounds"], 1):
        for text in start_recorded_round(g, rnd, number, check_seed=True):
            assert g.to_move is not None
            seats.append(g.to_move)
            g.apply(parse_decision(text))
    return seats


def test_a_game_with_people_and_bots_finishes_and_is_served_afterwards(server: ServerThread, clients: Any) -> None:
    a, b = clients("Ada"), clients("Bob")
    t = start_table(a, [b], 4, seats=[{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "easy"},
                                      {"kind": "bot", "level": "medium"}], options={"tokensToWin": 2})
    spectator = clients("Spec")
    spectator.open(t["id"], invite=t["invite"])
    acks = play_out(t["id"], {0: a, 1: b}, random.Random(3))
    assert acks > 0
    deadline = time.monotonic() + 10
    while a.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    record = a.get(f"/api/tables/{t['id']}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    rec = record.json()
    game = replay(rec)  # the format `loveletter replay` reads
    assert game.game_over and max(game.tokens) == 2
    by = [x for r in rec["rounds"] for x in r["by"]]
    assert by.count("human") == acks
    # every decision is labelled with the kind of the seat that made it (a bot seat knocked out before
    # its turn in every round makes none, so which seats decide depends on the deal)
    kinds = {0: "human", 1: "human", 2: "heuristic:noise=0.6", 3: "heuristic"}
    deciders = _deciders(rec)
    assert len(deciders) == len(by) and [kinds[s] for s in deciders] == by
    assert any(s in (2, 3) for s in deciders)
    summary = a.get(f"/api/tables/{t['id']}/summary").json()
    assert summary["winners"] == list(game.game_winners) and len(summary["rounds"]) == len(rec["rounds"])
    assert all(len(r["dealt"]) == 4 and r["outcome"] for r in summary["rounds"])
    steps = a.get(f"/api/tables/{t['id']}/replay").json()["steps"]
    assert len(steps) == sum(1 + len(r["decisions"]) for r in rec["rounds"])
    assert steps[-1]["view"]["view"] == "full" and steps[-1]["view"]["outcome"]["game"]
    part = a.get(f"/api/tables/{t['id']}/replay?start=3&limit=2").json()["steps"]
    assert [s["version"] for s in part] == [4, 5]
    assert part == steps[3:5]  # a page carries the same events as the whole
    # the game log: every event once, in order, each narrated for an all-seeing reader
    events = [e for s in steps for e in s["events"]]
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert all("say" in e for e in events) and sum(1 for e in events if e["say"]) > len(steps)
    assert any(e["kind"] == "draw" and e.get("card") and e["say"] and e["say"]["args"].get("card") for e in events)
    # the spectator saw the public view only, every update
    frames = [f for f in spectator.drain(0.2) if f.get("type") == "update"]
    assert frames and all(f["seat"] is None and f["view"]["hand"] == [] and f["prompt"] is None for f in frames)
    # history and ratings
    hist = a.get("/api/me/history").json()
    assert hist[0]["table"] == t["id"] and hist[0]["seat"] == 0 and hist[0]["rating"] is not None
    me = a.get("/api/me").json()
    assert me["games"] == 1 and me["rating"]["mu"] != 25.0
    assert me["rating"]["mu"] == hist[0]["rating"]["mu"]


def test_reconnect_gets_the_full_view_and_the_missed_events(server: ServerThread, clients: Any) -> None:
    a, b = clients("Ada"), clients("Bob")
    t = start_table(a, [b], 2)
    for _ in range(40):  # until it is a's turn (b decides when it is b's)
        st = a.open(t["id"])
        if st["prompt"]:
            break
        pr = b.open(t["id"])["prompt"]
        if pr:
            b.send({"type": "decide", "table": t["id"], "seat": 1, "version": pr["version"],
                    "decision": pr["legal"][0]["text"], "cmd": b.next_cmd()})
            b.expect("ack")
        time.sleep(0.05)
    pr = st["prompt"]
    assert pr, "a never had to decide"
    st = b.open(t["id"])
    last_seq = st["view"]["log"][-1]["seq"]
    b.close()
    presence = a.expect(lambda f: f.get("type") == "presence" and not f["seats"][1]["connected"])
    assert presence["seats"][0]["connected"] and presence["seats"][0]["you"] and not presence["seats"][1]["you"]
    # a plays on while b is away (b's seat waits: no timer on a private table)
    a.send({"type": "decide", "table": t["id"], "seat": 0, "version": pr["version"],
            "decision": pr["legal"][0]["text"], "cmd": "while-away"})
    a.expect("ack")
    b.connect()
    b.send({"type": "open", "table": t["id"], "since": last_seq + 1})
    st = b.expect("state")
    assert st["seat"] == 1 and st["view"]["seat"] == 1 and st["status"] == "playing"
    assert [e["seq"] for e in st["events"]] == list(range(last_seq + 1, last_seq + 1 + len(st["events"])))
    assert st["events"], "the events played while away"
    assert all("say" in e for e in st["events"])
    assert a.expect(lambda f: f.get("type") == "presence" and f["seats"][1]["connected"])


def test_pass_and_play_seats_and_switching_seats(server: ServerThread, clients: Any) -> None:
    a = clients("Ada")
    r = a.post("/api/tables", {"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    t = r.json()
    assert [s["you"] for s in t["seats"]] == [True, True]
    a.post(f"/api/tables/{t['id']}/start")
    for seat in (0, 1):
        st = a.open(t["id"], seat=seat)
        assert st["seat"] == seat and st["view"]["seat"] == seat
    st = a.open(t["id"], spectate=True)
    assert st["seat"] is None and st["view"]["view"] == "spectator"


def test_turn_timer_fallback_takeover_and_reclaim(tmp_path: Path) -> None:
    with ServerThread(quick_config(tmp_path, limits=Limits(min_timer_seconds=0.2))) as srv:
        a = Client(srv.url, "Ada").connect()
        t = a.post("/api/tables", {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "medium"}],
                                   "timer": {"enabled": True, "seconds": 0.3}}).json()
        assert t["timer"] == {"enabled": True, "seconds": 0.3}
        a.open(t["id"])
        a.post(f"/api/tables/{t['id']}/start")
        pr = a.expect(lambda f: f.get("type") in ("state", "update") and f.get("prompt"))["prompt"]
        assert pr["deadline"] is not None and pr["deadline"] > time.time() * 1000 - 1000
        # two timeouts in a row: the bot keeps the seat
        taken = a.expect(lambda f: f.get("type") == "presence" and f["seats"][0]["takenOver"], timeout=20)
        assert taken["seats"][0]["kind"] == "human"
        steps = stored_steps(srv, t["id"])
        timeouts = [s for s in steps if s.by and s.by.startswith("timeout:")]
        assert len(timeouts) >= 2 and all(s.seat == 0 for s in timeouts)
        a.send({"type": "decide", "table": t["id"], "seat": 0, "version": 0, "decision": "guard", "cmd": "late"})
        assert a.expect("refused")["code"] in ("stale_version", "bot_seat", "not_your_turn", "round_over", "game_over")
        a.send({"type": "reclaim", "table": t["id"], "seat": 0, "cmd": "back"})
        f = a.expect(lambda f: f.get("type") in ("ack", "refused"))
        if f["type"] == "refused":  # the game may have ended while the bot played the seat
            assert f["code"] == "not_taken_over"
        else:
            assert a.expect(lambda f: f.get("type") == "presence" and not f["seats"][0]["takenOver"])
        a.send({"type": "reclaim", "table": t["id"], "seat": 1, "cmd": "not-mine"})
        assert a.expect("refused")["code"] == "not_seated"
        a.shutdown()


def test_leaving_a_game_hands_the_seat_to_a_bot_and_joining_takes_it_back(server: ServerThread,
                                                                          clients: Any) -> None:
    a, b = clients("Ada"), clients("Bob")
    t = start_table(a, [b], 2)
    r = b.post(f"/api/tables/{t['id']}/leave")
    assert r.status_code == 200 and r.json()["seats"][1]["takenOver"]
    # the bot plays b's turns: a can play on alone
    for _ in range(3):
        f = a.expect(lambda f: f.get("type") in ("state", "update") and (f.get("prompt") or
                                                                            f["view"]["outcome"]["game"]), 20)
        if f["view"]["outcome"]["game"]:
            break
        pr = f["prompt"]
        a.send({"type": "decide", "table": t["id"], "seat": 0, "version": pr["version"],
                "decision": pr["legal"][0]["text"], "cmd": a.next_cmd()})
        a.expect("ack")
    r = b.post(f"/api/tables/{t['id']}/join", {})
    assert r.status_code == 200
    assert not r.json()["seats"][1]["takenOver"] or r.json()["status"] != "playing"


def test_waiting_tables_join_leave_close_and_public_listing(server: ServerThread, clients: Any) -> None:
    a, b = clients("Ada", connect=False), clients("Bob", connect=False)
    t = a.post("/api/tables", {"players": 3, "visibility": "public"}).json()
    assert t["timer"]["enabled"] is True  # on by default for public tables
    listed = [x["id"] for x in httpx.get(server.url + "/api/tables").json()]
    assert t["id"] in listed
    r = b.post(f"/api/tables/{t['id']}/join", {})
    assert r.status_code == 200 and r.json()["seats"][1]["you"]
    assert b.post(f"/api/tables/{t['id']}/join", {}).json()["seats"][1]["you"]  # twice: the same seat
    assert b.post(f"/api/tables/{t['id']}/leave").json()["seats"][1]["kind"] == "open"
    assert a.post(f"/api/tables/{t['id']}/leave").json()["status"] == "closed"
    assert t["id"] not in [x["id"] for x in httpx.get(server.url + "/api/tables").json()]
    assert b.post(f"/api/tables/{t['id']}/join", {}).json()["error"]["code"] == "table_not_waiting"


def test_rematch_seats_the_same_people(server: ServerThread, clients: Any) -> None:
    a, b = clients("Ada"), clients("Bob")
    t = start_table(a, [b], 3, seats=[{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}],
                    options={"tokensToWin": 1})
    play_out(t["id"], {0: a, 1: b}, random.Random(5))
    deadline = time.monotonic() + 10
    while a.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    first = b.post(f"/api/tables/{t['id']}/rematch").json()
    again = a.post(f"/api/tables/{t['id']}/rematch").json()
    assert first["id"] == again["id"] != t["id"] and first["status"] == "waiting"
    assert [s["name"] for s in first["seats"]] == ["Ada", "Bob", "Easy bot"]
    assert first["rematchOf"] == t["id"] and a.get(f"/api/tables/{t['id']}").json()["rematch"] == first["id"]
    assert b.post(f"/api/tables/{first['id']}/start").status_code == 200  # b asked first: b's table


def test_operations_endpoints(server: ServerThread) -> None:
    h = httpx.get(server.url + "/healthz")
    assert h.status_code == 200 and h.json()["status"] == "ok" and h.json()["database"] is True
    m = httpx.get(server.url + "/metrics").text
    for name in ("loveletter_tables", "loveletter_connections", "loveletter_decision_seconds"):
        assert name in m
    schema = httpx.get(server.url + "/api/protocol.json").json()
    assert schema["protocolVersion"] == 1 and {"Decide", "Update", "WireView"} <= set(schema["$defs"])
    assert httpx.get(server.url + "/docs").status_code == 200


def test_the_protocol_schema_validates_real_frames(server: ServerThread, clients: Any) -> None:
    import jsonschema_rs

    schema = httpx.get(server.url + "/api/protocol.json").json()
    a, b = clients("Ada"), clients("Bob")
    t = start_table(a, [b], 2)
    play_out(t["id"], {0: a, 1: b}, random.Random(2), max_decisions=4)
    a.send({"type": "chat", "table": t["id"], "text": "hi"})
    a.send({"type": "ping", "t": 1})
    a.send({"type": "nope"})
    a.drain(0.3)
    server_frames = {"$ref": "#/$defs/ServerFrame", "$defs": schema["$defs"]}
    v = jsonschema_rs.Draft202012Validator(server_frames)
    seen = set()
    for raw in a.raw + b.raw:
        frame = json.loads(raw)
        v.validate(frame)
        seen.add(frame["type"])
    assert {"welcome", "state", "update", "ack", "chat", "pong", "error"} <= seen


def test_the_server_rebuilds_unfinished_tables_from_storage(tmp_path: Path) -> None:
    config = quick_config(tmp_path)
    with ServerThread(config) as srv:
        a, b = Client(srv.url, "Ada").connect(), Client(srv.url, "Bob").connect()
        t = start_table(a, [b], 3, seats=[{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "medium"}])
        play_out(t["id"], {0: a, 1: b}, random.Random(4), max_decisions=3)
        time.sleep(0.3)
        before = stored_steps(srv, t["id"])
        view_before = on_loop(srv, _view_of(srv, t["id"]))
        a.close()
        b.close()
    with ServerThread(quick_config(tmp_path, database_url=config.database_url)) as srv:
        assert t["id"] in srv.hub.tables
        after = stored_steps(srv, t["id"])
        assert [s.version for s in after[:len(before)]] == [s.version for s in before]
        a.base = b.base = srv.url
        a.http.base_url = b.http.base_url = srv.url  # type: ignore[assignment]
        a.connect()
        b.connect()
        st = a.open(t["id"], spectate=True)
        assert st["status"] == "playing" and st["view"]["round"] == view_before["round"]
        a.send({"type": "open", "table": t["id"]})  # play_out reads the state frames (with their prompts)
        b.send({"type": "open", "table": t["id"]})
        acks = play_out(t["id"], {0: a, 1: b}, random.Random(5))
        assert acks >= 0
        rec = a.get(f"/api/tables/{t['id']}/record").json()
        assert replay(rec).game_over
        a.shutdown()
        b.shutdown()


async def _view_of(srv: ServerThread, table: str) -> dict[str, Any]:
    t = srv.hub.tables[table]
    return t.runner.view(0).to_wire()
