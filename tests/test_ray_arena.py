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


def test_expert_iteration_collects_on_ray(tmp_path) -> None:
    pytest.importorskip("numpy")
    import numpy as np

    from loveletter.research.expert import collect
    from loveletter.rl import action_space
    from loveletter.rl.encoding import obs_size
    from loveletter.rl.policy_bot import save_npz

    rng = np.random.default_rng(0)
    n_obs, n_act = obs_size("classic", 2), action_space("classic", 2).size
    save_npz(tmp_path / "m.npz", "classic", 2, [(rng.normal(size=(n_obs, n_act)).astype(np.float32),
                                                 np.zeros(n_act, np.float32))],
             [(rng.normal(size=(n_obs, 1)).astype(np.float32), np.zeros(1, np.float32))])
    teacher = f"loveletter.rl.guided:GuidedISMCTS:model={tmp_path / 'm.npz'}:iters=4"
    local = collect("classic", 2, teacher, ["heuristic"], games=4, chunk=2, progress=False)
    on_ray = collect("classic", 2, teacher, ["heuristic"], games=4, chunk=2, progress=False, ray="local")
    key = lambda d: sorted(map(tuple, np.column_stack([d[0].round(5), d[2]]).tolist()))  # noqa: E731
    assert key(local) == key(on_ray)
