"""The WebSocket endpoint: one connection per client, a bounded send queue, rate and size limits.

A :class:`Connection` reads frames in order (so one client's commands are handled one after the
other), answers protocol errors with ``error`` frames, and hands table commands to the table's owner
(:class:`~loveletter.server.tables.LiveTable`). Those run shielded from cancellation: a client that
goes away mid-decision never leaves a half-done command. Frames to the client wait in a bounded
queue drained by a writer task; a client that lets it fill up is disconnected (close code 4002).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import protocol as p
from .hub import Hub
from .redact import Outbound, Recipient, outbound
from .store import IdentityRow
from .tables import LiveTable

log = logging.getLogger("loveletter.server.ws")

CLOSE_SLOW = 4002  # the send queue filled up
CLOSE_FLOOD = 4008  # far too many frames over the rate limit

_ids = itertools.count(1)


class Connection:
    """One client's WebSocket (see the module docstring)."""

    def __init__(self, ws: WebSocket, hub: Hub) -> None:
        self.id = next(_ids)
        self.ws = ws
        self.hub = hub
        self.limits = hub.config.limits
        self.identity = ""
        self.name = ""
        self.row: IdentityRow | None = None
        self.watching: dict[str, LiveTable] = {}
        self.queue: asyncio.Queue[Outbound] = asyncio.Queue(maxsize=self.limits.send_queue)
        self.closed = False
        self.close_code = 1000
        self._tokens = float(self.limits.message_burst)
        self._refilled = time.monotonic()
        self._rejected = 0
        self._writer: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ sending
    def send(self, frame: Outbound) -> None:
        """Queue a frame (only :func:`~loveletter.server.redact.outbound` makes them)."""
        if type(frame) is not Outbound:
            raise TypeError("only redact.outbound() frames may be sent to a client")
        if self.closed:
            return
        try:
            self.queue.put_nowait(frame)
            self.hub.metrics.frames_out.inc()
        except asyncio.QueueFull:
            self.hub.metrics.dropped.inc()
            log.warning("client too slow: disconnected", extra={"conn": self.id})
            self._shut(CLOSE_SLOW)

    def _shut(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            if self._writer is not None:
                self._writer.cancel()

    async def _write(self) -> None:
        while True:
            frame = await self.queue.get()
            await self.ws.send_text(frame.decode("utf-8"))

    def _error(self, code: str, params: dict[str, Any] | None = None, cmd: str | None = None) -> None:
        self.hub.metrics.protocol_errors.labels(code).inc()
        self.send(outbound("error", None, Recipient(self.identity or None), code=code, params=params, cmd=cmd))

    # ------------------------------------------------------------------ receiving
    def _allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(float(self.limits.message_burst),
                           self._tokens + (now - self._refilled) * self.limits.messages_per_second)
        self._refilled = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            self._rejected = 0
            return True
        self._rejected += 1
        return False

    async def run(self) -> None:
        await self.ws.accept()
        self.hub.metrics.connections.inc()
        self._writer = asyncio.ensure_future(self._write())
        reader = asyncio.ensure_future(self._read())
        try:
            await asyncio.wait({reader, self._writer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.closed = True
            reader.cancel()
            self._writer.cancel()
            await asyncio.gather(reader, self._writer, return_exceptions=True)
            for table in list(self.watching.values()):
                table.unwatch(self)
            self.hub.metrics.connections.dec()
            try:
                await asyncio.wait_for(self.ws.close(self.close_code), 1.0)
            except Exception:  # already closed, or the peer is gone
                pass

    async def _read(self) -> None:
        while not self.closed:
            try:
                message = await self.ws.receive()
            except WebSocketDisconnect:
                return
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("text")
            if data is None:
                raw = message.get("bytes") or b""
                try:
                    data = raw.decode("utf-8")
                except UnicodeDecodeError:
                    self._error("bad_frame", {"reason": "not UTF-8"})
                    continue
            received = time.perf_counter()
            if not self._allow():
                if self._rejected >= self.limits.close_after_rejected:
                    self._shut(CLOSE_FLOOD)
                    return
                self._error("rate_limited", {"perSecond": self.limits.messages_per_second})
                continue
            try:
                frame = p.decode_client(data, self.limits.frame_bytes)
            except p.ProtocolError as exc:
                self._error(exc.code, exc.params, exc.cmd)
                continue
            await self._handle(frame, received)

    async def _handle(self, f: p.ClientFrame, received: float) -> None:
        if isinstance(f, p.Ping):
            self.send(outbound("pong", None, Recipient(self.identity or None), t=f.t))
            return
        if isinstance(f, p.Hello):
            await self._hello(f)
            return
        if self.row is None:
            self._error("hello_required", {}, f.cmd)
            return
        if isinstance(f, p.Close):
            t = self.watching.get(f.table)
            if t is not None:
                t.unwatch(self)
            return
        table = await self.hub.get(f.table)
        if table is None:
            self.hub.metrics.refusals.labels("no_such_table").inc()
            self.send(outbound("refused", None, Recipient(self.identity), code="no_such_table",
                               params={"table": f.table}, cmd=f.cmd))
            return
        if isinstance(f, p.Open):
            if f.table not in self.watching and len(self.watching) >= self.limits.subscriptions_per_connection:
                self.send(outbound("refused", table, Recipient(self.identity), code="too_many_open",
                                   params={"limit": self.limits.subscriptions_per_connection}, cmd=f.cmd))
                return
            await asyncio.shield(self.hub.spawn(table.watch(self, f)))
        elif isinstance(f, p.Decide):
            await asyncio.shield(self.hub.spawn(table.decide(self, f, received)))
        elif isinstance(f, p.Chat):
            await asyncio.shield(self.hub.spawn(table.chat(self, f)))
        elif isinstance(f, p.Reclaim):
            await asyncio.shield(self.hub.spawn(table.reclaim(self, f)))

    async def _hello(self, f: p.Hello) -> None:
        if f.v != p.PROTOCOL_VERSION:
            self._error("bad_version", {"supported": [p.PROTOCOL_VERSION]}, f.cmd)
            return
        if self.row is not None:
            self._error("bad_frame", {"reason": "hello was already said"}, f.cmd)
            return
        token = f.token or self.ws.cookies.get("ll_token") or _bearer(self.ws.headers.get("authorization"))
        row = await self.hub.identity_for(token)
        if row is None:
            self._error("bad_token", {}, f.cmd)
            return
        self.row, self.identity, self.name = row, row.id, row.name
        self.send(outbound("welcome", None, Recipient(row.id, None, row.name), cmd=f.cmd))


def _bearer(header: str | None) -> str | None:
    if header and header[:7].lower() == "bearer ":
        return header[7:].strip()
    return None


async def serve_socket(ws: WebSocket, hub: Hub) -> None:
    await Connection(ws, hub).run()


__all__ = ["CLOSE_FLOOD", "CLOSE_SLOW", "Connection", "serve_socket"]
