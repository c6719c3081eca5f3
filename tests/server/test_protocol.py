"""Every bad input gets a clear code and changes nothing (the table's version and stored steps stay)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from .conftest import start_table, stored_steps
from .harness import Client, ServerThread, quick_config, table_spec, ws_connect


def two_player_table(clients: Any) -> tuple[Client, Client, dict[str, Any], dict[int, Client]]:
    a, b = clients("Ada"), clients("Bob")
    t = start_table(a, [b])
    return a, b, t, {0: a, 1: b}


def current_prompt(seats: dict[int, Client], table: str) -> tuple[int, dict[str, Any]]:
    """The seat that must decide now and its prompt (waiting for the round to start)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for seat, c in seats.items():
            for f in c.drain(0.05):
                if f.get("type") in ("state", "update") and f.get("prompt") and f["table"] == table:
                    return seat, f["prompt"]
    raise AssertionError("nobody was asked to decide")


def snapshot(server: ServerThread, c: Client, table: str) -> tuple[int, int]:
    return c.get(f"/api/tables/{table}").json()["version"], len(stored_steps(server, table))


def test_a_decision_is_checked_stored_acknowledged_and_broadcast(server: ServerThread, clients: Any) -> None:
    a, b, t, seats = two_player_table(clients)
    seat, pr = current_prompt(seats, t["id"])
    other = seats[1 - seat]
    c = seats[seat]
    before = snapshot(server, a, t["id"])
    c.send({"type": "decide", "table": t["id"], "seat": seat, "version": pr["version"],
            "decision": pr["legal"][0]["text"], "cmd": "first"})
    ack = c.expect("ack")
    assert ack == {"type": "ack", "cmd": "first", "table": t["id"], "version": pr["version"] + 1, "duplicate": False}
    up = other.expect(lambda f: f.get("type") == "update" and f["version"] == pr["version"] + 1)
    assert up["seat"] == 1 - seat
    assert all("say" in e for e in up["events"]) and up["events"]
    steps = stored_steps(server, t["id"])
    # the decision is stored once, right after what was there; only a new round's start may follow it
    # (when the decision ended the round)
    mine = steps[before[1]]
    assert mine.command == "first" and mine.identity == c.id and mine.version == pr["version"] + 1
    assert [st.kind for st in steps[before[1] + 1:]] in ([], ["round"]), steps


def test_out_of_turn_another_seat_stale_version_and_illegal_choices_are_refused(
        server: ServerThread, clients: Any) -> None:
    a, b, t, seats = two_player_table(clients)
    seat, pr = current_prompt(seats, t["id"])
    me, other = seats[seat], seats[1 - seat]
    before = snapshot(server, a, t["id"])
    v = pr["version"]
    legal = pr["legal"][0]["text"]
    cases = [
        (other, {"seat": 1 - seat, "version": v, "decision": legal}, "not_your_turn"),
        (other, {"seat": seat, "version": v, "decision": legal}, "not_seated"),
        (me, {"seat": seat, "version": v - 1, "decision": legal}, "stale_version"),
        (me, {"seat": seat, "version": v + 5, "decision": legal}, "stale_version"),
        (me, {"seat": seat, "version": v, "decision": "no such thing"}, "malformed_decision"),
        (me, {"seat": seat, "version": v, "decision": 99999}, "malformed_decision"),
        (me, {"seat": 5, "version": v, "decision": legal}, "not_seated"),
    ]
    hand = me.get(f"/api/tables/{t['id']}").json()  # noqa: F841 - the summary names no card
    for who, fields, code in cases:
        cmd = who.next_cmd()
        who.send({"type": "decide", "table": t["id"], "cmd": cmd, **fields})
        f = who.expect(lambda f: f.get("type") in ("refused", "ack"))
        assert f["type"] == "refused" and f["code"] == code and f["cmd"] == cmd, (fields, f)
        assert isinstance(f["say"], dict) and f["say"]["id"]
    # a card that is not in the hand: refused by the engine, and the refusal names only what was sent
    missing = next(c for c in ("princess", "countess", "king", "baron")
                   if not any(d["text"].startswith(c) for d in pr["legal"]))
    me.send({"type": "decide", "table": t["id"], "seat": seat, "version": v, "decision": missing, "cmd": "bad"})
    f = me.expect("refused")
    assert f["code"] in ("card_not_in_hand", "invalid_target_count", "target_required", "invalid_choice")
    assert all(val == missing or val not in ("guard", "priest", "baron", "handmaid", "prince", "king",
                                              "countess", "princess") for val in f["params"].values())
    assert snapshot(server, a, t["id"]) == before


