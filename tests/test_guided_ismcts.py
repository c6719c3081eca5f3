"""Policy-guided ISMCTS: the network's prior and leaf value inside the search (numpy)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from loveletter.arena import play_game
from loveletter.bots import make_bot
from loveletter.engine import Decision, View
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


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 3)])
def test_guided_search_reading_hands_with_its_policy_plays_legal_deterministic_games(
        tmp_path: Path, edition: str, players: int) -> None:
    model = tiny_model(tmp_path / "m.npz", edition, players)
    spec = (f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=12:lam=0:infer=policy:particles=8"
            ":infer_eps=0.05:positions=redealt:guesses_by=infer")
    lineup = [spec] + ["heuristic"] * (players - 1)
    first = play_game(lineup, edition, players, seed=5, options={"tokensToWin": 1})
    assert first == play_game(lineup, edition, players, seed=5, options={"tokensToWin": 1})


def test_infer_policy_needs_a_network_and_its_own_chances(tmp_path: Path) -> None:
    from loveletter.bots import BotSpecError

    with pytest.raises(BotSpecError, match="infer=policy needs a policy network"):
        make_bot("ismcts:infer=policy")
    model = tiny_model(tmp_path / "m.npz", "classic", 2)
    with pytest.raises(BotSpecError, match="infer_temp"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:infer=policy:infer_temp=0.1")
    other = tiny_model(tmp_path / "o.npz", "classic", 3)
    with pytest.raises(BotSpecError, match="classic/3"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:infer=policy:infer_model={other}")
    seats = tiny_model(tmp_path / "s.npz", "classic", 2, value=False, seed=7)
    with pytest.raises(BotSpecError, match="give infer=policy"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:infer_model={seats}")


def test_infer_model_is_the_model_of_the_other_seats(tmp_path: Path) -> None:
    """With ``infer_model`` the filter weighs the other seats' choices by that file's policy (which needs
    no value network), the guide's prior staying its own."""
    from loveletter.engine import Game

    model = tiny_model(tmp_path / "m.npz", "classic", 2)
    seats = tiny_model(tmp_path / "s.npz", "classic", 2, value=False, seed=7)
    bot = make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=8:infer=policy:infer_model={seats}",
                   seed=1)
    own = make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=8:infer=policy", seed=1)
    g = Game("classic", 2, seed=3)
    g.start_round()
    view = g.view(g.to_move)
    assert bot.inference.model(view) != own.inference.model(view)  # type: ignore[union-attr]
    assert own.inference.model(view) == own.guide.chances(view)  # type: ignore[union-attr]
    assert bot.guide.prior(view, list(view.legal)) == own.guide.prior(view, list(view.legal))
    assert bot.options["infer_model"] == str(seats)


def test_a_filter_with_the_seats_own_network_reads_their_hands_better_than_the_belief() -> None:
    """Seats that play a policy network, read by a filter whose model is that network: the particles give
    the real card far more often than the belief (and than a model without the network), and the real deal
    always keeps a chance."""
    from helpers import read_by_seat0

    from loveletter.bots.belief import Belief
    from loveletter.bots.infer import HeuristicInference
    from loveletter.rl.guided import NetworkGuide
    from loveletter.rl.policy_bot import PolicyBot

    path = str(Path(__file__).resolve().parents[1] / "examples" / "models" / "classic2.npz")
    chances = NetworkGuide(path).chances
    particle = belief = 0.0
    hands = 0
    games = read_by_seat0("classic", 2, range(6),
                          lambda seed: [PolicyBot(seed=seed * 2 + s, path=path) for s in range(2)],
                          lambda seed: HeuristicInference(40, seed=seed, model=chances))
    for g, view, inf in games:
        if len(view.legal) > 1 and inf.parts and g.alive[1]:
            card = g.hand(1)[0]
            particle += sum(p.game.hand(1)[0] == card for p in inf.parts) / len(inf.parts)
            b = Belief(view)
            belief += b.distribution(1, b.pool()).get(card, 0.0)
            hands += 1
            inf.fixed = inf._fixed_slots(view.log)
            true = inf._simulate(list(g.record()["rounds"][-1]["deck"]), view.log)
            assert true is not None and true.lik > 0
    # 42% against the belief's 27% here; a uniform model (every choice alike) reaches only 33%
    assert hands > 20 and particle > 1.45 * belief, (hands, particle, belief)


