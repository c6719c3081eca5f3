"""Load benchmark for ``loveletter serve`` (a script, not a test).

The server runs as a real uvicorn process on loopback (SQLite in a temporary directory, durable
commits); this process is the load generator: tables of two scripted people (and optional
spectators), some deciding at once ("full speed"), the others after a human pause. When a game ends
its people start another, so the number of tables stays constant. It reports the concurrent tables,
decisions per second, the p50/p99 latency from a client sending a decision to the last recipient of
the table receiving its update, the server's CPU time and its memory per table. "Full speed" is as
fast as the protocol lets one connection go (20 frames a second); the others pause 1-4 s, like a
person.

    .venv/bin/python bench/load.py --tables 250 --fast 25 --seconds 60

Latency is measured on the generator's clock for every decision a person makes (bots are not used:
their thinking is not what is measured).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

_decode = msgspec.json.Decoder().decode


PACE = 1 / 16  # seconds between two frames of one connection (the server allows 20 a second)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    decisions: int = 0
    games: int = 0
    errors: int = 0
    measuring: bool = False


class Table:
    """One table's people (and spectators) until ``stop``: game after game."""

    def __init__(self, base: str, fast: bool, spectators: int, stats: Stats, rnd: random.Random,
                 think: tuple[float, float]) -> None:
        self.base, self.fast, self.spectators, self.stats, self.rnd = base, fast, spectators, stats, rnd
        self.think = think
        self.sent: dict[int, float] = {}  # version -> when the decision leading to it was sent
        self.got: dict[int, int] = {}  # version -> recipients that have it
        self.recipients = 2 + spectators
        self.over = asyncio.Event()
        self.last_sent: dict[int, float] = {}
        self.asked: dict[int, int] = {}

    async def identity(self, http: httpx.AsyncClient, name: str) -> str:
        r = await http.post(self.base + "/api/identity", json={"name": name})
        r.raise_for_status()
        return str(r.json()["token"])

    async def run(self, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        tokens = [await self.identity(http, n) for n in ("A", "B")]
        watchers = [await self.identity(http, "S") for _ in range(self.spectators)]
        ws_url = self.base.replace("http", "ws") + "/ws"
        socks = [await connect(ws_url, max_size=None, compression=None) for _ in tokens + watchers]
        try:
            for s, tok in zip(socks, tokens + watchers, strict=True):
                await s.send(json.dumps({"type": "hello", "v": 1, "token": tok}))
                await s.recv()
            while not stop.is_set():
                await self.game(http, tokens, socks, stop)
        finally:
            for s in socks:
                await s.close()

    async def game(self, http: httpx.AsyncClient, tokens: list[str], socks: list[Any], stop: asyncio.Event) -> None:
        auth = [{"authorization": f"Bearer {t}"} for t in tokens]
        t = (await http.post(self.base + "/api/tables", json={"players": 2}, headers=auth[0])).json()
        await http.post(f"{self.base}/api/tables/{t['id']}/join", json={"invite": t["invite"]}, headers=auth[1])
        self.sent.clear()
        self.got.clear()
        self.asked.clear()
        self.over.clear()
        for i, s in enumerate(socks):
            frame: dict[str, Any] = {"type": "open", "table": t["id"]}
            if i >= 2:
                frame.update(spectate=True, invite=t["invite"])
            await s.send(json.dumps(frame))
        readers = [asyncio.ensure_future(self.read(s, i, t["id"])) for i, s in enumerate(socks)]
        await http.post(f"{self.base}/api/tables/{t['id']}/start", headers=auth[0])
        done, _ = await asyncio.wait([asyncio.ensure_future(self.over.wait()),
                                      asyncio.ensure_future(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
        for r in readers:
            r.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        if self.over.is_set():
            self.stats.games += 1
            for s in socks:  # stop watching it (a connection may watch at most 16 tables)
                await s.send(json.dumps({"type": "close", "table": t["id"]}))

    async def read(self, sock: Any, index: int, table: str) -> None:
        while True:
            f = _decode(await sock.recv())
            kind = f.get("type")
            if kind in ("state", "update") and f.get("table") == table:
                v = f["version"]
                if kind == "update" and v in self.sent:
                    self.got[v] = self.got.get(v, 0) + 1
                    if self.got[v] == self.recipients:
                        if self.stats.measuring:
                            self.stats.latencies.append(time.perf_counter() - self.sent.pop(v))
                        else:
                            self.sent.pop(v)
                if f["view"] and f["view"]["outcome"]["game"]:
                    self.over.set()
                pr = f.get("prompt")
                if pr and index < 2 and self.asked.get(index) != pr["version"]:
                    self.asked[index] = pr["version"]  # a state and an update may carry the same prompt
                    asyncio.ensure_future(self.decide(sock, table, pr))
            elif kind in ("refused", "error"):
                self.stats.errors += 1
                if os.environ.get("LL_BENCH_DEBUG"):
                    print(f, file=sys.stderr)

    async def decide(self, sock: Any, table: str, pr: dict[str, Any]) -> None:
        if not self.fast:
            await asyncio.sleep(self.rnd.uniform(*self.think))
        # full speed is the protocol's limit: 20 frames a second per connection
        wait = self.last_sent.get(id(sock), 0.0) + PACE - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last_sent[id(sock)] = time.perf_counter()
        v = pr["version"]
        self.sent[v + 1] = time.perf_counter()
        self.got[v + 1] = 0
        try:
            await sock.send(json.dumps({"type": "decide", "table": table, "seat": pr["seat"], "version": v,
                                        "decision": self.rnd.choice(pr["legal"])["text"], "cmd": f"{table}-{v}"}))
        except ConnectionClosed:
            return  # the run is over: its sockets are closing
        if self.stats.measuring:
            self.stats.decisions += 1


async def main_async(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    rnd = random.Random(args.seed)
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        idle = rss_kib(pid)
        tables = [Table(base, i < args.fast, args.spectators, stats, random.Random(rnd.random()), (args.think_min,
                  args.think_max)) for i in range(args.tables)]
        tasks = []
        for i, t in enumerate(tables):  # ramp up
            tasks.append(asyncio.ensure_future(t.run(http, stop)))
            if i % 25 == 24:
                await asyncio.sleep(0.2)
        await asyncio.sleep(args.warmup)
        loaded = rss_kib(pid)
        cpu0, t0, gen0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        stats.measuring = True
        lags: list[float] = []
        while time.perf_counter() - t0 < args.seconds:  # the generator's own event loop lag
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            lags.append(time.perf_counter() - before - 0.05)
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        cpu = cpu_seconds(pid) - cpu0
        gen_cpu = time.process_time() - gen0
        stop.set()
        await asyncio.wait(tasks, timeout=10)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {
        "tables": args.tables, "fast_tables": args.fast, "spectators_per_table": args.spectators,
        "seconds": round(elapsed, 1), "decisions": stats.decisions,
        "decisions_per_second": round(stats.decisions / elapsed, 1), "games_finished": stats.games,
        "latency_ms": {"p50": round(pct(0.50), 2), "p90": round(pct(0.90), 2), "p99": round(pct(0.99), 2),
                       "max": round(lat[-1] * 1000, 2) if lat else None,
                       "mean": round(statistics.fmean(lat) * 1000, 2) if lat else None, "samples": len(lat)},
        "server_cpu_percent": round(100 * cpu / elapsed, 1),
        "generator_cpu_percent": round(100 * gen_cpu / elapsed, 1),
        "generator_loop_lag_ms": {"p50": round(statistics.median(lags) * 1000, 2),
                                  "p99": round(sorted(lags)[int(0.99 * len(lags))] * 1000, 2)},
        "server_rss_mib": {"idle": round(idle / 1024, 1), "loaded": round(loaded / 1024, 1)},
        "memory_per_table_kib": round((loaded - idle) / max(1, args.tables), 1),
        "errors": stats.errors,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--fast", type=int, default=25, help="tables whose people decide at once (the rest pause)")
    ap.add_argument("--spectators", type=int, default=0, help="spectators per table")
    ap.add_argument("--seconds", type=float, default=60.0, help="measured time")
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--think-min", type=float, default=1.0, help="a person's pause, seconds (not --fast)")
    ap.add_argument("--think-max", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--database-url", help="default: SQLite in a temporary directory")
    ap.add_argument("--url", help="an already running server (no subprocess; no memory or CPU figures)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    proc = None
    tmp = tempfile.TemporaryDirectory()
    if args.url:
        base, pid = args.url.rstrip("/"), os.getpid()
    else:
        port = free_port()
        url = args.database_url or f"sqlite:///{tmp.name}/bench.db"
        proc = subprocess.Popen([sys.executable, "-m", "loveletter.cli", "serve", "--port", str(port),
                                 "--database-url", url, "--log-level", "warning", "--bot-workers", "1",
                                 "--rest-rate", "0"],  # the bench creates hundreds of identities from one address
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base, pid = f"http://127.0.0.1:{port}", proc.pid
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                print("the server did not start", file=sys.stderr)
                return 1
            time.sleep(0.1)
    try:
        result = asyncio.run(main_async(args, base, pid))
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        tmp.cleanup()
    if args.json:
        print(json.dumps(result))
    else:
        lat = result["latency_ms"]
        print(f"{result['tables']} concurrent tables ({result['fast_tables']} at full speed, "
              f"{result['spectators_per_table']} spectators each), {result['seconds']} s measured")
        print(f"  {result['decisions_per_second']} decisions/s ({result['decisions']}), "
              f"{result['games_finished']} games finished, {result['errors']} errors")
        print(f"  decision -> every recipient's update: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
              f"p99 {lat['p99']} ms, max {lat['max']} ms ({lat['samples']} samples)")
        gl = result["generator_loop_lag_ms"]
        print(f"  load generator: {result['generator_cpu_percent']}% of a core, its event loop late by "
              f"p50 {gl['p50']} ms, p99 {gl['p99']} ms (included in the latencies)")
        print(f"  server: {result['server_cpu_percent']}% of a core, RSS {result['server_rss_mib']['idle']} MiB idle, "
              f"{result['server_rss_mib']['loaded']} MiB loaded = {result['memory_per_table_kib']} KiB per table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