def test_a_duplicate_command_id_is_acknowledged_again_and_applied_once(server: ServerThread, clients: Any) -> None:
    a, b, t, seats = two_player_table(clients)
    seat, pr = current_prompt(seats, t["id"])
    me = seats[seat]
    second_tab = Client(server.url, token=me.token).connect()
    try:
        frame = {"type": "decide", "table": t["id"], "seat": seat, "version": pr["version"],
                 "decision": pr["legal"][0]["text"], "cmd": "once"}
        me.send(frame)
        second_tab.send(frame)  # the same command from a second tab, at once
        first, again = me.expect("ack"), second_tab.expect("ack")
        assert {first["duplicate"], again["duplicate"]} == {False, True}
        assert first["version"] == again["version"] == pr["version"] + 1
        me.send(frame)  # a retry after a lost acknowledgement
        assert me.expect("ack") == {**first, "duplicate": True}
        steps = stored_steps(server, t["id"])
        assert [s.command for s in steps].count("once") == 1
        assert len([s for s in steps if s.kind == "decision"]) == 1  # (a round may have started after it)
    finally:
        second_tab.shutdown()


def test_tokens_are_checked(server: ServerThread, clients: Any) -> None:
    c = clients("Eve", connect=False)
    ws = Client(server.url, token=c.token)
    ws.connect(hello=False)
    try:
        ws.send({"type": "open", "table": "x"})
        assert ws.expect("error")["code"] == "hello_required"
        ws.send({"type": "hello", "v": 1, "token": "not-a-token"})
        assert ws.expect("error")["code"] == "bad_token"
        ws.send({"type": "hello", "v": 1})  # no token, no cookie, no header
        assert ws.expect("error")["code"] == "bad_token"
        ws.send({"type": "hello", "v": 2, "token": c.token})
        assert ws.expect("error")["code"] == "bad_version"
        ws.send({"type": "hello", "v": 1, "token": c.token})
        assert ws.expect("welcome")["you"] == {"id": c.id, "name": "Eve"}
    finally:
        ws.shutdown()
    anon = Client.__new__(Client)
    import httpx

    for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": "Basic x"}):
        r = httpx.get(server.url + "/api/me", headers=headers)
        assert r.status_code == 401 and r.json() == {"error": {"code": "bad_token", "params": {}}}
        r = httpx.post(server.url + "/api/tables", json=table_spec(), headers=headers)
        assert r.status_code == 401
    del anon


def test_the_cookie_is_a_token(server: ServerThread) -> None:
    import httpx

    r = httpx.post(server.url + "/api/identity", json={"name": "Cookie"})
    cookie = r.cookies["ll_token"]
    assert cookie == r.json()["token"] and "httponly" in r.headers["set-cookie"].lower()
    ws = ws_connect(server.url.replace("http", "ws") + "/ws", additional_headers={"Cookie": f"ll_token={cookie}"})
    ws.send(json.dumps({"type": "hello", "v": 1}))
    assert json.loads(ws.recv(5))["type"] == "welcome"
    ws.close()


