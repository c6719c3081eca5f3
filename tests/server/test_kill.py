"""SIGKILL the real server (uvicorn in a subprocess) at random moments while scripted clients and
bots play; restart it each time. Every acknowledged decision must be in the record, at the version
it was acknowledged with, once; every game must finish."""

from __future__ import annotations

import asyncio
import os
import queue
import random
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from loveletter.engine import replay

from .harness import Client, ServerProcess, fresh_database_url

KILLS = int(os.environ.get("LL_KILLS", "20"))
TABLES = 6


class Seat(threading.Thread):
    """One scripted person at one seat: plays random legal decisions, reconnects after every crash,
    resends an unacknowledged decision with the same command id."""

    def __init__(self, url_of: Any, token: str, table: str, seat: int, seed: int, acks: list[Any]) -> None:
        super().__init__(daemon=True)
        self.url_of, self.token, self.table, self.seat = url_of, token, table, seat
        self.rnd = random.Random(seed)
        self.acks = acks
        self.done = threading.Event()
        self.stop = threading.Event()
        self.pending: dict[str, Any] | None = None
        self.prompt: dict[str, Any] | None = None
        self.since = 0
        self.n = 0
        self.over = False
        self.errors: list[str] = []

    def decide(self, c: Client, pr: dict[str, Any]) -> None:
        time.sleep(self.rnd.uniform(0.0, 0.03))  # a little thinking: the games outlast the kills
        self.n += 1
        self.pending = {"type": "decide", "table": self.table, "seat": self.seat, "version": pr["version"],
                        "decision": self.rnd.choice(pr["legal"])["text"], "cmd": f"{self.table}-{self.seat}-{self.n}"}
        c.send(self.pending)

    def run(self) -> None:
        # one client for the whole test (making one per attempt burns the CPU the restarting server needs)
        c = Client(self.url_of(), name="k", token=self.token, identity="-")
        while not self.done.is_set() and not self.stop.is_set():
            try:
                c.connect()
                c.send({"type": "open", "table": self.table, "since": self.since})
                if self.pending is not None:
                    c.send(self.pending)  # the answer to it may have been lost
                self.loop(c)
            except Exception:  # the server is down: try again
                time.sleep(0.2)
            finally:
                c.close()
        c.shutdown()

    def loop(self, c: Client) -> None:
        while not self.stop.is_set():
            try:
                f = c.recv(timeout=2)
            except queue.Empty:
                continue
            kind = f.get("type")
            if kind == "_closed":
                return
            if kind in ("state", "update"):
                seqs = [e["seq"] for e in f["events"]]
                if kind == "update" and seqs != list(range(self.since, self.since + len(seqs))):
                    self.errors.append(f"events {seqs[:3]}... after {self.since}")  # a gap or a repeat
                if kind == "update" and not seqs:
                    self.errors.append("an update without events")
                for e in f["events"]:
                    self.since = max(self.since, e["seq"] + 1)
                if f["view"] and f["view"]["log"]:
                    self.since = max(self.since, f["view"]["log"][-1]["seq"] + 1)
                if f["status"] == "finished" or (f["view"] and f["view"]["outcome"]["game"]):
                    self.over = True
                    if self.pending is None:  # else: wait for the answer to the decision we resent
                        self.done.set()
                        return
                    continue
                self.prompt = f["prompt"]
                if self.prompt and self.pending is None:
                    self.decide(c, self.prompt)
            elif kind == "ack":
                assert self.pending is not None and f["cmd"] == self.pending["cmd"], (f, self.pending)
                self.acks.append((self.table, f["version"], self.pending["decision"], f["cmd"], self.seat))
                answered, self.pending = self.pending["version"], None
                if self.over:
                    self.done.set()
                    return
                if self.prompt and self.prompt["version"] > answered:
                    # a newer prompt came while the answer was outstanding (the decision was stored
                    # before a crash and the game went on): nothing else will ask again
                    self.decide(c, self.prompt)
            elif kind == "refused":
                if self.pending is not None and f.get("cmd") == self.pending["cmd"]:
                    if f["code"] not in ("stale_version", "shutting_down", "unavailable", "round_over", "game_over"):
                        self.errors.append(f["code"])
                    self.pending = None
                    if self.over:
                        self.done.set()
                        return
                    c.send({"type": "open", "table": self.table, "since": self.since})  # ask again
            elif kind == "error":
                self.errors.append(f["code"])


