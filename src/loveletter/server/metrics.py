"""Prometheus metrics (one registry per server, so tests can run several)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.tables = Gauge("loveletter_tables", "Tables in memory, by status", ["status"], registry=r)
        self.connections = Gauge("loveletter_connections", "Open WebSocket connections", registry=r)
        self.decision_seconds = Histogram(
            "loveletter_decision_seconds", "From a client's decide frame to every recipient's update queued",
            buckets=_LATENCY_BUCKETS, registry=r)
        self.commit_seconds = Histogram("loveletter_commit_seconds", "Storing one step", buckets=_LATENCY_BUCKETS,
                                        registry=r)
        self.bot_seconds = Histogram("loveletter_bot_seconds", "A bot's thinking, pool included",
                                     buckets=_LATENCY_BUCKETS, registry=r)
        self.steps = Counter("loveletter_steps_total", "Stored steps", ["kind", "by"], registry=r)
        self.refusals = Counter("loveletter_refusals_total", "Refused commands", ["code"], registry=r)
        self.protocol_errors = Counter("loveletter_protocol_errors_total", "Protocol errors", ["code"], registry=r)
        self.rate_limited = Counter("loveletter_rest_rate_limited_total",
                                    "REST requests refused by the rate limit (too_many_requests), by bucket",
                                    ["by"], registry=r)
        self.frames_out = Counter("loveletter_frames_sent_total", "Frames queued to clients", registry=r)
        self.dropped = Counter("loveletter_slow_clients_total", "Connections closed for a full send queue",
                               registry=r)

    def track_tables(self, count: Callable[[str], int]) -> None:
        for status in ("waiting", "playing", "finished", "closed"):
            self.tables.labels(status).set_function(partial(count, status))

    def render(self) -> bytes:
        return generate_latest(self.registry)


__all__ = ["Metrics"]
