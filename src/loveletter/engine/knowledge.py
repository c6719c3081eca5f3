"""What one seat knows *now* about the hidden cards, derived from its :class:`~.views.View` alone.

:func:`knowledge` replays ``view.log`` (this round's events, redacted for the seat) and follows
every card that is hidden from someone as a *token*: it is dealt or drawn, moves with trades,
goes under the draw pile with a Chancellor, comes back with a draw, and leaves play face up. For
each token the replay keeps

* what the observing seat knows of it: the set of card ids it can be;
* what everyone knows of it: the same set computed from public facts only;
* which other seats know exactly what it is: they looked at it, held it (a seat that gives a
  card away in a trade knows where it went), or put it under the deck.

What the log tells, card by card (RULES.md section 6):

* Priest, Baroness, Cardinal look: the looker knows the hand (the Cardinal looks after the trade,
  possibly at his own hand, which tells nothing new). Baron, Dowager Queen: both players know
  each other's card; a tie tells everyone that the two values are equal (so a seat that knows one
  card learns the other's value); otherwise the loser's card is shown and the winner's is
  publicly above it (Baron) or below it (Dowager Queen).
* King, Cardinal: the hands trade places, and what anyone knew travels with them; each player
  knows the card it received and the one it gave away.
* Guard miss: the target holds no card of the named value, and no Assassin (it would have
  reacted). Bishop: a hit means the target holds the named value (whether it then keeps it or
  discards it); a miss rules the value out.
* Playing a King or a Prince: the other card is not the Countess (RULES.md 2.5).
* Prince, Bishop discard, Assassin reaction, knock-outs: the card is shown; a replacement draw is
  a new unknown card (the drawer knows it).
* Chancellor: the three cards are shuffled from the others' point of view: the kept card and the
  returned ones can each be any of them. Its player knows the returned cards and their order.
  A card drawn from the bottom region is known to whoever put it there.
* A seat that draws, then plays one of its two cards: if the played card cannot be the one I
  knew, the known card stays; if it can, the remaining card is either (the union of both).
* The showdown shows every remaining hand.
* Jester, Sycophant, Handmaid, Countess, Count, Constable, Spy, Assassin played: no information.

Two deliberate limits. The knowledge is about single cards, not joint facts: after another seat's
Chancellor the replay keeps "each of these three cards is one of {a, b, c}", not "they are a, b
and c in some order". And it does not count cards: that a seat must hold a card because every
other copy is accounted for is left to the caller, who has :attr:`Knowledge.unseen` for it.

Seats other than the observer are judged the same way, from the observer's log, to say which of
the observer's cards they know (:attr:`Knowledge.knows_mine`). That is a lower bound: a seat may
know more from facts the observer cannot see (its own deductions from its own hand).

:class:`Tracker` is the replay itself, for callers that need the knowledge as it was at each
step of the log (see :mod:`loveletter.bots.belief`).

``loveletter.engine`` exports :func:`knowledge` as ``knowledge_of`` (so that
``loveletter.engine.knowledge`` stays this module).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .views import View

__all__ = ["Follower", "Knowledge", "Tracker", "knowledge", "knowledge_of"]


@dataclass(frozen=True)
class Knowledge:
    """What seat ``seat`` knows about hidden cards at the moment of its view.

    Seats are engine seats; my own seat never appears. ``candidates`` lists every other seat
    holding cards; ``holds``, ``ruled_out`` and ``knows_mine`` list a seat only when there is
    something to say.
    """

    seat: int
    #: other seat -> the cards it surely holds (sorted). One card, except during that seat's own
    #: turn, when it may hold two known cards (or three during its Chancellor).
    holds: Mapping[int, tuple[str, ...]]
    #: other seat -> for each card in its hand, the card ids that card can be (a known card is a
    #: one-element set). Without card counting: every card id of the deck is a candidate unless
    #: an event rules it out.
    candidates: Mapping[int, tuple[frozenset[str], ...]]
    #: other seat -> the values none of its cards can have now (Guard/Bishop misses, a lost
    #: comparison's bound, known cards...). Values of this deck only.
    ruled_out: Mapping[int, frozenset[int]]
    #: other seat (in the round or not) -> the cards of my current hand it surely knows (sorted).
    knows_mine: Mapping[int, tuple[str, ...]]
    #: the bottom of the draw pile as far as Chancellors have filled it, bottom-most first: the
    #: card where I know it (my own returns), None where I do not (another seat's returns).
    #: Shorter than the deck; trimmed as draws reach it.
    deck_bottom: tuple[str | None, ...]
    #: card id -> copies hidden from me whose identity I do not know: the deck composition minus
    #: my hand, the face-up cards, every discard pile, ``holds`` and the known ``deck_bottom``
    #: cards. These copies are somewhere among the other hands, the deck and the set-aside card.
    unseen: Mapping[str, int]

    def known(self, seat: int) -> str | None:
        """The card ``seat`` holds when it holds one known card (the usual case), else None."""
        cards = self.holds.get(seat, ())
        return cards[0] if len(cards) == 1 and len(self.candidates.get(seat, ())) == 1 else None


def knowledge(view: View) -> Knowledge:
    """What ``view.seat`` knows now, from ``view`` only (no I/O, no randomness)."""
    tracker = Tracker(view)
    tracker.catch_up(view)
    return tracker.result()


class Follower:
    """:func:`knowledge` of one seat's successive views, feeding the replay only the new events.

    ``follower(view)`` equals ``knowledge(view)``. While each view extends the one before
    (:meth:`Tracker.follows`), only the events added since are replayed; any other view starts the
    replay again. For callers that read knowledge at every step of a game (the RL encoding).
    """

    __slots__ = ("_tracker",)

    def __init__(self) -> None:
        self._tracker: Tracker | None = None

    def __call__(self, view: View) -> Knowledge:
        t = self._tracker
        if t is None or not t.follows(view):
            t = self._tracker = Tracker(view)
        t.catch_up(view)
        return t.result()


# ---------------------------------------------------------------------------------------------
# The replay. Card sets are bit masks over the deck's card ids; seat sets are bit masks too.


class _Token:
    """One physical card while it is hidden from somebody."""

    __slots__ = ("kb", "mine", "pub")

    def __init__(self, mine: int, pub: int, kb: int = 0) -> None:
        self.mine = mine  # cards it can be, for the observer
        self.pub = pub  # cards it can be, for everyone
        self.kb = kb  # seats (bits) that know exactly what it is, besides its holder


def _single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


@lru_cache(maxsize=4096)
def _card_set(cards: tuple[str, ...], mask: int) -> frozenset[str]:
    return frozenset(c for i, c in enumerate(cards) if mask >> i & 1)


def _merge(a: int, b: int, played: int) -> int:
    """The card left of two (sets ``a``, ``b``) after one card ``played`` left the hand."""
    return (b if a & played else 0) | (a if b & played else 0)


_COMPARE_CARDS = {"baron": False, "dowager_queen": True}  # card -> the higher value loses


@lru_cache(maxsize=64)
def _deck_tables(edition: str, players: int) -> tuple[tuple[str, ...], dict[str, int], int, dict[int, int],
                                                      dict[int, int], int, int]:
    """Bit masks of a deck's cards (shared by every replay of that deck; never changed)."""
    from .editions import find_edition

    deck = find_edition(edition).deck(players)
    cards = tuple(deck.counts)
    bit = {c: 1 << i for i, c in enumerate(cards)}
    values = deck.values
    value_of = {bit[c]: values[c] for c in cards}
    by_value: dict[int, int] = {}
    for c in cards:
        by_value[values[c]] = by_value.get(values[c], 0) | bit[c]
    return cards, bit, (1 << len(cards)) - 1, value_of, by_value, bit.get("countess", 0), bit.get("assassin", 0)


