"""Test helpers: the real app on uvicorn in a thread (or a subprocess), and scripted clients.

A :class:`Client` is one WebSocket plus an HTTP client with the same identity; a reader thread
keeps every frame it receives (raw text and parsed), so tests wait for frames with a timeout and
never hang.
"""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from loveletter.server import ServerConfig
from loveletter.server.app import create_app

Frame = dict[str, Any]


def ws_connect(url: str, **kw: Any) -> Any:
    """A websockets sync connection (entered, as websockets 17 wants)."""
    return connect(url, **kw).__enter__()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerThread:
    """The app on uvicorn in a background thread of this process."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.app = create_app(config)
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_config=None, ws_max_size=1024 * 1024,
            ws_per_message_deflate=False, lifespan="on", timeout_graceful_shutdown=5))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(30)


class ServerProcess:
    """``loveletter serve`` in a subprocess (for the kill test and the benchmark)."""

    def __init__(self, database_url: str, port: int | None = None, extra: list[str] | None = None,
                 log: Path | None = None) -> None:
        self.database_url = database_url
        self.port = port or free_port()
        self.extra = extra or []
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "loveletter.cli", "serve", "--port", str(self.port), "--database-url",
             self.database_url, "--log-level", "warning", *self.extra], stdout=out, stderr=out, env=env)
        deadline = time.monotonic() + timeout
        with httpx.Client(timeout=1) as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.proc.returncode}")
                try:
                    if http.get(self.url + "/healthz").status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.05)
        raise RuntimeError("the server did not answer")

    def kill(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class Client:
    """One person: an identity, an HTTP client and (after :meth:`connect`) one WebSocket."""

    def __init__(self, base: str, name: str = "Ada", token: str | None = None, identity: str | None = None) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)
        if identity is not None:
            self.id = identity
        if token is None:
            r = self.http.post("/api/identity", json={"name": name})
            r.raise_for_status()
            body = r.json()
            token = body["token"]
            self.id = body["id"]
        self.token = token
        self.http.headers["authorization"] = f"Bearer {token}"
        if token is not None and not hasattr(self, "id"):
            self.id = self.http.get("/api/me").json()["id"]
        self.name = name
        self.ws: Any = None
        self.frames: queue.Queue[Frame] = queue.Queue()
        self.raw: list[str] = []  # every frame received, as sent
        self.closed: int | None = None
        self._reader: threading.Thread | None = None
        self._cmd = 0

    # -------------------------------------------------------------- http
    def post(self, path: str, body: Any = None) -> httpx.Response:
        return self.http.post(path, json=body if body is not None else {})

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    # -------------------------------------------------------------- websocket
    def connect(self, hello: bool = True) -> Client:
        self.ws = ws_connect(self.base.replace("http", "ws") + "/ws", max_size=None, compression=None,
                             open_timeout=10, close_timeout=2)
        self.closed = None
        self.frames = queue.Queue()  # a fresh queue: nothing of the last connection
        self._reader = threading.Thread(target=self._read, args=(self.ws, self.frames), daemon=True)
        self._reader.start()
        if hello:
            self.send({"type": "hello", "v": 1, "token": self.token})
            self.expect("welcome")
        return self

    def _read(self, ws: Any, frames: queue.Queue[Frame]) -> None:
        try:
            for msg in ws:
                text = msg if isinstance(msg, str) else msg.decode()
                self.raw.append(text)
                frames.put(json.loads(text))
        except ConnectionClosed:
            pass
        except OSError:
            pass
        code = getattr(ws, "close_code", None)
        self.closed = code if code is not None else 1006
        frames.put({"type": "_closed", "code": self.closed})

    def send(self, frame: Any) -> None:
        self.ws.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))

    def next_cmd(self) -> str:
        self._cmd += 1
        return f"{self.name}-{self._cmd}"

    def recv(self, timeout: float = 10) -> Frame:
        return self.frames.get(timeout=timeout)

    def expect(self, kind: str | Callable[[Frame], bool], timeout: float = 10) -> Frame:
        """The next frame that matches (frames before it are skipped); AssertionError on a timeout."""
        pred = (lambda f: f.get("type") == kind) if isinstance(kind, str) else kind
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind} frame within {timeout}s")
            try:
                f = self.frames.get(timeout=left)
            except queue.Empty:
                raise AssertionError(f"no {kind} frame within {timeout}s") from None
            if pred(f):
                return f
            if f.get("type") == "_closed" and kind != "_closed":
                raise AssertionError(f"connection closed ({f.get('code')}) while waiting for {kind}")

    def drain(self, quiet: float = 0.2) -> list[Frame]:
        out = []
        while True:
            try:
                out.append(self.frames.get(timeout=quiet))
            except queue.Empty:
                return out

    def open(self, table: str, **fields: Any) -> Frame:
        self.send({"type": "open", "table": table, **fields})
        return self.expect(lambda f: f.get("type") in ("state", "refused"))

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:
                pass
            if self._reader is not None:
                self._reader.join(5)
            self.ws = None

    def shutdown(self) -> None:
        self.close()
        self.http.close()


def fresh_database_url(tmp: Path) -> str:
    """A new, empty database: SQLite in ``tmp``, or a new PostgreSQL database when ``LL_TEST_POSTGRES``
    names a server (``postgresql+psycopg://user@host/postgres``)."""
    admin = os.environ.get("LL_TEST_POSTGRES")
    if not admin:
        return f"sqlite:///{tmp / 'test.db'}"
    import uuid

    import psycopg

    name = "ll_test_" + uuid.uuid4().hex[:12]
    plain = admin.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin.rsplit("/", 1)[0] + "/" + name


def quick_config(tmp: Path, **kw: Any) -> ServerConfig:
    from loveletter.server.config import Limits

    # the REST rate limit is off unless a test passes its limits (test_rate_limit.py tests it): the other
    # tests make their requests as fast as they can, all from one address
    limits = kw.pop("limits", None) or Limits(min_timer_seconds=0.2, requests_per_second=0)
    url = kw.pop("database_url", None) or fresh_database_url(tmp)
    return ServerConfig(database_url=url, limits=limits, bot_pool=kw.pop("bot_pool", "thread"),
                        bot_workers=kw.pop("bot_workers", 2), log_json=False, **kw)


def table_spec(players: int = 2, seats: list[dict[str, Any]] | None = None, **kw: Any) -> dict[str, Any]:
    return {"edition": kw.pop("edition", "classic"), "players": players,
            "seats": seats or [{"kind": "human"}] + [{"kind": "open"}] * (players - 1), **kw}