def test_sigkill_at_random_moments_loses_no_acknowledged_decision(tmp_path: Path) -> None:
    url = fresh_database_url(tmp_path)
    server = ServerProcess(url, extra=["--bot-workers", "1"], log=tmp_path / "server.log")
    server.start()
    rnd = random.Random(int(os.environ.get("LL_KILL_SEED", "20261201")))
    acks: list[Any] = []
    seats: list[Seat] = []
    tables = []
    people = [Client(server.url, f"P{i}") for i in range(2 * TABLES)]
    for k in range(TABLES):
        a, b = people[2 * k], people[2 * k + 1]
        players = 2 + k % 3
        spec = [{"kind": "human"}, {"kind": "open"}] + [{"kind": "bot", "level": "easy" if k % 2 else "medium"}] * (
            players - 2)
        t = a.post("/api/tables", {"players": players, "seats": spec, "options": {"tokensToWin": 12}}).json()
        assert b.post(f"/api/tables/{t['id']}/join", {"invite": t["invite"]}).status_code == 200
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        tables.append(t["id"])
        for seat, person in ((0, a), (1, b)):
            seats.append(Seat(lambda: server.url, person.token, t["id"], seat, rnd.randrange(2**32), acks))
    for p in people:
        p.shutdown()
    for s in seats:
        s.start()
    kills = 0
    started = time.monotonic()
    try:
        during_play = 0
        while kills < KILLS:
            # kill after a random amount of play, not of time: a fast machine would finish the games first
            wanted, waited = len(acks) + rnd.randint(2, 12), time.monotonic()
            while len(acks) < wanted and time.monotonic() - waited < 5 and not all(s.done.is_set() for s in seats):
                time.sleep(0.01)
            time.sleep(rnd.uniform(0.0, 0.15))  # then a random moment: mid-decision, mid-write, between
            during_play += not all(s.done.is_set() for s in seats)
            server.kill(signal.SIGKILL)
            kills += 1
            server.start()
        killed = time.monotonic()
        deadline = killed + 120
        while not all(s.done.is_set() for s in seats):
            if time.monotonic() >= deadline:
                raise AssertionError("the games did not finish: " + "; ".join(
                    f"{s.table}/{s.seat} over={s.over} pending={s.pending and s.pending['version']} "
                    f"prompt={s.prompt and s.prompt['version']} since={s.since} errors={s.errors[-3:]} "
                    f"server: {_seen_by(server.url, s)}" for s in seats if not s.done.is_set()))
            time.sleep(0.2)
        print(f"{kills} kills ({during_play} during play) in {killed - started:.1f}s, {len(acks)} acknowledged "
              f"decisions; the games finished {time.monotonic() - killed:.1f}s later")
        assert during_play >= KILLS * 3 // 4
    finally:
        for s in seats:
            s.stop.set()
        for s in seats:
            s.join(10)
    try:
        assert kills >= KILLS
        assert not [e for s in seats for e in s.errors], [e for s in seats for e in s.errors]
        records = {}
        for k, tid in enumerate(tables):
            person = seats[2 * k]
            http = httpx.Client(base_url=server.url, headers={"authorization": f"Bearer {person.token}"})
            deadline = time.monotonic() + 30
            while True:
                r = http.get(f"/api/tables/{tid}/record")
                if r.status_code == 200:
                    break
                assert time.monotonic() < deadline, r.text
                time.sleep(0.2)
            records[tid] = r.json()
            http.close()
            assert replay(records[tid]).game_over
        assert acks, "no decision was acknowledged"
        # in a thread of its own: another test's library (Playwright) may keep an event loop running here
        with ThreadPoolExecutor(1) as pool:
            stored = pool.submit(asyncio.run, stored_commands(url, tables)).result()
        for tid, version, decision, cmd, seat in acks:
            at = decisions_by_version(records[tid])
            assert at[version] == (seat, decision, "human"), (tid, version, at.get(version))
            assert stored[(tid, cmd)] == version  # the client's command id was stored with its step
        assert len({(a[0], a[3]) for a in acks}) == len(acks)  # each command acknowledged once as new
        human = sum(1 for rec in records.values() for r in rec["rounds"] for b in r["by"] if b == "human")
        assert human == len(acks)  # nothing applied that was not acknowledged, nothing twice
    finally:
        server.stop()


