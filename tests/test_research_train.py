"""`loveletter train`: a short run writes the model, curve, checkpoint; resume continues (needs torch)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")

from loveletter.cli import main  # noqa: E402
from loveletter.rl.policy_bot import PolicyBot, load_model  # noqa: E402


def test_train_checkpoint_resume_and_model(tmp_path, capsys) -> None:
    out = tmp_path / "m.npz"
    args = ["train", "--edition", "classic", "--players", "2", "--opponents", "random,self", "--envs", "4",
            "--steps", "16", "--rounds", "150", "--out", str(out), "--checkpoint-every", "2", "--quiet"]
    assert main(args) == 0
    first = json.loads((tmp_path / "m.json").read_text())
    assert first["rounds"] >= 150 and (tmp_path / "m.ckpt").exists() and (tmp_path / "m.png").exists()
    args[args.index("150")] = "300"
    assert main([*args, "--resume"]) == 0
    second = json.loads((tmp_path / "m.json").read_text())
    assert second["rounds"] >= 300 and second["updates"] > first["updates"]
    model = load_model(out)
    assert model["value"] and model["value"][-1][0].shape[1] == 1
    bot = PolicyBot(seed=1, path=str(out))
    from loveletter.engine import Game

    g = Game("classic", 2, seed=4)
    g.start_round()
    assert bot.choose(g.view(g.to_move)) in g.legal_decisions()


def test_exploit_probe_reports_a_best_response_with_its_budget(tmp_path, capsys) -> None:
    out = tmp_path / "br.npz"
    assert main(["exploit", "--bot", "random", "--rounds", "100", "--matches", "3", "--out", str(out),
                 "--json", "--quiet"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["bot"] == "random" and res["budget"]["rounds"] >= 100
    br = res["best_response"]
    assert br["games"] == 6 and 0.0 <= br["ci95"][0] <= br["win_rate"] <= br["ci95"][1] <= 1.0
    assert res["par"] == 0.5 and out.exists()
    assert main(["exploit", "--bot", "nosuchbot", "--rounds", "10"]) == 2


def test_expert_iteration_labels_search_decisions_and_distills(tmp_path) -> None:
    import numpy as np

    from loveletter.research.expert import collect, distill
    from loveletter.rl.encoding import obs_size

    out = tmp_path / "m.npz"
    assert main(["train", "--players", "2", "--opponents", "random", "--envs", "2", "--steps", "8", "--rounds", "20",
                 "--out", str(out), "--quiet"]) == 0
    teacher = f"loveletter.rl.guided:GuidedISMCTS:model={out}:iters=5:lam=1"
    obs, mask, lab = collect("classic", 2, teacher, ["heuristic", "self"], games=2, progress=False, chunk=1)
    assert len(obs) == len(mask) == len(lab) > 0 and obs.shape[1] == obs_size("classic", 2)
    assert all(mask[i, lab[i]] for i in range(len(lab))) and (mask.sum(1) > 1).all()
    res = distill(str(out), (obs, mask, lab), str(tmp_path / "next.npz"), epochs=1, log=None)
    assert res["decisions"] == len(lab)
    nxt = load_model(tmp_path / "next.npz")
    assert nxt["value"] and np.array_equal(nxt["value"][0][0], load_model(out)["value"][0][0])


def test_train_whole_game_episodes_score_each_round(tmp_path) -> None:
    """``--episode game`` (the default) plays whole games: later rounds and scores reach the policy."""
    from loveletter.research.train import TrainConfig, train

    seen: list[float] = []
    import loveletter.rl.gym_env as gym_env

    class Spy(gym_env.LoveLetterEnv):
        def _obs(self):  # type: ignore[no-untyped-def]
            g = self.match.game
            seen.append(g.view(self.seat).round if g is not None else 0)
            return super()._obs()

    import loveletter.rl as rl

    original = rl.LoveLetterEnv
    rl.LoveLetterEnv = Spy  # type: ignore[misc]
    try:
        out = tmp_path / "g.npz"
        summary = train(TrainConfig(opponents=["random"], envs=2, steps=16, max_rounds=60, out=str(out)),
                        progress=False, log=None)
        assert summary["rounds"] >= 60 and max(seen) > 1
        seen.clear()
        train(TrainConfig(opponents=["random"], envs=2, steps=16, max_rounds=30, out=str(out), episode="round"),
              progress=False, log=None)
        assert set(seen) == {1}
        with pytest.raises(ValueError, match="episode"):
            train(TrainConfig(episode="match", out=str(out)), progress=False, log=None)
    finally:
        rl.LoveLetterEnv = original  # type: ignore[misc]


def test_belief_features_carry_from_training_to_expert_iteration(tmp_path) -> None:
    """``--features belief`` makes a network with the longer observation; an expert iteration and a
    PPO run from it keep the features of their ``--init`` model."""
    from loveletter.rl.encoding import obs_size

    first = tmp_path / "b.npz"
    assert main(["train", "--edition", "premium", "--players", "5", "--opponents", "random", "--envs", "2",
                 "--steps", "8", "--rounds", "10", "--features", "belief", "--out", str(first), "--quiet"]) == 0
    model = load_model(first)
    assert model["features"] == "belief" and model["layers"][0][0].shape[0] == obs_size("premium", 5, "belief")
    nxt = tmp_path / "next.npz"
    assert main(["train", "--expert", "2", "--init", str(first), "--out", str(nxt), "--teacher", "heuristic",
                 "--opponents", "random", "--quiet"]) == 0
    assert load_model(nxt)["features"] == "belief"
    again = tmp_path / "again.npz"
    assert main(["train", "--edition", "premium", "--players", "5", "--opponents", "random", "--envs", "2",
                 "--steps", "8", "--rounds", "10", "--init", str(nxt), "--out", str(again), "--quiet"]) == 0
    assert load_model(again)["features"] == "belief"


def test_features_belief_widens_a_facts_init_model(tmp_path, capsys) -> None:
    """``--features belief`` with a facts ``--init`` network: PPO and an expert iteration start from
    the widened network (the same decisions, the longer observation); without the flag the network
    keeps its own features."""
    from loveletter.rl.encoding import obs_size

    facts = tmp_path / "f.npz"
    base = ["train", "--edition", "classic", "--players", "2", "--opponents", "random", "--envs", "2",
            "--steps", "8", "--rounds", "10", "--quiet"]
    assert main([*base, "--out", str(facts)]) == 0
    assert load_model(facts)["features"] == "facts"
    wide = tmp_path / "w.npz"
    assert main([*base, "--init", str(facts), "--features", "belief", "--out", str(wide)]) == 0
    model = load_model(wide)
    assert model["features"] == "belief"
    assert model["layers"][0][0].shape[0] == model["value"][0][0].shape[0] == obs_size("classic", 2, "belief")
    nxt = tmp_path / "x.npz"
    assert main(["train", "--expert", "2", "--init", str(facts), "--features", "belief", "--out", str(nxt),
                 "--teacher", "heuristic", "--opponents", "random", "--quiet"]) == 0
    assert load_model(nxt)["features"] == "belief"
    assert json.loads(nxt.with_suffix(".expert.json").read_text())["features"] == "belief"
    same = tmp_path / "s.npz"
    assert main([*base, "--init", str(facts), "--out", str(same)]) == 0
    assert load_model(same)["features"] == "facts"
    narrowed = tmp_path / "n.npz"
    code = main([*base, "--init", str(wide), "--features", "facts", "--out", str(narrowed)])
    assert code != 0 and not narrowed.exists()
    assert "a belief model cannot be changed to facts features" in capsys.readouterr().err


def test_expert_iterations_keep_their_decisions_and_train_on_earlier_ones(tmp_path, capsys) -> None:
    """Each iteration writes OUT.data.npz; ``--data`` adds an earlier iteration's decisions to the
    training set; data for another network is refused in one line and no model is written."""
    import numpy as np

    base = ["train", "--edition", "classic", "--players", "2", "--opponents", "random", "--envs", "2",
            "--steps", "8", "--rounds", "10", "--quiet"]
    start = tmp_path / "s.npz"
    assert main([*base, "--out", str(start)]) == 0
    it = ["train", "--expert", "2", "--teacher", "heuristic", "--opponents", "random", "--quiet"]
    one = tmp_path / "one.npz"
    assert main([*it, "--init", str(start), "--out", str(one), "--seed", "1"]) == 0
    capsys.readouterr()
    with np.load(tmp_path / "one.data.npz") as z:
        kept = len(z["labels"])
        assert kept > 0 and z["obs"].shape[0] == z["mask"].shape[0] == kept
        assert all(z["mask"][i, z["labels"][i]] for i in range(kept))
    two = tmp_path / "two.npz"
    assert main([*it, "--init", str(one), "--out", str(two), "--seed", "2", "--data", str(tmp_path / "one.data.npz"),
                 "--epochs", "1"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["decisions"] == res["new_decisions"] + kept and res["epochs"] == 1
    assert res["extra_data"] == [str(tmp_path / "one.data.npz")]
    again = tmp_path / "again.npz"
    assert main(["train", "--expert", "0", "--init", str(one), "--out", str(again), "--quiet",
                 "--data", str(tmp_path / "one.data.npz"), "--data", str(tmp_path / "two.data.npz")]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["decisions"] == kept + len(np.load(tmp_path / "two.data.npz")["labels"]) and res["new_decisions"] == 0
    assert res["teacher"] is None and not (tmp_path / "again.data.npz").exists() and again.exists()
    nothing = tmp_path / "nothing.npz"
    assert main(["train", "--expert", "0", "--init", str(one), "--out", str(nothing), "--quiet"]) == 2
    assert "nothing to train on" in capsys.readouterr().err and not nothing.exists()
    wide = tmp_path / "w.npz"
    assert main([*base, "--init", str(start), "--features", "belief", "--out", str(wide)]) == 0
    wrong = tmp_path / "wrong.npz"
    code = main([*it, "--init", str(wide), "--out", str(wrong), "--data", str(tmp_path / "one.data.npz")])
    assert code == 2 and not wrong.exists()
    assert "facts features; this network is classic 2p with belief features" in capsys.readouterr().err
    (tmp_path / "junk.npz").write_bytes(b"not a file")
    assert main([*it, "--init", str(one), "--out", str(wrong), "--data", str(tmp_path / "junk.npz")]) == 2
    assert "not a data file" in capsys.readouterr().err and not wrong.exists()


def test_anchor_keeps_a_fine_tuned_policy_near_its_init(tmp_path, capsys) -> None:
    """``--anchor`` adds the KL divergence from the ``--init`` policy to PPO's loss: at the same
    seed and budget the anchored run ends closer to the start, and reports how far it moved; it
    needs ``--init`` and survives a resume."""
    import numpy as np

    from loveletter.rl import LoveLetterEnv
    from loveletter.rl.policy_bot import divergence

    start = tmp_path / "start.npz"
    base = ["train", "--opponents", "random", "--envs", "4", "--steps", "16", "--quiet", "--seed", "3"]
    assert main([*base, "--rounds", "20", "--out", str(start)]) == 0
    fast = [*base, "--rounds", "200", "--lr", "0.01", "--init", str(start), "--checkpoint-every", "2"]
    free, held = tmp_path / "free.npz", tmp_path / "held.npz"
    assert main([*fast, "--out", str(free)]) == 0
    assert main([*fast, "--anchor", "50", "--out", str(held)]) == 0

    env = LoveLetterEnv("classic", 2, opponents="random")
    obs, masks = [], []
    for i in range(40):
        o, _ = env.reset(seed=i)
        obs.append(o["observation"])
        masks.append(o["action_mask"].astype(bool))
    x, m = np.stack(obs), np.stack(masks)

    def moved(path) -> float:
        return divergence(load_model(start)["layers"], load_model(path)["layers"], x, m)[0]

    assert moved(start) == pytest.approx(0.0, abs=1e-9) and moved(held) < moved(free)
    summary = json.loads((tmp_path / "held.json").read_text())
    assert summary["config"]["anchor"] == 50 and summary["anchor_kl"] >= 0
    assert "anchor_kl" not in json.loads((tmp_path / "free.json").read_text())
    assert main([*fast, "--anchor", "50", "--out", str(held), "--rounds", "300", "--resume"]) == 0
    assert json.loads((tmp_path / "held.json").read_text())["rounds"] >= 300
    capsys.readouterr()
    assert main([*base, "--rounds", "10", "--anchor", "1", "--out", str(tmp_path / "x.npz")]) != 0
    assert "give --init" in capsys.readouterr().err


def test_a_dotted_model_name_keeps_its_own_checkpoint_and_curve(tmp_path) -> None:
    """``--out m.v1.2.npz`` writes ``m.v1.2.ckpt``/``.png``/``.json``, not ``m.v1.ckpt`` (two runs named
    ``a0.1`` and ``a0.03`` must not share one checkpoint); ``--expert --out e.v2`` keeps ``e.v2.data.npz``."""
    for name in ("m.v1.2.npz", "m.v1.3"):
        assert main(["train", "--opponents", "random", "--envs", "2", "--steps", "8", "--rounds", "10",
                     "--quiet", "--out", str(tmp_path / name)]) == 0
    for base in ("m.v1.2", "m.v1.3"):
        for ext in (".npz", ".ckpt", ".png", ".json"):
            assert (tmp_path / (base + ext)).exists(), base + ext
    assert not (tmp_path / "m.v1.ckpt").exists() and not (tmp_path / "m.v1.npz").exists()
    # an expert iteration's decisions and summary follow the same rule
    assert main(["train", "--expert", "2", "--init", str(tmp_path / "m.v1.2.npz"), "--out", str(tmp_path / "e.v2"),
                 "--teacher", "heuristic", "--opponents", "random", "--quiet"]) == 0
    for ext in (".npz", ".data.npz", ".expert.json"):
        assert (tmp_path / ("e.v2" + ext)).exists(), ext
    assert not (tmp_path / "e.data.npz").exists() and not (tmp_path / "e.expert.json").exists()
