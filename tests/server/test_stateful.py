"""A Hypothesis state machine against the real app (uvicorn in a thread): people join, leave, open
second tabs, reconnect, race each other and send junk. Invariants: no acknowledged decision is lost or
applied twice, nothing is applied without an acknowledgement, and every connected seat's last frame
shows exactly the view the stored record gives that seat."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from loveletter.engine import parse_decision
from loveletter.engine.record import new_game, start_recorded_round

from .conftest import on_loop
from .harness import Client, ServerThread, quick_config

JUNK = st.one_of(
    st.text(max_size=40),
    st.sampled_from(['{"type": "decide"}', '{"type": "open", "table": 5}', "[]", "null", '{"type": "hello"}',
                     '{"type": "decide", "table": "x", "seat": -1, "version": 0, "decision": "", "cmd": "j"}']),
    st.dictionaries(st.sampled_from(["type", "table", "seat", "version", "decision", "cmd", "text"]),
                    st.one_of(st.integers(-3, 3), st.text(max_size=8), st.none()), max_size=6).map(json.dumps),
)

_SERVER: ServerThread | None = None


def shared_server(tmp: Path) -> ServerThread:
    global _SERVER
    if _SERVER is None:
        # one deal for every table: Hypothesis needs the same steps to meet the same prompts (with a
        # fresh shuffle per example its rules' preconditions changed under it: FlakyStrategyDefinition)
        _SERVER = ServerThread(quick_config(tmp, new_seed=lambda: 20261201)).__enter__()
    return _SERVER


class Tab:
    """One browser tab of one person: a connection and the last frame it got about the table."""

    def __init__(self, person: int, client: Client) -> None:
        self.person, self.client = person, client
        self.last: dict[str, Any] | None = None
        self.next_seq = 0

    def absorb(self, frames: list[dict[str, Any]], table: str) -> list[dict[str, Any]]:
        other = []
        for f in frames:
            if f.get("type") in ("state", "update") and f.get("table") == table:
                if f["type"] == "update" or f["events"]:
                    seqs = [e["seq"] for e in f["events"]]
                    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))) if seqs else True
                    if f["type"] == "update" and seqs:
                        assert seqs[0] == self.next_seq, (seqs[0], self.next_seq)  # no gap, no repeat
                if f["view"] and f["view"]["log"]:
                    self.next_seq = f["view"]["log"][-1]["seq"] + 1
                for e in f["events"]:
                    self.next_seq = max(self.next_seq, e["seq"] + 1)
                self.last = f
            else:
                other.append(f)
        return other


class ServerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.srv = shared_server(Path(TMP[0]))
        self.people = [Client(self.srv.url, n) for n in ("Ada", "Bob")]
        spec = {"players": 3, "seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}],
                "options": {"tokensToWin": 2}}
        t = self.people[0].post("/api/tables", spec).json()
        self.people[1].post(f"/api/tables/{t['id']}/join", {"invite": t["invite"]})
        self.table = t["id"]
        self.tabs: list[Tab] = []
        for i in (0, 1):
            self._new_tab(i)
        assert self.people[0].post(f"/api/tables/{self.table}/start").status_code == 200
        self.acked: dict[str, int] = {}  # cmd -> version, as first acknowledged
        self.cmds = 0
        self.sent: list[dict[str, Any]] = []
        self.settle()

    # -------------------------------------------------------------- helpers
    def _new_tab(self, person: int) -> Tab:
        p = self.people[person]
        c = Client(self.srv.url, p.name, token=p.token, identity=p.id).connect()
        tab = Tab(person, c)
        c.send({"type": "open", "table": self.table})
        tab.absorb([c.expect("state")], self.table)
        self.tabs.append(tab)
        return tab

    def live(self) -> Any:
        return self.srv.hub.tables.get(self.table) or self.srv.hub._finished.get(self.table)

    def settle(self) -> None:
        """Wait until bots are done (a person must act, or the game is over) and every tab is caught up."""
        deadline = time.monotonic() + 20
        while True:
            t = self.live()
            pr = t.runner.prompt() if t.runner else None
            if pr is None or (pr.kind == "decision" and not pr.automatic):
                version = t.runner.version
                for tab in self.tabs:
                    while tab.last is None or tab.last["version"] < version:
                        assert time.monotonic() < deadline, "a tab never caught up"
                        tab.absorb(tab.client.drain(0.02), self.table)
                    tab.absorb(tab.client.drain(0.01), self.table)
                if t.runner.version == version:
                    return
            assert time.monotonic() < deadline, "the bots never stopped"
            time.sleep(0.01)

    def answer(self, tab: Tab, cmd: str) -> dict[str, Any]:
        """The ack or refusal of ``cmd`` (the frames before it are absorbed, not dropped)."""
        deadline = time.monotonic() + 10
        while True:
            f = tab.client.recv(max(0.01, deadline - time.monotonic()))
            if f.get("type") in ("ack", "refused") and f.get("cmd") == cmd:
                return f
            assert f.get("type") != "_closed"
            tab.absorb([f], self.table)

    def note(self, f: dict[str, Any]) -> None:
        if f["type"] == "ack":
            if f["duplicate"]:
                assert self.acked[f["cmd"]] == f["version"]
            else:
                assert f["cmd"] not in self.acked, "acknowledged twice as new"
                self.acked[f["cmd"]] = f["version"]

    def prompt_tab(self) -> Tab | None:
        for tab in self.tabs:
            if tab.last and tab.last.get("prompt"):
                return tab
        return None

    def frame_for(self, tab: Tab, choice: int, version_delta: int = 0, cmd: str | None = None) -> dict[str, Any]:
        pr = tab.last["prompt"]  # type: ignore[index]
        if cmd is None:
            self.cmds += 1
            cmd = f"c{self.cmds}"
        return {"type": "decide", "table": self.table, "seat": pr["seat"], "version": pr["version"] + version_delta,
                "decision": pr["legal"][choice % len(pr["legal"])]["text"], "cmd": cmd}

    # -------------------------------------------------------------- rules
    @precondition(lambda self: self.prompt_tab() is not None)
    @rule(choice=st.integers(0, 20), delta=st.sampled_from([0, 0, 0, -1, 1]))
    def decide(self, choice: int, delta: int) -> None:
        tab = self.prompt_tab()
        assert tab is not None
        frame = self.frame_for(tab, choice, delta)
        tab.client.send(frame)
        f = self.answer(tab, frame["cmd"])
        if delta:
            assert f["type"] == "refused" and f["code"] == "stale_version"
        self.note(f)
        self.sent.append(frame)
        self.settle()

    @precondition(lambda self: self.prompt_tab() is not None)
    @rule(choice=st.integers(0, 20), same_cmd=st.booleans())
    def race_two_tabs(self, choice: int, same_cmd: bool) -> None:
        tab = self.prompt_tab()
        assert tab is not None
        other = next((t for t in self.tabs if t is not tab and t.person == tab.person), None) or self._new_tab(
            tab.person)
        frame = self.frame_for(tab, choice)
        second = dict(frame) if same_cmd else self.frame_for(tab, choice + 1)
        tab.client.send(frame)
        other.client.send(second)
        answers = [self.answer(tab, frame["cmd"]), self.answer(other, second["cmd"])]
        for f in sorted(answers, key=lambda f: f.get("duplicate", False)):  # the new one first
            self.note(f)
        self.sent += [frame, second]
        applied = [f for f in answers if f["type"] == "ack" and not f["duplicate"]]
        assert len(applied) == 1  # exactly one of the two is applied
        self.settle()

    @precondition(lambda self: any(f["cmd"] in self.acked for f in self.sent))
    @rule(data=st.data())
    def retry_an_old_command(self, data: st.DataObject) -> None:
        frame = data.draw(st.sampled_from([f for f in self.sent if f["cmd"] in self.acked]))
        tab = next(t for t in self.tabs if t.last and t.last.get("seat") == frame["seat"]) if any(
            t.last and t.last.get("seat") == frame["seat"] for t in self.tabs) else None
        if tab is None:
            return
        tab.client.send(frame)
        f = self.answer(tab, frame["cmd"])
        assert f == {"type": "ack", "cmd": frame["cmd"], "table": self.table, "version": self.acked[frame["cmd"]],
                     "duplicate": True}

    @rule(index=st.integers(0, 10))
    def reconnect(self, index: int) -> None:
        tab = self.tabs[index % len(self.tabs)]
        tab.client.close()
        since = tab.next_seq
        tab.client.connect()
        tab.client.send({"type": "open", "table": self.table, "since": since})
        st_ = tab.client.expect("state")
        seqs = [e["seq"] for e in st_["events"]]
        assert seqs == list(range(since, since + len(seqs)))
        tab.absorb([st_], self.table)
        self.settle()

    @precondition(lambda self: len(self.tabs) < 5)
    @rule(person=st.integers(0, 1))
    def open_another_tab(self, person: int) -> None:
        self._new_tab(person)
        self.settle()

    @precondition(lambda self: len(self.tabs) > 2)
    @rule(index=st.integers(0, 10))
    def close_a_tab(self, index: int) -> None:
        tab = self.tabs.pop(index % len(self.tabs))
        tab.client.shutdown()

    @rule(index=st.integers(0, 10), junk=JUNK)
    def send_junk(self, index: int, junk: str) -> None:
        tab = self.tabs[index % len(self.tabs)]
        version = self.live().runner.version
        tab.client.send(junk)
        tab.client.send({"type": "ping", "t": 42})
        frames = []
        while not frames or frames[-1].get("type") != "pong":
            frames.append(tab.client.recv(10))
        rest = tab.absorb(frames, self.table)
        assert all(f.get("type") in ("error", "refused", "pong", "presence", "chat", "welcome") for f in rest), rest
        assert self.live().runner.version == version

    @rule(person=st.integers(0, 1))
    def leave_and_come_back(self, person: int) -> None:
        p = self.people[person]
        if self.live().status != "playing":
            return
        assert p.post(f"/api/tables/{self.table}/leave").status_code == 200
        self.settle_bots_briefly()
        r = p.post(f"/api/tables/{self.table}/join", {})
        # back in the seat, unless the bots finished the game meanwhile
        assert r.status_code == 200 or (r.status_code == 409 and self.live().status == "finished"), r.text
        self.settle()

    def settle_bots_briefly(self) -> None:
        time.sleep(0.05)

    # -------------------------------------------------------------- invariants
    @invariant()
    def acknowledged_decisions_are_stored_once_and_nothing_else_by_a_person(self) -> None:
        steps = on_loop(self.srv, self.srv.hub.store.steps(self.table))
        stored = {s.command: s.version for s in steps if s.command is not None}
        assert stored == self.acked
        assert sum(1 for s in steps if s.by == "human") == len(self.acked)

    @invariant()
    def every_tab_shows_the_view_the_record_gives(self) -> None:
        t = self.live()
        steps = on_loop(self.srv, self.srv.hub.store.steps(self.table))
        record = t._record_from(steps)
        g = new_game(record)
        for number, rnd in enumerate(record["rounds"], 1):
            for text in start_recorded_round(g, rnd, number, check_seed=False):
                g.apply(parse_decision(text))
        for tab in self.tabs:
            f = tab.last
            assert f is not None
            if f["version"] != len(steps):
                continue  # not caught up with a step the table took meanwhile (a bot)
            seat = f["seat"]
            expected = g.view(seat).to_wire() if seat is not None else g.spectator_view().to_wire()
            assert f["view"] == expected

    def teardown(self) -> None:
        for tab in self.tabs:
            tab.client.shutdown()
        for p in self.people:
            p.shutdown()


TMP: list[str] = []


@pytest.mark.timeout(600)
def test_racing_clients_against_the_real_app(tmp_path: Path) -> None:
    TMP.append(str(tmp_path))
    global _SERVER
    try:
        run_state_machine_as_test(ServerMachine, settings=settings(
            max_examples=12, stateful_step_count=20, deadline=None, suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.reuse, Phase.generate]))  # no shrinking: each step is a real round trip
    finally:
        if _SERVER is not None:
            _SERVER.__exit__(None, None, None)
            _SERVER = None