def rollout_choices(bot: Any, seeds: range = range(6)) -> Iterator[tuple[bool, View, Decision]]:
    """Every choice among several in ``bot``'s rollouts of classic 4p rounds: (our seat's?, view, choice)."""
    import random

    from loveletter.engine import Game

    for seed in seeds:
        g = Game("classic", 4, seed=seed)
        g.start_round()
        me = seed % 4
        ro = bot._rollout_policy(g, random.Random(seed), {}, me)
        while not g.round_over:
            seat = g.to_move
            view = g.view(seat)
            d = ro.choose()
            if len(view.legal) > 1:
                yield seat == me, view, d
            ro.step(d)


def test_own_rollout_policy_plays_our_seat_by_the_network_and_the_others_by_the_rollout(tmp_path: Path) -> None:
    """``own_rollout=policy``: in a rollout our seat plays the network's likeliest choice, every other seat
    the ``rollout`` policy's (here the heuristic's, checked against its scores)."""
    from loveletter.bots import BotSpecError
    from loveletter.bots.belief import Belief
    from loveletter.bots.heuristic import scores

    model = tiny_model(tmp_path / "m.npz", "classic", 4)
    spec = f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=8:lam=0:rollout=heuristic:own_rollout=policy"
    bot = make_bot(spec, seed=1)
    ours = others = 0
    for mine, view, d in rollout_choices(bot):
        if mine:
            p = bot.guide.prior(view, list(view.legal))
            assert p[view.legal.index(d)] == max(p)
            ours += 1
        else:
            sc = scores(view, Belief(view))
            assert sc[d] == max(sc.values())
            others += 1
    assert ours > 3 and others > 10
    lineup = [spec] + ["heuristic"] * 3
    assert play_game(lineup, "classic", 4, seed=2, options={"tokensToWin": 1}) == play_game(
        lineup, "classic", 4, seed=2, options={"tokensToWin": 1})
    with pytest.raises(BotSpecError, match="own_rollout=mine: want same or policy"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:own_rollout=mine")
    with pytest.raises(BotSpecError, match="later=tree is for the plain search"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:rollout=heuristic:later=tree")


def test_other_rollout_model_plays_the_other_seats_by_the_model_that_reads_them(tmp_path: Path) -> None:
    """``other_rollout=model``: in a rollout every other seat plays the likeliest choice of the model of the
    other seats (``infer_model``, not the guide), our seat the ``rollout`` policy's; with ``own_rollout=policy``
    too, our seat plays the guide's."""
    from loveletter.bots import BotSpecError
    from loveletter.bots.belief import Belief
    from loveletter.bots.heuristic import scores
    from loveletter.rl.guided import NetworkGuide

    model = tiny_model(tmp_path / "m.npz", "classic", 4)
    seats = tiny_model(tmp_path / "s.npz", "classic", 4, value=False, seed=9)
    seats_guide = NetworkGuide(str(seats), need_value=False)
    base = (f"loveletter.rl.guided:GuidedISMCTS:model={model}:iters=8:lam=0:rollout=heuristic"
            f":infer=policy:infer_model={seats}:particles=10:other_rollout=model")
    for own in (False, True):
        bot = make_bot(base + (":own_rollout=policy" if own else ""), seed=1)
        ours = others = differs = 0
        for mine, view, d in rollout_choices(bot):
            if not mine:
                p = seats_guide.prior(view, list(view.legal))
                assert p[view.legal.index(d)] == max(p)
                q = bot.guide.prior(view, list(view.legal))
                differs += q.index(max(q)) != p.index(max(p))
                others += 1
            else:
                if own:
                    p = bot.guide.prior(view, list(view.legal))
                    assert p[view.legal.index(d)] == max(p)
                else:
                    sc = scores(view, Belief(view))
                    assert sc[d] == max(sc.values())
                ours += 1
        assert ours > 3 and others > 10 and differs > 0
    lineup = [base] + ["heuristic"] * 3
    assert play_game(lineup, "classic", 4, seed=2, options={"tokensToWin": 1}) == play_game(
        lineup, "classic", 4, seed=2, options={"tokensToWin": 1})
    with pytest.raises(BotSpecError, match="other_rollout=all: want same or model"):
        make_bot(f"loveletter.rl.guided:GuidedISMCTS:model={model}:other_rollout=all")
