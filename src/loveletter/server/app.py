"""The HTTP API (FastAPI, OpenAPI at ``/docs``) and the WebSocket route: :func:`create_app`.

Request bodies are pydantic models (so the OpenAPI schema documents them); every response body is
made by :func:`~loveletter.server.redact.outbound`, and the response models only document it
(schemathesis checks that they agree). Errors are ``{"error": {"code", "params"}}`` with a 4xx
status, never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request, WebSocket
from fastapi import Path as FPath
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..bots.levels import LEVELS
from . import protocol
from .config import ServerConfig
from .hub import Hub
from .metrics import Metrics
from .ratelimit import TokenBuckets, address_key, retry_after
from .ratings import ordinal
from .redact import NotFinished, Recipient, outbound
from .store import IdentityRow, Store, StoreError
from .store.sql import SqlStore, default_database_url
from .tables import LiveTable, TableError
from .ws import serve_socket

log = logging.getLogger("loveletter.server")

COOKIE = "ll_token"
MAX_BODY = 64 * 1024


# ---------------------------------------------------------------------------------------------- models
class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class IdentityIn(_In):
    name: str = Field(max_length=200)


class IdentityOut(BaseModel):
    id: str
    name: str
    token: str


class Rating(BaseModel):
    mu: float
    sigma: float
    ordinal: float


class MeOut(BaseModel):
    id: str
    name: str
    rating: Rating
    games: int


class HistoryItem(BaseModel):
    table: str
    edition: str
    players: int
    seat: int
    seats: list[str | None]
    finishedAt: int
    tokens: int
    won: bool
    rating: Rating | None


class BotLevelOut(BaseModel):
    level: str
    bot: str
    description: str


class SeatIn(_In):
    kind: Literal["human", "bot", "open"]
    level: str | None = Field(default=None, max_length=64, description="a bot's level: one of GET /api/bots")


class TimerIn(_In):
    enabled: bool | None = Field(default=None, description="default: on for public tables, off for private ones")
    seconds: float = 60


class TableIn(_In):
    edition: Literal["classic", "premium", "2019"] = "classic"
    players: int = Field(default=2, ge=2, le=8)
    profile: Literal["bga", "official", "bga-legacy"] = "bga"
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(default=None, max_length=8,
                                       description="one per seat; default: you, then open seats")
    visibility: Literal["private", "public"] = "private"
    timer: TimerIn | None = None


class JoinIn(_In):
    seat: int | None = Field(default=None, ge=0, le=7)
    invite: str | None = Field(default=None, max_length=64)


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "bot", "open"]
    name: str | None
    level: str | None
    connected: bool
    takenOver: bool
    you: bool


class TimerOut(BaseModel):
    enabled: bool
    seconds: float


class TableOut(BaseModel):
    id: str
    edition: str
    players: int
    profile: str
    options: dict[str, Any]
    visibility: Literal["private", "public"]
    timer: TimerOut
    status: Literal["waiting", "playing", "finished", "closed"]
    seats: list[SeatOut]
    createdAt: int
    version: int
    rematch: str | None
    rematchOf: str | None
    creator: bool = Field(description="whether you created this table")
    invite: str | None = Field(description="the invite code, for the people at the table; the link is "
                                           "/t/<id>?invite=<invite>")


class ErrorDetail(BaseModel):
    code: str
    params: dict[str, Any]


class ErrorOut(BaseModel):
    error: ErrorDetail


class HealthOut(BaseModel):
    status: Literal["ok", "degraded"]
    database: bool
    tables: int
    draining: bool


class RoundSummary(BaseModel):
    round: int
    firstPlayer: int
    deck: list[str]
    dealt: list[list[str]]
    setAside: str | None
    faceUp: list[str]
    hands: list[list[str]]
    discards: list[list[str]]
    outcome: dict[str, Any] | None


class SummaryOut(BaseModel):
    table: str
    edition: str
    players: int
    seats: list[str]
    winners: list[int]
    tokens: list[int]
    rounds: list[RoundSummary]


class ReplayStep(BaseModel):
    version: int
    step: dict[str, Any]
    view: dict[str, Any]
    events: list[dict[str, Any]] = Field(description="the events of this step (all-seeing), each with its game-wide "
                                                      "seq and `say`, its narration for an all-seeing reader")


class ReplayOut(BaseModel):
    table: str
    version: int
    steps: list[ReplayStep]


#: every /api route can answer 429: ``too_many_requests`` (the rate limit) and ``too_many_tables``
_LIMITED: dict[int | str, dict[str, Any]] = {429: {
    "model": ErrorOut, "description": "Too many requests (`too_many_requests`) or tables (`too_many_tables`)",
    "headers": {"Retry-After": {"description": "with `too_many_requests`: the seconds to wait",
                                "schema": {"type": "integer"}}}}}
_ERRORS: dict[int | str, dict[str, Any]] = {
    **{status: {"model": ErrorOut} for status in (400, 401, 403, 404, 409, 413, 422, 503)}, **_LIMITED}


# ---------------------------------------------------------------------------------------------- helpers
class _BodyLimit:
    """Refuse request bodies over ``MAX_BODY`` bytes (413 ``too_large``), declared or streamed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > MAX_BODY:
                await _send_error(send, 413, "too_large", {"limit": MAX_BODY})
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise TableError("too_large", {"limit": MAX_BODY}, 413)
            return message

        await self.app(scope, limited, send)