@pytest.mark.parametrize("text, code", [
    ("{not json", "bad_frame"),
    ("[1, 2]", "bad_frame"),
    ('"hello"', "bad_frame"),
    ('{"v": 1}', "bad_frame"),
    ('{"type": 7}', "bad_frame"),
    ('{"type": "teleport", "cmd": "z"}', "unknown_type"),
    ('{"type": "decide", "table": "t", "seat": 0, "version": 0, "decision": "guard"}', "bad_frame"),  # no cmd
    ('{"type": "decide", "table": "t", "seat": 0, "version": true, "decision": "guard", "cmd": "c"}', "bad_frame"),
    ('{"type": "open", "table": "t", "seat": 9}', "bad_frame"),
    ('{"type": "ping", "extra": 1}', "bad_frame"),
])
def test_junk_frames_get_error_codes_and_the_connection_survives(clients: Any, text: str, code: str) -> None:
    c = clients("Junk")
    c.send(text)
    f = c.expect("error")
    assert f["code"] == code
    c.send({"type": "ping", "t": 5})
    assert c.expect("pong") == {"type": "pong", "t": 5}


def test_an_oversized_frame_is_refused(clients: Any) -> None:
    c = clients("Big")
    c.send(json.dumps({"type": "chat", "table": "t", "text": "x" * 70_000}))
    f = c.expect("error")
    assert f["code"] == "frame_too_large" and f["params"]["limit"] == 65536
    c.send({"type": "ping"})
    assert c.expect("pong")["type"] == "pong"
    try:  # past uvicorn's own limit: the connection is closed (1009), maybe while we still send
        c.send("y" * (2 * 1024 * 1024))
    except (ConnectionClosed, OSError):
        pass
    # 1009 when the close frame arrives first, 1006 when the server reset the socket under our send
    assert c.expect("_closed")["code"] in (1009, 1006)
    again = clients("Big again")  # and the server goes on serving
    again.send({"type": "ping"})
    assert again.expect("pong")["type"] == "pong"


def test_unknown_tables_and_tables_not_started(server: ServerThread, clients: Any) -> None:
    a = clients("Ada")
    assert a.open("nosuchtable")["code"] == "no_such_table"
    t = a.post("/api/tables", table_spec(2)).json()
    assert a.open(t["id"])["status"] == "waiting"
    a.send({"type": "decide", "table": t["id"], "seat": 0, "version": 0, "decision": "guard@1=2", "cmd": "w"})
    assert a.expect("refused")["code"] == "table_not_started"
    stranger = clients("Stranger")
    assert stranger.open(t["id"])["code"] == "private_table"
    assert stranger.open(t["id"], seat=0)["code"] == "not_seated"
    assert stranger.open(t["id"], invite=t["invite"])["type"] == "state"


def test_bots_are_named_by_level_only(server: ServerThread, clients: Any) -> None:
    a = clients("Ada", connect=False)
    levels = [b["level"] for b in a.get("/api/bots").json()]
    assert levels == ["easy", "medium", "hard", "expert"]
    before = len(server.hub.tables)
    for seat in ({"kind": "bot", "level": "loveletter.bots.base:RandomBot"}, {"kind": "bot", "level": "random"},
                 {"kind": "bot"}, {"kind": "bot", "level": "os:system"}):
        r = a.post("/api/tables", table_spec(2, [{"kind": "human"}, seat]))
        assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_bot", r.text
    r = a.post("/api/tables", table_spec(2, [{"kind": "human"}, {"kind": "bot", "spec": "os:system"}]))
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    assert len(server.hub.tables) == before


@pytest.mark.parametrize("body, code", [
    ({"players": 9}, "bad_request"),
    ({"players": 2, "edition": "deluxe"}, "bad_request"),
    ({"players": 2, "options": {"tokensToWin": "many"}}, "bad_settings"),
    ({"players": 2, "options": {"noSuchOption": 1}}, "bad_settings"),
    ({"players": 2, "seats": [{"kind": "open"}, {"kind": "human"}]}, "bad_seats"),
    ({"players": 3, "seats": [{"kind": "human"}]}, "bad_seats"),
    ({"players": 2, "timer": {"enabled": True, "seconds": 100000}}, "bad_timer"),
    ({"players": 7, "edition": "classic"}, "bad_settings"),
])
def test_bad_table_settings(server: ServerThread, clients: Any, body: dict[str, Any], code: str) -> None:
    a = clients("Ada", connect=False)
    before = len(server.hub.tables)
    r = a.post("/api/tables", body)
    assert 400 <= r.status_code < 500 and r.json()["error"]["code"] == code, r.text
    assert len(server.hub.tables) == before


