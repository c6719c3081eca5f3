"""The RL layer: PettingZoo conformance, action indices, masks, and no hidden card in observations."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest
from helpers import hidden_shuffled
from pettingzoo.test import api_test, seed_test

from loveletter.engine import Game
from loveletter.engine.editions import EDITIONS
from loveletter.engine.knowledge import knowledge
from loveletter.rl import LoveLetterEnv, action_space, env
from loveletter.rl.core import outcome
from loveletter.rl.encoding import Encoder
from loveletter.table import Pushed, Table

CONFIGS = [(name, n) for name, ed in EDITIONS.items() for n in range(ed.min_players, ed.max_players + 1)]


def random_states(edition: str, players: int, games: int, seed: int):
    """Every state (between decisions) of a few random games, rounds chained to the game's end."""
    rng = random.Random(seed)
    for i in range(games):
        g = Game(edition, players, seed=seed * 1000 + i)
        g.start_round()
        while not g.game_over:
            if g.phase == "round_over":
                g.start_round()
            yield g
            g.apply(rng.choice(g.legal_decisions()), seat=g.to_move)


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_pettingzoo_api_and_seed(edition: str, players: int) -> None:
    api_test(env(edition, players), num_cycles=300)
    seed_test(lambda: env(edition, players), num_cycles=300)


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_action_round_trip_and_mask(edition: str, players: int) -> None:
    space = action_space(edition, players)
    assert len(set(space.keys)) == space.size
    env_ = env(edition, players, reward="round")
    for g in random_states(edition, players, games=3, seed=players):
        seat = g.to_move
        legal = g.legal_decisions()
        idx = space.legal_indices(legal, seat)
        assert len(set(idx)) == len(legal)
        for d, i in zip(legal, idx, strict=True):
            assert space.decision(i, seat) == d
        env_.unwrapped.match.table = Table(g, [Pushed() for _ in range(players)])
        env_.unwrapped.match.done = False
        mask = env_.unwrapped.match.mask(seat)
        assert set(np.flatnonzero(mask)) == set(idx)
        for other in range(players):
            if other != seat:
                assert not env_.unwrapped.match.mask(other).any()


@pytest.mark.parametrize("features", ["facts", "belief", "history"])
@pytest.mark.parametrize("edition,players", CONFIGS)
def test_observation_ignores_hidden_cards(edition: str, players: int, features: str) -> None:
    enc = Encoder(edition, players, features)
    rng = random.Random(7)
    changed = 0
    for g in random_states(edition, players, games=2, seed=11 + players):
        for seat in range(players):
            h = hidden_shuffled(g, seat, rng)
            changed += h.hands != g.hands or h.deck != g.deck or h.set_aside != g.set_aside
            a, b = enc.encode(g.view(seat)), enc.encode(h.view(seat))
            assert np.array_equal(a, b), f"observation of seat {seat} depends on hidden cards"
            assert a.shape == (enc.size,) and a.min() >= 0.0 and a.max() <= 1.0
    assert changed > 50


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_tracked_knowledge_is_true(edition: str, players: int) -> None:
    """What the encoder's "known" / "knows mine" blocks say a seat knows is actually so."""
    enc = Encoder(edition, players)
    k = len(enc.cards)
    for g in random_states(edition, players, games=3, seed=23 + players):
        for seat in range(players):
            obs = enc.encode(g.view(seat))
            facts = knowledge(g.view(seat))
            i = 9 + 3 * k + players
            for r in range(players):
                s = (seat + r) % players
                i += 9 + k
                known = [enc.cards[j] for j in np.flatnonzero(obs[i:i + k])]
                mine = [enc.cards[j] for j in np.flatnonzero(obs[i + k:i + 2 * k])]
                i += 2 * k
                assert sorted(known) == sorted(set(facts.holds.get(s, ()))) if r else not known
                assert sorted(mine) == sorted(set(facts.knows_mine.get(s, ()))) if r else not mine
                for card in known:
                    assert card in g.hands[s], (seat, s, card, g.hands)
                for card in mine:
                    assert card in g.hands[seat], (seat, card, g.hands)


