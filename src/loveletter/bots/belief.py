"""What one seat can infer about hidden cards, from its :class:`~loveletter.engine.View` only.

:class:`Belief` replays the view's redacted log and keeps, for every other seat:

* ``known[s]``: the card ``s`` certainly holds (Priest/Baroness/Cardinal looks, Baron and Dowager
  Queen comparisons, King/Cardinal trades, a Bishop target that kept the named card), kept while
  ``s`` plays other cards and dropped when ``s`` plays it, discards it or redraws;
* ``factor[s][card]``: a likelihood multiplier per card id (0 rules a card out: a Guard miss, a
  lost comparison; > 1 favours it: a Countess play suggests a King or Prince). When ``s`` plays
  an unknown card the factors are blended towards 1, because the card kept may be the new one.

It also tracks which other seats know *our* card (``exposed``) and the cards we put under the deck
with a Chancellor. :meth:`Belief.distribution` gives per-seat card probabilities and
:meth:`Belief.sample` a full consistent assignment of the hidden cards (hands, deck, set-aside).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..engine import View

#: Blend of the old likelihood factors after a seat plays a card we did not know it held.
KEEP_OLD = 0.55
#: Likelihood of a card higher / lower than the one a seat chose to play (it kept the other).
HIGHER = 2.0
LOWER = 0.55
#: Bounds of that shading (a hard exclusion, factor 0, stays 0).
CAP = 3.0
FLOOR = 0.25


class Belief:
    """Per-seat knowledge derived from one view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me = me = view.seat
        self.values = view.values
        n = view.players
        self.known: list[str | None] = [None] * n
        self.factor: list[dict[str, float]] = [{} for _ in range(n)]
        #: seats (other than me) that know my current card, and the card they know
        self.exposed: dict[int, str] = {}
        #: per seat: what it knows about other seats' cards (seen by me to be seen)
        self.seen_by: dict[int, set[int]] = {}
        self.bottom: list[str | None] = []  # known deck bottom, bottom-most first
        self.my_hand: list[str] = []
        self._pending_bishop: tuple[int, int | None] = (-1, None)
        self._compare_pending: tuple[int, int, bool] | None = None
        self._last_card = ""
        self._replay(view.log)
        self.bottom = self.bottom[: view.deck_size]
        if list(view.hand) and sorted(self.my_hand) != sorted(view.hand):
            self.my_hand = list(view.hand)
        # my own card is not a secret from me
        self.known[me] = None

    # ------------------------------------------------------------------ log replay
    def _reset(self, s: int) -> None:
        self.known[s] = None
        self.factor[s] = {}

    def _blend(self, s: int) -> None:
        f = self.factor[s]
        if f:
            self.factor[s] = {c: KEEP_OLD * w + (1 - KEEP_OLD) for c, w in f.items()}

    def _mul(self, s: int, cards: Any, w: float) -> None:
        f = self.factor[s]
        for c in cards:
            f[c] = f.get(c, 1.0) * w

    def _lost_my_card(self, card: str) -> None:
        for s, c in list(self.exposed.items()):
            if c == card and card not in self.my_hand:
                del self.exposed[s]

    def _replay(self, log: tuple[dict[str, Any], ...]) -> None:
        me, values = self.me, self.values
        for e in log:
            k = e["kind"]
            s = e.get("seat")
            if k == "draw":
                if s == me:
                    self.my_hand.append(e["card"])
                elif e["reason"] == "replacement":
                    self._reset(s)
                    self.exposed.pop(s, None)
            elif k == "play":
                card = e["card"]
                self._last_card = card
                if s == me:
                    if card in self.my_hand:
                        self.my_hand.remove(card)
                    self._lost_my_card(card)
                else:
                    if self.known[s] is not None:
                        if self.known[s] == card:
                            self._reset(s)
                    else:
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
                                    x = f.get(c, 1.0)
                                    f[c] = max(FLOOR, x * LOWER) if x > 0 else 0.0
                if card == "chancellor":
                    if s != me:
                        self._reset(s)
                        # it keeps the best of three cards: favour high values a little
                        for c, v in values.items():
                            if v >= 5:
                                self._mul(s, (c,), 1.5)
                if card in ("guard", "bishop") and e.get("result") == "miss" and e["targets"]:
                    t = e["targets"][0]
                    if t != me:
                        self._mul(t, [c for c, v in values.items() if v == e["guess"]], 0.0)
                if card == "bishop" and e.get("result") == "hit" and e["targets"]:
                    t = e["targets"][0]
                    self._pending_bishop = (t, e["guess"])
            elif k == "discard":
                card = e["card"]
                if s == me:
                    if card in self.my_hand:
                        self.my_hand.remove(card)
                    self._lost_my_card(card)
                else:
                    if self.known[s] == card:
                        self.known[s] = None
                    if e["how"] != "knockedOutDiscard":
                        self._reset(s)
            elif k == "bishop_choice":
                t, guess = self._pending_bishop
                if not e["discard"] and t != me and guess is not None:
                    cands = [c for c, v in values.items() if v == guess]
                    if len(cands) == 1:
                        self.known[t] = cands[0]
                    else:
                        self.factor[t] = {c: (1.0 if c in cands else 0.0) for c in values}
            elif k == "see":
                t = e["target"]
                if s == me and "card" in e:
                    self.known[t] = e["card"]
                    self.factor[t] = {}
                elif t == me and s is not None:
                    if self.my_hand:
                        self.exposed[s] = self.my_hand[0]
                self.seen_by.setdefault(s, set()).add(t)
            elif k == "compare":
                a, b, res = e["seat"], e["target"], e["result"]
                if me not in (a, b) and res != "tie":
                    winner = b if res == a else a
                    # the loser's card is revealed by its knock-out discard (applied at the knockout)
                    self._compare_pending = (winner, res, self._last_card == "baron")
            elif k == "knockout":
                if s != me:
                    self._reset(s)
                pend = self._compare_pending
                if pend is not None and pend[1] == s:
                    self._apply_compare(pend[0], s, pend[2])
                self._compare_pending = None
                self.exposed.pop(s, None)
            elif k == "receive":
                frm = e["from"]
                if s == me:
                    old = list(self.my_hand)
                    self.my_hand = [e["card"]] if "card" in e else self.my_hand
                    if old and frm != me:
                        self.known[frm] = old[0]
                        self.factor[frm] = {}
                    # the seat I traded with knows my new card (it was theirs)
                    self.exposed = {frm: self.my_hand[0]} if self.my_hand and frm != me else {}
                elif frm != me:
                    # a trade between two other seats: their knowledge swaps (handled once per pair)
                    if s < frm:
                        self.known[s], self.known[frm] = self.known[frm], self.known[s]
                        self.factor[s], self.factor[frm] = self.factor[frm], self.factor[s]
            elif k == "chancellor_return":
                bottom = e.get("bottom")
                if s == me and bottom is not None:
                    self.my_hand = [e["keep"]]
                    self.bottom = list(reversed(bottom)) + self.bottom
                else:
                    self.bottom = [None] * e["count"] + self.bottom
            elif k == "chancellor_draw":
                if s == me and "cards" in e:
                    self.my_hand.extend(e["cards"])

    def _apply_compare(self, winner: int, loser: int, higher_wins: bool) -> None:
        # the loser's knocked-out hand is the last card of its (final) discard pile
        pile = self.view.discards[loser]
        if not pile or winner == self.me:
            return
        lv = self.values[pile[-1]]
        bad = [c for c, v in self.values.items() if (v <= lv if higher_wins else v >= lv)]
        self._mul(winner, bad, 0.0)

    # ------------------------------------------------------------------ queries
    def pool(self) -> Counter[str]:
        """Unseen cards minus those we know are in another seat's hand or under the deck."""
        pool = Counter(self.view.unseen_counts())
        for s, c in enumerate(self.known):
            if c is not None and self.view.alive[s]:
                if pool[c] > 0:
                    pool[c] -= 1
                else:
                    self.known[s] = None  # inconsistent (should not happen): forget it
        for c in self.bottom:
            if c is not None and pool[c] > 0:
                pool[c] -= 1
        return +pool

    def distribution(self, s: int, pool: Counter[str] | None = None) -> dict[str, float]:
        """Probability of each card id in seat ``s``'s hand (one card)."""
        if self.known[s] is not None:
            return {self.known[s]: 1.0}
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

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """One assignment of every hidden card consistent with the view.

        Returns ``hands`` (per seat, list; our own hand as is), ``deck`` (top card LAST) and
        ``set_aside`` (None when it was taken).
        """
        v = self.view
        pool = self.pool()
        hands: list[list[str]] = [[] for _ in range(v.players)]
        hands[self.me] = list(v.hand)
        others = [s for s in range(v.players) if s != self.me and v.hand_sizes[s] > 0]
        rng.shuffle(others)
        # most constrained first: known cards, then seats with factors
        others.sort(key=lambda s: 0 if self.known[s] is not None else (1 if self.factor[s] else 2))
        for s in others:
            need = v.hand_sizes[s]
            if self.known[s] is not None:
                hands[s].append(self.known[s])
                need -= 1
            for _ in range(need):
                f = self.factor[s]
                items = [(c, k * f.get(c, 1.0)) for c, k in sorted(pool.items()) if k > 0]
                tot = sum(w for _, w in items)
                if tot <= 0:
                    items = [(c, float(k)) for c, k in sorted(pool.items()) if k > 0]
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
