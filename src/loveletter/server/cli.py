"""``loveletter serve``: the server on uvicorn (imports nothing of the server until it runs)."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    s = sub.add_parser("serve", help="serve online play (HTTP API and WebSocket) on uvicorn")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--database-url", default=None,
                   help="SQLAlchemy URL (default: $DATABASE_URL, else SQLite in the user's data directory); "
                        "postgresql+psycopg://... selects PostgreSQL")
    s.add_argument("--bot-workers", type=int, default=None, help="processes thinking for bots (default: cores - 1)")
    s.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="another origin (https://host[:port]) whose pages may use this server; repeatable")
    s.add_argument("--rest-rate", type=float, default=None, metavar="PER_SECOND",
                   help="REST requests per second per identity (per address without one), sustained "
                        "(default 10; 0: no REST rate limit)")
    s.add_argument("--rest-burst", type=int, default=None, help="... and at once (default 50)")
    s.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                   help="comma-separated addresses of reverse proxies whose X-Forwarded-For and "
                        "X-Forwarded-Proto are believed, or '*' (default: $FORWARDED_ALLOW_IPS, else "
                        "127.0.0.1); the client address keys the REST rate limit of requests without a token")
    s.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    s.add_argument("--plain-logs", action="store_true", help="human-readable logs instead of JSON lines")
    s.add_argument("--print-schema", action="store_true", help="print the protocol's JSON Schema and exit")
    s.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .app import create_app
        from .config import Limits, ServerConfig
        from .logs import setup_logging
        from .protocol import protocol_schema
        from .store.sql import default_database_url
    except ImportError as exc:
        print(f"loveletter: error: the server needs its extra: pip install 'loveletter[server]' ({exc})",
              file=sys.stderr)
        return 2
    if args.print_schema:
        print(json.dumps(protocol_schema(), indent=1))
        return 0
    if not 0 < args.port < 65536:
        print("loveletter: error: --port must be 1-65535", file=sys.stderr)
        return 2
    if args.bot_workers is not None and args.bot_workers < 1:
        print("loveletter: error: --bot-workers must be at least 1", file=sys.stderr)
        return 2
    if (args.rest_rate is not None and args.rest_rate < 0) or (args.rest_burst is not None and args.rest_burst < 0):
        print("loveletter: error: --rest-rate and --rest-burst must be 0 or more", file=sys.stderr)
        return 2
    url = args.database_url or os.environ.get("DATABASE_URL") or default_database_url()
    setup_logging(args.log_level, json_lines=not args.plain_logs)
    limits = Limits()
    if args.rest_rate is not None:
        limits.requests_per_second = args.rest_rate
    if args.rest_burst is not None:
        limits.request_burst = args.rest_burst
    config = ServerConfig(database_url=url, bot_workers=args.bot_workers, limits=limits,
                          allowed_origins=tuple(args.allow_origin))
    app = create_app(config)
    tune_gc()
    shown = url.split("@")[-1] if "@" in url else url
    print(f"loveletter: serving on http://{args.host}:{args.port} (database {shown})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_config=None, ws_max_size=1024 * 1024,
                ws_per_message_deflate=False, ws_ping_interval=20.0, ws_ping_timeout=20.0,
                timeout_graceful_shutdown=10, lifespan="on", proxy_headers=True,
                forwarded_allow_ips=args.forwarded_allow_ips)
    return 0


def tune_gc() -> None:
    """Fewer garbage collections, so that the collector does not make the tail latency.

    With the default thresholds the full collections, which scan every table's objects, stopped the
    event loop for up to 300 ms (``bench/load.py --tables 250 --fast 25``: p99 156 ms with the
    defaults, 32 ms with this). What exists at start (modules, the app) is frozen out of every
    collection, and the youngest generation is collected every 10,000 allocations instead of 700, so
    the older generations, and the full collections with them, come about 14 times less often.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)


__all__ = ["add_parser", "cmd_serve", "tune_gc"]