def _seen_by(url: str, seat: Seat) -> str:
    """What a fresh connection of this seat is shown now (for a failure's message)."""
    try:
        c = Client(url, name="k", token=seat.token, identity="-").connect()
        c.send({"type": "open", "table": seat.table})
        f = c.expect("state")
        c.shutdown()
        v = f.get("view") or {}
        kinds = [(x.get("kind"), x.get("takenOver")) for x in f["seats"]]
        return (f"version={f['version']} status={f['status']} prompt={f['prompt'] and f['prompt']['version']} "
                f"toMove={v.get('toMove')} phase={v.get('phase')} seats={kinds} outcome={v.get('outcome')}")
    except Exception as exc:  # noqa: BLE001 - a diagnostic only
        return f"(could not look: {exc!r})"


async def stored_commands(url: str, tables: list[str]) -> dict[tuple[str, str], int]:
    from loveletter.server.store.sql import SqlStore

    store = SqlStore(url)
    await store.open()
    try:
        return {(t, st.command): st.version for t in tables for st in await store.steps(t) if st.command}
    finally:
        await store.close()


def decisions_by_version(record: dict[str, Any]) -> dict[int, tuple[int, str, str]]:
    from loveletter.engine import parse_decision
    from loveletter.engine.record import new_game, start_recorded_round

    g = new_game(record)
    out: dict[int, tuple[int, str, str]] = {}
    version = 0
    for number, rnd in enumerate(record["rounds"], 1):
        texts = start_recorded_round(g, rnd, number, check_seed=False)
        version += 1
        for text, by in zip(texts, rnd["by"], strict=True):
            version += 1
            out[version] = (g.to_move, text, by)
            g.apply(parse_decision(text))
    return out


def test_sigterm_drains_gracefully(tmp_path: Path) -> None:
    """SIGTERM while a decision is in flight: it is committed (acknowledged, or found again after the
    restart under its command id) or refused; the server exits cleanly and closes sockets with 1012."""
    url = fresh_database_url(tmp_path)
    server = ServerProcess(url, extra=["--bot-workers", "1", "--log-level", "info"], log=tmp_path / "server.log")
    server.start()
    try:
        a, b = Client(server.url, "Ada"), Client(server.url, "Bob")
        t = a.post("/api/tables", {"players": 2, "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
        b.post(f"/api/tables/{t['id']}/join", {"invite": t["invite"]})
        a.post(f"/api/tables/{t['id']}/start")
        prompts = []
        for seat, c in ((0, a), (1, b)):
            c.connect()
            st = c.open(t["id"])
            if st["prompt"]:
                prompts.append((seat, c, st["prompt"]))
        (seat, c, pr), = prompts
        frame = {"type": "decide", "table": t["id"], "seat": seat, "version": pr["version"],
                 "decision": pr["legal"][0]["text"], "cmd": "in-flight"}
        c.send(frame)
        server.kill(signal.SIGTERM)
        assert server.proc is not None and server.proc.returncode in (0, -signal.SIGTERM)  # uvicorn re-raises it
        assert '"message": "server stopped"' in (tmp_path / "server.log").read_text()  # after draining
        answer = c.expect(lambda f: f.get("type") in ("ack", "refused", "_closed"))
        closed = c.expect("_closed") if answer["type"] != "_closed" else answer
        assert closed["code"] in (1012, 1001, 1000)
        server.start()
        c.connect()
        c.send(frame)  # again, with the same command id
        again = c.expect(lambda f: f.get("type") in ("ack", "refused"))
        if answer["type"] == "ack":
            assert again == {**answer, "duplicate": True}  # it was committed before the ack
        else:
            assert again["type"] == "ack"  # applied now, once
        a.shutdown()
        b.shutdown()
    finally:
        server.stop()


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, parent, ...); None once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    return [int(d.name) for d in Path("/proc").iterdir()
            if d.name.isdigit() and (st := _stat(int(d.name))) is not None and int(st[1]) == pid]


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[0] != "Z"


def test_sigkill_leaves_no_bot_worker_behind(tmp_path: Path) -> None:
    """The bot pool's worker processes (and multiprocessing's resource tracker) end with a SIGKILLed server."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs Linux /proc")
    server = ServerProcess(fresh_database_url(tmp_path), extra=["--bot-workers", "2"], log=tmp_path / "server.log")
    server.start()
    try:
        assert server.proc is not None
        deadline = time.monotonic() + 60
        kids = _children(server.proc.pid)
        while len(kids) < 3 and time.monotonic() < deadline:  # two workers and the tracker, warming up
            time.sleep(0.2)
            kids = _children(server.proc.pid)
        assert len(kids) >= 3, kids
        server.kill(signal.SIGKILL)
        deadline = time.monotonic() + 20
        while any(_alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [k for k in kids if _alive(k)] == []
    finally:
        server.stop()
