"""The REST rate limit: a token bucket per identity (else per address), 429 ``too_many_requests``.

The server's clock is injected: the tests advance it instead of sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from loveletter.server.config import Limits
from loveletter.server.ratelimit import TokenBuckets, address_key, retry_after

from .harness import Client, ServerThread, quick_config

RATE, BURST = 0.5, 4  # a token every 2 s


class Clock:
    """The server's clock, moved by the tests (whole seconds, so the refills are exact)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerThread, Clock]]:
    clock = Clock()
    limits = Limits(min_timer_seconds=0.2, requests_per_second=RATE, request_burst=BURST)
    with ServerThread(quick_config(tmp_path_factory.mktemp("rl"), limits=limits, clock=clock)) as srv:
        yield srv, clock


@pytest.fixture
def clock(limited: tuple[ServerThread, Clock]) -> Clock:
    limited[1].advance(3600)  # every bucket is full again
    return limited[1]


@pytest.fixture
def people(limited: tuple[ServerThread, Clock], clock: Clock) -> Iterator[Any]:
    made: list[Client] = []

    def make(name: str) -> Client:
        made.append(Client(limited[0].url, name))  # an anonymous request: one token of the address
        return made[-1]

    yield make
    for c in made:
        c.shutdown()


def tables_of(srv: ServerThread, identity: str) -> int:
    return sum(1 for t in list(srv.hub.tables.values()) if t.creator == identity)


def exhaust(send: Callable[[], httpx.Response]) -> httpx.Response:
    """Send until refused (at most BURST + 1 requests); the refusal."""
    for _ in range(BURST + 1):
        r = send()
        if r.status_code == 429:
            return r
        assert r.status_code == 200, r.text
    raise AssertionError("no 429 after the burst")


def assert_refused(r: httpx.Response, wait: int) -> None:
    assert r.status_code == 429
    assert r.headers["retry-after"] == str(wait)
    assert r.headers["content-type"] == "application/json"
    assert r.json() == {"error": {"code": "too_many_requests",
                                  "params": {"perSecond": RATE, "burst": BURST, "retryAfter": wait}}}


def test_a_burst_over_the_limit_is_refused_and_changes_nothing(limited: Any, people: Any) -> None:
    srv = limited[0]
    ada = people("Ada")
    made = [ada.post("/api/tables", {"players": 2}) for _ in range(BURST)]
    assert [r.status_code for r in made] == [200] * BURST
    r = ada.post("/api/tables", {"players": 2})
    assert_refused(r, 2)
    assert tables_of(srv, ada.id) == BURST  # the refused request made no table
    assert_refused(ada.get("/api/me"), 2)


def test_another_identity_is_not_affected(people: Any) -> None:
    ada, bob = people("Ada"), people("Bob")
    exhaust(lambda: ada.get("/api/me"))
    assert [bob.get("/api/me").status_code for _ in range(BURST)] == [200] * BURST
    assert ada.get("/api/me").status_code == 429


def test_requests_are_accepted_again_when_the_bucket_refills(people: Any, clock: Clock) -> None:
    ada = people("Ada")
    assert_refused(exhaust(lambda: ada.get("/api/me")), 2)
    clock.advance(1)  # half a token
    assert_refused(ada.get("/api/me"), 1)
    clock.advance(1)
    assert ada.get("/api/me").status_code == 200
    assert ada.get("/api/me").status_code == 429  # one token, not a new burst
    clock.advance(2 * BURST)
    assert [ada.get("/api/me").status_code for _ in range(BURST + 1)] == [200] * BURST + [429]


def test_without_a_valid_token_the_address_is_limited(limited: Any, people: Any) -> None:
    ada = people("Ada")  # one token of the address
    with httpx.Client(base_url=limited[0].url, timeout=30) as http:
        made = [http.get("/api/tables", headers={"authorization": f"Bearer made-up-{i}"}) for i in range(BURST - 1)]
        assert [r.status_code for r in made] == [200] * (BURST - 1)
        assert_refused(http.get("/api/tables", headers={"authorization": "Bearer made-up-again"}), 2)
        assert http.post("/api/identity", json={"name": "Eve"}).status_code == 429
    assert ada.get("/api/me").status_code == 200  # an identity has its own bucket