class _OriginCheck:
    """Refuse what a browser sends from another site's page: a WebSocket handshake, or a request that
    changes something (not GET, HEAD, OPTIONS), whose ``Origin`` is neither this server (the ``Host``
    it was asked by) nor one of ``allowed_origins``. The guest cookie would otherwise let any page
    on the same site (another port of the same host, say) act for its visitor. Requests without an
    ``Origin`` (programs, not browsers) pass: they carry their token themselves."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...] = ()) -> None:
        self.app = app
        self.allowed = frozenset(o.rstrip("/").lower() for o in allowed)

    def allows(self, scope: Scope) -> bool:
        headers = dict(scope.get("headers", []))
        origin = headers.get(b"origin")
        if origin is None:
            return True
        text = origin.decode("latin-1").rstrip("/").lower()
        host = headers.get(b"host", b"").decode("latin-1").lower()
        return text in self.allowed or (bool(host) and text.split("://", 1)[-1] == host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" and not self.allows(scope):
            await send({"type": "websocket.close", "code": 1008, "reason": "bad_origin"})
            return
        if kind == "http" and scope.get("method") not in self.SAFE and not self.allows(scope):
            await _send_error(send, 403, "bad_origin", {})
            return
        await self.app(scope, receive, send)


class _RateLimit:
    """Refuse REST requests (``/api/...``) over the rate limit (429 ``too_many_requests`` with
    ``Retry-After``): a token bucket per identity (a valid guest token), else per client address.
    Static files, ``/healthz``, ``/metrics`` and the WebSocket (limited per connection) are not counted."""

    def __init__(self, app: ASGIApp, hub: Hub) -> None:
        self.app, self.hub = app, hub
        limits = hub.config.limits
        self.buckets = TokenBuckets(limits.requests_per_second, limits.request_burst, hub.config.clock)

    async def key(self, scope: Scope) -> tuple[str, str]:
        """The bucket (``identity:<id>`` or ``address:<address>``) and its kind."""
        try:
            row = await self.hub.identity_for(_token(Request(scope)))
        except StoreError:
            row = None  # storage is down: the request counts by its address
        if row is not None:
            return f"identity:{row.id}", "identity"
        return f"address:{address_key((scope.get('client') or (None,))[0])}", "address"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.buckets.enabled or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        key, kind = await self.key(scope)
        wait = self.buckets.take(key)
        if wait > 0:
            self.hub.metrics.rate_limited.labels(kind).inc()
            limits, seconds = self.hub.config.limits, retry_after(wait)
            await _send_error(send, 429, "too_many_requests", {"perSecond": limits.requests_per_second,
                              "burst": limits.request_burst, "retryAfter": seconds}, {"retry-after": str(seconds)})
            return
        await self.app(scope, receive, send)


async def _send_error(send: Send, status: int, code: str, params: dict[str, Any],
                      headers: dict[str, str] | None = None) -> None:
    body = outbound("plain", None, Recipient(None), body={"error": {"code": code, "params": params}})
    extra = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *extra]})
    await send({"type": "http.response.body", "body": bytes(body)})


def _json(body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(content=body, status_code=status, media_type="application/json", headers=headers)


def _error(code: str, params: dict[str, Any] | None = None, status: int = 400) -> Response:
    return _json(outbound("plain", None, Recipient(None), body={"error": {"code": code, "params": params or {}}}),
                 status)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header and header[:7].lower() == "bearer ":
        return header[7:].strip()
    return request.cookies.get(COOKIE)


def _me(row: IdentityRow) -> dict[str, Any]:
    return {"id": row.id, "name": row.name, "games": row.games,
            "rating": {"mu": row.mu, "sigma": row.sigma, "ordinal": ordinal(row.mu, row.sigma)}}


async def _identity(request: Request) -> IdentityRow:
    row = await request.app.state.hub.identity_for(_token(request))
    if row is None:
        raise TableError("bad_token", {}, 401)
    return row  # type: ignore[no-any-return]


async def _maybe_identity(request: Request) -> IdentityRow | None:
    return await request.app.state.hub.identity_for(_token(request))  # type: ignore[no-any-return]


Me = Annotated[IdentityRow, Depends(_identity)]
MaybeMe = Annotated[IdentityRow | None, Depends(_maybe_identity)]
TableId = Annotated[str, FPath(max_length=32)]
Invite = Annotated[str | None, Query(max_length=64)]


# ---------------------------------------------------------------------------------------------- the app
def create_app(config: ServerConfig | None = None, store: Store | None = None) -> FastAPI:
    """The server as an ASGI app (``loveletter serve`` runs it on uvicorn)."""
    config = config or ServerConfig()
    metrics = Metrics()
    store = store or SqlStore(config.database_url or default_database_url())
    hub = Hub(config, store, metrics)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        log.info("server ready", extra={"database": getattr(store, "url", "?").split("@")[-1]})
        try:
            yield
        finally:
            log.info("server stopping: draining tables")
            await hub.stop()
            log.info("server stopped")

    app = FastAPI(title="loveletter", version="1", lifespan=lifespan,
                  description="Play Love Letter online. The WebSocket protocol is at /api/protocol.json "
                              "and in docs/protocol.md.")
    app.state.hub = hub
    app.add_middleware(_BodyLimit)
    app.add_middleware(_OriginCheck, allowed=config.allowed_origins)
    app.add_middleware(_RateLimit, hub=hub)  # outermost: refused requests count too

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> Response:
        return _error(exc.code, exc.params, exc.status)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> Response:
        errors = [{"loc": [str(x) for x in e.get("loc", ())], "type": str(e.get("type", ""))}
                  for e in exc.errors()][:10]
        return _error("bad_request", {"errors": errors}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        return _error(code, {}, exc.status_code if 400 <= exc.status_code < 500 else 400)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> Response:
        log.error("unexpected error", exc_info=exc)
        return _error("internal", {}, 500)

    async def table_for(table_id: str, me: IdentityRow | None, invite: str | None = None) -> LiveTable:
        t = await hub.get(table_id) if len(table_id) <= 32 else None
        if t is None:
            raise TableError("no_such_table", {}, 404)
        seated = me is not None and bool(t.seats_of(me.id))
        if t.settings.visibility == "private" and not seated and invite != t.invite:
            raise TableError("no_such_table", {}, 404)  # a private table is invisible without its invite
        return t

    def rcpt(me: IdentityRow | None) -> Recipient:
        return Recipient(me.id if me else None, None, me.name if me else "")

    # ------------------------------------------------------------------ identity
    @app.post("/api/identity", response_model=IdentityOut, responses=_ERRORS, tags=["identity"])
    async def new_identity(body: IdentityIn) -> Response:
        """A new guest identity; its token is also set as the HttpOnly cookie ``ll_token``."""
        row, token = await hub.new_identity(body.name)
        resp = _json(outbound("plain", None, rcpt(row), body={"id": row.id, "name": row.name, "token": token}))
        resp.set_cookie(COOKIE, token, max_age=10 * 365 * 24 * 3600, httponly=True, samesite="lax",
                        secure=config.cookie_secure)
        return resp

    @app.get("/api/me", response_model=MeOut, responses=_ERRORS, tags=["identity"])
    async def get_me(me: Me) -> Response:
        fresh = await hub.store.identity(me.id) or me
        return _json(outbound("plain", None, rcpt(me), body=_me(fresh)))

    @app.patch("/api/me", response_model=MeOut, responses=_ERRORS, tags=["identity"])
    async def rename(body: IdentityIn, me: Me) -> Response:
        row = await hub.rename(me, body.name)
        return _json(outbound("plain", None, rcpt(row), body=_me(row)))

    @app.get("/api/me/history", response_model=list[HistoryItem], responses=_ERRORS, tags=["identity"])
    async def history(me: Me, limit: Annotated[int, Query(ge=1, le=200)] = 50) -> Response:
        """Your finished games, newest first."""
        rows = await hub.store.history(me.id, limit)
        items = [{"table": r["table_id"], "edition": r["settings"]["edition"], "players": r["settings"]["players"],
                  "seat": r["seat"], "seats": [s.get("name") for s in r["seats"]], "finishedAt": r["finished_at"],
                  "tokens": r["tokens"], "won": bool(r["won"]),
                  "rating": None if r["mu"] is None else {"mu": r["mu"], "sigma": r["sigma"],
                                                           "ordinal": ordinal(r["mu"], r["sigma"])}}
                 for r in rows]
        return _json(outbound("plain", None, rcpt(me), body=items))

    # ------------------------------------------------------------------ lobby
    @app.get("/api/bots", response_model=list[BotLevelOut], responses=_LIMITED, tags=["lobby"])
    async def bots() -> Response:
        """The bots a table may seat, by level (a client names a level, never a bot spec)."""
        about = {"easy": "a careful player that often slips", "medium": "plays the odds, never slips",
                 "hard": "searches possible hands for 0.1 s a move", "expert": "searches for 0.4 s a move"}
        body = [{"level": lv, "bot": spec.split(":")[0], "description": about.get(lv, "")}
                for lv, spec in LEVELS.items()]
        return _json(outbound("plain", None, Recipient(None), body=body))

    @app.post("/api/tables", response_model=TableOut, responses=_ERRORS, tags=["lobby"])
    async def create_table(body: TableIn, me: Me) -> Response:
        spec = body.model_dump()
        spec["seats"] = None if body.seats is None else [s.model_dump() for s in body.seats]
        t = await hub.create(me, spec)
        return _json(outbound("table", t, rcpt(me)))

    @app.get("/api/tables", response_model=list[TableOut], responses=_LIMITED, tags=["lobby"])
    async def list_tables(me: MaybeMe) -> Response:
        """Public tables waiting for players."""
        return _json(outbound("tables", None, rcpt(me), tables=hub.public_tables()[:100]))

    @app.get("/api/tables/{table_id}", response_model=TableOut, responses=_ERRORS, tags=["lobby"])
    async def get_table(table_id: TableId, me: MaybeMe,
                        invite: Invite = None) -> Response:
        t = await table_for(table_id, me, invite)
        return _json(outbound("table", t, rcpt(me)))

    @app.post("/api/tables/{table_id}/join", response_model=TableOut, responses=_ERRORS, tags=["lobby"])
    async def join(table_id: TableId, body: JoinIn, me: Me) -> Response:
        """Take a seat (the first open one when ``seat`` is null); private tables need the invite.
        Joining a table you play at gives you back the seats a bot took over."""
        t = await hub.get(table_id)
        if t is None:
            raise TableError("no_such_table", {}, 404)
        await t.join(me, body.seat, body.invite)
        return _json(outbound("table", t, rcpt(me)))

    @app.post("/api/tables/{table_id}/leave", response_model=TableOut, responses=_ERRORS, tags=["lobby"])
    async def leave(table_id: TableId, me: Me) -> Response:
        """Before the start: free your seat (the creator closes the table). During the game: a bot
        plays your seats until you join again."""
        t = await table_for(table_id, me)
        await t.leave(me)
        return _json(outbound("table", t, rcpt(me)))

    @app.post("/api/tables/{table_id}/start", response_model=TableOut, responses=_ERRORS, tags=["lobby"])
    async def start(table_id: TableId, me: Me) -> Response:
        t = await table_for(table_id, me)
        await t.start(me)
        return _json(outbound("table", t, rcpt(me)))

    @app.post("/api/tables/{table_id}/rematch", response_model=TableOut, responses=_ERRORS, tags=["lobby"])
    async def rematch(table_id: TableId, me: Me) -> Response:
        """A new table with the same people, bots and settings (the same one for everyone who asks)."""
        t = await table_for(table_id, me)
        new = await hub.rematch(me, t)
        return _json(outbound("table", new, rcpt(me)))

    # ------------------------------------------------------------------ finished games
    @app.get("/api/tables/{table_id}/record", response_model=dict[str, Any], responses=_ERRORS, tags=["games"])
    async def record(table_id: TableId, me: MaybeMe,
                     invite: Invite = None) -> Response:
        """The game record (the file ``loveletter replay`` reads), for finished games only."""
        t = await table_for(table_id, me, invite)
        try:
            body = outbound("record", t, rcpt(me))
        except NotFinished:
            raise TableError("game_not_finished", {}, 409) from None
        return _json(body, headers={"content-disposition": f'attachment; filename="loveletter-{t.id}.json"'})

    @app.get("/api/tables/{table_id}/summary", response_model=SummaryOut, responses=_ERRORS, tags=["games"])
    async def summary(table_id: TableId, me: MaybeMe,
                      invite: Invite = None) -> Response:
        """Every round of a finished game: the deal, every hand at the end, the showdown, the tokens."""
        t = await table_for(table_id, me, invite)
        try:
            return _json(outbound("summary", t, rcpt(me)))
        except NotFinished:
            raise TableError("game_not_finished", {}, 409) from None

    @app.get("/api/tables/{table_id}/replay", response_model=ReplayOut, responses=_ERRORS, tags=["games"])
    async def replay(table_id: TableId, me: MaybeMe,
                     invite: Invite = None,
                     start: Annotated[int, Query(ge=0)] = 0,
                     limit: Annotated[int, Query(ge=1, le=1000)] = 1000) -> Response:
        """Every step of a finished game after version ``start``, each with its all-seeing view and the
        events it made, narrated for an all-seeing reader."""
        t = await table_for(table_id, me, invite)
        try:
            return _json(outbound("replay", t, rcpt(me), start=start, limit=limit))
        except NotFinished:
            raise TableError("game_not_finished", {}, 409) from None

    # ------------------------------------------------------------------ operations
    @app.get("/healthz", response_model=HealthOut, responses={503: {"model": HealthOut}}, tags=["operations"])
    async def health() -> Response:
        ok = await hub.store.ping()
        body = {"status": "ok" if ok and not hub.draining else "degraded", "database": ok,
                "tables": len(hub.tables), "draining": hub.draining}
        return _json(outbound("plain", None, Recipient(None), body=body), 200 if ok and not hub.draining else 503)

    @app.get("/metrics", tags=["operations"], response_class=Response,
             responses={200: {"content": {"text/plain": {}}}})
    async def prometheus() -> Response:
        return Response(outbound("text", None, Recipient(None), text=metrics.render()),
                        media_type="text/plain; version=0.0.4")

    @app.get("/api/protocol.json", response_model=dict[str, Any], responses=_LIMITED, tags=["operations"])
    async def protocol_schema() -> Response:
        """The JSON Schema of every WebSocket frame."""
        return _json(outbound("plain", None, Recipient(None), body=protocol.protocol_schema()))

    @app.websocket("/ws")
    async def socket(ws: WebSocket) -> None:
        await serve_socket(ws, hub)

    from .webapp import mount  # the browser client: after every API route, which keep their paths

    mount(app)
    return app


__all__ = ["create_app"]
