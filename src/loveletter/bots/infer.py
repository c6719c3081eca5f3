"""Reading the other seats' hands from how they played, under a model of how they play.

:class:`Belief` weighs what a seat may hold by rules of thumb. If the other seats play like the
``heuristic`` bot, their plays say much more: a seat that held a Guard and a Baron and played the
Guard did so because the heuristic, in its position, prefers that. :class:`HeuristicInference` is a
particle filter over whole rounds that uses exactly that.

A *particle* is one complete guess at the round's deck order (the set-aside card, the face-up cards,
the deal and every draw), consistent with what our seat saw of it, replayed through the engine with
the round's decisions. Every other seat's decision in the replay is the heuristic's choice from that
seat's own view of the particle, with its own belief; a particle where that choice differs from what
the seat did, or where any event we saw comes out differently (a look, a comparison, a discard, a
draw of ours), is dropped. After each decision the survivors are resampled back to the full count;
a copy gets a fresh order for the cards no one has drawn yet (nothing seen depends on them), so the
copies do not stay identical. When no particle survives (the seats do not play like the model, or
the round's facts are too rare for the particles drawn), the filter starts again from the round's
start, and if that fails too it reports no samples for this decision and the caller falls back on
its :class:`Belief`.

It only reads our seat's :class:`View` (the round's log as we saw it) and builds its own games: it
never sees the real hidden cards.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ..engine import Decision, Game, Play, View
from ..engine.errors import LoveLetterError
from ..engine.views import private_fields
from .belief import BeliefFollower
from .heuristic import scores as heuristic_scores

#: Scores within this of the best count as ties (the heuristic breaks ties with a 1e-9 jitter).
TIE = 1e-9

#: A model of how another seat decides: the chance of each of its legal decisions, from its own view.
SeatModel = Callable[[View], Mapping[Decision, float]]


class _Particle:
    """One guess at the round's deck order, the decisions replayed on it, and the game they give."""

    __slots__ = ("decisions", "follow", "game", "lik", "order", "weight")

    def __init__(self, order: list[str], game: Game, decisions: list[Decision], lik: float = 1.0) -> None:
        self.order = order
        self.game = game
        self.decisions = decisions
        self.follow: dict[int, BeliefFollower] = {}
        self.weight = 1.0
        self.lik = lik  # the model's chance of the other seats' decisions seen so far, on this order


