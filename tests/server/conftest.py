"""Fixtures: a server on uvicorn in a thread per module, and clients for it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import pytest

from .harness import Client, ServerThread, quick_config, table_spec


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    with ServerThread(quick_config(tmp_path_factory.mktemp("srv"))) as srv:
        yield srv


@pytest.fixture
def clients(server: ServerThread) -> Iterator[Any]:
    made: list[Client] = []

    def make(name: str = "Ada", connect: bool = True) -> Client:
        c = Client(server.url, name)
        made.append(c)
        return c.connect() if connect else c

    yield make
    for c in made:
        c.shutdown()


def on_loop(srv: ServerThread, coro: Any, timeout: float = 30) -> Any:
    """Run a coroutine on the server's event loop (to read its store or its tables)."""
    return asyncio.run_coroutine_threadsafe(coro, srv.hub.loop).result(timeout)


def stored_steps(srv: ServerThread, table_id: str) -> list[Any]:
    return on_loop(srv, srv.hub.store.steps(table_id))


def start_table(owner: Client, others: list[Client], players: int | None = None,
                seats: list[dict[str, Any]] | None = None, **kw: Any) -> dict[str, Any]:
    """Create a table (owner at seat 0), seat the others, open it for everyone, start it."""
    players = players or 1 + len(others) + sum(1 for s in (seats or []) if s.get("kind") == "bot")
    r = owner.post("/api/tables", table_spec(players, seats, **kw))
    assert r.status_code == 200, r.text
    t = r.json()
    for c in others:
        j = c.post(f"/api/tables/{t['id']}/join", {"invite": t["invite"]})
        assert j.status_code == 200, j.text
    for c in [owner, *others]:
        if c.ws is not None:
            assert c.open(t["id"])["type"] == "state"
    s = owner.post(f"/api/tables/{t['id']}/start")
    assert s.status_code == 200, s.text
    return s.json()


def play_out(table: str, seats: dict[int, Client], rnd: random.Random, timeout: float = 60,
             max_decisions: int | None = None) -> int:
    """Answer every prompt with a random legal decision until the game ends; the number of acks."""
    import time

    acks = 0
    deadline = time.monotonic() + timeout
    pending: dict[int, Any] = {}
    finished = False
    while time.monotonic() < deadline:
        for seat, c in seats.items():
            for f in c.drain(0.02):
                kind = f.get("type")
                if kind in ("state", "update") and f.get("table") == table and f.get("seat") == seat:
                    if f["status"] == "finished" or (f["view"] and f["view"]["outcome"]["game"]):
                        finished = True
                    pr = f.get("prompt")
                    if pr:
                        pending[seat] = pr
                elif kind == "presence" and f.get("status") == "finished":
                    finished = True
                elif kind == "ack":
                    acks += 1
        if finished:
            for c in seats.values():  # the last acknowledgements
                acks += sum(1 for f in c.drain(0.1) if f.get("type") == "ack")
            return acks
        for seat, pr in list(pending.items()):
            c = seats[seat]
            c.send({"type": "decide", "table": table, "seat": seat, "version": pr["version"],
                    "decision": rnd.choice(pr["legal"])["text"], "cmd": c.next_cmd()})
            del pending[seat]
            if max_decisions is not None and acks >= max_decisions:
                return acks
    raise AssertionError("the game did not finish in time")


__all__ = ["on_loop", "play_out", "start_table", "stored_steps"]
