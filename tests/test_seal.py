"""The sealed engine under arbitrary input (Hypothesis, every edition and player count): records replay
exactly, apply() refuses anything that is not exactly a legal decision without changing anything,
views are snapshots nothing can write through, and Game.from_view checks what it is given."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping

import pytest
from helpers import EDITION_PLAYERS, fingerprint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.engine import (
    BishopChoice,
    CardinalLook,
    ChancellorChoice,
    Game,
    IllegalDecision,
    Play,
    PositionError,
    replay,
)
from loveletter.engine.editions import ALL_CARDS
from loveletter.engine.knowledge import knowledge

PER_SETUP = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)

junk_scalar = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 10), st.integers(2**62, 2**70), st.floats(allow_nan=True),
    st.text(max_size=8), st.sampled_from(ALL_CARDS), st.just(()), st.just([]),
)
junk_targets = st.one_of(
    st.tuples(), st.tuples(junk_scalar), st.tuples(junk_scalar, junk_scalar), st.lists(junk_scalar, max_size=2),
    junk_scalar,
)
junk = st.one_of(
    junk_scalar,
    st.builds(Play, st.one_of(st.sampled_from(ALL_CARDS), junk_scalar), junk_targets, junk_scalar),
    st.builds(ChancellorChoice, st.one_of(st.sampled_from(ALL_CARDS), junk_scalar),
              st.one_of(st.tuples(st.sampled_from(ALL_CARDS)), junk_targets)),
    st.builds(BishopChoice, junk_scalar),
    st.builds(CardinalLook, junk_scalar),
    st.tuples(st.sampled_from(ALL_CARDS), junk_targets, junk_scalar, st.just("play")),
    st.dictionaries(st.text(max_size=3), junk_scalar, max_size=2),
)


def _play(g: Game, r: random.Random, rounds: int) -> None:
    while not g.game_over and g.round_no < rounds:
        if g.to_move is None:
            g.start_round()
        g.apply(r.choice(g.legal_decisions()))


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@PER_SETUP
@given(seeds, st.sampled_from(["seeded", "seedless", "mixed"]))
def test_records_replay_to_the_same_game_and_the_same_record(edition: str, players: int, seed: int,
                                                              kind: str) -> None:
    r = random.Random(seed)
    g = Game(edition, players, seed=None if kind == "seedless" else seed)
    if kind == "mixed":  # a given deck with a random first player, then a given first player, then shuffles
        deck = list(g.deck_spec.cards())
        r.shuffle(deck)
        g.start_round(deck=deck)
        while g.to_move is not None:
            g.apply(r.choice(g.legal_decisions()))
        if not g.game_over:
            g.start_round(first_player=r.randrange(players))
    _play(g, r, rounds=4)
    rec = g.record()
    again = replay(copy.deepcopy(rec))
    assert fingerprint(again) == fingerprint(g)
    assert again.record() == rec


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@PER_SETUP
@given(seeds, st.lists(junk, min_size=5, max_size=25), st.integers(-2, 9))
def test_apply_refuses_junk_and_changes_nothing(edition: str, players: int, seed: int, values: list,
                                                 seat: int) -> None:
    g = Game(edition, players, seed=seed)
    r = random.Random(seed)
    g.start_round()
    for _ in range(r.randrange(12)):
        if g.to_move is None:
            break
        g.apply(r.choice(g.legal_decisions()))
    if g.to_move is None:
        return
    before, rec = fingerprint(g), g.record()
    legal = g.legal_decisions()
    for value in values:
        if any(value is d for d in legal):
            continue
        for who in (None, seat):
            try:
                g.apply(value, seat=who)
            except IllegalDecision:
                pass
            else:  # accepted: it must have been exactly a legal decision, made by the seat to move
                assert any(type(value) is type(d) and value == d for d in legal)
                return
            assert fingerprint(g) == before and g.record() == rec
    # a legal decision from another seat is refused too
    wrong = (g.to_move + 1) % players
    with pytest.raises(IllegalDecision):
        g.apply(legal[0], seat=wrong)
    assert fingerprint(g) == before and g.record() == rec


def _mutables(obj: object, seen: set[int]) -> list[object]:
    """Every object reachable from a view, to try writing through."""
    if id(obj) in seen:
        return []
    seen.add(id(obj))
    out = [obj]
    if isinstance(obj, Mapping):
        for v in obj.values():
            out += _mutables(v, seen)
    elif isinstance(obj, tuple | list | set | frozenset):
        for v in obj:
            out += _mutables(v, seen)
    elif hasattr(obj, "__dataclass_fields__"):
        for name in obj.__dataclass_fields__:  # type: ignore[attr-defined]
            out += _mutables(getattr(obj, name), seen)
    return out


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@PER_SETUP
@given(seeds)
def test_nothing_reachable_from_a_view_can_change_the_game_or_another_view(edition: str, players: int,
                                                                            seed: int) -> None:
    g = Game(edition, players, seed=seed)
    r = random.Random(seed)
    _play(g, r, rounds=1)
    before = fingerprint(g)
    others = [g.view(s) for s in range(players)]
    reprs = [repr([getattr(v, f) for f in v.__dataclass_fields__]) for v in others]
    v = g.view(r.randrange(players))
    for obj in _mutables(v, set()):
        for attempt in (lambda o: o.__setitem__("x", 1), lambda o: o.append(1), lambda o: o.clear(),
                        lambda o: o.add(1), lambda o: setattr(o, "seat", 9)):
            try:
                attempt(obj)
            except (TypeError, AttributeError, Exception):  # noqa: B014 - frozen: every write must fail
                continue
            raise AssertionError(f"wrote through a view into {type(obj).__name__}")
    assert fingerprint(g) == before
    assert [repr([getattr(x, f) for f in x.__dataclass_fields__]) for x in others] == reprs


def _real_hidden(g: Game, seat: int) -> dict:
    return {"hands": {s: list(g.hand(s)) for s in range(g.players) if s != seat}, "deck": list(g.deck),
            "set_aside": g.set_aside}


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
@PER_SETUP
@given(seeds)
def test_from_view_accepts_the_truth_and_refuses_what_contradicts_the_view(edition: str, players: int,
                                                                           seed: int) -> None:
    g = Game(edition, players, seed=seed)
    r = random.Random(seed)
    g.start_round()
    for _ in range(r.randrange(15)):
        if g.to_move is None:
            return
        g.apply(r.choice(g.legal_decisions()))
    if g.to_move is None:
        return
    seat = g.to_move
    v = g.view(seat)
    pos = Game.from_view(v, _real_hidden(g, seat))
    assert pos.view(seat) == v and pos.legal_decisions() == g.legal_decisions()
    assert pos.hands == g.hands and pos.deck == g.deck
    # wrong sizes, wrong card counts and a changed own hand are refused
    if g.deck:
        bad = _real_hidden(g, seat)
        bad["deck"] = bad["deck"][1:]
        with pytest.raises(PositionError):
            Game.from_view(v, bad)
        bad = _real_hidden(g, seat)
        bad["deck"][0] = "princess" if bad["deck"][0] != "princess" else "guard"
        with pytest.raises(PositionError):
            Game.from_view(v, bad)
    with pytest.raises(PositionError):
        Game.from_view(v, {**_real_hidden(g, seat), "set_aside": None if g.set_aside else "guard"})
    # a card the seat surely knows another seat holds cannot be moved away from it
    k = knowledge(v)
    for s, cards in k.holds.items():
        donors = [t for t in range(players) if t not in (s, seat) and g.hand(t) and g.hand(t)[0] not in cards]
        if not donors or len(g.hand(s)) != 1:
            continue
        bad = _real_hidden(g, seat)
        t = donors[0]
        bad["hands"][s], bad["hands"][t] = bad["hands"][t], bad["hands"][s]
        with pytest.raises(PositionError, match="surely holds"):
            Game.from_view(v, bad)
        break