def test_an_unknown_token_is_looked_up_once_then_believed_unknown_for_a_while(
        limited: Any, people: Any, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The limiter and the route both ask who a token is: storage is read once for a bad token,
    and again only after ``UNKNOWN_TOKEN_SECONDS``; a good token still works meanwhile."""
    from loveletter.server.hub import UNKNOWN_TOKEN_SECONDS

    srv = limited[0]
    reads: list[str] = []
    lookup = srv.hub.store.identity_by_token

    async def counted(h: str) -> Any:
        reads.append(h)
        return await lookup(h)

    monkeypatch.setattr(srv.hub.store, "identity_by_token", counted)
    with httpx.Client(base_url=srv.url, timeout=30) as http:
        bad = {"authorization": "Bearer no-such-token-anywhere"}
        assert http.get("/api/me", headers=bad).status_code == 401
        assert http.get("/api/me", headers=bad).status_code == 401
        assert len(reads) == 1
        clock.advance(UNKNOWN_TOKEN_SECONDS + 1)
        assert http.get("/api/me", headers=bad).status_code == 401
        assert len(reads) == 2
    assert people("Ada").get("/api/me").status_code == 200


def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_bucket(limited: Any, clock: Clock) -> None:
    """uvicorn believes X-Forwarded-For from a trusted proxy (127.0.0.1 by default, else
    ``serve --forwarded-allow-ips``): anonymous users behind the proxy do not share one bucket."""
    with httpx.Client(base_url=limited[0].url, timeout=30) as http:
        one = {"x-forwarded-for": "198.51.100.7"}
        exhaust(lambda: http.get("/api/tables", headers=one))
        other = {"x-forwarded-for": "198.51.100.8"}
        assert [http.get("/api/tables", headers=other).status_code for _ in range(BURST)] == [200] * BURST
        assert http.get("/api/tables", headers=one).status_code == 429


def refused(http: httpx.Client, by: str) -> float:
    """The server's count of rate-limited requests by ``by`` (Prometheus text)."""
    for line in http.get("/metrics").text.splitlines():
        if line.startswith(f'loveletter_rest_rate_limited_total{{by="{by}"}} '):
            return float(line.split()[-1])
    return 0.0


def test_static_files_healthz_and_metrics_are_not_limited(limited: Any, people: Any) -> None:
    srv = limited[0]
    ada = people("Ada")
    with httpx.Client(base_url=srv.url, timeout=30) as http:
        before = refused(http, "identity"), refused(http, "address")
        exhaust(lambda: ada.get("/api/me"))
        exhaust(lambda: http.get("/api/bots"))
        page = http.get("/")
        assert page.status_code == 200
        asset = page.text.split('src="', 1)[1].split('"', 1)[0]
        for _ in range(2 * BURST):
            assert http.get("/healthz").status_code == 200
            assert http.get("/").status_code == 200
            assert http.get(asset).status_code == 200
            assert ada.get("/healthz").status_code == 200
            assert http.get("/metrics").status_code == 200
        assert (refused(http, "identity"), refused(http, "address")) == (before[0] + 1, before[1] + 1)
        assert http.get("/api/bots").status_code == 429  # still limited


def test_a_rate_of_zero_turns_the_limit_off(tmp_path: Path) -> None:
    limits = Limits(min_timer_seconds=0.2, requests_per_second=0, request_burst=1)
    with ServerThread(quick_config(tmp_path, limits=limits, clock=lambda: 1_800_000_000.0)) as srv:
        people = [Client(srv.url, name) for name in ("Ada", "Bob", "Cy")]  # three anonymous requests
        try:
            statuses = {people[0].get("/api/me").status_code for _ in range(3 * BURST)}
            statuses |= {people[0].post("/api/tables", {"players": 2}).status_code for _ in range(3)}
            with httpx.Client(base_url=srv.url, timeout=30) as http:
                statuses |= {http.get("/api/bots").status_code for _ in range(3 * BURST)}
        finally:
            for c in people:
                c.shutdown()
    assert statuses == {200}


# ---------------------------------------------------------------------------------------------- the buckets
def test_the_buckets_refill_at_the_rate_up_to_the_burst() -> None:
    now = [0.0]
    b = TokenBuckets(2, 3, lambda: now[0])
    assert [b.take("a") for _ in range(4)] == [0.0, 0.0, 0.0, 0.5]
    now[0] = 0.25
    assert b.take("a") == 0.25
    now[0] = 100.0
    assert [b.take("a") for _ in range(4)] == [0.0, 0.0, 0.0, 0.5]  # never more than the burst
    now[0] = 99.0  # the clock went back: no tokens, no error
    assert b.take("a") == 0.5
    assert b.take("b") == 0.0


def test_idle_buckets_are_dropped_and_the_count_is_bounded() -> None:
    now = [0.0]
    b = TokenBuckets(1, 2, lambda: now[0], max_keys=5)
    for key in "abc":
        b.take(key)
    assert len(b) == 3
    now[0] = 1.0  # not full again yet
    b.take("d")
    assert len(b) == 4
    now[0] = 2.0  # a, b and c are full again: the same as new ones
    b.take("e")
    assert len(b) == 2
    for i in range(20):
        b.take(f"k{i}")
    assert len(b) == 5


def test_zero_turns_the_buckets_off_and_the_default_is_on() -> None:
    assert not TokenBuckets(0, 50, time.time).enabled
    assert not TokenBuckets(10, 0, time.time).enabled
    assert TokenBuckets(Limits().requests_per_second, Limits().request_burst, time.time).enabled


def test_retry_after_and_address_keys() -> None:
    assert [retry_after(w) for w in (0.001, 1.0, 1.2, 7.9)] == [1, 1, 2, 8]
    assert address_key("203.0.113.9") == "203.0.113.9"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_key(None) == "?" and address_key("testclient") == "testclient"


def test_serve_flags_set_the_rest_limit_and_refuse_negative_values(monkeypatch: Any, capsys: Any) -> None:
    import uvicorn

    import loveletter.server.app as app_module
    from loveletter.cli import main

    made: list[Any] = []
    monkeypatch.setattr(app_module, "create_app", lambda config: made.append(config) or object())
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    monkeypatch.setattr("loveletter.server.cli.tune_gc", lambda: None)
    monkeypatch.setattr("loveletter.server.logs.setup_logging", lambda *a, **k: None)
    assert main(["serve", "--database-url", "sqlite://", "--rest-rate", "0", "--rest-burst", "7"]) == 0
    assert made[-1].limits.requests_per_second == 0 and made[-1].limits.request_burst == 7
    assert main(["serve", "--database-url", "sqlite://"]) == 0
    assert made[-1].limits.requests_per_second == 10.0 and made[-1].limits.request_burst == 50
    assert main(["serve", "--rest-rate", "-1"]) == 2
    assert "--rest-rate" in capsys.readouterr().err
    assert len(made) == 2