def test_chat_length_and_flooding(server: ServerThread, clients: Any) -> None:
    a, b, t, _ = two_player_table(clients)
    b.drain()
    a.send({"type": "chat", "table": t["id"], "text": "<b>hi</b>"})
    line = b.expect("chat")
    assert line["text"] == "<b>hi</b>" and line["from"] == {"seat": 0, "name": "Ada"}  # data, never markup
    a.send({"type": "chat", "table": t["id"], "text": "x" * 301})
    refused = a.expect("refused")  # its say is the client's sentence, with the server's limit
    assert refused["code"] == "chat_too_long" and refused["params"] == {"limit": 300, "length": 301}
    assert refused["say"] == {"id": "A message has at most {limit} characters.", "args": {"limit": {"number": 300}}}
    a.send({"type": "chat", "table": t["id"], "text": "   "})
    refused = a.expect("refused")
    assert refused["code"] == "chat_empty" and refused["say"] == {"id": "Write something first."}
    codes, says = [], []
    for i in range(8):
        a.send({"type": "chat", "table": t["id"], "text": f"spam {i}", "cmd": f"s{i}"})
    for f in a.drain(0.5):
        if f.get("type") == "refused":
            codes.append(f["code"])
            says.append(f["say"])
    assert codes and set(codes) == {"chat_rate_limited"}
    assert says[0] == {"id": "Too many messages at once: wait a few seconds."}
    got = [f["text"] for f in b.drain(0.3) if f.get("type") == "chat"]
    assert len(got) == 4 and got == [f"spam {i}" for i in range(4)]  # 5 lines per 10 s, one was "<b>hi</b>"
    outsider = clients("Out")
    outsider.send({"type": "chat", "table": t["id"], "text": "hello"})
    refused = outsider.expect("refused")
    assert refused["code"] == "not_watching" and refused["say"]["id"].startswith("The message was not sent:")


def test_too_many_tables_per_identity(server: ServerThread, clients: Any) -> None:
    a = clients("Many", connect=False)
    limit = server.config.limits.tables_per_identity
    for _ in range(limit):
        assert a.post("/api/tables", table_spec(2)).status_code == 200
    r = a.post("/api/tables", table_spec(2))
    assert r.status_code == 429 and r.json()["error"] == {"code": "too_many_tables", "params": {"limit": limit}}