class HeuristicInference:
    """A particle filter over the round for seat ``me``, modelling every other seat as ``heuristic``.

    Call :meth:`update` with each of our views (in order; a view of a new round starts over), then
    :meth:`sample` for a hidden-card assignment in :meth:`Belief.sample`'s form, or ``None`` when no
    particle is left. :meth:`played` tells the filter our own decision, so it need not find it.

    The model of a seat is exact by default: it makes the heuristic's best choice (ties alike). With
    ``temp`` > 0 it picks each legal decision with a softmax of the heuristic's scores at that
    temperature, and with ``eps`` > 0 it picks a uniformly random legal decision that often; a
    particle is then weighed by the model's chance of what the seat did instead of being dropped
    whenever the seat strayed from the heuristic's choice. That is for opponents that do not play
    exactly like ``heuristic`` (people, other bots).

    ``model`` replaces the heuristic by any :data:`SeatModel` (a trained policy network, say: see
    :mod:`loveletter.rl.guided`); its chances, mixed with ``eps`` of a uniform choice, weigh the
    particles as a soft model's do (``temp`` must then be 0).

    ``repairs`` > 0 lets the filter mend particles instead of only dropping them: when the events of
    a decision contradict a particle (a seat plays or discards a card it does not hold there), a
    card of that seat's hand is swapped in the deck order with a copy of the card the events show,
    and the round is replayed under the model up to that decision; the mended particle replaces the
    dropped one if the decision's events then agree. At most ``repairs`` such tries per
    :meth:`update`. With many distinct cards and seats (premium), few random particles hold the card
    a seat turns out to have, and without repairs the filter rarely keeps any.

    The model is asked once for all the particles in which the seat to move knows the same (its hand,
    what it saw): they get the same chances. ``share=False`` asks it for every particle, which gives the
    same particles more slowly (to measure what the sharing saves).

    ``fallback_eps`` > 0 keeps a second filter beside this one, the same but for a soft model with that
    ``eps``, brought up to every view; its particles serve the samples at the decisions where this filter
    has none left (kept up at every decision, it has its own repairs for each, as this one does). In
    premium the exact model reads the hands best while its particles last, and the soft one reads them
    better than the belief where they do not.
    """

    def __init__(self, particles: int = 200, seed: int = 0, moves: int | None = None,
                 temp: float = 0.0, eps: float = 0.0, model: SeatModel | None = None, repairs: int = 0,
                 fallback_eps: float = 0.0, share: bool = True) -> None:
        if temp < 0 or not 0 <= eps <= 1 or not 0 <= fallback_eps <= 1:
            raise ValueError("temp must be >= 0, eps and fallback_eps between 0 and 1")
        if repairs < 0:
            raise ValueError("repairs must be >= 0")
        if fallback_eps and (model is not None or eps or temp):
            raise ValueError("fallback_eps backs up the exact heuristic model: no model, temp or eps with it")
        self.fallback = (HeuristicInference(particles, seed=seed + 1, moves=moves, eps=fallback_eps, repairs=repairs,
                                            share=share) if fallback_eps > 0 else None)
        self._serving: HeuristicInference = self  # the filter whose particles answer for samples
        if model is not None and temp:
            raise ValueError("temp (infer_temp) softens the heuristic model only: a given model has its own chances")
        self.temp, self.eps = float(temp), float(eps)
        self.model = model
        self.n = particles
        self.moves = particles // 4 if moves is None else moves  # Metropolis moves per resampling, at most
        self.repairs = repairs  # repairs of particles that a decision's events rule out, per update, at most
        self._repairs_left = 0
        self.rng = random.Random(seed)
        self.parts: list[_Particle] = []
        self.round_key: tuple[int, int] | None = None
        self.me = -1  # our seat (set by the first view)
        self.seen = 0  # how many events of the round's log the particles agree with
        self.mine: dict[int, Decision] = {}  # our decision at each log length
        self.alive = False
        self.fixed: dict[int, str] = {}
        self._weights: list[float] | None = None  # the particles' weights for samples (see :meth:`weigh`)
        # the heuristic model's chances by what the seat to move knows (see :meth:`_seat_key`), this update
        self._chances: dict[tuple[Any, ...], dict[Decision, float]] = {}
        self.share = share  # False asks the model for every particle (the same particles, slower: to measure)

    @property
    def soft(self) -> bool:
        """Whether the model weighs the particles rather than dropping them: ``temp`` or ``eps`` above 0,
        or a given model."""
        return self.temp > 0 or self.eps > 0 or self.model is not None

    # ------------------------------------------------------------------ the round's frame
    def _frame(self, view: View) -> None:
        start = view.log[0]
        self.round_key = (view.round, view.event_base)
        self.me = int(view.seat) if view.seat is not None else -1
        self.start = start
        self.mine = {}
        self.edition, self.players, self.options = view.edition, view.players, dict(view.options)
        self.composition = sorted(Counter(view.deck_counts).elements())
        self.k = 1 + len(start["faceUp"])
        self.d0 = int(start["deckSize"])
        self.values = dict(view.values)

    def _fixed_slots(self, log: Sequence[Mapping[str, Any]]) -> dict[int, str]:
        """Deck-order positions whose card our seat knows: the face-up cards, our deal and our draws."""
        me, k, n = self.me, self.k, self.players
        fixed: dict[int, str] = {}
        for i, c in enumerate(self.start["faceUp"]):
            fixed[1 + i] = c
        for e in log:
            if e["kind"] == "draw" and e.get("reason") == "deal" and e["seat"] == me and "card" in e:
                fixed[k + me] = e["card"]
        for drawn, (seat, card) in enumerate(_deck_draw_events(log)):
            if seat == me and card is not None and drawn < self.d0:
                fixed[k + n + drawn] = card
        return fixed

    def _new_order(self, fixed: dict[int, str]) -> list[str] | None:
        pool = Counter(self.composition)
        for c in fixed.values():
            if pool[c] <= 0:
                return None
            pool[c] -= 1
        rest = sorted(pool.elements())
        self.rng.shuffle(rest)
        total = len(self.composition)
        return [fixed[i] if i in fixed else rest.pop() for i in range(total)]

    def _start_game(self, order: list[str]) -> Game:
        s = self.start
        g = Game(self.edition, self.players, seed=0, options=self.options, start_tokens=list(s["tokens"]))
        g.start_round(deck=order, first_player=s["firstPlayer"])
        return g

    # ------------------------------------------------------------------ the filter
    def played(self, view: View, decision: Decision) -> None:
        """Our seat chose ``decision`` at ``view`` (so replays need not search for it)."""
        self.mine[len(view.log)] = decision
        if self.fallback is not None:
            self.fallback.played(view, decision)

    def update(self, view: View) -> bool:
        """Bring the particles up to ``view``; True if any survive (this filter's, or the fallback's when
        there is one). A position the engine refuses to replay (which would be a bug here) clears the
        particles rather than the caller's decision."""
        self._serving = self
        self._weights = None
        self._chances = {}
        alive = self._update_own(view)
        if self.fallback is not None and self.fallback.update(view) and not alive:
            self._serving = self.fallback
            return True
        return alive

    def _update_own(self, view: View) -> bool:
        if not view.log or view.seat is None:
            self.parts, self.alive = [], False
            return False
        self._repairs_left = self.repairs
        try:
            return self._update(view)
        except LoveLetterError:
            self.parts, self.alive, self.round_key = [], False, None
            return False

    def _update(self, view: View) -> bool:
        log = view.log
        new_round = (self.round_key != (view.round, view.event_base) or self.me != view.seat
                     or len(log) < self.seen or log[0] != self.start)
        if new_round:
            self._frame(view)
            self._restart(log)
        elif self.alive:
            self.fixed = self._fixed_slots(log)
            self.parts = [p for p in self.parts if self._place_fixed(p)]
            self._advance(log)
            if not self.parts:
                self._restart(log)
        else:
            self._restart(log)
        self.alive = bool(self.parts)
        return self.alive

    def _restart(self, log: Sequence[Mapping[str, Any]]) -> None:
        self.fixed = fixed = self._fixed_slots(log)
        parts = []
        for _ in range(self.n):
            order = self._new_order(fixed)
            if order is None:
                break
            parts.append(_Particle(order, self._start_game(order), []))
        self.parts = [p for p in parts if self._agrees(p.game, log, 0)]
        self.seen = 0
        if self.parts:
            self._resample(log)
            self._advance(log)

    def _place_fixed(self, p: _Particle) -> bool:
        """Put the cards we have drawn since ``p`` was made at their places in its order (swapped with
        undrawn cards, the particle weighed by the chance of each); False if one is not left to draw."""
        drawn = _deck_draws(p.game.redacted_log(self.me))
        first = self.k + self.players + min(drawn, self.d0)
        order = p.order
        changed = False
        for slot, card in self.fixed.items():
            if slot < first or order[slot] == card:
                continue
            free = self._undrawn(p)
            swap = [i for i in free if order[i] == card]
            if not swap:
                return False
            p.weight *= len(swap) / (len(free) + 1)
            if not changed:
                order = list(order)
                changed = True
            j = swap[self.rng.randrange(len(swap))]
            order[slot], order[j] = order[j], order[slot]
            p.order = order
        if changed:
            self._replay(p)
        return True

    def _replay(self, p: _Particle) -> None:
        g = self._start_game(p.order)
        for d in p.decisions:
            g.apply(d)
        p.game = g

    def _agrees(self, g: Game, log: Sequence[Mapping[str, Any]], since: int) -> bool:
        mine = g.redacted_log(self.me)
        if len(mine) > len(log):
            return False
        # the round's first event differs in its number (a particle game starts at round 1): skip it
        return all(mine[i] == log[i] for i in range(max(1, since), len(mine)))

    def _advance(self, log: Sequence[Mapping[str, Any]]) -> None:
        """Step every particle one decision at a time until it has the whole ``log``."""
        target = len(log)
        me = self.me
        for _ in range(400):
            moved = False
            kept: list[_Particle] = []
            for p in self.parts:
                before = p.game.log_length()
                if before == target:
                    if p.game.to_move == me:
                        kept.append(p)
                    continue
                moved = True
                if self._step(p, log):
                    kept.append(p)
                elif self._repairs_left > 0:
                    q = self._repaired(p, log, before)
                    if q is not None:
                        kept.append(q)
            self.parts = kept
            if not kept:
                return
            if not moved:
                self.seen = target
                return
            self._resample(log)
        self.parts = []

    def _simulate(self, order: list[str], log: Sequence[Mapping[str, Any]],
                  upto: int | None = None) -> _Particle | None:
        """The particle of ``order`` if the whole ``log`` (its first ``upto`` events) comes out of it (no
        forced draws), else None."""
        p = _Particle(order, self._start_game(order), [])
        if not self._agrees(p.game, log, 0):
            return None
        me, target = self.me, len(log) if upto is None else upto
        for _ in range(400):
            n = p.game.log_length()
            if n == target:
                return p if upto is not None or p.game.to_move == me else None
            if n > target or not self._step(p, log, force=False):
                return None
        return None

    def _repaired(self, p: _Particle, log: Sequence[Mapping[str, Any]], before: int) -> _Particle | None:
        """``p`` failed the decision at ``log[before]``: try to mend it (see ``repairs``). One card of a
        seat the decision's events contradict is swapped in the order with a card those events allow
        there, the round replayed up to ``before`` under the model and the decision stepped again;
        None if that fails too."""
        self._repairs_left -= 1
        fix = self._contradiction(p, log, before)
        if fix is None:
            return None
        drop, allowed = fix
        order = p.order
        free = [i for i in range(len(order)) if i not in self.fixed]
        have = [i for i in free if order[i] in drop]
        give = [i for i in free if order[i] not in drop and allowed(order[i])]
        if not have or not give:
            return None
        i, j = have[self.rng.randrange(len(have))], give[self.rng.randrange(len(give))]
        order = list(order)
        order[i], order[j] = order[j], order[i]
        q = self._simulate(order, log, before)
        if q is None:
            return None
        q.weight = p.weight
        return q if self._step(q, log) else None

    def _contradiction(self, p: _Particle, log: Sequence[Mapping[str, Any]],
                       before: int) -> tuple[tuple[str, ...], Callable[[str], bool]] | None:
        """What to change in ``p`` (replayed to ``before``) for the events from ``log[before]`` to the
        next play: the cards of one seat to swap out, and which cards may come in. The first event
        that shows a seat's card ``p`` does not give it (a play, a discard, a card we see or receive)
        asks for that card; a Guard's miss for a card of any other value; else, for another seat's
        play of a card it holds in ``p``, its other card is swapped for any other."""
        g = self._start_game(p.order)
        for d in p.decisions:
            if g.log_length() >= before:
                break
            g.apply(d)
        if g.log_length() != before:
            return None
        values = self.values
        for k in range(before, len(log)):
            e = log[k]
            kind = e["kind"]
            if k > before and kind == "play":
                break
            seat, card = e.get("seat"), e.get("card")
            if kind == "see" and seat == self.me:
                seat = e["target"]
            elif kind == "receive" and seat == self.me:
                seat = e["from"]
            elif kind not in ("play", "discard"):
                continue
            if card is not None and seat is not None:
                hand = g.hand(int(seat))
                if hand and card not in hand:
                    return hand, card.__eq__
            if kind == "play" and e.get("result") == "miss" and e.get("guess") is not None and e["targets"]:
                guess = e["guess"]
                hand = tuple(c for c in g.hand(int(e["targets"][0])) if values[c] == guess)
                if hand:
                    return hand, lambda c, v=guess: values[c] != v
        first = log[before]
        if first["kind"] == "play" and first["seat"] != self.me:
            others = tuple(c for c in g.hand(int(first["seat"])) if c != first["card"])
            if others:
                return others, lambda c: True
        return None

    def _moved(self, p: _Particle, log: Sequence[Mapping[str, Any]]) -> _Particle | None:
        """A Metropolis move: ``p`` with a card someone drew swapped with one nobody has (or with another
        drawn one), if the log still comes out of it."""
        undrawn = self._undrawn(p)
        later = set(undrawn)
        drawn = [i for i in range(len(p.order)) if i not in self.fixed and i not in later]
        if not drawn:
            return None
        order = p.order
        for _ in range(4):
            i = drawn[self.rng.randrange(len(drawn))]
            pool = undrawn if undrawn and self.rng.random() < 0.5 else drawn
            j = pool[self.rng.randrange(len(pool))]
            if order[i] != order[j]:
                break
        else:
            return None
        order = list(order)
        order[i], order[j] = order[j], order[i]
        q = self._simulate(order, log)
        if q is not None and self.soft and self.rng.random() * p.lik > q.lik:
            return None  # Metropolis: the move is taken with the chance lik(new) / lik(old)
        return q

    def _step(self, p: _Particle, log: Sequence[Mapping[str, Any]], force: bool = True) -> bool:
        g = p.game
        before = g.log_length()
        seat = g.to_move
        if seat is None or g.round_over or before >= len(log):
            return False
        if seat == self.me:
            d = self.mine.get(before)
            if d is not None and d in g.legal_decisions():
                g.apply(d)
                p.decisions.append(d)
                return self._agrees(g, log, before)
            return self._match(p, list(g.legal_decisions()), log, before)
        if force and not self._force_draw(p, seat, log, before):
            return False
        g = p.game
        key = (self.temp, self.eps, *self._seat_key(g, seat)) if self.share and self.model is None else None
        probs = self._chances.get(key) if key is not None else None
        if probs is None:
            view = g.view(seat)
            legal = view.legal
            if len(legal) == 1:
                probs = {legal[0]: 1.0}
            elif self.model is not None:
                probs = self._mixed(self.model(view), legal)
            else:
                f = p.follow.get(seat)
                if f is None:
                    f = p.follow[seat] = BeliefFollower()
                probs = self._model(legal, heuristic_scores(view, f(view)))
            if key is not None:
                self._chances[key] = probs
        if len(probs) > 1:
            nxt = log[before]
            if nxt["kind"] != "play":  # a look, a Chancellor's return, ...: a choice whose events agree
                if self.soft:
                    return self._match_weighted(p, probs, log, before)
                return self._match(p, list(probs), log, before)
            # the one decision that makes the play we saw (a play's card, targets and guess name it)
            same = [d for d in probs if isinstance(d, Play) and d.card == nxt["card"]
                    and d.targets == tuple(nxt["targets"]) and d.guess == nxt["guess"]]
            if not same:
                return False
            p.weight *= probs[same[0]]
            p.lik *= probs[same[0]]
            d = same[0]
        else:
            d = next(iter(probs))
        g.apply(d)
        p.decisions.append(d)
        return self._agrees(g, log, before)

    @staticmethod
    def _seat_key(g: Game, seat: int) -> tuple[Any, ...]:
        """What ``seat`` knows in particle ``g``, as far as it differs between particles: every particle
        agrees with our log, so the public events are the same in all, and only the seat's hand and the
        private fields of the events it saw (its draws, its looks, ...) tell them apart. The heuristic
        model of the seat (its scores, its belief replay) reads nothing else, so particles with the same
        key get the same chances. The log's length is part of the key (the same update sees several)."""
        log = g.redacted_log(seat)
        seen = []
        for i, e in enumerate(log):
            for f in private_fields(e["kind"]):
                if f in e:
                    seen.append((i, f, e[f]))
        return (seat, len(log), g.hand(seat), tuple(seen))

    def _model(self, legal: Sequence[Decision], sc: Mapping[Decision, float]) -> dict[Decision, float]:
        """The model's chance of each legal decision (only those it may make): the heuristic's best
        ones alike, or with ``temp``/``eps`` a softmax of its scores mixed with a uniform choice."""
        best = max(sc.values())
        if self.temp > 0:
            raw = {d: math.exp((sc[d] - best) / self.temp) for d in legal}
        else:
            raw = {d: 1.0 for d in legal if sc[d] >= best - TIE}
        total = sum(raw.values())
        if not self.eps:
            return {d: x / total for d, x in raw.items()}
        flat = self.eps / len(legal)
        return {d: (1.0 - self.eps) * raw.get(d, 0.0) / total + flat for d in legal}

    def _mixed(self, chances: Mapping[Decision, float], legal: Sequence[Decision]) -> dict[Decision, float]:
        """A given model's chances with ``eps`` of a uniform choice mixed in."""
        if not self.eps:
            return {d: chances[d] for d in legal}
        flat = self.eps / len(legal)
        return {d: (1.0 - self.eps) * chances[d] + flat for d in legal}

    def _force_draw(self, p: _Particle, seat: int, log: Sequence[Mapping[str, Any]], before: int) -> bool:
        """If ``seat`` is about to play a card it does not hold in ``p``, make the card it just drew that
        card (an undrawn one's place swapped with it, the round replayed) and weigh the particle by the
        chance of that draw; False when that cannot be."""
        nxt = log[before]
        if nxt["kind"] != "play" or nxt["seat"] != seat:
            return True
        want = nxt["card"]
        g = p.game
        hand = g.hand(seat)
        if want in hand:
            if hand[0] != want:  # it must have drawn it: the chance of that draw
                p.weight *= self._draw_chance(p, want)
            return True
        mine = g.redacted_log(self.me)
        last = mine[before - 1] if before > 0 else None
        if last is None or last["kind"] != "draw" or last["seat"] != seat or last.get("from") != "deck":
            return False
        drawn = _deck_draws(mine)
        if drawn > self.d0 or len(hand) != 2:
            return False
        slot = self.k + self.players + drawn - 1
        swap = [i for i in self._undrawn(p) if p.order[i] == want]
        if not swap:
            return False
        p.weight *= self._draw_chance(p, want)
        order = list(p.order)
        j = swap[self.rng.randrange(len(swap))]
        order[slot], order[j] = order[j], order[slot]
        p.order = order
        self._replay(p)
        return True

    def _draw_chance(self, p: _Particle, card: str) -> float:
        """The chance that the card just drawn was ``card``, given the cards that were left to draw then
        (1 when the last card drawn was not one of the deck's original cards: nothing to weigh)."""
        g = p.game
        mine = g.redacted_log(self.me)
        drawn = _deck_draws(mine)
        if not 0 < drawn <= self.d0:
            return 1.0
        slot = self.k + self.players + drawn - 1
        pool = [p.order[i] for i in self._undrawn(p)] + [p.order[slot]]
        return pool.count(card) / len(pool)

    def _match(self, p: _Particle, options: list[Decision], log: Sequence[Mapping[str, Any]], before: int) -> bool:
        """Apply the first of ``options`` whose events agree with ``log`` (in random order)."""
        self.rng.shuffle(options)
        for d in options:
            g = p.game.copy()
            g.apply(d)
            if self._agrees(g, log, before):
                p.game = g
                p.decisions.append(d)
                return True
        return False

    def _match_weighted(self, p: _Particle, probs: Mapping[Decision, float], log: Sequence[Mapping[str, Any]],
                        before: int) -> bool:
        """Apply one of the decisions whose events agree with ``log``, drawn by the model's chance of
        each; ``p`` is weighed by the chance of them all."""
        agree: list[tuple[Decision, Game, float]] = []
        for d, q in probs.items():
            g = p.game.copy()
            g.apply(d)
            if self._agrees(g, log, before):
                agree.append((d, g, q))
        if not agree:
            return False
        total = sum(q for _, _, q in agree)
        d, g, _ = self.rng.choices(agree, weights=[q for _, _, q in agree])[0]
        p.weight *= total
        p.lik *= total
        p.game = g
        p.decisions.append(d)
        return True

    def _resample(self, log: Sequence[Mapping[str, Any]]) -> None:
        """Back to ``n`` particles: the survivors, and copies of random survivors with a fresh order for
        the cards nobody has drawn."""
        parts = self.parts
        weights = [p.weight for p in parts]
        if len(parts) >= self.n and min(weights) == max(weights):
            return
        total = sum(weights)
        if total <= 0:
            self.parts = []
            return
        picks = sorted(self.rng.choices(range(len(parts)), weights=weights, k=self.n))
        out: list[_Particle] = []
        used: set[int] = set()
        moves = self.moves
        for i in picks:
            if i not in used:
                q = parts[i]
                used.add(i)
            else:
                m = self._moved(parts[i], log) if moves > 0 else None
                moves -= 1
                q = m if m is not None else self._rejuvenated(parts[i])
            q.weight = 1.0
            out.append(q)
        self.parts = out

    def _undrawn(self, p: _Particle) -> list[int]:
        """Deck-order positions no one has drawn yet in ``p`` (the set-aside card while it is there)."""
        g = p.game
        total = len(p.order)
        drawn = _deck_draws(g.redacted_log(self.me))
        first = self.k + self.players + min(drawn, self.d0)
        fixed = self.fixed
        slots = [i for i in range(first, total) if i not in fixed]
        if g.set_aside is not None:
            slots.append(0)
        return slots

    def _rejuvenated(self, p: _Particle, rng: random.Random | None = None) -> _Particle:
        """A copy of ``p`` with the cards nobody has drawn in a fresh order (``rng``: the filter's own
        generator by default), the round replayed on it."""
        slots = self._undrawn(p)
        if len(slots) < 2:
            return _Particle(p.order, p.game.copy(), list(p.decisions), p.lik)
        order = list(p.order)
        cards = [order[i] for i in slots]
        (rng or self.rng).shuffle(cards)
        for i, c in zip(slots, cards, strict=True):
            order[i] = c
        q = _Particle(order, p.game, list(p.decisions), p.lik)
        self._replay(q)
        return q

    @property
    def particles(self) -> list[_Particle]:
        """The particles that answer for samples now: this filter's, or the fallback's (see ``fallback_eps``)."""
        return self._serving.parts

    def value_shares(self, view: View) -> dict[int, dict[int, float]]:
        """For every other seat, the share of particles in which its card has each value."""
        if self._serving is not self:
            return self._serving.value_shares(view)
        out: dict[int, dict[int, float]] = {}
        if not self.parts:
            return out
        weights = self._weights if self._weights is not None else [1.0] * len(self.parts)
        n = sum(weights) or 1.0
        values = view.values
        for seat in range(view.players):
            if seat == self.me or not view.alive[seat]:
                continue
            counts: dict[int, float] = {}
            for p, w in zip(self.parts, weights, strict=True):
                hand = p.game.hand(seat)
                if hand:
                    v = values[hand[0]]
                    counts[v] = counts.get(v, 0.0) + w
            out[seat] = {v: c / n for v, c in counts.items()}
        return out

    def weigh(self, belief: Any, power: float = 1.0) -> None:
        """Weigh the particles that serve samples (until the next :meth:`update`) by ``belief``: each by the
        product, over the other seats with a card, of ``belief.distribution``'s chance of the card the
        particle gives that seat (at least 1e-3), to ``power``. The belief's rules of thumb then break
        the ties of a filter with few distinct particles: in premium 6p the real card is the likeliest
        more often so (``bench/hand_reading.py``, ``all_weighted_top1``)."""
        parts = self.particles
        pool = belief.pool()
        dists = {t: belief.distribution(t, pool) for t in range(len(belief.known)) if t != self.me}
        self._serving._weights = hand_weights([p.game for p in parts], dists, power) if parts else None

    def _pick(self, rng: random.Random) -> _Particle:
        """A particle for a sample: uniformly, or by the weights of :meth:`weigh`."""
        parts, w = self.parts, self._weights
        if w is None:
            return parts[rng.randrange(len(parts))]
        return rng.choices(parts, weights=w)[0]

    # ------------------------------------------------------------------ samples for the search
    def sample_game(self, rng: random.Random, redeal: bool = False) -> Game | None:
        """The game of a random particle (do not change it: copy it), or None without particles.
        Its undrawn cards are in the particle's own order, fresh for every copy made by resampling;
        with ``redeal``, in an order drawn by ``rng`` for this sample (the round replayed on it), so
        that samples of one particle do not all share one future."""
        got = self.sample_position(rng, redeal)
        return got[0] if got is not None else None

    def sample_position(self, rng: random.Random, redeal: bool = False) -> tuple[Game, Game] | None:
        """:meth:`sample_game`, and the particle's own game beside it: every sample of one particle has
        that game's round so far (do not change either)."""
        if self._serving is not self:
            return self._serving.sample_position(rng, redeal)
        if not self.parts:
            return None
        p = self._pick(rng)
        return (self._rejuvenated(p, rng).game if redeal else p.game), p.game

    def sample(self, rng: random.Random) -> dict[str, Any] | None:
        """A hidden-card assignment (``hands``, ``deck`` top card last, ``set_aside``) from a random
        particle, with the undrawn cards in a fresh order; None without particles."""
        if self._serving is not self:
            return self._serving.sample(rng)
        if not self.parts:
            return None
        p = self._pick(rng)
        g = p.game
        deck = list(g.deck)
        left = max(0, self.d0 - _deck_draws(g.redacted_log(self.me)))  # original cards still in the deck
        top = len(deck) - left  # cards put under the deck stay where they are (index < top)
        pool = deck[top:]
        aside = g.set_aside
        if aside is not None:
            pool.append(aside)
        rng.shuffle(pool)
        if aside is not None:
            aside = pool.pop()
        deck[top:] = pool
        return {"hands": [list(h) for h in g.hands], "deck": deck, "set_aside": aside}


