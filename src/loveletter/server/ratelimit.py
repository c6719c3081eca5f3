"""The REST API's rate limit: a token bucket per key (an identity, or a client address).

:class:`TokenBuckets` keeps only what it needs: a bucket unused long enough to be full again is the
same as a new one and is dropped, and at most ``max_keys`` buckets are kept (the longest unused go
first). Time comes from the injected clock, so tests advance it instead of sleeping.
"""

from __future__ import annotations

import ipaddress
import math
from collections import OrderedDict
from collections.abc import Callable

MAX_KEYS = 100_000


class TokenBuckets:
    """``burst`` tokens per key, refilled at ``rate`` a second; each request takes one.

    A ``rate`` or ``burst`` of 0 turns the limit off (:attr:`enabled`)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float], max_keys: int = MAX_KEYS) -> None:
        self.rate, self.burst, self.clock, self.max_keys = float(rate), float(burst), clock, max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when), oldest first

    @property
    def enabled(self) -> bool:
        return self.rate > 0 and self.burst >= 1

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, key: str) -> float:
        """Take a token of ``key``'s bucket: 0.0 if there was one, else the seconds until there is."""
        now = self.clock()
        tokens, then = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + max(0.0, now - then) * self.rate)
        self._prune(now)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _prune(self, now: float) -> None:
        """Drop the buckets full again (unused for ``burst / rate`` s), then the oldest over ``max_keys - 1``."""
        refilled = self.burst / self.rate
        while self._buckets:
            key, (_, then) = next(iter(self._buckets.items()))
            if now - then < refilled and len(self._buckets) < self.max_keys:
                return
            del self._buckets[key]


def retry_after(wait: float) -> int:
    """``Retry-After`` for a wait of ``wait`` seconds: whole seconds, rounded up, at least 1."""
    return max(1, math.ceil(wait))


def address_key(host: str | None) -> str:
    """The bucket of a client address: IPv4 as it is, IPv6 by its /64 (one host often holds the whole
    network), an IPv4-mapped IPv6 address as its IPv4 address."""
    try:
        ip = ipaddress.ip_address(host or "")
    except ValueError:
        return host or "?"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


__all__ = ["MAX_KEYS", "TokenBuckets", "address_key", "retry_after"]
