"""Information-set Monte Carlo tree search.

Each iteration samples the hidden cards (other hands, deck order, set-aside card) from the seat's
:class:`~loveletter.bots.belief.Belief` — card counts, private knowledge, and weights for what
other seats are likely to hold — builds a determinized engine :class:`~loveletter.engine.Game`,
plays one of our legal decisions in it and plays the round out with a fast rule-based policy
(every seat remembers its own looks in the rollout). The reward is the tokens we gain this round
(a game win counts 2); a rollout stops as soon as our seat is out of the round for good (see
:func:`out_for_good`), which saves time and changes no result. The statistics live in one
information-set node per legal decision of ours: our legal decisions are the same in every sample,
so each sample only decides how good they are (single-observer ISMCTS restricted to our own move;
other seats never search on the sampled cards, so they cannot "see" our hand). The heuristic bot's
scores seed every decision with a prior and prune Guard and Bishop guesses to the most likely few.

How the budget is spent (``mode``): ``halving`` (default) is sequential halving with common random
numbers -- every surviving decision is played out on the same samples with the same rollout seed,
so the luck of the deal cancels in the comparison, and the worse half is dropped after each phase;
``ucb`` is UCB1 with one fresh sample per iteration.

Options: ``iters=N`` (rollouts per decision; deterministic for a seed) or ``ms=M`` (time per
decision), ``mode``, ``c`` (UCB exploration, default 0.7), ``prior`` (virtual rollouts valued at
the heuristic's score, default 3), ``guesses`` (guesses kept per Guard/Bishop target, default 3),
``rollout`` (``fast``, the default, or ``heuristic``: every seat plays the heuristic bot's choice
from its own view of the sampled position, with its own belief; about six times slower per
rollout, and a model of opponents that play like ``heuristic``), ``infer`` (``none``, the default,
or ``heuristic``: the hidden cards are sampled from a :class:`~loveletter.bots.infer.HeuristicInference`
of ``particles`` particles, which reads the other seats' hands from their plays assuming they play
like ``heuristic``; ``infer_temp`` and ``infer_eps`` soften that model for seats that only play
roughly like it: a softmax of the heuristic's scores at that temperature, and that chance of a
uniformly random choice, instead of the heuristic's exact choice; or ``policy``, in a guided search only:
the same filter with the guide's policy network as the model of the other seats, its chances mixed
with ``infer_eps`` of a uniform choice; ``infer_repairs``, default 0: how many particles the filter may
mend per decision instead of dropping them, for editions with many distinct cards such as premium;
``infer_fallback``, default 0: with an exact model, the ``eps`` of a soft second filter whose particles serve
where the exact filter has none left, instead of the belief; ``infer_weigh``, default 0: a power ``g`` > 0
weighs each particle, for the samples and the guesses, by our belief's chance of the hands it deals, to the
power ``g`` (see :meth:`HeuristicInference.weigh`)) and
``guesses_by``
(``heuristic``, or ``infer``: the guesses kept are the ones the inference makes likeliest) and
``positions`` (``view``: positions determinized from our view, in which the other seats know only
what we know they know; ``particles``: a particle's own replayed game, in which every seat knows
what it saw in that particle, such as its own looks; ``redealt``: the same, with the cards nobody
has drawn in a fresh order for every sample, so that a particle's samples do not share one future).
An ``ms`` budget counts from the start of the
decision, so the inference's time is part of it. ``reward`` (``round``, the default: the tokens we
gain in the round, a game win counting 2; or ``game``: our chance of winning the game after the
round, by :class:`~loveletter.bots.equity.RoundValue`, so that another seat's round win costs more
the closer it brings that seat to the goal) is what a rollout is worth. ``later`` (``rollout``, the
default: our seat's decisions after the root are the rollout policy's; or ``tree``, with
``rollout=heuristic`` only: the search keeps statistics for them too, one table per root candidate, keyed by
what our seat knows when it decides again -- its hand, the hands it knows for sure, whether the deck is
nearly empty -- and picks by UCB among the heuristic's best decisions there, each seeded with ``prior``
virtual rollouts at the heuristic's score: only the heuristic's choice until the key has ``widen`` visits,
one more decision per ``widen`` visits after that, ``width`` at most; so a root choice is valued by what
our seat does best after it, not by what the heuristic would do) decides how far the search improves on
the rollouts' play.

Policy-guided search: a subclass may set :attr:`ISMCTSBot.guide`, an object with
``prior(view, decisions) -> list[float]`` (a probability per decision) and ``value(view) -> float``
(the expected round outcome for the view's seat, +1 a win and -1/(n-1) a loss). The prior prunes
the candidates (those below ``prune`` times the likeliest are dropped; the likeliest decision is
searched even when the heuristic's pruning had dropped it); at the leaf -- the first time the search's
seat is to decide again, or the end of the round -- the value replaces (``lam=1``) or is mixed
with (``0 < lam < 1``: ``lam * value + (1 - lam) * rollout``) the rollout's result.
:class:`loveletter.rl.guided.GuidedISMCTS` is that subclass, with a trained network (numpy).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Protocol

from ..engine import BishopChoice, CardinalLook, ChancellorChoice, Decision, Determinizer, Game, Play, View
from .base import Bot, BotOptionError, check_options, choice_option, number_option
from .belief import Belief, BeliefFollower, SharedStart
from .equity import RoundValue
from .heuristic import best_decision, pick_best
from .heuristic import scores as heuristic_scores
from .infer import HeuristicInference, SeatModel

PLAY_PRIORITY = {
    "spy": 3.0, "guard": 2.0, "constable": 2.2, "jester": 1.9, "handmaid": 1.8, "count": 1.6,
    "priest": 1.5, "baroness": 1.4, "sycophant": 1.3, "chancellor": 1.2, "prince": 1.0,
    "countess": 0.8, "cardinal": 0.6, "bishop": 0.5, "king": 0.3, "assassin": 0.2,
    "baron": 0.0, "dowager_queen": 0.0, "princess": -100.0,
}


def determinize(det: Determinizer, sample: dict[str, Any], me: int) -> Game:
    """The position for one belief sample (``Belief.sample``'s hands, deck top card last, set-aside)."""
    hands = {s: h for s, h in enumerate(sample["hands"]) if s != me}
    return det.position({"hands": hands, "deck": sample["deck"], "set_aside": sample["set_aside"]})


#: What each seat knows of another's hand at the root: (who knows, whose hand) -> card id.
Know = dict[tuple[int, int], str]

#: ``later=tree``: per key of what our seat knows, per decision, [visits, total reward].
LaterTable = dict[tuple[Any, ...], dict[Decision, list[float]]]


class Rollout:
    """A fast rule-based policy for every seat, with each seat's own remembered looks."""

    def __init__(self, g: Game, rng: random.Random, know: dict[tuple[int, int], str]) -> None:
        self.g = g
        self.rng = rng
        self.know = dict(know)
        counts = g.deck_spec.counts
        values = g.values
        self.values = values
        self.guess_cards = [c for c in counts if values[c] != 1]

    def _known(self, p: int, t: int) -> str | None:
        c = self.know.get((p, t))
        if c is None:
            return None
        h = self.g.hand(t)
        if not h or h[0] != c:
            del self.know[(p, t)]
            return None
        return c

    def _guess(self, p: int, t: int) -> int:
        g, values = self.g, self.values
        c = self._known(p, t)
        if c is not None and values[c] != 1:
            return values[c]
        left: dict[int, int] = {}
        for card, k in g.deck_spec.counts.items():
            v = values[card]
            if v != 1:
                left[v] = left.get(v, 0) + k
        for pile in g.discards:
            for card in pile:
                v = values[card]
                if v != 1:
                    left[v] -= 1
        for card in g.face_up:
            v = values[card]
            if v != 1:
                left[v] -= 1
        for card in g.hand(p):
            v = values[card]
            if v != 1:
                left[v] -= 1
        best = max(left.values())
        cands = [v for v, k in left.items() if k == best]
        return cands[0] if len(cands) == 1 else self.rng.choice(cands)

    def choose(self) -> Decision:
        g = self.g
        phase = g.phase
        legal = g.legal_decisions()
        if phase == "chancellor":
            hand = g.hand(g.current)
            keep = max(hand, key=lambda c: self.values[c])
            for d in legal:
                if d.keep == keep:  # type: ignore[union-attr]
                    return d
            return legal[0]
        if phase == "bishop":
            card = g.hand(g.pending[1])[0]
            return BishopChoice(card != "princess" and self.values[card] < 7)
        if phase == "cardinal":
            a, b = g.pending[1]
            me = g.current
            return CardinalLook(b if a == me else a)
        return self._play(legal)

    def _play(self, legal: tuple[Decision, ...]) -> Decision:
        g, values, rng = self.g, self.values, self.rng
        p = g.current
        hand = g.hand(p)
        cards = list(dict.fromkeys(d.card for d in legal))  # type: ignore[union-attr]
        if len(cards) == 1:
            card = cards[0]
        else:
            best, card = -1e9, cards[0]
            endgame = g.deck_size <= 2
            for c in cards:
                other = hand[1] if hand[0] == c else hand[0]
                s = PLAY_PRIORITY.get(c, 1.0) - 0.05 * values[c]
                if c in ("guard", "prince", "baron", "dowager_queen", "bishop"):
                    for t in g.choosable(p):
                        k = self._known(p, t)
                        if k is None:
                            continue
                        if c == "guard" and values[k] != 1:
                            s += 10
                        elif c == "prince" and k == "princess":
                            s += 10
                        elif c == "baron" and values[k] < values[other]:
                            s += 10
                        elif c == "dowager_queen" and values[k] > values[other]:
                            s += 10
                if c == "baron":
                    s += 2.0 if values[other] >= 5 else -1.0
                elif c == "dowager_queen":
                    s += 2.0 if values[other] <= 3 else -1.0
                elif c == "prince" and other == "princess" and not g.choosable(p):
                    s -= 20
                elif c == "king" and other == "princess":
                    s -= 0.2
                if endgame:
                    s -= 0.4 * values[c]  # the showdown is near: keep the higher card
                s += rng.random() * 0.3
                if s > best:
                    best, card = s, c
        options = [d for d in legal if d.card == card]  # type: ignore[union-attr]
        if len(options) == 1:
            return options[0]
        # choose a target (prefer a known, useful one), then a guess
        targets = list(dict.fromkeys(d.targets for d in options))  # type: ignore[union-attr]
        if card == "prince" or card == "sycophant":
            others = [t for t in targets if p not in t]
            if others:
                targets = others
        pick = None
        for tt in targets:
            k = self._known(p, tt[0]) if len(tt) == 1 else None
            if k is not None and (card != "guard" or values[k] != 1):
                pick = tt
                break
        if pick is None:
            pick = targets[rng.randrange(len(targets))]
        options = [d for d in options if d.targets == pick]  # type: ignore[union-attr]
        if len(options) == 1:
            return options[0]
        guess = self._guess(p, pick[0])
        for d in options:
            if d.guess == guess:  # type: ignore[union-attr]
                return d
        return options[rng.randrange(len(options))]

    def step(self, d: Decision) -> None:
        g = self.g
        p = g.current
        g.apply(d)
        if isinstance(d, Play) and d.targets and not g.game_over:
            t = d.targets[0]
            ht, hp = g.hand(t), g.hand(p)
            if d.card == "priest" and ht:
                self.know[(p, t)] = ht[0]
            elif d.card in ("baron", "dowager_queen") and ht and hp:
                self.know[(p, t)] = ht[0]
                self.know[(t, p)] = hp[0]
            elif d.card == "king" and ht and hp:
                self.know[(p, t)] = ht[0]
                self.know[(t, p)] = hp[0]


class HeuristicRollout:
    """Every seat plays the heuristic bot's best decision for its own view of the rollout's position.

    Each seat keeps a :class:`BeliefFollower`, so its belief replays only the events since its last
    decision in this rollout (its looks are in that belief: the ``know`` that :class:`Rollout` keeps
    is not needed); ties are broken by the rollout's generator. With ``start``, the rollout's
    position (before its first decision) is that start's, and each seat's follower begins as a copy
    of the start's replay instead of replaying the round from its beginning (the same beliefs).
    """

    def __init__(self, g: Game, rng: random.Random, know: dict[tuple[int, int], str],
                 start: SharedStart | None = None) -> None:
        self.g = g
        self.rng = rng
        self.follow = _Followers(g.players, start)

    def choose(self) -> Decision:
        g = self.g
        seat = g.to_move
        assert seat is not None  # a rollout only asks while the round is on
        view = g.view(seat)
        if len(view.legal) == 1:
            return view.legal[0]
        return best_decision(view, self.follow[seat](view), self.rng)

    def step(self, d: Decision) -> None:
        self.g.apply(d)


class _Followers:
    """One rollout's belief followers by seat, each made when its seat first asks (from the shared start
    when there is one)."""

    __slots__ = ("_made", "_start")

    def __init__(self, players: int, start: SharedStart | None) -> None:
        self._made: list[BeliefFollower | None] = [None] * players
        self._start = start

    def __getitem__(self, seat: int) -> BeliefFollower:
        f = self._made[seat]
        if f is None:
            f = self._made[seat] = self._start.follower(seat) if self._start is not None else BeliefFollower()
        return f


class RolloutPolicy(Protocol):
    """What plays a rollout out: the next decision of the seat to move, and applying one."""

    def choose(self) -> Decision: ...

    def step(self, d: Decision) -> None: ...


#: The rollout policies of the ``rollout`` option.
ROLLOUTS: dict[str, type[Rollout] | type[HeuristicRollout]] = {"fast": Rollout, "heuristic": HeuristicRollout}


def root_knowledge(belief: Any, me: int) -> Know:
    """What each seat knows of another's hand at the root, from our belief: the hands we know, and our
    card where another seat saw it."""
    know: Know = {}
    for t, c in enumerate(belief.known):
        if c is not None and t != me:
            know[(me, t)] = c
    for s, c in belief.exposed.items():
        know[(s, me)] = c
    return know


def _position(template: Determinizer, sample: dict[str, Any], me: int) -> Game:
    """The search's position for one sample: a copy of a particle's game, or the view's determinized."""
    g = sample.get("game")
    return g.copy() if g is not None else determinize(template, sample, me)


class _Sampler:
    """Hidden-card samples from the inference's particles (the belief's when it has none); with
    ``games``, a particle's own game (every seat's private knowledge in it) instead of its cards."""

    def __init__(self, inference: HeuristicInference, belief: Belief, games: bool = False,
                 redeal: bool = False) -> None:
        self.inference = inference
        self.belief = belief
        self.games = games
        self.redeal = redeal

    def sample(self, rng: random.Random) -> dict[str, Any]:
        if self.games:
            got = self.inference.sample_position(rng, self.redeal)
            if got is not None:
                return {"game": got[0], "particle": got[1]}
        s = self.inference.sample(rng)
        return s if s is not None else self.belief.sample(rng)

    def __getattr__(self, name: str) -> Any:  # the belief's facts (known, exposed, ...)
        return getattr(self.belief, name)


def out_for_good(g: Game, me: int) -> bool:
    """Whether ``me`` can gain no more tokens this round: knocked out, and not the owner of the Jester
    token (whose holder may still win). A seat out of the round cannot play a Bishop or keep a Spy, and
    cannot win the game this round either, so :func:`reward` is already final."""
    if g.alive[me]:
        return False
    jester = g.jester
    return jester is None or jester[1] != me


def reward(g: Game, me: int, start: list[int]) -> float:
    if g.game_over:
        return 2.0 / len(g.game_winners) if me in g.game_winners else 0.0
    return float(g.tokens[me] - start[me])


class ISMCTSBot(Bot):
    """Information-set MCTS over our decisions, with belief-weighted determinizations."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        check_options(options, {"iters", "ms", "c", "prior", "guesses", "mode", "rollout", "infer", "particles",
                                 "guesses_by", "positions", "infer_temp", "infer_eps", "infer_repairs",
                                 "infer_fallback", "infer_weigh", "reward", "later", "width", "widen"})
        super().__init__(seed, **options)
        self.iters = number_option(options, "iters", None, integer=True, low=1)
        self.ms = number_option(options, "ms", None, low=0, above=True, high=3_600_000)
        if self.iters is None and self.ms is None:
            self.iters = 200
        self.c = float(number_option(options, "c", 0.7, low=0))
        self.prior = float(number_option(options, "prior", 3, low=0))
        self.max_guesses = number_option(options, "guesses", 3, integer=True, low=1)
        self.mode = choice_option(options, "mode", "halving", ("halving", "ucb"))
        self.rollout = choice_option(options, "rollout", "fast", ROLLOUTS)
        self.follow = BeliefFollower()  # this seat's belief, replaying only the events since the last decision
        self.infer = choice_option(options, "infer", "none", ("none", "heuristic", "policy"))
        particles = number_option(options, "particles", 200, integer=True, low=1, high=100_000)
        temp = float(number_option(options, "infer_temp", 0.0, low=0, high=100))
        eps = float(number_option(options, "infer_eps", 0.0, low=0, high=1))
        repairs = number_option(options, "infer_repairs", 0, integer=True, low=0, high=100_000)
        fallback = float(number_option(options, "infer_fallback", 0.0, low=0, high=1))
        if fallback and (temp or eps or self.infer != "heuristic"):
            raise BotOptionError("infer_fallback backs up the exact heuristic model: it needs infer=heuristic "
                                 "without infer_temp or infer_eps")
        self.weigh = float(number_option(options, "infer_weigh", 0.0, low=0, high=10))
        if self.weigh and self.infer == "none":
            raise BotOptionError("infer_weigh weighs the inference's particles: it needs infer=heuristic or policy")
        model = self._seat_model() if self.infer == "policy" else None
        self.inference = (HeuristicInference(particles, seed=self.rng.getrandbits(32), temp=temp, eps=eps,
                                             model=model, repairs=repairs, fallback_eps=fallback)
                          if self.infer != "none" else None)
        self.rank = choice_option(options, "guesses_by", "heuristic", ("heuristic", "infer"))
        self.positions = choice_option(options, "positions", "view", ("view", "particles", "redealt"))
        self.reward = choice_option(options, "reward", "round", ("round", "game"))
        self.later = choice_option(options, "later", "rollout", ("rollout", "tree"))
        self.width = number_option(options, "width", 3, integer=True, low=1, high=100)
        self.widen = number_option(options, "widen", 4, integer=True, low=1, high=100_000)
        if self.later == "tree" and self.rollout != "heuristic":
            raise BotOptionError("later=tree needs rollout=heuristic (the tree reads our seat's belief in the rollout)")
        self._value: RoundValue | None = None  # reward=game: the current decision's round values
        self._t0 = 0.0  # when the current decision began
        self._starts: dict[int, SharedStart] = {}  # the current decision's shared rollout starts, by particle
        self._start: SharedStart | None = None  # the start of the rollouts being played
        self.guide: Any = None  # policy-guided search (see the module docstring)
        self.lam = 0.5
        self.prune = 0.0
        self.beta = 0.0

    def _seat_model(self) -> SeatModel:
        """The model of the other seats for ``infer=policy``: only a search with a network has one
        (:class:`loveletter.rl.guided.GuidedISMCTS` overrides this)."""
        raise BotOptionError("infer=policy needs a policy network: use "
                             "loveletter.rl.guided:GuidedISMCTS:model=FILE.npz:infer=policy")

    def candidates(self, view: View, sc: dict[Decision, float],
                   shares: dict[int, dict[int, float]] | None = None) -> list[Decision]:
        """Legal decisions worth searching: every guess-free one, and the best guesses per target (by the
        heuristic's score; first by ``shares``, the inference's chance of each value per seat, if given)."""
        out: list[Decision] = []
        by_target: dict[tuple[Any, ...], list[Decision]] = {}
        for d in view.legal:
            if isinstance(d, Play) and d.guess is not None:
                by_target.setdefault((d.card, d.targets), []).append(d)
            elif isinstance(d, ChancellorChoice) and len(d.bottom) > 1:
                by_target.setdefault(("chancellor", d.keep), []).append(d)
            else:
                out.append(d)
        for group in by_target.values():
            first = group[0]
            if shares and isinstance(first, Play) and len(first.targets) == 1:
                share = shares.get(first.targets[0], {})
                group.sort(key=lambda d: (-share.get(d.guess, 0.0), -sc[d]))  # type: ignore[union-attr, arg-type]  # plays with a guess
            else:
                group.sort(key=lambda d: -sc[d])
            keep = self.max_guesses if isinstance(first, Play) else 1
            out.extend(group[:keep])
        return out

    def choose(self, view: View) -> Decision:
        d = self.suggest(view)
        if self.inference is not None:
            self.inference.played(view, d)
        return d

    def suggest(self, view: View) -> Decision:
        """What the search would choose at ``view``, without taking it as played: a bot that shadows
        another seat's player (to measure how often two searches agree) learns what was really played
        from the next view's log."""
        self._t0 = time.perf_counter()  # an ``ms`` budget counts from here
        return self._choose(view)

    def _choose(self, view: View) -> Decision:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        belief: Any = self.follow(view)
        sc = heuristic_scores(view, belief)
        inference = self.inference if self.inference is not None and self.inference.update(view) else None
        if inference is not None and self.weigh:
            inference.weigh(belief, self.weigh)
        shares = inference.value_shares(view) if inference is not None and self.rank == "infer" else None
        cands = self.candidates(view, sc, shares)
        prior: dict[Decision, float] = {}
        if self.guide is not None:
            cands, prior = self._guided_candidates(view, cands)
        if len(cands) == 1:
            return cands[0]
        belief = self.sampler(belief, inference)
        template = Determinizer(view)
        me = view.seat
        assert me is not None, "a bot decides for a seat"
        know = root_knowledge(belief, me)
        start = list(view.tokens)
        self._value = RoundValue(start, me, view.goal) if self.reward == "game" else None
        self._starts, self._start = {}, None
        rng = self.rng
        prior_q = [max(0.0, min(1.0, sc[d])) for d in cands]
        bonus = self._bonus(cands, prior)
        if self.mode == "ucb":
            i = self._ucb(cands, prior_q, bonus, belief, template, know, me, start, rng)
        else:
            i = self._halving(cands, prior_q, bonus, belief, template, know, me, start, rng)
        return cands[i]

    def sampler(self, belief: Belief, inference: HeuristicInference | None) -> Any:
        """What the search draws its samples of the hidden cards from: the inference's particles (positions
        as the ``positions`` option says) when it has any left, the belief otherwise."""
        if inference is None:
            return belief
        return _Sampler(inference, belief, games=self.positions != "view", redeal=self.positions == "redealt")

    def _bonus(self, cands: list[Decision], prior: dict[Decision, float]) -> list[float]:
        """What is added to each candidate's mean reward when they are compared: ``beta * log(p / p_max)``
        under the guide's ``prior`` (0 without a guide or with ``beta=0``)."""
        if self.beta <= 0 or not prior:
            return [0.0] * len(cands)
        p = [max(prior.get(d, 0.0), 1e-6) for d in cands]
        top = max(p)
        return [self.beta * math.log(x / top) for x in p]

    def _guided_candidates(self, view: View, cands: list[Decision]) -> tuple[list[Decision], dict[Decision, float]]:
        """The prior's pruning: the likeliest legal decision is always searched; unlikely ones are not.
        Also returns the prior (a probability per legal decision)."""
        legal = list(view.legal)
        probs = self.guide.prior(view, legal)
        p = dict(zip(legal, probs, strict=True))
        top = max(legal, key=lambda d: p[d])
        out = list(cands) if top in cands else [*cands, top]
        if self.prune > 0:
            keep = [d for d in out if p[d] >= self.prune * p[top]]
            out = keep if keep else [top]
        return out, p

    def _reward(self, g: Game, me: int, start: list[int]) -> float:
        """The rollout's result: :func:`reward`, or with ``reward=game`` the round's :class:`RoundValue`."""
        if self._value is None:
            return reward(g, me, start)
        return self._value(g.tokens, g.game_winners if g.game_over else None)

    def _leaf_value(self, g: Game, me: int, start: list[int]) -> float:
        """The guide's value of a position where ``me`` decides, in the rollout's reward units."""
        n = g.players
        v = float(self.guide.value(g.view(me)))
        p_win = min(1.0, max(0.0, ((n - 1) * v + 1) / n))
        if self._value is not None:  # a round won is worth 1, an average loss 0
            return p_win
        return p_win * (2.0 if start[me] + 1 >= g.goal else 1.0)

    def _rollout_policy(self, g: Game, rng: random.Random, know: Know, me: int) -> RolloutPolicy:
        """The policy that plays a rollout out (``rollout``; a subclass may play its own seat otherwise)."""
        if ROLLOUTS[self.rollout] is HeuristicRollout:
            return HeuristicRollout(g, rng, know, self._start)
        return ROLLOUTS[self.rollout](g, rng, know)

    def _shared_start(self, sample: dict[str, Any], root: Game | None = None) -> SharedStart | None:
        """The shared start of the rollouts from ``sample``: its particle's game, whose samples all share
        the round so far (one start per particle and decision), or ``root``, a position that several
        rollouts copy; None when nothing is shared or the rollouts do not keep beliefs."""
        if ROLLOUTS[self.rollout] is not HeuristicRollout:
            return None
        particle = sample.get("particle")
        if particle is None:
            return SharedStart(root) if root is not None else None
        st = self._starts.get(id(particle))
        if st is None:
            st = self._starts[id(particle)] = SharedStart(particle)
        return st

    def _rollout(self, g: Game, d: Decision, rng: random.Random, know: Know, me: int, start: list[int],
                 table: LaterTable | None = None) -> float:
        """Play ``d`` and the round out; with a ``later=tree`` ``table``, our seat's later decisions come from
        it (:meth:`_later_choice`) and every statistic they passed gets the rollout's result."""
        ro = self._rollout_policy(g, rng, know, me)
        tree = ro if table is not None and self.guide is None and isinstance(ro, HeuristicRollout) else None
        path: list[list[float]] = []
        ro.step(d)
        steps = 0
        # reward=round: once we are out of the round for good the rest cannot change the reward
        stop_when_out = self._value is None
        if self.guide is not None:
            while not g.round_over and g.to_move != me and steps < 300:
                if stop_when_out and out_for_good(g, me):
                    return self._reward(g, me, start)
                ro.step(ro.choose())
                steps += 1
            if g.round_over:
                return self._reward(g, me, start)
            leaf = self._leaf_value(g, me, start) if self.lam > 0.0 else 0.0
            if self.lam >= 1.0:
                return leaf
        while not g.round_over and steps < 300:
            if stop_when_out and out_for_good(g, me):
                break
            if tree is not None and table is not None and g.to_move == me:
                ro.step(self._later_choice(tree, table, path, me))
            else:
                ro.step(ro.choose())
            steps += 1
        r = self._reward(g, me, start)
        for st in path:
            st[0] += 1.0
            st[1] += r
        if self.guide is not None:
            return self.lam * leaf + (1.0 - self.lam) * r
        return r

    def _later_choice(self, ro: HeuristicRollout, table: LaterTable, path: list[list[float]], me: int) -> Decision:
        """Our seat's decision inside a ``later=tree`` rollout (and the statistic it adds to ``path``)."""
        view = ro.g.view(me)
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        belief = ro.follow[me](view)
        sc = heuristic_scores(view, belief)
        top = pick_best(legal, sc, ro.rng)  # the plain rollout's choice, with the same draws
        key = (tuple(sorted(view.hand)), tuple(belief.known), view.deck_size <= 2)
        node = table.setdefault(key, {})
        seen = sum(st[0] for st in node.values()) - self.prior * len(node)  # real visits so far
        k = min(self.width, 1 + int(seen // self.widen))  # progressive widening
        cands = [top, *sorted((x for x in legal if x != top), key=lambda x: -sc[x])][:k]
        stats = [node.setdefault(x, [float(self.prior), self.prior * max(0.0, min(1.0, sc[x]))]) for x in cands]
        logt = math.log(sum(st[0] for st in stats) + 1.0)
        best, bi = -1e9, 0
        for i, st in enumerate(stats):
            if st[0] <= 0.0:  # prior=0: an untried decision first
                bi = i
                break
            u = st[1] / st[0] + self.c * math.sqrt(logt / st[0])
            if u > best:
                best, bi = u, i
        path.append(stats[bi])
        return cands[bi]

    def _tables(self, k: int) -> list[LaterTable | None]:
        """One ``later=tree`` table per root candidate (none without it)."""
        return [{} if self.later == "tree" else None for _ in range(k)]

    def _ucb(self, cands: list[Decision], prior_q: list[float], bonus: list[float], belief: Belief,
             template: Determinizer, know: Know, me: int, start: list[int], rng: random.Random) -> int:
        """UCB1 over our decisions, one fresh determinization per iteration."""
        k = len(cands)
        n = [self.prior] * k
        w = [self.prior * q for q in prior_q]
        total = sum(n)
        tables = self._tables(k)
        deadline = self._t0 + self.ms / 1000.0 if self.ms is not None else None
        it = 0
        while True:
            if self.iters is not None and it >= self.iters:
                break
            if deadline is not None and it > 0 and time.perf_counter() >= deadline:
                break
            it += 1
            sample = belief.sample(rng)
            g = _position(template, sample, me)
            self._start = self._shared_start(sample)
            logt = math.log(total)
            best, bi = -1e9, 0
            for i in range(k):
                u = w[i] / n[i] + bonus[i] + self.c * math.sqrt(logt / n[i])
                if u > best:
                    best, bi = u, i
            n[bi] += 1
            w[bi] += self._rollout(g, cands[bi], rng, know, me, start, tables[bi])
            total += 1
        return max(range(k), key=lambda i: (n[i], w[i] / n[i] + bonus[i]))

    def _halving(self, cands: list[Decision], prior_q: list[float], bonus: list[float], belief: Belief,
                 template: Determinizer, know: Know, me: int, start: list[int], rng: random.Random) -> int:
        """Sequential halving with common random numbers.

        Every surviving decision is played out on the same determinizations with the same rollout
        seed, so the comparison is paired and the luck of the sample cancels; after each phase the
        worse half is dropped. The budget (iterations or time) is split evenly between phases.
        """
        k = len(cands)
        alive = list(range(k))
        n = [float(self.prior)] * k
        w = [self.prior * q for q in prior_q]
        phases = max(1, math.ceil(math.log2(k)))
        tables = self._tables(k)
        t0 = self._t0
        used = 0
        for phase in range(phases):
            if self.iters is not None:
                phase_budget = (self.iters - used) // (phases - phase)
                per = max(1, phase_budget // len(alive))
                deadline = None
            else:
                per = 10**9
                left = self.ms / 1000.0 - (time.perf_counter() - t0)
                deadline = time.perf_counter() + max(0.0, left) / (phases - phase)
            done = 0
            while done < per:
                if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                    break
                sample = belief.sample(rng)
                seed = rng.getrandbits(32)
                root = _position(template, sample, me) if "game" not in sample else None
                self._start = self._shared_start(sample, root)
                for i in alive:
                    g = root.copy() if root is not None else _position(template, sample, me)
                    w[i] += self._rollout(g, cands[i], random.Random(seed), know, me, start, tables[i])
                    n[i] += 1
                used += len(alive)
                done += 1
            if len(alive) > 1 and phase < phases - 1:
                alive.sort(key=lambda i: -(w[i] / n[i] + bonus[i]))
                alive = alive[: max(1, math.ceil(len(alive) / 2))]
        return max(alive, key=lambda i: w[i] / n[i] + bonus[i])


__all__ = ["ROLLOUTS", "HeuristicRollout", "ISMCTSBot", "Rollout", "RolloutPolicy", "determinize", "out_for_good",
           "reward", "root_knowledge"]