def hand_weights(games: Sequence[Game], dists: Mapping[int, Mapping[str, float]], power: float = 1.0) -> list[float]:
    """Per game, the product over the seats of ``dists`` of the chance its distribution gives the card the
    game deals that seat (at least 1e-3), to ``power``: see :meth:`HeuristicInference.weigh`."""
    weights = []
    for g in games:
        w = 1.0
        for t, dist in dists.items():
            hand = g.hand(t)
            if hand:
                w *= max(1e-3, dist.get(hand[0], 0.0)) ** power
        weights.append(w)
    return weights


def _deck_draw_events(log: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int, str | None]]:
    """Every card drawn from the deck in ``log`` after the deal, in order: (seat, card if we saw it)."""
    for e in log:
        kind = e["kind"]
        if kind == "draw":
            if e.get("from") == "deck" and e.get("reason") != "deal":
                yield e["seat"], e.get("card")
        elif kind == "chancellor_draw":
            cards = e.get("cards")
            for i in range(int(e["count"])):
                yield e["seat"], cards[i] if cards is not None else None


def _deck_draws(log: Sequence[Mapping[str, Any]]) -> int:
    """Cards drawn from the deck in ``log`` after the deal."""
    return sum(1 for _ in _deck_draw_events(log))


__all__ = ["HeuristicInference", "hand_weights"]