class Tracker:
    """Replays one seat's log event by event (:meth:`feed`); :meth:`result` gives the knowledge.

    :meth:`known` answers during the replay, for callers that judge each step with what was known
    just before it. The view passed in is the final one: it gives the deck composition and the
    state the replay is reconciled with at the end.
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.fed: tuple[Mapping[str, Any], ...] = ()  # the events fed by catch_up
        if view.seat is None:
            raise ValueError("knowledge is a seat's: a spectator view has none")
        self.me: int = view.seat
        self.n = view.players
        (self.cards, self.bit, self.full, self.value_of, self.by_value, self.countess,
         self.assassin) = _deck_tables(view.edition, view.players)
        self.hands: list[list[_Token]] = [[] for _ in range(self.n)]
        # the draw pile: ``fresh`` cards nobody has seen on top of ``bottom`` (the Chancellors'
        # returns, bottom-most first, as in Game.deck whose top card is last)
        self.fresh = 0
        self.bottom: list[_Token] = []
        self.set_aside: _Token | None = None
        self._trade: tuple[int, int] | None = None  # the first half of a trade just seen
        self._compare: tuple[int, int, bool] | None = None  # winner, loser, higher loses
        self._last_card = ""

    # ------------------------------------------------------------------ helpers
    def _fresh(self) -> _Token:
        return _Token(self.full, self.full)

    def _mask_of_values(self, mask: int) -> int:
        """Every card sharing a value with a card of ``mask``."""
        out = 0
        for b in _bits(mask):
            out |= self.by_value[self.value_of[b]]
        return out

    def _exact(self, x: int, t: _Token) -> bool:
        """Seat ``x`` (not the holder) surely knows what ``t`` is."""
        return bool(t.kb >> x & 1) or _single(t.pub)

    def _others(self, *skip: int) -> Iterable[int]:
        return (x for x in range(self.n) if x not in skip)

    def _restrict(self, seat: int, mask: int) -> None:
        """A public fact: ``seat``'s card is one of ``mask``."""
        for t in self.hands[seat]:
            t.mine &= mask
            t.pub &= mask

    def _learn(self, t: _Token, card: str) -> None:
        """The observer sees what ``t`` is."""
        t.mine = self.bit.get(card, 0)

    def _take(self, seat: int, card: str, forbid: int = 0) -> None:
        """``card`` leaves ``seat``'s hand face up; ``forbid``: cards the rest cannot be."""
        hand = self.hands[seat]
        played = self.bit.get(card, 0)
        if len(hand) <= 1:
            hand.clear()
            return
        if len(hand) == 2:
            t1, t2 = hand
            kb = 0
            # Only a seat that knew one of the two cards can know the one left, or any seat when
            # a public set is a single card. (When only the merged public set is a single card,
            # everyone knows and the new token's public set says so.)
            who = t1.kb | t2.kb
            if _single(t1.pub) or _single(t2.pub):
                who = (1 << self.n) - 1
            who &= ~(1 << seat | 1 << self.me)
            for xb in _bits(who):
                x = xb.bit_length() - 1
                if self._knows_rest(x, t1, t2, played, forbid):
                    kb |= xb
            hand[:] = [_Token(_merge(t1.mine, t2.mine, played) & ~forbid,
                              _merge(t1.pub, t2.pub, played) & ~forbid, kb)]
            return
        # Never happens in the rules (a card leaves a hand of at most two); stay sound anyway.
        pick = next((t for t in hand if t.mine == played), None)
        hand.remove(pick or next((t for t in hand if t.mine & played), hand[0]))
        mine = pub = 0
        for t in hand:
            mine |= t.mine
            pub |= t.pub
        hand[:] = [_Token(mine & ~forbid, pub & ~forbid) for _ in hand]

    def _knows_rest(self, x: int, t1: _Token, t2: _Token, played: int, forbid: int) -> bool:
        """Whether seat ``x`` knows the card left after one of ``t1``, ``t2`` was played."""
        e1, e2 = self._exact(x, t1), self._exact(x, t2)
        if e1 and e2:
            return True
        if not (e1 or e2):
            return _single(_merge(t1.pub, t2.pub, played) & ~forbid)
        if e2:
            t1, t2 = t2, t1
        # x knows t1 exactly (whatever it is among my candidates) and t2 only publicly. Check
        # every world consistent with what I know: x must be left with a single candidate.
        worlds = t1.mine if t2.mine & played else t1.mine & played
        for n1 in _bits(worlds):
            rest = ((t2.pub if n1 == played else 0) | (n1 if t2.pub & played else 0)) & ~forbid
            if rest and not _single(rest):
                return False
        return True

    def _shuffle_out(self, seat: int, keep: str | None, bottom: list[str] | None, count: int) -> None:
        """A Chancellor: ``seat`` keeps one card and puts ``count`` under the deck."""
        hand = self.hands[seat]
        mine = pub = 0
        for t in hand:
            mine |= t.mine
            pub |= t.pub
        kb = 0
        if _single(mine):
            for x in self._others(seat, self.me):
                if all(self._exact(x, t) for t in hand):
                    kb |= 1 << x
        mine_seat = seat == self.me and keep is not None and bottom is not None
        kept = _Token(self.bit.get(keep, 0) if mine_seat and keep is not None else mine, pub, kb)
        names: list[str | None] = list(bottom) if mine_seat and bottom is not None else [None] * count
        hand[:] = [kept]
        for name in names:  # each goes under the previous one (RULES.md Appendix A)
            m = self.bit.get(name, 0) if name is not None else mine
            self.bottom.insert(0, _Token(m, pub, kb | 1 << seat))

    def _draw_from_deck(self) -> _Token:
        if self.fresh > 0:
            self.fresh -= 1
        elif self.bottom:
            return self.bottom.pop()
        return self._fresh()

    # ------------------------------------------------------------------ replay
    def known(self, seat: int) -> tuple[str, ...]:
        """The cards of ``seat``'s hand known so far in the replay (all of them for my own seat)."""
        return tuple(self._name(t.mine) for t in self.hands[seat] if _single(t.mine))

    def follows(self, view: View) -> bool:
        """Whether ``view`` extends what was fed: the same seat and game, and a log that begins with
        the very events fed so far (the engine's views of one seat in one game share them)."""
        v, fed, log = self.view, self.fed, view.log
        return (view.seat == v.seat and view.edition == v.edition and view.players == v.players
                and len(log) >= len(fed) and all(a is b for a, b in zip(fed, log, strict=False)))

    def copy(self) -> Tracker:
        """An independent copy of the replay so far (what was fed, and the state it gave): feeding both
        the same events gives the same knowledge. A search forks one replay of a shared start this way
        instead of replaying the start for every line it plays out."""
        t = Tracker.__new__(Tracker)
        t.view, t.fed, t.me, t.n = self.view, self.fed, self.me, self.n
        (t.cards, t.bit, t.full, t.value_of, t.by_value, t.countess, t.assassin) = (
            self.cards, self.bit, self.full, self.value_of, self.by_value, self.countess, self.assassin)
        memo: dict[int, _Token] = {}

        def tok(x: _Token) -> _Token:
            y = memo.get(id(x))
            if y is None:
                y = memo[id(x)] = _Token(x.mine, x.pub, x.kb)
            return y

        t.hands = [[tok(x) for x in hand] for hand in self.hands]
        t.fresh = self.fresh
        t.bottom = [tok(x) for x in self.bottom]
        t.set_aside = tok(self.set_aside) if self.set_aside is not None else None
        t._trade, t._compare, t._last_card = self._trade, self._compare, self._last_card
        return t

    def rebind(self, view: View) -> bool:
        """Take ``view``'s first events as the ones fed, if they are equal to them (the same round seen
        by the same seat in another copy of the game, whose events are other objects); False if not."""
        fed, log = self.fed, view.log
        v = self.view
        if (view.seat != v.seat or view.edition != v.edition or view.players != v.players or len(log) < len(fed)
                or any(a != b for a, b in zip(fed, log, strict=False))):
            return False
        self.fed = tuple(log[: len(fed)])
        return True

    def catch_up(self, view: View, feed: Callable[[Mapping[str, Any]], None] | None = None) -> None:
        """Feed the events of ``view``'s log not fed yet (with ``feed``, which must call :meth:`feed`,
        when given) and take ``view`` as the final one."""
        log = tuple(view.log)
        step = feed or self.feed
        for e in log[len(self.fed):]:
            step(e)
        self.fed = log
        self.view = view

    def feed(self, e: Mapping[str, Any]) -> None:
        """Take one event of the log into account."""
        kind = e["kind"]
        if kind != "receive":
            self._trade = None
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, e)

    def _round_start(self, e: Mapping[str, Any]) -> None:
        self.hands = [[] for _ in range(self.n)]
        self.fresh = int(e["deckSize"])
        self.bottom = []
        self.set_aside = self._fresh()
        self._compare = None

    def _draw(self, e: Mapping[str, Any]) -> None:
        s = e["seat"]
        if e.get("reason") == "deal":
            t = self._fresh()
        elif e.get("from") == "setAside":
            t = self.set_aside or self._fresh()
            self.set_aside = None
        else:
            t = self._draw_from_deck()
        if s == self.me and "card" in e:
            self._learn(t, e["card"])
        self.hands[s].append(t)

    def _play(self, e: Mapping[str, Any]) -> None:
        s, card = e["seat"], e["card"]
        self._last_card = card
        forbid = self.countess if card in ("king", "prince") else 0
        self._take(s, card, forbid)
        targets = e.get("targets") or ()
        result = e.get("result")
        if not targets or card not in ("guard", "bishop"):
            return
        t = targets[0]
        guess = e.get("guess")
        named = self.by_value.get(guess, 0) if isinstance(guess, int) else 0
        if card == "guard" and result == "miss":
            self._restrict(t, self.full & ~named & ~self.assassin)
        elif card == "bishop" and result == "miss":
            self._restrict(t, self.full & ~named)
        elif card == "bishop" and result == "hit":
            self._restrict(t, named)

    def _discard(self, e: Mapping[str, Any]) -> None:
        s, card = e["seat"], e["card"]
        pend = self._compare
        if pend is not None and pend[1] == s and e.get("how") == "knockedOutDiscard":
            winner, _, higher_loses = pend
            lv = self.view.values.get(card)
            if lv is not None:
                keep = 0
                for v, m in self.by_value.items():
                    if (v < lv) if higher_loses else (v > lv):
                        keep |= m
                self._restrict(winner, keep)
            self._compare = None
        self._take(s, card)

    def _knockout(self, e: Mapping[str, Any]) -> None:
        self.hands[e["seat"]].clear()
        if self._compare is not None and self._compare[1] == e["seat"]:
            self._compare = None

    def _see(self, e: Mapping[str, Any]) -> None:
        s, target = e["seat"], e["target"]
        if s == target:
            return
        hand = self.hands[target]
        for t in hand:
            t.kb |= 1 << s
        if s == self.me and "card" in e and len(hand) == 1:
            self._learn(hand[0], e["card"])

    def _compare_event(self, e: Mapping[str, Any]) -> None:
        a, b, result = e["seat"], e["target"], e["result"]
        if result != "tie":
            winner = b if result == a else a
            self._compare = (winner, result, _COMPARE_CARDS.get(self._last_card, False))
            return
        if len(self.hands[a]) != 1 or len(self.hands[b]) != 1:
            return
        ta, tb = self.hands[a][0], self.hands[b][0]
        ta.mine &= self._mask_of_values(tb.mine)
        tb.mine &= self._mask_of_values(ta.mine)
        ta.pub &= self._mask_of_values(tb.pub)
        tb.pub &= self._mask_of_values(ta.pub)
        # a third seat that knows one of the two cards now knows the other's value
        for x in self._others(a, b, self.me):
            for known, other in ((ta, tb), (tb, ta)):
                if self._exact(x, known) and not self._exact(x, other):
                    if all(_single(other.pub & self.by_value[self.value_of[v]]) for v in _bits(other.mine)):
                        other.kb |= 1 << x

    def _receive(self, e: Mapping[str, Any]) -> None:
        s, frm = e["seat"], e["from"]
        if self._trade == (frm, s):  # the second half of the trade: the hands have moved already
            self._trade = None
        else:
            hs, hf = self.hands[s], self.hands[frm]
            for t in hs:
                t.kb |= 1 << s
            for t in hf:
                t.kb |= 1 << frm
            self.hands[s], self.hands[frm] = hf, hs
            self._trade = (s, frm)
        if s == self.me and "card" in e and len(self.hands[s]) == 1:
            self._learn(self.hands[s][0], e["card"])

    def _chancellor_draw(self, e: Mapping[str, Any]) -> None:
        s = e["seat"]
        cards = e.get("cards") if s == self.me else None
        for i in range(int(e["count"])):
            t = self._draw_from_deck()
            if cards is not None and i < len(cards):
                self._learn(t, cards[i])
            self.hands[s].append(t)

    def _chancellor_return(self, e: Mapping[str, Any]) -> None:
        self._shuffle_out(e["seat"], e.get("keep"), e.get("bottom"), int(e["count"]))

    def _round_end(self, e: Mapping[str, Any]) -> None:
        for seat, row in (e.get("showdown") or {}).items():
            s = int(seat)
            m = self.bit.get(row.get("card"), 0)
            if m and 0 <= s < self.n:
                for t in self.hands[s]:
                    t.mine = t.pub = m

    # ------------------------------------------------------------------ result
    def _reconcile(self) -> None:
        """Make the replay agree with the view's state (it always does for an engine view)."""
        v = self.view
        mine = sorted(self.known(self.me))
        if mine != sorted(v.hand) or len(self.hands[self.me]) != len(v.hand):
            self.hands[self.me] = [_Token(self.bit.get(c, 0), self.full) for c in v.hand]
        for s in self._others(self.me):
            if len(self.hands[s]) != v.hand_sizes[s]:
                self.hands[s] = [self._fresh() for _ in range(v.hand_sizes[s])]
        if self.fresh + len(self.bottom) != v.deck_size:
            self.fresh, self.bottom = v.deck_size, []

    def _name(self, mask: int) -> str:
        return self.cards[mask.bit_length() - 1]

    def result(self) -> Knowledge:
        """The knowledge after the events fed so far, reconciled with the view."""
        self._reconcile()
        v, me = self.view, self.me
        holds: dict[int, tuple[str, ...]] = {}
        candidates: dict[int, tuple[frozenset[str], ...]] = {}
        ruled_out: dict[int, frozenset[int]] = {}
        unseen = dict(v.deck_counts)
        for c in (*v.hand, *v.face_up, *(c for pile in v.discards for c in pile)):
            unseen[c] = unseen.get(c, 0) - 1
        for s in self._others(me):
            hand = self.hands[s]
            if not hand:
                continue
            candidates[s] = tuple(_card_set(self.cards, t.mine) for t in hand)
            known = sorted(self._name(t.mine) for t in hand if _single(t.mine))
            if known:
                holds[s] = tuple(known)
                for c in known:
                    unseen[c] -= 1
            union = 0
            for t in hand:
                union |= t.mine
            out = frozenset(val for val, m in self.by_value.items() if not union & m)
            if out:
                ruled_out[s] = out
        knows_mine: dict[int, tuple[str, ...]] = {}
        for x in self._others(me):
            cards = sorted(self._name(t.mine) for t in self.hands[me] if _single(t.mine) and self._exact(x, t))
            if cards:
                knows_mine[x] = tuple(cards)
        bottom = tuple(self._name(t.mine) if _single(t.mine) else None for t in self.bottom)
        for b in bottom:
            if b is not None:
                unseen[b] -= 1
        return Knowledge(
            seat=me,
            holds=holds,
            candidates=candidates,
            ruled_out=ruled_out,
            knows_mine=knows_mine,
            deck_bottom=bottom,
            unseen={c: k for c, k in unseen.items() if k > 0},
        )


_HANDLERS: dict[str, Callable[[Tracker, Mapping[str, Any]], None]] = {
    "round_start": Tracker._round_start,
    "draw": Tracker._draw,
    "play": Tracker._play,
    "discard": Tracker._discard,
    "knockout": Tracker._knockout,
    "see": Tracker._see,
    "compare": Tracker._compare_event,
    "receive": Tracker._receive,
    "chancellor_draw": Tracker._chancellor_draw,
    "chancellor_return": Tracker._chancellor_return,
    "round_end": Tracker._round_end,
}


knowledge_of = knowledge
