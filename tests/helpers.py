"""Shared helpers for the tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import islice

from loveletter.engine import Game, PositionError
from loveletter.engine.events import thaw

EDITION_PLAYERS = [("classic", n) for n in range(2, 5)] + [("premium", n) for n in range(2, 9)] + [
    ("2019", n) for n in range(2, 7)
]


def fingerprint(g: Game) -> tuple:
    """Everything in a game's state, for equality checks."""
    return (
        g.phase, g.current, g.round_no, g.turn, g.last_draw, tuple(g.deck), g.set_aside, tuple(g.face_up),
        tuple(map(tuple, g.hands)), tuple(map(tuple, g.discards)), tuple(g.alive), tuple(g.protected),
        tuple(g.eliminated), g.mandate, g.jester, tuple(sorted(g.spies)), tuple(g.tokens), g.pending,
        g.end_reason, repr(thaw(g.round_result)), tuple(g.game_winners), g.next_first,
        tuple(repr(dict(e.full())) for e in g.events), g.rng_state,
    )


def all_cards(g: Game) -> Counter:
    cards = Counter(g.deck) + Counter(g.face_up)
    if g.set_aside is not None:
        cards[g.set_aside] += 1
    for h in g.hands:
        cards.update(h)
    for d in g.discards:
        cards.update(d)
    return cards


def random_game(edition: str, players: int, seed: int, max_rounds: int = 3, **kw) -> Game:
    g = Game(edition, players, seed=seed, **kw)
    r = random.Random(seed)
    while not g.game_over and g.round_no < max_rounds:
        g.start_round()
        while not g.round_over:
            g.apply(r.choice(g.legal_decisions()))
    return g


def random_positions(edition: str, players: int, seed: int, max_rounds: int = 4, **kw) -> Iterator[Game]:
    """The game before each decision of a random game (random legal decisions, ``max_rounds`` rounds)."""
    g = Game(edition, players, seed=seed, **kw)
    r = random.Random(f"{edition}{players}{seed}")
    while not g.game_over and g.round_no < max_rounds:
        if g.to_move is None:
            g.start_round()
        yield g
        g.apply(r.choice(g.legal_decisions()))


def views_of_games(edition: str, players: int, seeds: tuple[int, ...], seats: tuple[int, ...], steps: int) -> list:
    """The views of ``seats`` before each of the first ``steps`` decisions of random games, game after game."""
    views = []
    for seed in seeds:
        for g in islice(random_positions(edition, players, seed), steps):
            views += [g.view(s) for s in seats]
    return views


def hidden_shuffled(g: Game, seat: int, r: random.Random, tries: int = 20) -> Game:
    """A position (``Game.from_view``) in which the cards hidden from ``seat`` are shuffled among the
    hidden places, keeping what the seat knows for sure; the real assignment if no shuffle fits."""
    others = [s for s in range(g.players) if s != seat]
    hands = {s: list(g.hand(s)) for s in others}
    deck = list(g.deck)
    real = {"hands": hands, "deck": deck, "set_aside": g.set_aside}
    view = g.view(seat)
    for _ in range(tries):
        pool = deck + ([g.set_aside] if g.set_aside is not None else [])
        for s in others:
            pool.extend(hands[s])
        r.shuffle(pool)
        hidden = {
            "deck": [pool.pop() for _ in deck],
            "set_aside": pool.pop() if g.set_aside is not None else None,
            "hands": {s: [pool.pop() for _ in hands[s]] for s in others},
        }
        try:
            return Game.from_view(view, hidden)
        except PositionError:
            continue
    return Game.from_view(view, real)


def round_decisions(g: Game, bots, rounds: int) -> Iterator:
    """Play up to ``rounds`` rounds of ``g``, each seat by its bot in ``bots``: yields (seat, its view,
    the bot's decision) at every decision, before the decision is applied (by that seat)."""
    for _ in range(rounds):
        if g.game_over:
            break
        g.start_round()
        while not g.round_over:
            seat = g.to_move
            view = g.view(seat)
            d = bots[seat].choose(view)
            yield seat, view, d
            g.apply(d, seat=seat)


def read_by_seat0(edition: str, players: int, seeds, bots_for, inference_for, rounds: int = 3) -> Iterator:
    """Games of ``bots_for(seed)`` (one bot per seat), read by ``inference_for(seed)`` (a
    :class:`~loveletter.bots.infer.HeuristicInference` of seat 0): yields (game, seat 0's view, the
    inference after its update) at each of seat 0's decisions, for the first ``rounds`` rounds."""
    for seed in seeds:
        g = Game(edition, players, seed=seed)
        inf = inference_for(seed)
        for seat, view, d in round_decisions(g, bots_for(seed), rounds):
            if seat == 0:
                inf.update(view)
                yield g, view, inf
                inf.played(view, d)
