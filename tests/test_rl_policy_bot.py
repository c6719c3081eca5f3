"""PolicyBot: a saved policy plays legal games through the bot interface (numpy; torch when present)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from loveletter.bots import make_bot
from loveletter.engine import Game
from loveletter.rl import action_space
from loveletter.rl.encoding import Encoder, obs_size
from loveletter.rl.policy_bot import PolicyBot, load_model, logits, save_npz, widen_model

ROOT = Path(__file__).resolve().parents[1]


def tiny_model(path: Path, edition: str, players: int, seed: int = 0, features: str = "facts") -> Path:
    rng = np.random.default_rng(seed)
    sizes = [obs_size(edition, players, features), 16, action_space(edition, players).size]
    layers = [(rng.normal(size=(a, b)).astype(np.float32), rng.normal(size=b).astype(np.float32))
              for a, b in zip(sizes, sizes[1:], strict=False)]
    save_npz(path, edition, players, layers, features=features)
    return path


def test_a_model_keeps_its_features_and_is_read_with_them(tmp_path: Path) -> None:
    """A ``features=belief`` model plays with the longer observation; a file without the key is ``facts``."""
    belief = tiny_model(tmp_path / "b.npz", "premium", 5, features="belief")
    facts = tiny_model(tmp_path / "f.npz", "premium", 5)
    assert load_model(belief)["features"] == "belief" and load_model(facts)["features"] == "facts"
    with np.load(facts) as data:
        assert "features" not in data.files  # the files of the default stay as they were
    bot = PolicyBot(path=str(belief))
    assert bot.encoder.features == "belief" and bot.encoder.size == obs_size("premium", 5, "belief")
    g = play_game("premium", 5, [f"loveletter.rl.policy_bot:PolicyBot:path={belief}"] + ["random"] * 4, 2)
    assert g.game_winners
    arrays = dict(np.load(facts))
    arrays["features"] = np.array("beliefs")
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(Exception, match="features"):
        PolicyBot(path=str(tmp_path / "bad.npz"))


@pytest.mark.parametrize(("start", "to"), [("facts", "belief"), ("facts", "history"), ("belief", "history")])
def test_a_model_widened_to_later_features_plays_the_same_decisions(tmp_path: Path, start: str, to: str) -> None:
    """``widen_model`` grows the first layer with zero weights for the new inputs: on the views of a
    whole game the widened policy gives the original's logits; a model cannot be narrowed."""
    first = widen_model(load_model(tiny_model(tmp_path / "f.npz", "2019", 3, seed=4)), start)
    wide = widen_model(first, to)
    assert wide["features"] == to and widen_model(wide, to) is wide
    assert wide["layers"][0][0].shape[0] == obs_size("2019", 3, to)
    narrow, broad = Encoder("2019", 3, start), Encoder("2019", 3, to)
    bots = [make_bot("heuristic", seed=9 + i) for i in range(3)]
    g, checked, carried = Game("2019", 3, seed=9), 0, 0
    while not g.game_over:
        if g.phase in ("setup", "round_over"):
            g.start_round()
        seat = g.to_move
        view = g.view(seat)
        x, xb = narrow.encode(view), broad.encode(view)
        carried += bool(np.any(xb[len(x):]))  # the new inputs carry something, and weigh nothing
        if start == "facts":  # the belief's blocks are never all zero
            assert np.any(xb[len(x):])
        np.testing.assert_allclose(logits(wide["layers"], xb), logits(first["layers"], x), rtol=1e-5, atol=1e-5)
        checked += 1
        g.apply(bots[seat].choose(view), seat=seat)
    assert checked > 5 and carried > checked // 2
    with pytest.raises(ValueError, match="cannot be changed"):
        widen_model(wide, start)


def play_game(edition: str, players: int, specs: list[str], seed: int) -> Game:
    bots = [make_bot(s, seed=seed + i) for i, s in enumerate(specs)]
    g = Game(edition, players, seed=seed)
    while not g.game_over:
        if g.phase in ("setup", "round_over"):
            g.start_round()
        seat = g.to_move
        g.apply(bots[seat].choose(g.view(seat)), seat=seat)  # raises on an illegal decision
    return g


@pytest.mark.parametrize("edition,players", [("classic", 2), ("premium", 5), ("2019", 3)])
def test_policy_bot_plays_legal_games(tmp_path: Path, edition: str, players: int) -> None:
    path = tiny_model(tmp_path / "m.npz", edition, players)
    for sample in ("false", "true"):
        spec = f"loveletter.rl.policy_bot:PolicyBot:path={path}:sample={sample}"
        for seed in range(3):
            g = play_game(edition, players, [spec] + ["random"] * (players - 1), seed)
            assert g.game_winners


def test_policy_bot_is_deterministic_and_follows_logits(tmp_path: Path) -> None:
    path = tiny_model(tmp_path / "m.npz", "classic", 2, seed=3)
    a = play_game("classic", 2, [f"loveletter.rl.policy_bot:PolicyBot:path={path}", "random"], 4)
    b = play_game("classic", 2, [f"loveletter.rl.policy_bot:PolicyBot:path={path}", "random"], 4)
    assert a.record() == b.record()
    bot = PolicyBot(path=str(path))
    space, enc = action_space("classic", 2), Encoder("classic", 2)
    g = Game("classic", 2, seed=1)
    g.start_round()
    view = g.view(g.to_move)
    scores = logits(bot.layers, enc.encode(view))
    best = max(view.legal, key=lambda d: scores[space.index(d, view.seat)])
    assert bot.choose(view) == best


def test_policy_bot_rejects_other_games(tmp_path: Path) -> None:
    bot = PolicyBot(path=str(tiny_model(tmp_path / "m.npz", "classic", 2)))
    g = Game("classic", 3, seed=0)
    g.start_round()
    with pytest.raises(ValueError):
        bot.choose(g.view(g.to_move))


def test_a_spectators_view_gets_a_clear_error_from_the_policy_and_the_belief(tmp_path: Path) -> None:
    from loveletter.bots.belief import Belief
    from loveletter.engine.views import spectator_view

    bot = PolicyBot(path=str(tiny_model(tmp_path / "m.npz", "classic", 2)))
    g = Game("classic", 2, seed=0)
    g.start_round()
    with pytest.raises(ValueError, match="spectator"):
        bot.choose(spectator_view(g))
    with pytest.raises(ValueError, match="spectator"):
        Belief(spectator_view(g))
    bot.choose(g.view(g.to_move))  # the seat's own view is fine


def test_trained_example_saves_a_model_policy_bot_reads(tmp_path: Path) -> None:
    pytest.importorskip("torch")  # only this test needs PyTorch (the `train` extra)
    spec = importlib.util.spec_from_file_location("train_ppo", ROOT / "examples" / "train_ppo.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "m.npz"
    summary = mod.main(["--rounds", "30", "--envs", "4", "--steps", "8", "--hidden", "8", "--out", str(out)])
    assert summary["rounds"] >= 30
    model = load_model(out)
    assert (model["edition"], model["players"]) == ("classic", 2)
    assert model["layers"][0][0].shape == (obs_size("classic", 2), 8)
    assert model["layers"][-1][0].shape[1] == action_space("classic", 2).size
    bot = PolicyBot(path=str(out))
    g = Game("classic", 2, seed=3)
    g.start_round()
    assert bot.choose(g.view(g.to_move)) in g.legal_decisions()
