"""What one seat can infer about hidden cards, from its :class:`~loveletter.engine.View` only.

The facts come from :mod:`loveletter.engine.knowledge` (the one reader of a seat's log): for every
other seat the card it surely holds (``known``), the cards it cannot hold (their likelihood is 0),
which seats know *our* card (``exposed``), the cards we put under the deck with a Chancellor
(``bottom``) and the unseen-card pool.

On top of the facts, :class:`Belief` keeps the heuristic's judgement: ``factor[s][card]``, a
soft likelihood multiplier per card id (> 1 favours it: a Countess play suggests a King or Prince;
a seat that plays a card tends to keep a higher one). When ``s`` plays a card we did not know it
held, the factors are blended towards 1, because the card kept may be the new one; they start
afresh when its hand is replaced. :meth:`Belief.distribution` gives per-seat card probabilities
and :meth:`Belief.sample` a full consistent assignment of the hidden cards (hands, deck,
set-aside).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..engine import Game, View
from ..engine.knowledge import Knowledge, Tracker

#: Blend of the old likelihood factors after a seat plays a card we did not know it held.
KEEP_OLD = 0.55
#: Likelihood of a card higher / lower than the one a seat chose to play (it kept the other).
HIGHER = 2.0
LOWER = 0.55
#: Bounds of that shading (a hard exclusion, factor 0, stays 0).
CAP = 3.0
FLOOR = 0.25
#: Attempts of :meth:`Belief.sample` at an assignment that breaks no hard fact.
SAMPLE_TRIES = 4


class _Replay:
    """The replay behind a :class:`Belief`: the knowledge tracker and the soft factors, event by event."""

    __slots__ = ("factor", "me", "seen_by", "tracker", "values")

    def __init__(self, view: View) -> None:
        self.me = view.seat
        self.values = view.values
        self.factor: list[dict[str, float]] = [{} for _ in range(view.players)]
        self.seen_by: dict[int, set[int]] = {}
        self.tracker = Tracker(view)

    def catch_up(self, view: View) -> None:
        self.tracker.catch_up(view, self.feed)
        self.values = view.values

    def copy(self) -> _Replay:
        """An independent copy: the same events fed to both give the same belief."""
        r = _Replay.__new__(_Replay)
        r.me, r.values = self.me, self.values
        r.factor = [dict(f) for f in self.factor]
        r.seen_by = {s: set(t) for s, t in self.seen_by.items()}
        r.tracker = self.tracker.copy()
        return r

    def _reset(self, s: int) -> None:
        self.factor[s] = {}

    def _blend(self, s: int) -> None:
        f = self.factor[s]
        if f:
            self.factor[s] = {c: KEEP_OLD * w + (1 - KEEP_OLD) for c, w in f.items()}

    def _mul(self, s: int, cards: Any, w: float) -> None:
        f = self.factor[s]
        for c in cards:
            f[c] = f.get(c, 1.0) * w

    def feed(self, e: Any) -> None:
        me, values, tracker = self.me, self.values, self.tracker
        k = e["kind"]
        s = e.get("seat")
        before = tracker.known(s) if k == "play" and s != me else ()
        tracker.feed(e)
        if k == "draw":
            if s != me and e["reason"] == "replacement":
                self._reset(s)
        elif k == "play" and s != me:
            card = e["card"]
            if card in before:
                self._reset(s)  # it played the card we knew: what it holds now is new
            elif not before:
                self._blend(s)
                if card == "countess":
                    self._mul(s, ("king", "prince"), 4.0)
                else:
                    # players tend to keep the higher card: shade the kept card upwards
                    vx = values[card]
                    f = self.factor[s]
                    for c, v in values.items():
                        if v > vx:
                            f[c] = min(CAP, f.get(c, 1.0) * HIGHER)
                        elif v < vx:
                            f[c] = max(FLOOR, f.get(c, 1.0) * LOWER)
            if card == "chancellor":
                self._reset(s)
                # it keeps the best of three cards: favour high values a little
                for c, v in values.items():
                    if v >= 5:
                        self._mul(s, (c,), 1.5)
        elif k == "discard":
            if s != me and e["how"] != "knockedOutDiscard":
                self._reset(s)
        elif k == "see":
            t = e["target"]
            if s == me:
                self.factor[t] = {}
            self.seen_by.setdefault(s, set()).add(t)
        elif k == "knockout":
            if s != me:
                self._reset(s)
        elif k == "receive":
            frm = e["from"]
            if s == me and frm != me:
                self.factor[frm] = {}  # it now holds the card I gave
            elif me not in (s, frm) and s < frm:  # a trade between two other seats (once per pair)
                self.factor[s], self.factor[frm] = self.factor[frm], self.factor[s]


class Belief:
    """Per-seat knowledge derived from one view."""

    def __init__(self, view: View, replay: _Replay | None = None) -> None:
        """``replay``: the state of a :class:`BeliefFollower` already caught up with ``view``
        (default: replay the view's whole log)."""
        if view.seat is None:
            raise ValueError("a Belief is a seat's: this view is a spectator's")
        self.view = view
        self.me: int = view.seat
        self.values = view.values
        n = view.players
        if replay is None:
            replay = _Replay(view)
            replay.catch_up(view)
        self.factor: list[dict[str, float]] = [dict(f) for f in replay.factor]
        #: per seat: the seats whose hand it looked at this round
        self.seen_by: dict[int, set[int]] = {s: set(t) for s, t in replay.seen_by.items()}
        #: the facts (see :class:`~loveletter.engine.knowledge.Knowledge`)
        self.knowledge: Knowledge = replay.tracker.result()
        k = self.knowledge
        #: per seat: the card it surely holds (None if unknown; always None for my own seat)
        self.known: list[str | None] = [None] * n
        for s, cards in k.holds.items():
            self.known[s] = cards[0]
        #: seats (other than me) that know my current card, and the card they know
        self.exposed: dict[int, str] = {s: cards[0] for s, cards in k.knows_mine.items()}
        self.bottom: list[str | None] = list(k.deck_bottom)  # known deck bottom, bottom-most first
        self.my_hand: list[str] = list(view.hand)
        # hard exclusions: a card no card of that hand can be has likelihood 0
        deck = view.deck_counts
        for s, cands in k.candidates.items():
            possible = frozenset().union(*cands)
            f = self.factor[s]
            for c in deck:
                if c not in possible:
                    f[c] = 0.0

    # ------------------------------------------------------------------ queries
    def pool(self) -> Counter[str]:
        """Hidden cards whose place we do not know (:attr:`Knowledge.unseen`): the unseen cards
        minus those we know are in another seat's hand or under the deck."""
        return Counter(self.knowledge.unseen)

    def distribution(self, s: int, pool: Counter[str] | None = None) -> dict[str, float]:
        """Probability of each card id in seat ``s``'s hand (one card)."""
        known = self.known[s]
        if known is not None:
            return {known: 1.0}
        if pool is None:
            pool = self.pool()
        f = self.factor[s]
        w = {c: k * f.get(c, 1.0) for c, k in pool.items()}
        tot = sum(w.values())
        if tot <= 0:
            w = {c: float(k) for c, k in pool.items()}
            tot = sum(w.values()) or 1.0
        return {c: x / tot for c, x in w.items() if x > 0}

    def value_distribution(self, s: int, pool: Counter[str] | None = None) -> dict[int, float]:
        out: dict[int, float] = {}
        for c, p in self.distribution(s, pool).items():
            v = self.values[c]
            out[v] = out.get(v, 0.0) + p
        return out

    def _hand_facts(self, s: int) -> tuple[list[str], list[frozenset[str] | None]]:
        """Seat ``s``'s known cards, and one candidate set (None: any card) per card we do not know."""
        held = list(self.knowledge.holds.get(s, ()))
        need = self.view.hand_sizes[s] - len(held)
        sets: list[frozenset[str] | None] = [cs for cs in self.knowledge.candidates.get(s, ()) if len(cs) != 1]
        return held, (sets + [None] * need)[:need]

    def _deal(self, rng: random.Random) -> tuple[list[list[str]], Counter[str], bool]:
        """Other seats' hands drawn from the pool; False if a card had to break a hard fact
        (the candidates of a card were all taken by earlier picks)."""
        v = self.view
        pool = self.pool()
        consistent = True
        hands: list[list[str]] = [[] for _ in range(v.players)]
        hands[self.me] = list(v.hand)
        others = [s for s in range(v.players) if s != self.me and v.hand_sizes[s] > 0]
        rng.shuffle(others)
        # most constrained first: known cards, then seats with exclusions, then with factors
        others.sort(key=lambda s: 0 if self.known[s] is not None else (
            1 if 0.0 in self.factor[s].values() else (2 if self.factor[s] else 3)))
        for s in others:
            held, slots = self._hand_facts(s)
            hands[s].extend(held)
            f = self.factor[s]
            for cs in slots:
                items = [(c, n * f.get(c, 1.0)) for c, n in sorted(pool.items()) if n > 0 and (cs is None or c in cs)]
                tot = sum(w for _, w in items)
                if tot <= 0:  # the soft factors exclude every candidate left: use the counts only
                    items = [(c, float(n)) for c, n in sorted(pool.items()) if n > 0 and (cs is None or c in cs)]
                    tot = sum(w for _, w in items)
                if tot <= 0:  # no candidate left in the pool (earlier picks took them): any card
                    consistent = False
                    items = [(c, float(n)) for c, n in sorted(pool.items()) if n > 0]
                    tot = sum(w for _, w in items)
                r = rng.random() * tot
                pick = items[-1][0]
                for c, w in items:
                    r -= w
                    if r < 0:
                        pick = c
                        break
                hands[s].append(pick)
                pool[pick] -= 1
        return hands, pool, consistent

    def _deal_exact(self, rng: random.Random) -> tuple[list[list[str]], Counter[str]]:
        """Other seats' hands that keep every hard fact (candidates), by backtracking in random
        order; the soft factors are left out. The true deal keeps them all, so one always exists."""
        v = self.view
        pool = self.pool()
        hands: list[list[str]] = [[] for _ in range(v.players)]
        hands[self.me] = list(v.hand)
        slots: list[tuple[int, frozenset[str] | None]] = []
        for s in range(v.players):
            if s == self.me or v.hand_sizes[s] == 0:
                continue
            held, sets = self._hand_facts(s)
            hands[s].extend(held)
            slots.extend((s, cs) for cs in sets)
        slots.sort(key=lambda sc: len(sc[1]) if sc[1] is not None else len(pool) + 1)
        picks: list[str] = []

        def place(i: int) -> bool:
            if i == len(slots):
                return True
            cs = slots[i][1]
            options = [c for c, n in sorted(pool.items()) if n > 0 and (cs is None or c in cs)]
            rng.shuffle(options)
            for c in options:
                pool[c] -= 1
                picks.append(c)
                if place(i + 1):
                    return True
                picks.pop()
                pool[c] += 1
            return False

        if not place(0):  # cannot happen for a view of a real game
            raise RuntimeError("no deal of the hidden cards keeps what this seat knows")
        for (s, _), c in zip(slots, picks, strict=True):
            hands[s].append(c)
        return hands, pool

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """One assignment of every hidden card consistent with the view.

        Known cards and the known deck bottom are placed as they are; every other card of a hand
        is drawn from the pool among its candidates, weighted by the soft factors.

        Returns ``hands`` (per seat, list; our own hand as is), ``deck`` (top card LAST) and
        ``set_aside`` (None when it was taken).
        """
        v = self.view
        for _ in range(SAMPLE_TRIES):
            hands, pool, consistent = self._deal(rng)
            if consistent:
                break
        else:  # the greedy deal keeps breaking a hard fact: search for a consistent one
            hands, pool = self._deal_exact(rng)
        rest = list(pool.elements())
        rest.sort()
        rng.shuffle(rest)
        set_aside = None
        if not v.set_aside_taken:
            set_aside = rest.pop() if rest else None
        # deck: known bottom cards at the bottom (index 0), the rest random
        size = v.deck_size
        deck: list[str | None] = [None] * size
        for i, c in enumerate(self.bottom[:size]):
            deck[i] = c
        for i in range(size):
            if deck[i] is None:
                deck[i] = rest.pop() if rest else "guard"
        return {"hands": hands, "deck": deck, "set_aside": set_aside}


class BeliefFollower:
    """``Belief(view)`` for one seat's successive views in one game, replaying only the new events
    (a bot keeps one; any view that does not extend the last one starts the replay again).

    ``start``: a replay to begin from, copied (see :class:`SharedStart`); it may come from another
    copy of the game, so the first view is matched to it by equal events rather than the same ones."""

    __slots__ = ("_replay", "_unbound")

    def __init__(self, start: _Replay | None = None) -> None:
        self._replay: _Replay | None = start.copy() if start is not None else None
        self._unbound = start is not None

    def __call__(self, view: View) -> Belief:
        r = self._replay
        if self._unbound:
            self._unbound = False
            if r is not None and not r.tracker.rebind(view):
                r = None
        if r is None or not r.tracker.follows(view):
            r = self._replay = _Replay(view)
        r.catch_up(view)
        return Belief(view, r)


class SharedStart:
    """Every seat's belief replay at one position that many rollouts start from, made once per seat (when
    a rollout first asks) and copied into each rollout's :class:`BeliefFollower`: the rollouts then
    replay only the events after the start. ``game`` is that position; it is read, never changed."""

    __slots__ = ("game", "replays")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.replays: list[_Replay | None] = [None] * game.players

    def follower(self, seat: int) -> BeliefFollower:
        r = self.replays[seat]
        if r is None:
            view = self.game.view(seat)
            r = self.replays[seat] = _Replay(view)
            r.catch_up(view)
        return BeliefFollower(r)
