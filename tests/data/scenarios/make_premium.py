"""Generate tests/data/scenarios/premium.json: premium-edition rule scenarios (RULES.md Appendix A format).

Every expected value below is written by hand from RULES.md (sections 1, 2, 4, 6, 8). The script only
builds the derived deck fields, fills the unused part of each deck and runs consistency checks on the
hand-written data (deck composition, draw order, deck sizes, played cards being in hand, card
conservation, showdown arithmetic). It does not compute any expectation.

Run: python tests/data/scenarios/make_premium.py
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
PUBLIC = HERE.parents[3] / "shared" / "scenarios" / "public.json"

VALUES = {
    "assassin": 0,
    "jester": 0,
    "guard": 1,
    "priest": 2,
    "cardinal": 2,
    "baron": 3,
    "baroness": 3,
    "handmaid": 4,
    "sycophant": 4,
    "prince": 5,
    "count": 5,
    "king": 6,
    "constable": 6,
    "countess": 7,
    "dowager_queen": 7,
    "princess": 8,
    "bishop": 9,
}
PREMIUM32 = Counter(
    {
        "assassin": 1,
        "jester": 1,
        "guard": 8,
        "priest": 2,
        "cardinal": 2,
        "baron": 2,
        "baroness": 2,
        "handmaid": 2,
        "sycophant": 2,
        "prince": 2,
        "count": 2,
        "king": 1,
        "constable": 1,
        "countess": 1,
        "dowager_queen": 1,
        "princess": 1,
        "bishop": 1,
    }
)
CLASSIC16 = Counter(
    {
        "guard": 5,
        "priest": 2,
        "baron": 2,
        "handmaid": 2,
        "prince": 2,
        "king": 1,
        "countess": 1,
        "princess": 1,
    }
)
assert sum(PREMIUM32.values()) == 32 and sum(CLASSIC16.values()) == 16

FILL_ORDER = [
    "guard",
    "priest",
    "cardinal",
    "baron",
    "baroness",
    "handmaid",
    "sycophant",
    "prince",
    "count",
    "king",
    "constable",
    "countess",
    "dowager_queen",
    "princess",
    "bishop",
    "assassin",
    "jester",
]


def make_deck(players, set_aside, hands, draws, face_up=()):
    """order = set-aside, face-up (2p), hands, the given top of the draw pile, then the unused cards."""
    comp = PREMIUM32 if players >= 5 else CLASSIC16
    head = [set_aside, *face_up, *hands, *draws]
    rest = comp.copy()
    rest.subtract(Counter(head))
    assert all(v >= 0 for v in rest.values()), f"too many cards: {rest}"
    filler = [c for c in FILL_ORDER for _ in range(rest.get(c, 0))]
    order = head + filler
    assert Counter(order) == comp and len(order) == sum(comp.values())
    k = 1 + (3 if players == 2 else 0)
    return {
        "order": order,
        "setAside": order[0],
        "faceUp": order[1:k],
        "hands": order[k : k + players],
        "drawPile": order[k + players :],
    }


def H(*cards):
    """Hands by seat: a card id, or None for a knocked-out seat."""
    return {str(i): ([c] if c else []) for i, c in enumerate(cards)}


class Sc:
    def __init__(
        self,
        sid,
        name,
        tags,
        players=5,
        set_aside=None,
        hands=(),
        draws=(),
        face_up=(),
        first=0,
        start=None,
        options=None,
        goal=None,
    ):
        self.players = players
        self.mandate_field = players >= 5
        self.d = {
            "id": sid,
            "name": name,
            "edition": "premium",
            "players": players,
            "tags": tags,
            "options": options or {},
            "startTokens": list(start or [0] * players),
            "tokensToWin": goal or {2: 7, 3: 5, 4: 4}.get(players, 4),
            "firstPlayer": first,
            "deck": make_deck(players, set_aside, list(hands), list(draws), list(face_up)),
            "steps": [],
        }

    def err(self, player, card, code, **ch):
        st = {"player": player, "card": card, **ch, "expect": {"error": code}}
        self.d["steps"].append(st)
        return self

    def play(
        self,
        player,
        card,
        draws,
        result,
        hands,
        deck,
        tokens,
        *,
        elim=(),
        priv=(),
        pub=(),
        tg=None,
        prot=(),
        mandate=None,
        over=False,
        note=None,
        **ch,
    ):
        st = {"player": player, "card": card, **ch}
        if note:
            st["note"] = note
        e = {
            "draws": draws,
            "result": result,
            "eliminated": list(elim),
            "privateInfo": list(priv),
            "publicInfo": list(pub),
            "tokensGained": dict(tg or {}),
            "hands": hands,
            "deckSize": deck,
            "protected": list(prot),
        }
        if self.mandate_field:
            e["mandate"] = mandate
        e["tokens"] = list(tokens)
        e["roundOver"] = over
        st["expect"] = e
        self.d["steps"].append(st)
        return self

    def final(self, **kw):
        self.d["expect"] = kw
        return self.d


def sees(to, who, card):
    return {"to": to, "sees": who, "card": card}


def recv(to, card, frm):
    return {"to": to, "receives": card, "from": frm}


def rdraw(to, card, frm="deck"):
    return {"to": to, "draws": card, "from": frm}


def pubd(player, card, how):
    return {"player": player, "card": card, "how": how}


def sd(card, bonus, discard_sum, excluded=False):
    return {
        "card": card,
        "value": VALUES[card],
        "bonus": bonus,
        "adjusted": VALUES[card] + bonus,
        "discardSum": discard_sum,
        "excludedByPrincess": excluded,
    }


Z5 = [0, 0, 0, 0, 0]
SCENARIOS = []


def add(d):
    SCENARIOS.append(d)


# ---------------------------------------------------------------------------------------------------
# P02 Assassin vs a Guard naming a wrong number
s = Sc(
    "P02",
    "Assassin reaction: a Guard chooses the Assassin holder and names a wrong number (3); the Guard "
    "player is knocked out instead, the Assassin is discarded and its holder draws a replacement",
    ["assassin", "guard", "reaction", "elimination"],
    set_aside="princess",
    hands=["guard", "assassin", "priest", "baron", "handmaid"],
    draws=["guard", "countess"],
)
s.play(
    0,
    "guard",
    "guard",
    "assassinReaction",
    H(None, "countess", "priest", "baron", "handmaid"),
    24,
    Z5,
    target=1,
    guess=3,
    elim=[0],
    priv=[rdraw(1, "countess")],
    pub=[pubd(1, "assassin", "revealed"), pubd(0, "guard", "knockedOutDiscard"),
         pubd(1, "assassin", "forcedDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[0],
        hands=H(None, "countess", "priest", "baron", "handmaid"),
        discards={"0": ["guard", "guard"], "1": ["assassin"], "2": [], "3": [], "4": []},
        deckSize=24,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=1,
    )
)

# P03 Assassin vs a Guard naming 0
s = Sc(
    "P03",
    "Assassin reaction when the Guard names the right number 0: still the Guard player is knocked out "
    "(not the Assassin holder)",
    ["assassin", "guard", "reaction", "number-guess"],
    set_aside="princess",
    hands=["guard", "baron", "count", "assassin", "handmaid"],
    draws=["priest", "guard", "king"],
)
s.play(
    0,
    "priest",
    "priest",
    "lookedAt",
    H("guard", "baron", "count", "assassin", "handmaid"),
    25,
    Z5,
    target=1,
    priv=[sees(0, 1, "baron")],
)
s.play(
    1,
    "guard",
    "guard",
    "assassinReaction",
    H("guard", None, "count", "king", "handmaid"),
    23,
    Z5,
    target=3,
    guess=0,
    elim=[1],
    priv=[rdraw(3, "king")],
    pub=[pubd(3, "assassin", "revealed"), pubd(1, "baron", "knockedOutDiscard"),
         pubd(3, "assassin", "forcedDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[1],
        hands=H("guard", None, "count", "king", "handmaid"),
        discards={"0": ["priest"], "1": ["guard", "baron"], "2": [], "3": ["assassin"], "4": []},
        deckSize=23,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )
)

# P04 Guard names 0 and hits the Jester; illegal guesses
s = Sc(
    "P04",
    "Guard names 0 and hits the Jester; guess 1 and a number that is no card value (10) are illegal; "
    "the Guard cannot choose yourself",
    ["guard", "number-guess", "jester", "illegal-move"],
    set_aside="princess",
    hands=["guard", "jester", "priest", "baron", "handmaid"],
    draws=["guard"],
)
s.err(0, "guard", "invalid_guess", target=1, guess=1)
s.err(0, "guard", "invalid_guess", target=1, guess=10)
s.err(0, "guard", "target_self", target=0, guess=2)
s.play(
    0,
    "guard",
    "guard",
    "hit",
    H("guard", None, "priest", "baron", "handmaid"),
    25,
    Z5,
    target=1,
    guess=0,
    elim=[1],
    pub=[pubd(1, "jester", "knockedOutDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[1],
        hands=H("guard", None, "priest", "baron", "handmaid"),
        discards={"0": ["guard"], "1": ["jester"], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )
)

# P06 Bishop hit, target keeps; the Bishop does not trigger the Assassin
s = Sc(
    "P06",
    "Bishop names 0 against the Assassin holder: correct guess, +1 token, no Assassin reaction (only a "
    "Guard triggers it); the target keeps the card",
    ["bishop", "assassin", "tokens", "illegal-move"],
    set_aside="princess",
    hands=["guard", "assassin", "priest", "baron", "handmaid"],
    draws=["bishop"],
)
s.err(0, "bishop", "invalid_guess", target=1, guess=1)
s.err(0, "bishop", "target_self", target=0, guess=2)
s.play(
    0,
    "bishop",
    "bishop",
    "hit",
    H("guard", "assassin", "priest", "baron", "handmaid"),
    25,
    [1, 0, 0, 0, 0],
    target=1,
    guess=0,
    targetDiscards=False,
    tg={"0": 1},
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("guard", "assassin", "priest", "baron", "handmaid"),
        discards={"0": ["bishop"], "1": [], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=[1, 0, 0, 0, 0],
        gameOver=False,
        gameWinners=[],
        currentPlayer=1,
    )
)

# P07 Bishop immediate game win
s = Sc(
    "P07",
    "Bishop token reaches the goal (3 -> 4): the game ends immediately mid-round, no round-end awards",
    ["bishop", "tokens", "game-end", "immediate-win"],
    start=[3, 0, 0, 0, 0],
    set_aside="princess",
    hands=["guard", "baron", "priest", "handmaid", "count"],
    draws=["bishop"],
)
s.play(
    0,
    "bishop",
    "bishop",
    "hit",
    H("guard", "baron", "priest", "handmaid", "count"),
    25,
    [4, 0, 0, 0, 0],
    target=1,
    guess=3,
    targetDiscards=False,
    tg={"0": 1},
    over=True,
)
add(
    s.final(
        roundOver=True,
        endReason="gameWonImmediately",
        eliminated=[],
        hands=H("guard", "baron", "priest", "handmaid", "count"),
        discards={"0": ["bishop"], "1": [], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=[4, 0, 0, 0, 0],
        gameOver=True,
        gameWinners=[0],
    )
)

# P08 Bishop miss
s = Sc(
    "P08",
    "Bishop wrong guess: nothing happens (no token, no discard choice); 10 is not a legal number",
    ["bishop", "illegal-move"],
    set_aside="princess",
    hands=["guard", "baron", "priest", "handmaid", "count"],
    draws=["bishop"],
)
s.err(0, "bishop", "invalid_guess", target=1, guess=10)
s.play(0, "bishop", "bishop", "miss", H("guard", "baron", "priest", "handmaid", "count"), 25, Z5, target=1, guess=5)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("guard", "baron", "priest", "handmaid", "count"),
        discards={"0": ["bishop"], "1": [], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=1,
    )
)

# P09 Dowager Queen: Bishop (9) is higher than the Princess (8)
s = Sc(
    "P09",
    "Dowager Queen: the HIGHER card is knocked out; the Bishop counts 9 and loses to the Princess holder",
    ["dowager_queen", "bishop", "elimination", "illegal-move"],
    set_aside="guard",
    hands=["princess", "bishop", "priest", "baron", "handmaid"],
    draws=["dowager_queen"],
)
s.err(0, "dowager_queen", "target_self", target=0)
s.play(
    0,
    "dowager_queen",
    "dowager_queen",
    "knockout",
    H("princess", None, "priest", "baron", "handmaid"),
    25,
    Z5,
    target=1,
    elim=[1],
    priv=[sees(0, 1, "bishop"), sees(1, 0, "princess")],
    pub=[pubd(1, "bishop", "knockedOutDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[1],
        hands=H("princess", None, "priest", "baron", "handmaid"),
        discards={"0": ["dowager_queen"], "1": ["bishop"], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )
)

# P10 Dowager Queen backfire
s = Sc(
    "P10",
    "Dowager Queen backfire: the player's own card (King 6) is higher than the target's (Priest 2), "
    "so the player is knocked out",
    ["dowager_queen", "elimination", "self-knockout"],
    set_aside="princess",
    hands=["king", "priest", "guard", "baron", "handmaid"],
    draws=["dowager_queen"],
)
s.play(
    0,
    "dowager_queen",
    "dowager_queen",
    "knockout",
    H(None, "priest", "guard", "baron", "handmaid"),
    25,
    Z5,
    target=1,
    elim=[0],
    priv=[sees(0, 1, "priest"), sees(1, 0, "king")],
    pub=[pubd(0, "king", "knockedOutDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[0],
        hands=H(None, "priest", "guard", "baron", "handmaid"),
        discards={"0": ["dowager_queen", "king"], "1": [], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=1,
    )
)

# P11 Constable scores when knocked out later
s = Sc(
    "P11",
    "Constable played earlier: when its player is later knocked out (Guard hit) they gain 1 token at once",
    ["constable", "tokens", "elimination"],
    set_aside="princess",
    hands=["priest", "guard", "baron", "handmaid", "count"],
    draws=["constable", "guard"],
)
s.play(0, "constable", "constable", "none", H("priest", "guard", "baron", "handmaid", "count"), 25, Z5)
s.play(
    1,
    "guard",
    "guard",
    "hit",
    H(None, "guard", "baron", "handmaid", "count"),
    24,
    [1, 0, 0, 0, 0],
    target=0,
    guess=2,
    elim=[0],
    pub=[pubd(0, "priest", "knockedOutDiscard")],
    tg={"0": 1},
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[0],
        hands=H(None, "guard", "baron", "handmaid", "count"),
        discards={"0": ["constable", "priest"], "1": ["guard"], "2": [], "3": [], "4": []},
        deckSize=24,
        tokens=[1, 0, 0, 0, 0],
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )
)


# P12 / P30 Constable held in hand at knock-out
def constable_in_hand(sid, name, options, token):
    s = Sc(
        sid,
        name,
        ["constable", "tokens", "elimination"] + (["option"] if options else []),
        options=options,
        set_aside="princess",
        hands=["constable", "guard", "baron", "handmaid", "count"],
        draws=["priest", "guard"],
    )
    s.play(
        0,
        "priest",
        "priest",
        "lookedAt",
        H("constable", "guard", "baron", "handmaid", "count"),
        25,
        Z5,
        target=2,
        priv=[sees(0, 2, "baron")],
    )
    toks = [token, 0, 0, 0, 0]
    s.play(
        1,
        "guard",
        "guard",
        "hit",
        H(None, "guard", "baron", "handmaid", "count"),
        24,
        toks,
        target=0,
        guess=6,
        elim=[0],
        pub=[pubd(0, "constable", "knockedOutDiscard")],
        tg={"0": 1} if token else {},
    )
    return s.final(
        roundOver=False,
        endReason=None,
        eliminated=[0],
        hands=H(None, "guard", "baron", "handmaid", "count"),
        discards={"0": ["priest", "constable"], "1": ["guard"], "2": [], "3": [], "4": []},
        deckSize=24,
        tokens=toks,
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )


add(
    constable_in_hand(
        "P12",
        "Constable still in hand when knocked out (Guard names 6): no token by default "
        "(it was not already in the discard pile)",
        {},
        0,
    )
)

# P13 Constable then Princess: immediate game win
s = Sc(
    "P13",
    "Constable in the discard pile, then the player plays the Princess: knocked out, the Constable token "
    "reaches the goal (3 -> 4) and the game ends immediately",
    ["constable", "princess", "game-end", "immediate-win", "voluntary-princess"],
    start=[3, 0, 0, 0, 0],
    set_aside="guard",
    hands=["princess", "priest", "count", "baron", "handmaid"],
    draws=["constable", "guard", "handmaid", "guard", "count", "priest"],
)
T = [3, 0, 0, 0, 0]
h = H("princess", "priest", "count", "baron", "handmaid")
s.play(0, "constable", "constable", "none", h, 25, T)
s.play(1, "guard", "guard", "miss", h, 24, T, target=2, guess=3)
s.play(2, "handmaid", "handmaid", "protected", h, 23, T, prot=[2])
s.play(3, "guard", "guard", "miss", h, 22, T, target=4, guess=2, prot=[2])
s.play(4, "count", "count", "none", h, 21, T, prot=[2])
h = H(None, "priest", "count", "baron", "handmaid")
s.play(
    0,
    "princess",
    "priest",
    "knockedOut",
    h,
    20,
    [4, 0, 0, 0, 0],
    elim=[0],
    pub=[pubd(0, "priest", "knockedOutDiscard")],
    tg={"0": 1},
    prot=[2],
    over=True,
)
add(
    s.final(
        roundOver=True,
        endReason="gameWonImmediately",
        eliminated=[0],
        hands=h,
        discards={
            "0": ["constable", "princess", "priest"],
            "1": ["guard"],
            "2": ["handmaid"],
            "3": ["guard"],
            "4": ["count"],
        },
        deckSize=20,
        tokens=[4, 0, 0, 0, 0],
        gameOver=True,
        gameWinners=[0],
    )
)

# P15 Prince under a mandate on the Princess holder
s = Sc(
    "P15",
    "Sycophant names the Princess holder; the next card (a Prince) must choose them, even though that "
    "knocks them out (Princess discarded, no replacement draw)",
    ["sycophant", "prince", "princess", "illegal-move"],
    set_aside="baron",
    hands=["guard", "prince", "princess", "baron", "handmaid"],
    draws=["sycophant", "priest"],
)
s.play(
    0,
    "sycophant",
    "sycophant",
    "mandate",
    H("guard", "prince", "princess", "baron", "handmaid"),
    25,
    Z5,
    target=2,
    mandate=2,
)
s.err(1, "prince", "target_mandated", target=1)
s.err(1, "priest", "target_mandated", target=3)
s.play(
    1,
    "prince",
    "priest",
    "discarded",
    H("guard", "priest", None, "baron", "handmaid"),
    24,
    Z5,
    target=2,
    elim=[2],
    pub=[pubd(2, "princess", "forcedDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[2],
        hands=H("guard", "priest", None, "baron", "handmaid"),
        discards={"0": ["sycophant"], "1": ["prince"], "2": ["princess"], "3": [], "4": []},
        deckSize=24,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=3,
    )
)

# P16 / P16b Sycophant names the next player, who plays a Guard
s = Sc(
    "P16",
    "Sycophant names the next player; their Guard can only choose OTHER players, so it cannot include "
    "the mandated player and resolves with no effect (target null); other targets are illegal",
    ["sycophant", "guard", "no-valid-target", "illegal-move"],
    set_aside="princess",
    hands=["guard", "guard", "priest", "baron", "handmaid"],
    draws=["sycophant", "baron"],
)
s.play(
    0,
    "sycophant",
    "sycophant",
    "mandate",
    H("guard", "guard", "priest", "baron", "handmaid"),
    25,
    Z5,
    target=1,
    mandate=1,
)
s.err(1, "guard", "target_mandated", target=2, guess=2)
s.err(1, "guard", "target_self", target=1, guess=2)
s.play(1, "guard", "baron", "noEffect", H("guard", "baron", "priest", "baron", "handmaid"), 24, Z5, target=None)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("guard", "baron", "priest", "baron", "handmaid"),
        discards={"0": ["sycophant"], "1": ["guard"], "2": [], "3": [], "4": []},
        deckSize=24,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )
)

s = Sc(
    "P16b",
    "Option sycophantSelfMandate=ignoreMandate (B1): the mandate on the Guard's own player is ignored, "
    "the Guard chooses freely (and must choose someone)",
    ["sycophant", "guard", "option"],
    options={"sycophantSelfMandate": "ignoreMandate"},
    set_aside="princess",
    hands=["guard", "guard", "priest", "baron", "handmaid"],
    draws=["sycophant", "baron"],
)
s.play(
    0,
    "sycophant",
    "sycophant",
    "mandate",
    H("guard", "guard", "priest", "baron", "handmaid"),
    25,
    Z5,
    target=1,
    mandate=1,
)
s.err(1, "guard", "target_required", target=None)
s.play(
    1,
    "guard",
    "baron",
    "hit",
    H("guard", "baron", None, "baron", "handmaid"),
    24,
    Z5,
    target=2,
    guess=2,
    elim=[2],
    pub=[pubd(2, "priest", "knockedOutDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[2],
        hands=H("guard", "baron", None, "baron", "handmaid"),
        discards={"0": ["sycophant"], "1": ["guard"], "2": ["priest"], "3": [], "4": []},
        deckSize=24,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=3,
    )
)

# P17 mandate used up by a card that chooses nobody
s = Sc(
    "P17",
    "The mandate expires with the next card played even if it chooses nobody (Handmaid); the card after "
    "that chooses freely",
    ["sycophant", "handmaid", "mandate-expiry"],
    set_aside="princess",
    hands=["guard", "count", "guard", "baron", "priest"],
    draws=["sycophant", "handmaid", "king"],
)
s.play(
    0, "sycophant", "sycophant", "mandate", H("guard", "count", "guard", "baron", "priest"), 25, Z5, target=3, mandate=3
)
s.play(
    1,
    "handmaid",
    "handmaid",
    "protected",
    H("guard", "count", "guard", "baron", "priest"),
    24,
    Z5,
    prot=[1],
    mandate=None,
)
s.play(
    2,
    "guard",
    "king",
    "hit",
    H("guard", "count", "king", "baron", None),
    23,
    Z5,
    target=4,
    guess=2,
    elim=[4],
    pub=[pubd(4, "priest", "knockedOutDiscard")],
    prot=[1],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[4],
        hands=H("guard", "count", "king", "baron", None),
        discards={"0": ["sycophant"], "1": ["handmaid"], "2": ["guard"], "3": [], "4": ["priest"]},
        deckSize=23,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=3,
    )
)

# P18 Sycophant cannot name a protected player; may name yourself
s = Sc(
    "P18",
    "Sycophant cannot name a protected player (target_protected) but may name yourself; the next card "
    "(Priest) must then choose the Sycophant's player",
    ["sycophant", "handmaid", "self-target", "illegal-move"],
    set_aside="princess",
    hands=["guard", "baron", "priest", "count", "guard"],
    draws=["handmaid", "sycophant", "king"],
)
s.play(0, "handmaid", "handmaid", "protected", H("guard", "baron", "priest", "count", "guard"), 25, Z5, prot=[0])
s.err(1, "sycophant", "target_protected", target=0)
s.play(
    1,
    "sycophant",
    "sycophant",
    "mandate",
    H("guard", "baron", "priest", "count", "guard"),
    24,
    Z5,
    target=1,
    prot=[0],
    mandate=1,
)
s.err(2, "priest", "target_mandated", target=3)
s.play(
    2,
    "priest",
    "king",
    "lookedAt",
    H("guard", "baron", "king", "count", "guard"),
    23,
    Z5,
    target=1,
    priv=[sees(2, 1, "baron")],
    prot=[0],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("guard", "baron", "king", "count", "guard"),
        discards={"0": ["handmaid"], "1": ["sycophant"], "2": ["priest"], "3": [], "4": []},
        deckSize=23,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=3,
    )
)

# P20 Cardinal: two other players trade, then look
s = Sc(
    "P20",
    "Cardinal: exactly two players trade hands (1 or 3 players is illegal); then the Cardinal player "
    "looks at one of the two hands after the trade",
    ["cardinal", "information", "illegal-move"],
    set_aside="princess",
    hands=["guard", "king", "priest", "count", "handmaid"],
    draws=["cardinal"],
)
s.err(0, "cardinal", "invalid_target_count", targets=[1])
s.err(0, "cardinal", "invalid_target_count", targets=[1, 2, 3])
s.play(
    0,
    "cardinal",
    "cardinal",
    "swapped",
    H("guard", "count", "priest", "king", "handmaid"),
    25,
    Z5,
    targets=[1, 3],
    look=1,
    priv=[recv(1, "count", 3), recv(3, "king", 1), sees(0, 1, "count")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("guard", "count", "priest", "king", "handmaid"),
        discards={"0": ["cardinal"], "1": [], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=1,
    )
)

# P21 Cardinal with protection and a mandate; no look
s = Sc(
    "P21",
    "Cardinal cannot include a protected player; under a mandate its pair must include the mandated "
    "player; the look is optional (look null)",
    ["cardinal", "handmaid", "sycophant", "illegal-move"],
    set_aside="princess",
    hands=["guard", "baron", "priest", "count", "guard"],
    draws=["handmaid", "sycophant", "cardinal"],
)
s.play(0, "handmaid", "handmaid", "protected", H("guard", "baron", "priest", "count", "guard"), 25, Z5, prot=[0])
s.play(
    1,
    "sycophant",
    "sycophant",
    "mandate",
    H("guard", "baron", "priest", "count", "guard"),
    24,
    Z5,
    target=3,
    prot=[0],
    mandate=3,
)
s.err(2, "cardinal", "target_protected", targets=[0, 3])
s.err(2, "cardinal", "target_mandated", targets=[1, 4])
s.play(
    2,
    "cardinal",
    "cardinal",
    "swapped",
    H("guard", "count", "priest", "baron", "guard"),
    23,
    Z5,
    targets=[1, 3],
    look=None,
    priv=[recv(1, "count", 3), recv(3, "baron", 1)],
    prot=[0],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("guard", "count", "priest", "baron", "guard"),
        discards={"0": ["handmaid"], "1": ["sycophant"], "2": ["cardinal"], "3": [], "4": []},
        deckSize=23,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=3,
    )
)

# P22 Countess not forced by Count / Constable / Dowager Queen; forced by a Prince
s = Sc(
    "P22",
    "Countess + Count: not forced (the Count may be played); Countess + Prince: the Prince is illegal "
    "even aimed at yourself",
    ["countess", "count", "forced-play", "illegal-move"],
    set_aside="princess",
    hands=["countess", "guard", "priest", "baron", "handmaid"],
    draws=["count", "constable", "dowager_queen", "guard", "guard", "prince"],
)
h = H("countess", "guard", "priest", "baron", "handmaid")
s.play(0, "count", "count", "none", h, 25, Z5)
s.play(1, "constable", "constable", "none", h, 24, Z5)
h = H("countess", "guard", "dowager_queen", "baron", "handmaid")
s.play(2, "priest", "dowager_queen", "lookedAt", h, 23, Z5, target=3, priv=[sees(2, 3, "baron")])
s.play(3, "guard", "guard", "miss", h, 22, Z5, target=4, guess=5)
s.play(4, "guard", "guard", "miss", h, 21, Z5, target=1, guess=3)
s.err(0, "prince", "countess_forced", target=1)
s.err(0, "prince", "countess_forced", target=0)
h = H("prince", "guard", "dowager_queen", "baron", "handmaid")
s.play(0, "countess", "prince", "none", h, 20, Z5)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=h,
        discards={"0": ["count", "countess"], "1": ["constable"], "2": ["priest"], "3": ["guard"], "4": ["guard"]},
        deckSize=20,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=1,
    )
)

# P23 full round: Counts, Jester loses, Cardinal no effect, Dowager Queen, Sycophant
s = Sc(
    "P23",
    "Full round to a showdown: two Counts make the Countess 7+2=9 beat the Princess 8; the Jester token "
    "holder loses so the Jester owner scores nothing; Cardinal has no effect when the only other player is "
    "protected; Sycophant names yourself; Dowager Queen knocks out the Bishop",
    [
        "count",
        "showdown",
        "jester",
        "cardinal",
        "sycophant",
        "dowager_queen",
        "no-valid-target",
        "illegal-move",
        "long",
    ],
    set_aside="king",
    hands=["countess", "princess", "prince", "prince", "bishop"],
    draws=[
        "count",
        "sycophant",
        "jester",
        "dowager_queen",
        "baron",
        "baron",
        "count",
        "handmaid",
        "cardinal",
        "guard",
        "handmaid",
        "cardinal",
        "guard",
        "guard",
        "priest",
        "priest",
        "baroness",
        "baroness",
        "guard",
        "guard",
        "constable",
        "assassin",
        "sycophant",
        "guard",
        "guard",
        "guard",
    ],
)
h = H("countess", "princess", "prince", "prince", "bishop")
s.play(0, "count", "count", "none", h, 25, Z5)
s.play(1, "sycophant", "sycophant", "mandate", h, 24, Z5, target=1, mandate=1)
s.err(2, "jester", "target_mandated", target=3)
s.play(2, "jester", "jester", "jesterToken", h, 23, Z5, target=1)
h = H("countess", "princess", "prince", "prince", None)
s.play(
    3,
    "dowager_queen",
    "dowager_queen",
    "knockout",
    h,
    22,
    Z5,
    target=4,
    elim=[4],
    priv=[sees(3, 4, "bishop"), sees(4, 3, "prince")],
    pub=[pubd(4, "bishop", "knockedOutDiscard")],
)
h = H("countess", "princess", "prince", None, None)
s.play(
    0,
    "baron",
    "baron",
    "knockout",
    h,
    21,
    Z5,
    target=3,
    elim=[3],
    priv=[sees(0, 3, "prince"), sees(3, 0, "countess")],
    pub=[pubd(3, "prince", "knockedOutDiscard")],
)
h = H("countess", "princess", None, None, None)
s.play(
    1,
    "baron",
    "baron",
    "knockout",
    h,
    20,
    Z5,
    target=2,
    elim=[2],
    priv=[sees(1, 2, "prince"), sees(2, 1, "princess")],
    pub=[pubd(2, "prince", "knockedOutDiscard")],
)
s.play(0, "count", "count", "none", h, 19, Z5)
s.play(1, "handmaid", "handmaid", "protected", h, 18, Z5, prot=[1])
s.err(0, "cardinal", "target_protected", targets=[0, 1])
s.play(0, "cardinal", "cardinal", "noEffect", h, 17, Z5, targets=[], prot=[1])
s.play(1, "guard", "guard", "miss", h, 16, Z5, target=0, guess=2)
s.play(0, "handmaid", "handmaid", "protected", h, 15, Z5, prot=[0])
s.play(1, "cardinal", "cardinal", "noEffect", h, 14, Z5, targets=[], prot=[0])
s.play(0, "guard", "guard", "miss", h, 13, Z5, target=1, guess=3)
s.play(1, "guard", "guard", "miss", h, 12, Z5, target=0, guess=4)
s.play(0, "priest", "priest", "lookedAt", h, 11, Z5, target=1, priv=[sees(0, 1, "princess")])
s.play(1, "priest", "priest", "lookedAt", h, 10, Z5, target=0, priv=[sees(1, 0, "countess")])
s.play(0, "baroness", "baroness", "lookedAt", h, 9, Z5, targets=[1], priv=[sees(0, 1, "princess")])
s.play(1, "baroness", "baroness", "lookedAt", h, 8, Z5, targets=[0], priv=[sees(1, 0, "countess")])
s.play(0, "guard", "guard", "miss", h, 7, Z5, target=1, guess=9)
s.play(1, "guard", "guard", "miss", h, 6, Z5, target=0, guess=6)
s.play(0, "constable", "constable", "none", h, 5, Z5)
s.play(1, "assassin", "assassin", "none", h, 4, Z5)
s.play(0, "sycophant", "sycophant", "mandate", h, 3, Z5, target=0, mandate=0)
s.play(1, "guard", "guard", "miss", h, 2, Z5, target=0, guess=5)
s.play(0, "guard", "guard", "miss", h, 1, Z5, target=1, guess=2)
s.play(1, "guard", "guard", "miss", h, 0, [1, 0, 0, 0, 0], target=0, guess=0, over=True)
add(
    s.final(
        roundOver=True,
        endReason="deckEmpty",
        eliminated=[4, 3, 2],
        hands=h,
        discards={
            "0": [
                "count",
                "baron",
                "count",
                "cardinal",
                "handmaid",
                "guard",
                "priest",
                "baroness",
                "guard",
                "constable",
                "sycophant",
                "guard",
            ],
            "1": [
                "sycophant",
                "baron",
                "handmaid",
                "guard",
                "cardinal",
                "guard",
                "priest",
                "baroness",
                "guard",
                "assassin",
                "guard",
                "guard",
            ],
            "2": ["jester", "prince"],
            "3": ["dowager_queen", "prince"],
            "4": ["bishop"],
        },
        deckSize=0,
        tokens=[1, 0, 0, 0, 0],
        gameOver=False,
        gameWinners=[],
        roundWinners=[0],
        tokensAwarded={"0": 1},
        showdown={"0": sd("countess", 2, 37), "1": sd("princess", 0, 23)},
        nextFirstPlayer=0,
    )
)

# P24 full round: Princess beats Bishop 9+2; Jester owner knocked out still scores
s = Sc(
    "P24",
    "Full round to a showdown: the Bishop with two Counts (9+2=11) is excluded because another player "
    "holds the Princess, who wins; the Jester token is on the winner so its owner scores although knocked out",
    ["bishop", "princess", "count", "showdown", "jester", "cardinal", "no-valid-target", "long"],
    set_aside="dowager_queen",
    hands=["bishop", "princess", "king", "prince", "prince"],
    draws=[
        "count",
        "priest",
        "jester",
        "baron",
        "baron",
        "guard",
        "handmaid",
        "cardinal",
        "guard",
        "handmaid",
        "cardinal",
        "count",
        "guard",
        "guard",
        "sycophant",
        "guard",
        "priest",
        "sycophant",
        "guard",
        "baroness",
        "baroness",
        "constable",
        "countess",
        "guard",
        "assassin",
        "guard",
    ],
)
h = H("bishop", "princess", "king", "prince", "prince")
s.play(0, "count", "count", "none", h, 25, Z5)
s.play(1, "priest", "priest", "lookedAt", h, 24, Z5, target=3, priv=[sees(1, 3, "prince")])
s.err(2, "jester", "target_self", target=2)
s.play(2, "jester", "jester", "jesterToken", h, 23, Z5, target=1)
h = H("bishop", "princess", "king", None, "prince")
s.play(
    3,
    "baron",
    "baron",
    "knockout",
    h,
    22,
    Z5,
    target=2,
    elim=[3],
    priv=[sees(3, 2, "king"), sees(2, 3, "prince")],
    pub=[pubd(3, "prince", "knockedOutDiscard")],
)
h = H("bishop", "princess", "king", None, None)
s.play(
    4,
    "baron",
    "baron",
    "knockout",
    h,
    21,
    Z5,
    target=2,
    elim=[4],
    priv=[sees(4, 2, "king"), sees(2, 4, "prince")],
    pub=[pubd(4, "prince", "knockedOutDiscard")],
)
h = H("bishop", "princess", None, None, None)
s.play(0, "guard", "guard", "hit", h, 20, Z5, target=2, guess=6, elim=[2], pub=[pubd(2, "king", "knockedOutDiscard")])
s.play(1, "handmaid", "handmaid", "protected", h, 19, Z5, prot=[1])
s.play(0, "cardinal", "cardinal", "noEffect", h, 18, Z5, targets=[], prot=[1])
s.play(1, "guard", "guard", "miss", h, 17, Z5, target=0, guess=2)
s.play(0, "handmaid", "handmaid", "protected", h, 16, Z5, prot=[0])
s.err(1, "cardinal", "target_protected", targets=[0, 1])
s.play(1, "cardinal", "cardinal", "noEffect", h, 15, Z5, targets=[], prot=[0])
s.play(0, "count", "count", "none", h, 14, Z5)
s.play(1, "guard", "guard", "miss", h, 13, Z5, target=0, guess=3)
s.play(0, "guard", "guard", "miss", h, 12, Z5, target=1, guess=4)
s.play(1, "sycophant", "sycophant", "mandate", h, 11, Z5, target=1, mandate=1)
s.play(0, "guard", "guard", "miss", h, 10, Z5, target=1, guess=5)
s.play(1, "priest", "priest", "lookedAt", h, 9, Z5, target=0, priv=[sees(1, 0, "bishop")])
s.play(0, "sycophant", "sycophant", "mandate", h, 8, Z5, target=0, mandate=0)
s.play(1, "guard", "guard", "miss", h, 7, Z5, target=0, guess=6)
s.play(0, "baroness", "baroness", "lookedAt", h, 6, Z5, targets=[1], priv=[sees(0, 1, "princess")])
s.play(1, "baroness", "baroness", "lookedAt", h, 5, Z5, targets=[0], priv=[sees(1, 0, "bishop")])
s.play(0, "constable", "constable", "none", h, 4, Z5)
s.play(1, "countess", "countess", "none", h, 3, Z5)
s.play(0, "guard", "guard", "miss", h, 2, Z5, target=1, guess=7)
s.play(1, "assassin", "assassin", "none", h, 1, Z5)
s.play(0, "guard", "guard", "miss", h, 0, [0, 1, 1, 0, 0], target=1, guess=0, over=True)
add(
    s.final(
        roundOver=True,
        endReason="deckEmpty",
        eliminated=[3, 4, 2],
        hands=h,
        discards={
            "0": [
                "count",
                "guard",
                "cardinal",
                "handmaid",
                "count",
                "guard",
                "guard",
                "sycophant",
                "baroness",
                "constable",
                "guard",
                "guard",
            ],
            "1": [
                "priest",
                "handmaid",
                "guard",
                "cardinal",
                "guard",
                "sycophant",
                "priest",
                "guard",
                "baroness",
                "countess",
                "assassin",
            ],
            "2": ["jester", "king"],
            "3": ["baron", "prince"],
            "4": ["baron", "prince"],
        },
        deckSize=0,
        tokens=[0, 1, 1, 0, 0],
        gameOver=False,
        gameWinners=[],
        roundWinners=[1],
        tokensAwarded={"1": 1, "2": 1},
        showdown={"0": sd("bishop", 2, 34, True), "1": sd("princess", 0, 27)},
        nextFirstPlayer=1,
    )
)

# P25 full round: Assassin on the last turn takes the set-aside card; Constable + Jester owner knocked out
s = Sc(
    "P25",
    "Last turn: a Guard chooses the Assassin holder with the deck empty; the Guard player is knocked out "
    "(their earlier Constable scores at once), the Assassin holder takes the set-aside card; showdown; the "
    "knocked-out Jester owner also scores because the Jester holder wins",
    [
        "assassin",
        "constable",
        "jester",
        "set-aside",
        "showdown",
        "count",
        "cardinal",
        "baroness",
        "illegal-move",
        "long",
    ],
    set_aside="princess",
    hands=["constable", "assassin", "prince", "bishop", "king"],
    draws=[
        "jester",
        "priest",
        "guard",
        "baron",
        "prince",
        "dowager_queen",
        "guard",
        "baron",
        "count",
        "cardinal",
        "guard",
        "priest",
        "baroness",
        "cardinal",
        "guard",
        "handmaid",
        "baroness",
        "sycophant",
        "count",
        "handmaid",
        "countess",
        "sycophant",
        "guard",
        "guard",
        "guard",
        "guard",
    ],
)
h = H("constable", "assassin", "prince", "bishop", "king")
s.play(0, "jester", "jester", "jesterToken", h, 25, Z5, target=1)
s.play(1, "priest", "priest", "lookedAt", h, 24, Z5, target=2, priv=[sees(1, 2, "prince")])
s.play(2, "guard", "guard", "miss", h, 23, Z5, target=0, guess=2)
h = H("constable", "assassin", "prince", "bishop", None)
s.play(
    3,
    "baron",
    "baron",
    "knockout",
    h,
    22,
    Z5,
    target=4,
    elim=[4],
    priv=[sees(3, 4, "king"), sees(4, 3, "bishop")],
    pub=[pubd(4, "king", "knockedOutDiscard")],
)
h = H("prince", "assassin", "prince", "bishop", None)
s.play(0, "constable", "prince", "none", h, 21, Z5)
h = H("prince", "assassin", "prince", None, None)
s.play(
    1,
    "dowager_queen",
    "dowager_queen",
    "knockout",
    h,
    20,
    Z5,
    target=3,
    elim=[3],
    priv=[sees(1, 3, "bishop"), sees(3, 1, "assassin")],
    pub=[pubd(3, "bishop", "knockedOutDiscard")],
)
s.play(2, "guard", "guard", "miss", h, 19, Z5, target=0, guess=2)
s.play(0, "baron", "baron", "tie", h, 18, Z5, target=2, priv=[sees(0, 2, "prince"), sees(2, 0, "prince")])
s.play(1, "count", "count", "none", h, 17, Z5)
s.play(
    2,
    "cardinal",
    "cardinal",
    "swapped",
    h,
    16,
    Z5,
    targets=[0, 2],
    look=0,
    priv=[recv(0, "prince", 2), recv(2, "prince", 0), sees(2, 0, "prince")],
)
s.play(0, "guard", "guard", "miss", h, 15, Z5, target=2, guess=3)
s.play(1, "priest", "priest", "lookedAt", h, 14, Z5, target=0, priv=[sees(1, 0, "prince")])
s.err(2, "baroness", "target_self", targets=[0, 2])
s.play(
    2,
    "baroness",
    "baroness",
    "lookedAt",
    h,
    13,
    Z5,
    targets=[0, 1],
    priv=[sees(2, 0, "prince"), sees(2, 1, "assassin")],
)
s.play(
    0,
    "cardinal",
    "cardinal",
    "swapped",
    h,
    12,
    Z5,
    targets=[0, 2],
    look=2,
    priv=[recv(0, "prince", 2), recv(2, "prince", 0), sees(0, 2, "prince")],
)
s.play(1, "guard", "guard", "miss", h, 11, Z5, target=2, guess=4)
s.play(2, "handmaid", "handmaid", "protected", h, 10, Z5, prot=[2])
s.err(0, "baroness", "target_protected", targets=[1, 2])
s.play(0, "baroness", "baroness", "lookedAt", h, 9, Z5, targets=[1], priv=[sees(0, 1, "assassin")], prot=[2])
s.play(1, "sycophant", "sycophant", "mandate", h, 8, Z5, target=1, prot=[2], mandate=1)
s.play(2, "count", "count", "none", h, 7, Z5)
s.play(0, "handmaid", "handmaid", "protected", h, 6, Z5, prot=[0])
s.play(1, "countess", "countess", "none", h, 5, Z5, prot=[0])
s.play(2, "sycophant", "sycophant", "mandate", h, 4, Z5, target=2, prot=[0], mandate=2)
s.err(0, "guard", "target_mandated", target=1, guess=2)
s.play(0, "guard", "guard", "miss", h, 3, Z5, target=2, guess=6)
s.play(1, "guard", "guard", "miss", h, 2, Z5, target=0, guess=7)
s.play(2, "guard", "guard", "miss", h, 1, Z5, target=0, guess=8)
h = H(None, "princess", "prince", None, None)
s.play(
    0,
    "guard",
    "guard",
    "assassinReaction",
    h,
    0,
    [2, 1, 0, 0, 0],
    target=1,
    guess=3,
    elim=[0],
    priv=[rdraw(1, "princess", "setAside")],
    pub=[
        pubd(1, "assassin", "revealed"),
        pubd(0, "prince", "knockedOutDiscard"),
        pubd(1, "assassin", "forcedDiscard"),
        {"player": 1, "how": "tookSetAsideCard"},
    ],
    tg={"0": 1},
    over=True,
)
add(
    s.final(
        roundOver=True,
        endReason="deckEmpty",
        eliminated=[4, 3, 0],
        hands=h,
        discards={
            "0": [
                "jester",
                "constable",
                "baron",
                "guard",
                "cardinal",
                "baroness",
                "handmaid",
                "guard",
                "guard",
                "prince",
            ],
            "1": ["priest", "dowager_queen", "count", "priest", "guard", "sycophant", "countess", "guard", "assassin"],
            "2": ["guard", "guard", "cardinal", "baroness", "handmaid", "count", "sycophant", "guard"],
            "3": ["baron", "bishop"],
            "4": ["king"],
        },
        deckSize=0,
        tokens=[2, 1, 0, 0, 0],
        gameOver=False,
        gameWinners=[],
        roundWinners=[1],
        tokensAwarded={"0": 1, "1": 1},
        showdown={"1": sd("princess", 1, 29), "2": sd("prince", 1, 21)},
        nextFirstPlayer=1,
    )
)


# P26 / P33 premium with 2 players: classic 16-card deck
def premium_two_player(sid, name, options, all_win):
    s = Sc(
        sid,
        name,
        ["two-player", "setup", "classic-deck", "showdown", "tie-break", "illegal-move"]
        + (["option"] if options else []),
        players=2,
        options=options,
        set_aside="princess",
        face_up=["king", "prince", "prince"],
        hands=["guard", "guard"],
        draws=["priest", "guard", "baron", "countess", "handmaid", "guard", "baron", "handmaid", "priest", "guard"],
    )
    h = H("guard", "guard")
    z = [0, 0]
    s.play(0, "priest", "priest", "lookedAt", h, 9, z, target=1, priv=[sees(0, 1, "guard")])
    s.err(1, "guard", "invalid_guess", target=0, guess=0)
    s.err(1, "guard", "invalid_guess", target=0, guess=9)
    s.play(1, "guard", "guard", "miss", h, 8, z, target=0, guess=2)
    s.play(0, "baron", "baron", "tie", h, 7, z, target=1, priv=[sees(0, 1, "guard"), sees(1, 0, "guard")])
    s.play(1, "countess", "countess", "none", h, 6, z)
    s.play(0, "handmaid", "handmaid", "protected", h, 5, z, prot=[0])
    s.err(1, "guard", "target_protected", target=0, guess=2)
    s.play(1, "guard", "guard", "noEffect", h, 4, z, target=None, prot=[0])
    s.play(0, "baron", "baron", "tie", h, 3, z, target=1, priv=[sees(0, 1, "guard"), sees(1, 0, "guard")])
    s.play(1, "handmaid", "handmaid", "protected", h, 2, z, prot=[1])
    s.play(0, "priest", "priest", "noEffect", h, 1, z, target=None, prot=[1])
    toks = [1, 1] if all_win else [0, 0]
    s.play(1, "guard", "guard", "miss", h, 0, toks, target=0, guess=3, over=True)
    return s.final(
        roundOver=True,
        endReason="deckEmpty",
        eliminated=[],
        hands=h,
        discards={
            "0": ["priest", "baron", "handmaid", "baron", "priest"],
            "1": ["guard", "countess", "guard", "handmaid", "guard"],
        },
        deckSize=0,
        tokens=toks,
        gameOver=False,
        gameWinners=[],
        roundWinners=[0, 1] if all_win else [],
        tokensAwarded={"0": 1, "1": 1} if all_win else {},
        showdown={"0": sd("guard", 0, 14), "1": sd("guard", 0, 14)},
        nextFirstPlayer=0,
    )


add(
    premium_two_player(
        "P26",
        "Premium with 2 players uses the classic 16-card deck (1 face down + 3 face up, 10 to draw, goal 7); the "
        "Guard names a number but 0 and 9 are not values of this deck; showdown Guard vs Guard with equal discard "
        "sums (14) -> no round winner; next starter is the first seat in the round after the last turn's player",
        {},
        False,
    )
)

# ---------------------------------------------------------------------------------------------------
# Extra edge cases (P30+)
add(
    constable_in_hand(
        "P30",
        "Option constableCountsHandCard=true: the Constable discarded from the hand at knock-out also scores",
        {"constableCountsHandCard": True},
        1,
    )
)

s = Sc(
    "P31",
    "Bishop hits the Princess holder (guess 8), who chooses to discard: +1 token to the Bishop player, "
    "the Princess knocks the target out and there is no replacement draw",
    ["bishop", "princess", "tokens", "elimination"],
    set_aside="guard",
    hands=["guard", "princess", "priest", "baron", "handmaid"],
    draws=["bishop"],
)
s.play(
    0,
    "bishop",
    "bishop",
    "hit",
    H("guard", None, "priest", "baron", "handmaid"),
    25,
    [1, 0, 0, 0, 0],
    target=1,
    guess=8,
    targetDiscards=True,
    tg={"0": 1},
    elim=[1],
    pub=[pubd(1, "princess", "forcedDiscard")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[1],
        hands=H("guard", None, "priest", "baron", "handmaid"),
        discards={"0": ["bishop"], "1": ["princess"], "2": [], "3": [], "4": []},
        deckSize=25,
        tokens=[1, 0, 0, 0, 0],
        gameOver=False,
        gameWinners=[],
        currentPlayer=2,
    )
)

s = Sc(
    "P32",
    "Cardinal where its player is one of the two (seat 2 with seat 0): the trade is reported with the "
    "lower seat first, then the look at the other hand",
    ["cardinal", "self-target", "information"],
    first=2,
    set_aside="princess",
    hands=["guard", "priest", "baron", "count", "handmaid"],
    draws=["cardinal"],
)
s.play(
    2,
    "cardinal",
    "cardinal",
    "swapped",
    H("baron", "priest", "guard", "count", "handmaid"),
    25,
    Z5,
    targets=[0, 2],
    look=0,
    priv=[recv(0, "baron", 2), recv(2, "guard", 0), sees(2, 0, "baron")],
)
add(
    s.final(
        roundOver=False,
        endReason=None,
        eliminated=[],
        hands=H("baron", "priest", "guard", "count", "handmaid"),
        discards={"0": [], "1": [], "2": ["cardinal"], "3": [], "4": []},
        deckSize=25,
        tokens=Z5,
        gameOver=False,
        gameWinners=[],
        currentPlayer=3,
    )
)

add(
    premium_two_player(
        "P33",
        "Option unresolvedTie=allWin (official premium): the same unresolved showdown tie as P26 gives both "
        "players a token",
        {"unresolvedTie": "allWin"},
        True,
    )
)


# ---------------------------------------------------------------------------------------------------
# Consistency checks on the hand-written data (not a rules engine)
def check(sc):
    deck = sc["deck"]
    n = sc["players"]
    comp = PREMIUM32 if n >= 5 else CLASSIC16
    assert Counter(deck["order"]) == comp, sc["id"]
    pile = deck["drawPile"]
    assert len(pile) == {2: 10, 3: 12, 4: 11, 5: 26, 6: 25, 7: 24, 8: 23}[n]
    ptr = 0
    took_set_aside = False
    hands = {str(i): [c] for i, c in enumerate(deck["hands"])}
    order_seen = []
    for st in sc["steps"]:
        e = st["expect"]
        if "error" in e:
            continue
        p = str(st["player"])
        assert e["draws"] == pile[ptr], (sc["id"], st, pile[ptr])
        ptr += 1
        before = hands[p] + [e["draws"]]
        assert st["card"] in before, (sc["id"], st)
        for info in e["privateInfo"]:
            if "draws" in info:
                if info["from"] == "deck":
                    assert info["draws"] == pile[ptr], (sc["id"], info)
                    ptr += 1
                else:
                    assert info["draws"] == deck["setAside"] and not took_set_aside
                    took_set_aside = True
        assert e["deckSize"] == len(pile) - ptr, (sc["id"], st["card"], e["deckSize"], len(pile) - ptr)
        assert set(e["hands"]) == {str(i) for i in range(n)}
        for v in e["hands"].values():
            assert len(v) <= 1
        order_seen += [x for x in e["eliminated"]]
        assert len(e["tokens"]) == n
        hands = e["hands"]
    f = sc["expect"]
    assert f["hands"] == hands, sc["id"]
    assert f["deckSize"] == len(pile) - ptr
    assert f["eliminated"] == order_seen, sc["id"]
    for seat in order_seen:
        assert f["hands"][str(seat)] == []
    # card conservation: hands + discards + remaining deck + set-aside (unless taken) + face-up
    allc = Counter()
    for v in f["hands"].values():
        allc.update(v)
    for v in f["discards"].values():
        allc.update(v)
    allc.update(pile[ptr:])
    allc.update(deck["faceUp"])
    if not took_set_aside:
        allc[deck["setAside"]] += 1
    assert allc == comp, (sc["id"], allc - comp, comp - allc)
    # number of discards: one played card per completed step, plus forced/knock-out discards in publicInfo
    plays = sum(1 for st in sc["steps"] if "error" not in st["expect"])
    extra = sum(
        1
        for st in sc["steps"]
        if "error" not in st["expect"]
        for i in st["expect"]["publicInfo"]
        if i.get("how") in ("forcedDiscard", "knockedOutDiscard")
    )
    # the revealed Assassin is then discarded: it is counted among the forced discards
    assert sum(len(v) for v in f["discards"].values()) == plays + extra, sc["id"]
    if "showdown" in f:
        for seat, row in f["showdown"].items():
            disc = f["discards"][seat]
            assert row["card"] == f["hands"][seat][0]
            assert row["bonus"] == disc.count("count"), (sc["id"], seat)
            assert row["discardSum"] == sum(VALUES[c] for c in disc), (sc["id"], seat)
            assert row["adjusted"] == row["value"] + row["bonus"]
        assert set(f["showdown"]) == {str(i) for i in range(n) if f["hands"][str(i)]}
    # tokens: start + mid-turn gains + awards == final
    gained = [0] * n
    for st in sc["steps"]:
        for k, v in st["expect"].get("tokensGained", {}).items():
            gained[int(k)] += v
    for k, v in f.get("tokensAwarded", {}).items():
        gained[int(k)] += v
    assert [a + b for a, b in zip(sc["startTokens"], gained, strict=True)] == f["tokens"], sc["id"]


def main():
    public = json.loads(PUBLIC.resolve().read_text()) if PUBLIC.resolve().exists() else None
    conventions = public["conventions"] if public else json.loads((HERE / "premium.json").read_text())["conventions"]
    ids = [s["id"] for s in SCENARIOS]
    assert len(ids) == len(set(ids))
    for sc in SCENARIOS:
        check(sc)
    out = {
        "format": "love-letter-rule-scenarios",
        "formatVersion": 1,
        "rulesSpec": "../RULES.md; the format is described in its Appendix A",
        "conventions": conventions,
        "scenarios": SCENARIOS,
    }
    (HERE / "premium.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(SCENARIOS)} scenarios: {' '.join(ids)}")


if __name__ == "__main__":
    main()
