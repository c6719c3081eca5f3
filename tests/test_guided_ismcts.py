"""Policy-guided ISMCTS: the network's prior and leaf value inside the search (numpy)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from loveletter.arena import play_game
from loveletter.bots import make_bot
from loveletter.rl import action_space
from loveletter.rl.encoding import obs_size
from loveletter.rl.policy_bot import save_npz


def tiny_model(path: Path, edition: str, players: int, value: bool = True, seed: int = 0) -> Path:
    rng = np.random.default_rng(seed)

    def net(sizes: list[int]) -> list[tuple[np.ndarray, np.ndarray]]:
        return [(0.3 * rng.normal(size=(a, b)).astype(np.float32), rng.normal(size=b).astype(np.float32))
                for a, b in zip(sizes, sizes[1:], strict=False)]

    n_obs = obs_size(edition, players)
    save_npz(path, edition, players, net([n_obs, 16, action_space(edition, players).size]),
             net([n_obs, 16, 1]) if value else None)
    return path


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 3), ("premium", 5)])
def test_guided_search_plays_legal_deterministic_games(tmp_path: Path, edition: str, players: int) -> None:
    model = tiny_model(tmp_path / "m.npz", edition, players)
    spec = f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=12:lam=0.5"
    lineup = [spec] + ["heuristic"] * (players - 1)
    first = play_game(lineup, edition, players, seed=4, options={"tokensToWin": 1})
    assert first == play_game(lineup, edition, players, seed=4, options={"tokensToWin": 1})


def test_guided_options_and_model_checks(tmp_path: Path) -> None:
    from loveletter.bots import BotSpecError

    no_value = tiny_model(tmp_path / "p.npz", "classic", 2, value=False)
    with pytest.raises(ValueError, match="no value network"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={no_value}")
    model = tiny_model(tmp_path / "m.npz", "classic", 2)
    with pytest.raises(BotSpecError):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:lam=2")
    with pytest.raises(BotSpecError):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:nosuch=1")
    bot = make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=10:lam=1:prune=0.5", seed=1)
    from loveletter.engine import Game

    g = Game("classic", 2, seed=9)
    g.start_round()
    assert bot.choose(g.view(g.to_move)) in g.legal_decisions()


def test_prior_bonus_beta_makes_the_prior_decide() -> None:
    """With a huge ``beta`` the prior's bonus outweighs any rollout difference: the likeliest decision wins."""
    import tempfile

    from loveletter.engine import Game

    with tempfile.TemporaryDirectory() as tmp:
        model = tiny_model(Path(tmp) / "m.npz", "classic", 2, seed=3)
        strong = make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=20:lam=0:beta=1000", seed=2)
        plain = make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=20:lam=0", seed=2)
        differ = 0
        for seed in range(30):
            g = Game("classic", 2, seed=seed)
            g.start_round()
            view = g.view(g.to_move)
            if len(view.legal) < 2:
                continue
            probs = strong.guide.prior(view, list(view.legal))
            top = view.legal[int(np.argmax(probs))]
            assert strong.choose(view) == top
            differ += plain.choose(view) != top
        assert differ > 0  # without the bonus the search does overrule the prior somewhere
    with pytest.raises(Exception, match="beta"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:beta=-1")