def test_rest_errors_are_codes(server: ServerThread, clients: Any) -> None:
    import httpx

    a = clients("Ada", connect=False)
    assert httpx.get(server.url + "/api/nowhere").json() == {"error": {"code": "not_found", "params": {}}}
    r = httpx.post(server.url + "/api/identity", content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    r = httpx.post(server.url + "/api/identity", json={"name": "\u0007bell"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"
    r = httpx.post(server.url + "/api/identity", json={"name": "x" * 25})
    assert r.json()["error"]["code"] == "bad_name"
    r = httpx.post(server.url + "/api/identity", content=b"{" + b" " * 70_000 + b"}",
                   headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    t = a.post("/api/tables", table_spec(2)).json()
    r = a.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_not_finished"
    r = httpx.get(server.url + f"/api/tables/{t['id']}")  # private: invisible without the invite
    assert r.status_code == 404
    assert httpx.get(server.url + f"/api/tables/{t['id']}", params={"invite": t["invite"]}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").json()["error"]["code"] == "seats_open"
    other = clients("Other", connect=False)
    assert other.post(f"/api/tables/{t['id']}/join", {}).json()["error"]["code"] == "bad_invite"
    assert other.post(f"/api/tables/{t['id']}/join", {"invite": t["invite"], "seat": 0}).json()[
        "error"]["code"] == "seat_taken"
    assert other.post(f"/api/tables/{t['id']}/join", {"invite": t["invite"]}).status_code == 200
    assert other.post(f"/api/tables/{t['id']}/start").json()["error"]["code"] == "not_creator"


def test_message_rate_limit_and_flood_disconnect(tmp_path: Any) -> None:
    from loveletter.server.config import Limits

    limits = Limits(messages_per_second=5, message_burst=5, close_after_rejected=30)
    with ServerThread(quick_config(tmp_path, limits=limits)) as srv:
        c = Client(srv.url, "Fast").connect()
        for _ in range(12):
            c.send({"type": "ping"})
        frames = c.drain(0.5)
        kinds = [f.get("type") for f in frames]
        assert kinds.count("pong") <= 7 and kinds.count("error") >= 5
        assert {f["code"] for f in frames if f.get("type") == "error"} == {"rate_limited"}
        for _ in range(60):
            try:
                c.send({"type": "ping"})
            except ConnectionClosed:  # the server may close before the last of them is sent
                break
        assert c.expect("_closed")["code"] == 4008
        c.shutdown()


def test_a_client_that_does_not_read_is_disconnected(tmp_path: Any) -> None:
    from loveletter.server.config import Limits

    limits = Limits(send_queue=8, messages_per_second=10_000, message_burst=10_000)
    with ServerThread(quick_config(tmp_path, limits=limits)) as srv:
        c = Client(srv.url, "Slow")
        t = c.post("/api/tables", table_spec(2)).json()
        ws = ws_connect(srv.url.replace("http", "ws") + "/ws", max_queue=1)
        ws.send(json.dumps({"type": "hello", "v": 1, "token": c.token}))
        big = json.dumps({"type": "open", "table": t["id"]})
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and srv.hub.metrics.dropped._value.get() == 0:
            try:
                for _ in range(200):
                    ws.send(big)
            except Exception:
                break
        assert srv.hub.metrics.dropped._value.get() == 1
        ws.close()
        c.shutdown()


def _handshake(url: str, origin: str | None) -> Any:
    headers = {"Origin": origin} if origin else None
    return ws_connect(url.replace("http", "ws") + "/ws", additional_headers=headers, open_timeout=10)


def test_another_sites_page_can_neither_open_the_socket_nor_change_anything(server: ServerThread,
                                                                            clients: Any) -> None:
    from websockets.exceptions import InvalidStatus

    a = clients("Ada", connect=False)
    own = server.url  # http://127.0.0.1:PORT: what a page served by this server sends as its Origin
    evil = "http://127.0.0.1:1"  # same host, another port: the same site for the cookie
    before = len(server.hub.tables)
    r = a.http.post("/api/tables", json=table_spec(2), headers={"Origin": evil})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
    assert len(server.hub.tables) == before  # nothing was made
    assert a.http.get("/api/tables", headers={"Origin": evil}).status_code == 200  # reading is not refused
    assert a.http.post("/api/tables", json=table_spec(2), headers={"Origin": own}).status_code == 200
    assert a.post("/api/tables", table_spec(2)).status_code == 200  # a program sends no Origin
    with pytest.raises(InvalidStatus) as refused:
        _handshake(server.url, evil)
    assert refused.value.response.status_code == 403
    for origin in (own, None):
        ws = _handshake(server.url, origin)
        ws.send(json.dumps({"type": "ping", "t": 1}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong", "t": 1}
        ws.close()


def test_an_allowed_origin_is_let_in(tmp_path: Any) -> None:
    from dataclasses import replace

    from websockets.exceptions import InvalidStatus

    friend = "https://play.example.org"
    with ServerThread(replace(quick_config(tmp_path), allowed_origins=(friend + "/",))) as srv:
        c = Client(srv.url, "Ada")
        try:
            assert c.http.post("/api/tables", json=table_spec(2), headers={"Origin": friend}).status_code == 200
            r = c.http.post("/api/tables", json=table_spec(2), headers={"Origin": "https://example.org"})
            assert r.json()["error"]["code"] == "bad_origin"
            _handshake(srv.url, friend).close()
            with pytest.raises(InvalidStatus):
                _handshake(srv.url, "https://play.example.org.evil.test")
        finally:
            c.shutdown()
