"""Arena games (or any picklable work) on a Ray cluster: ``loveletter arena --ray [ADDRESS]``.

Needs the ``ray`` extra. ``address`` is a Ray cluster address (``ray://host:10001`` or
``host:6379``), or ``"local"`` to start a local Ray with ``workers`` CPUs for the duration of the
call (what the tests do). Each task is a game of the arena, seeded exactly as in the process
pool, so a tournament gives the same results on Ray as with ``--workers``.

:func:`ray_map` is the general form (chunks of items to a remote function, results streamed
back as they finish): self-play data collection can use it with its own function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any


class RayUnavailable(RuntimeError):
    """Ray is not installed (pip install 'loveletter[ray]')."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--ray needs Ray: pip install 'loveletter[ray]'") from None
    return ray


def _run_chunk(fn: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    return [fn(item) for item in items]


def ray_map(fn: Callable[[Any], Any], items: Sequence[Any], address: str | None = "local", workers: int = 2,
            chunk: int = 1) -> Iterator[Any]:
    """``fn(item)`` for every item on Ray, yielded as the chunks finish (in no fixed order).

    ``fn`` must be importable by the workers (a module-level function). A local Ray started here is
    shut down when the iterator is exhausted or closed; a cluster given by address is left running.
    """
    ray = _ray()
    started = False
    if not ray.is_initialized():
        if address in (None, "", "local"):
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        started = True
    try:
        remote = ray.remote(num_cpus=1)(_run_chunk)
        chunks = [list(items[i:i + chunk]) for i in range(0, len(items), max(1, chunk))]
        # keep a bounded number of chunks in flight so results stream back
        in_flight: list[Any] = []
        pending = iter(chunks)
        limit = max(2, 4 * workers)
        for c in pending:
            in_flight.append(remote.remote(fn, c))
            if len(in_flight) >= limit:
                break
        while in_flight:
            ready, in_flight = ray.wait(in_flight, num_returns=1)
            for ref in ready:
                yield from ray.get(ref)
            nxt = next(pending, None)
            if nxt is not None:
                in_flight.append(remote.remote(fn, nxt))
    finally:
        if started:
            ray.shutdown()


__all__ = ["RayUnavailable", "ray_map"]
