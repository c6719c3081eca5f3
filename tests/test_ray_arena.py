"""Arena tournaments on Ray give the same results as the process pool (needs the ray extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from loveletter.arena import run_arena  # noqa: E402


def _strip(res: dict) -> dict:
    return {k: v for k, v in res.items() if k != "seconds"}


def test_ray_two_local_workers_match_the_process_pool() -> None:
    specs = ["heuristic", "random", "heuristic:noise=0.6"]
    pool = run_arena(specs, "classic", 3, matches=6, seed=11, workers=2)
    on_ray = run_arena(specs, "classic", 3, matches=6, seed=11, workers=2, ray="local")
    assert _strip(on_ray) == _strip(pool)
    assert on_ray["games_played"] == 18


def test_ray_map_streams_every_result() -> None:
    from loveletter.arena.ray_pool import ray_map

    out = sorted(ray_map(abs, list(range(-10, 0)), "local", workers=2, chunk=3))
    assert out == list(range(1, 11))