def test_rewards_round_and_game() -> None:
    assert outcome([1, 0]) == [1.0, -1.0]
    assert outcome([0, 2, 0]) == [-0.5, 1.0, -0.5]
    assert outcome([0, 0]) == [0.0, 0.0]
    for reward in ("game", "round", "tokens"):
        e = env("classic", 3, reward=reward)
        e.reset(seed=5)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        rng = np.random.default_rng(0)
        for agent in e.agent_iter():
            obs, r, term, trunc, _ = e.last()
            totals[agent] += r
            e.step(None if term else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        tokens = e.unwrapped.match.game.tokens
        winners = e.unwrapped.match.game.game_winners
        if reward == "game":
            assert all(totals[f"player_{s}"] == (1.0 if s in winners else -0.5) for s in range(3))
        if reward == "tokens":
            assert [totals[f"player_{s}"] for s in range(3)] == [float(t) for t in tokens]


@pytest.mark.parametrize(("edition", "players"), [("classic", 3), ("premium", 6), ("2019", 4)])
def test_round_win_counts_match_the_round_rewards(edition: str, players: int) -> None:
    """``Match.rounds_won`` counts, per seat, the rounds whose ``round`` reward it got as a winner."""
    from loveletter.rl.core import Match

    m = Match(edition, players, reward="round")
    rng = np.random.default_rng(1)
    wins, decided, several = [0] * players, 0, 0
    for seed in range(6):
        m.reset(seed)
        while not m.done:
            legal = np.flatnonzero(m.mask(m.to_move))
            r = m.step(int(rng.choice(legal)))
            if any(r):
                decided += 1
                several += sum(x > 0 for x in r) > 1
                for s in range(players):
                    wins[s] += r[s] > 0
    assert m.rounds_won == wins and m.rounds_decided == decided > 0
    if edition == "classic":
        assert sum(wins) == decided and several == 0  # one winner per round
    assert sum(wins) >= decided


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("premium", 6), ("2019", 4)])
def test_belief_features_append_each_other_seats_card_probabilities(edition: str, players: int) -> None:
    """``features="belief"``: the facts layout unchanged, then per other seat the belief's distribution
    of its hand card (summing to 1 while the seat is in the round, zeros once it is out)."""
    from loveletter.bots.belief import Belief
    from loveletter.rl.encoding import obs_size

    facts, belief = Encoder(edition, players), Encoder(edition, players, "belief")
    k = len(facts.cards)
    assert belief.size == obs_size(edition, players, "belief") == facts.size + (players - 1) * k
    seen_out = 0
    for g in random_states(edition, players, games=2, seed=3):
        seat = g.to_move
        v = g.view(seat)
        a, b = facts.encode(v), belief.encode(v)
        assert np.array_equal(b[:facts.size], a)
        blocks = b[facts.size:].reshape(players - 1, k)
        full = Belief(v)
        for r in range(1, players):
            s = (seat + r) % players
            if v.alive[s]:
                assert blocks[r - 1].sum() == pytest.approx(1.0, abs=1e-5)
                for c, p in full.distribution(s).items():
                    assert blocks[r - 1][facts.card_index[c]] == pytest.approx(p, abs=1e-6)
            else:
                seen_out += 1
                assert not blocks[r - 1].any()
    assert seen_out > 0 or players == 2  # with two players a round ends as soon as one is out
    with pytest.raises(ValueError, match="features"):
        Encoder(edition, players, "beliefs")
    e = LoveLetterEnv(edition, players, opponents="random", features="belief")
    obs, _ = e.reset(seed=2)
    assert obs["observation"].shape == e.observation_space["observation"].shape == (belief.size,)


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 4)])
def test_history_features_append_each_other_seats_latest_discards_in_order(edition: str, players: int) -> None:
    """``features="history"``: the belief layout unchanged, then per other seat one one-hot block per
    latest discard, the most recent first, zeros where its pile is shorter."""
    from loveletter.rl.encoding import HISTORY, obs_size

    belief, history = Encoder(edition, players, "belief"), Encoder(edition, players, "history")
    k = len(belief.cards)
    assert history.size == obs_size(edition, players, "history") == belief.size + (players - 1) * HISTORY * k
    piles = set()
    for g in random_states(edition, players, games=3, seed=5):
        seat = g.to_move
        v = g.view(seat)
        a, b = belief.encode(v), history.encode(v)
        assert np.array_equal(b[:belief.size], a)
        blocks = b[belief.size:].reshape(players - 1, HISTORY, k)
        for r in range(1, players):
            pile = v.discards[(seat + r) % players]
            piles.add(len(pile))
            for j in range(HISTORY):
                if j < len(pile):
                    assert blocks[r - 1, j].sum() == 1.0
                    assert blocks[r - 1, j, history.card_index[pile[-1 - j]]] == 1.0
                else:
                    assert not blocks[r - 1, j].any()
    assert {0, 1, 2}.issubset(piles) and max(piles) > HISTORY  # short piles and piles longer than the window


def test_illegal_action_raises() -> None:
    e = env("classic", 2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError):
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_determinism_with_disturbed_global_rngs() -> None:
    def run(disturb: bool) -> list:
        e = env("premium", 6, reward="round")
        e.reset(seed=3)
        trace = []
        rng = np.random.default_rng(1)
        for agent in e.agent_iter(max_iter=400):
            obs, r, term, _, _ = e.last()
            trace.append((agent, r, obs["observation"].tobytes()))
            if disturb:
                random.random()
                np.random.random()
            e.step(None if term else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return trace

    assert run(False) == run(True)


@pytest.mark.parametrize("edition,players", [("classic", 2), ("premium", 5), ("2019", 4)])
def test_gym_env(edition: str, players: int) -> None:
    # (gymnasium's check_env steps with unmasked random actions, which this env rejects)
    e = LoveLetterEnv(edition, players, reward="round", opponents="random", seat=1)
    first = e.reset(seed=9)[0]["observation"]
    assert np.array_equal(first, e.reset(seed=9)[0]["observation"])
    rng = np.random.default_rng(0)
    for ep in range(3):
        obs, _ = e.reset(seed=ep)
        done = False
        while not done:
            assert e.observation_space.contains(obs)
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, done, trunc, _ = e.step(action)
            assert reward in (-1.0, -1 / (players - 1), 0.0, 1.0) or abs(reward) <= players
        assert e.match.game.game_over


def test_gym_round_episodes() -> None:
    e = LoveLetterEnv("classic", 2, reward="round", episode="round")
    obs, _ = e.reset(seed=0)
    rewards = []
    for _ in range(20):
        done, total = False, 0.0
        while not done:
            obs, r, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
            total += r
        rewards.append(total)
        obs, _ = e.reset()
    assert set(rewards) <= {-1.0, 0.0, 1.0} and len(set(rewards)) > 1


def test_core_package_imports_without_rl_dependencies() -> None:
    code = (
        "import sys\n"
        "for m in ('numpy', 'pettingzoo', 'gymnasium', 'torch'): sys.modules[m] = None\n"
        "import loveletter, loveletter.engine, loveletter.bots, loveletter.cli\n"
        "from loveletter.rl import action_space\n"
        "assert action_space('classic', 2).size == 20\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
