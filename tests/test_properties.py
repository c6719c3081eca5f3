"""Property-based tests over random games of every edition and player count."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import EDITION_PLAYERS, all_cards, fingerprint, hidden_shuffled
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.engine import (
    BishopChoice,
    CardinalLook,
    ChancellorChoice,
    Game,
    IllegalDecision,
    Play,
    replay,
)
from loveletter.engine.editions import ALL_CARDS

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PER_SETUP = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.sampled_from(EDITION_PLAYERS).flatmap(
    lambda ep: st.tuples(st.just(ep[0]), st.just(ep[1]), st.integers(0, 2**32 - 1))
)
seeds = st.integers(0, 2**32 - 1)


def random_candidates(g: Game, r: random.Random, k: int = 12) -> list:
    """Decisions of every kind, mostly illegal, to probe the validator."""
    n = g.players
    seats = list(range(-1, n + 1))
    out = []
    for _ in range(k):
        kind = r.random()
        if kind < 0.7:
            size = r.choice([0, 1, 1, 2, 3])
            targets = tuple(sorted(r.choice(seats) for _ in range(size)))
            guess = r.choice([None, None, *range(-1, 11)])
            out.append(Play(r.choice(ALL_CARDS), targets, guess))
        elif kind < 0.8:
            bottom = tuple(r.choice(ALL_CARDS) for _ in range(r.randint(0, 3)))
            out.append(ChancellorChoice(r.choice(ALL_CARDS), bottom))
        elif kind < 0.9:
            out.append(BishopChoice(r.random() < 0.5))
        else:
            out.append(CardinalLook(r.choice([None, *seats])))
    return out


def check_sizes(g: Game) -> None:
    deck_spec = g.deck_spec
    assert all_cards(g) == Counter(deck_spec.counts)
    for s in range(g.players):
        size = len(g.hands[s])
        if not g.alive[s]:
            assert size == 0
        elif g.phase == "play" and s == g.current:
            assert size == 2
        elif g.phase == "chancellor" and s == g.current:
            assert size == 1 + g.pending[2]
        else:
            assert size == 1


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@PER_SETUP
@given(seeds)
def test_random_games_keep_every_invariant(edition: str, players: int, seed: int) -> None:
    g = Game(edition, players, seed=seed)
    r = random.Random(seed)
    decisions = 0
    while not g.game_over and g.round_no < 4:
        g.start_round()
        steps = 0
        while not g.round_over:
            check_sizes(g)
            legal = g.legal_decisions()
            assert legal, "someone must be able to decide"
            assert len(set(legal)) == len(legal)
            before = fingerprint(g)
            for cand in random_candidates(g, r):
                if cand in legal:
                    continue
                with pytest.raises(IllegalDecision):
                    g.apply(cand)
                assert fingerprint(g) == before
            for d in r.sample(legal, min(3, len(legal))):  # every listed decision is accepted
                g.copy().apply(d)
            wrong_seat = (g.to_move + 1) % players
            with pytest.raises(IllegalDecision) as exc:
                g.apply(legal[0], seat=wrong_seat)
            assert exc.value.code == "not_your_turn"
            assert fingerprint(g) == before
            g.apply(r.choice(legal), seat=g.to_move)
            decisions += 1
            steps += 1
            assert steps < 200, "a round must end"
        assert all_cards(g) == Counter(g.deck_spec.counts)
    again = replay(g.record())
    assert fingerprint(again) == fingerprint(g)


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@PER_SETUP
@given(seeds, st.integers(0, 7))
def test_views_hide_what_the_seat_cannot_know(edition: str, players: int, seed: int, seat_pick: int) -> None:
    seat = seat_pick % players
    g = Game(edition, players, seed=seed)
    r = random.Random(seed ^ 0x5EED)
    g.start_round()
    while not g.round_over:
        if g.to_move is not None:
            v = g.view(seat)
            for _ in range(2):
                assert hidden_shuffled(g, seat, r).view(seat) == v
            for e in v.log:  # no private part of another seat's event
                if e["kind"] in ("draw", "receive", "chancellor_draw", "chancellor_return", "see"):
                    if e["seat"] != seat:
                        assert not ({"card", "cards", "keep", "bottom"} & set(e)), e
        g.apply(r.choice(g.legal_decisions()))


@SETTINGS
@given(games)
def test_same_seed_same_game_whatever_the_global_random_module_does(params: tuple[str, int, int]) -> None:
    edition, players, seed = params

    def run(disturb: bool) -> tuple:
        g = Game(edition, players, seed=seed)
        r = random.Random(seed)
        noise = random.Random(seed + 1)
        while not g.game_over and g.round_no < 3:
            g.start_round()
            while not g.round_over:
                if disturb:
                    random.seed(noise.random())
                    random.random()
                g.apply(r.choice(g.legal_decisions()))
        return fingerprint(g)

    assert run(False) == run(True)
