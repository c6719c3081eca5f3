"""Generate tests/data/scenarios/classic.json and 2019.json.

Independent rule scenarios (RULES.md Appendix A format) for the classic and 2019 editions.
Every expected value below was worked out by hand from RULES.md; nothing here runs the engine.
This script only assembles the deck fields from the order, writes the JSON and runs consistency
checks on the hand-written data (deck composition, card conservation, deck-size deltas, discard sums).

Run:  python tests/data/scenarios/make_classic_2019.py
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent

COMPOSITION = {
    "classic": {"guard": 5, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2, "king": 1, "countess": 1,
                "princess": 1},
    "2019": {"spy": 2, "guard": 6, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2, "chancellor": 2,
             "king": 1, "countess": 1, "princess": 1},
}
VALUES = {
    "classic": {"guard": 1, "priest": 2, "baron": 3, "handmaid": 4, "prince": 5, "king": 6, "countess": 7,
                "princess": 8},
    "2019": {"spy": 0, "guard": 1, "priest": 2, "baron": 3, "handmaid": 4, "prince": 5, "chancellor": 6,
             "king": 7, "countess": 8, "princess": 9},
}
CANON = {
    "classic": ["guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"],
    "2019": ["spy", "guard", "priest", "baron", "handmaid", "prince", "chancellor", "king", "countess",
             "princess"],
}
GOAL = {"classic": {2: 7, 3: 5, 4: 4}, "2019": {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}}

# The conventions object is copied verbatim from the shared sample file.
PUBLIC = Path("/work/shared/scenarios/public.json")
CONVENTIONS = json.loads(PUBLIC.read_text())["conventions"]

# ----------------------------------------------------------------------------------------------- helpers
def deck(edition, players, set_aside, face_up, hands, draw, fill=False, face_up_count=None):
    """Build the deck fields. `draw` is the top of the draw pile; with fill=True the remaining cards are
    appended in canonical order (only for scenarios that never draw them)."""
    n_face_up = (3 if players == 2 else 0) if face_up_count is None else face_up_count
    assert len(face_up) == n_face_up, (face_up, n_face_up)
    assert len(hands) == players
    order = [set_aside] + list(face_up) + list(hands) + list(draw)
    if fill:
        left = Counter(COMPOSITION[edition]) - Counter(order)
        for c in CANON[edition]:
            order += [c] * left[c]
    assert Counter(order) == Counter(COMPOSITION[edition]), (Counter(order), COMPOSITION[edition])
    start = 1 + n_face_up + players
    return {
        "order": order,
        "setAside": order[0],
        "faceUp": order[1:1 + n_face_up],
        "hands": order[1 + n_face_up:start],
        "drawPile": order[start:],
    }


def H(*hands):
    """hands per seat -> {"0": [...], ...}; a str is a one-card hand, None an empty hand."""
    out = {}
    for i, h in enumerate(hands):
        out[str(i)] = [] if h is None else ([h] if isinstance(h, str) else list(h))
    return out


def E(draws, result, hands, deck_size, protected, tokens, over=False, elim=(), priv=(), pub=(), gained=None,
      bottom=None):
    e = {
        "draws": draws,
        "result": result,
        "eliminated": list(elim),
        "privateInfo": list(priv),
        "publicInfo": list(pub),
        "tokensGained": gained or {},
        "hands": hands,
        "deckSize": deck_size,
    }
    if bottom is not None:
        e["deckBottom"] = bottom
    e.update({"protected": list(protected), "tokens": list(tokens), "roundOver": over})
    return e


def P(player, card, expect, note=None, **choices):
    s = {"player": player, "card": card}
    s.update(choices)
    if note:
        s["note"] = note
    s["expect"] = expect
    return s


def X(player, card, code, note=None, **choices):
    """An illegal attempt."""
    return P(player, card, {"error": code}, note=note, **choices)


def sees(to, seat, card):
    return {"to": to, "sees": seat, "card": card}


def recv(to, card, frm):
    return {"to": to, "receives": card, "from": frm}


def rdraw(to, card, frm="deck"):
    return {"to": to, "draws": card, "from": frm}


def fdisc(player, card):
    return {"player": player, "card": card, "how": "forcedDiscard"}


def kod(player, card):
    return {"player": player, "card": card, "how": "knockedOutDiscard"}


def took(player):
    return {"player": player, "how": "tookSetAsideCard"}


def SD(edition, card, *_):
    """Showdown entry; discardSum is filled in by S(showdown_sums=...) with the hand-computed sum."""
    v = VALUES[edition][card]
    return {"card": card, "value": v, "bonus": 0, "adjusted": v, "discardSum": None, "excludedByPrincess": False}


def final(hands, discards, deck_size, tokens, *, over, end=None, elim=(), game_over=False, game_winners=(),
          round_winners=None, awarded=None, showdown=None, next_first=None, current=None):
    f = {
        "roundOver": over,
        "endReason": end,
        "eliminated": list(elim),
        "hands": hands,
        "discards": {str(i): list(d) for i, d in enumerate(discards)},
        "deckSize": deck_size,
        "tokens": list(tokens),
        "gameOver": game_over,
        "gameWinners": list(game_winners),
    }
    if over:
        f["roundWinners"] = list(round_winners)
        f["tokensAwarded"] = awarded
        if showdown is not None:
            f["showdown"] = showdown
        if next_first is not None:
            f["nextFirstPlayer"] = next_first
    else:
        f["currentPlayer"] = current
    return f


def S(id_, name, edition, players, tags, deck_, steps, expect, first=0, tokens=None, options=None,
      showdown_sums=None):
    s = {
        "id": id_,
        "name": name,
        "edition": edition,
        "players": players,
        "tags": tags,
        "options": options or {},
        "startTokens": tokens or [0] * players,
        "tokensToWin": GOAL[edition][players],
        "firstPlayer": first,
        "deck": deck_,
        "steps": steps,
        "expect": expect,
    }
    if showdown_sums is not None:
        for seat, total in showdown_sums.items():
            s["expect"]["showdown"][seat]["discardSum"] = total
    return s


# ----------------------------------------------------------------------------------------------- classic
def classic():
    ed = "classic"
    out = []

    # C03 Guard miss: nothing happens, the turn passes; then a correct guess.
    out.append(S(
        "C03", "Guard miss: wrong value, nothing happens and play passes on; the next Guard guesses right",
        ed, 3, ["guard", "miss"],
        deck(ed, 3, "princess", [], ["priest", "king", "baron"], ["guard", "guard"], fill=True),
        [
            P(0, "guard", E("guard", "miss", H("priest", "king", "baron"), 11, [], [0, 0, 0]), target=1, guess=4,
              note="P1 holds the King (6): naming 4 misses; everyone learns only that P1 does not hold a 4."),
            P(1, "guard", E("guard", "hit", H(None, "king", "baron"), 10, [], [0, 0, 0], elim=[0],
                            pub=[kod(0, "priest")]), target=0, guess=2),
        ],
        final(H(None, "king", "baron"), [["guard", "priest"], ["guard"], []], 10, [0, 0, 0], over=False,
              elim=[0], current=2),
    ))

    # C04 Guard illegal attempts.
    out.append(S(
        "C04", "Guard illegal attempts: card not held, eliminated target, null target while one exists, "
               "self target, missing guess, guess 1",
        ed, 4, ["guard", "illegal-move", "target_self", "target_eliminated", "target_required", "invalid_guess"],
        deck(ed, 4, "princess", [], ["guard", "guard", "baron", "handmaid"], ["guard", "guard"], fill=True),
        [
            P(0, "guard", E("guard", "hit", H("guard", "guard", None, "handmaid"), 10, [], [0, 0, 0, 0], elim=[2],
                            pub=[kod(2, "baron")]), target=2, guess=3),
            X(1, "king", "card_not_in_hand", target=3),
            X(1, "guard", "target_eliminated", target=2, guess=3),
            X(1, "guard", "target_required", target=None,
              note="P0 and P3 can be chosen, so a null target is not allowed."),
            X(1, "guard", "target_self", target=1, guess=2, note="The Guard cannot choose its own player."),
            X(1, "guard", "invalid_guess", target=3, note="guess missing"),
            X(1, "guard", "invalid_guess", target=3, guess=1),
            P(1, "guard", E("guard", "miss", H("guard", "guard", None, "handmaid"), 9, [], [0, 0, 0, 0]),
              target=3, guess=2),
        ],
        final(H("guard", "guard", None, "handmaid"), [["guard"], ["guard"], ["baron"], []], 9, [0, 0, 0, 0],
              over=False, elim=[2], current=3),
    ))

    # C06 Countess forced with a Prince, even a Prince aimed at yourself.
    out.append(S(
        "C06", "Countess forced when holding a Prince, even a Prince aimed at yourself",
        ed, 3, ["countess", "forced-play", "illegal-move", "prince"],
        deck(ed, 3, "princess", [], ["countess", "guard", "priest"], ["prince"], fill=True),
        [
            X(0, "prince", "countess_forced", target=1),
            X(0, "prince", "countess_forced", target=0),
            P(0, "countess", E("prince", "none", H("prince", "guard", "priest"), 11, [], [0, 0, 0])),
        ],
        final(H("prince", "guard", "priest"), [["countess"], [], []], 11, [0, 0, 0], over=False, current=1),
    ))

    # C07 Countess + Princess is not forced; the Princess can be played voluntarily.
    out.append(S(
        "C07", "Countess + Princess is not a forced pair: playing the Princess is legal and knocks you out",
        ed, 2, ["countess", "princess", "voluntary-princess", "last-standing", "two-player"],
        deck(ed, 2, "guard", ["guard", "guard", "priest"], ["princess", "baron"], ["countess"], fill=True),
        [
            P(0, "princess", E("countess", "knockedOut", H(None, "baron"), 9, [], [0, 1], over=True, elim=[0],
                               pub=[kod(0, "countess")]),
              note="Countess + Princess: the Countess is not forced; the Princess player is out and discards "
                   "the Countess face up."),
        ],
        final(H(None, "baron"), [["princess", "countess"], []], 9, [0, 1], over=True, end="lastStanding",
              elim=[0], round_winners=[1], awarded={"1": 1}, next_first=1),
    ))

    # C08 Prince on the Princess holder.
    out.append(S(
        "C08", "Prince on the Princess holder: she is discarded, the holder is out and draws nothing",
        ed, 3, ["prince", "princess", "elimination"],
        deck(ed, 3, "guard", [], ["guard", "princess", "priest"], ["prince"], fill=True),
        [
            P(0, "prince", E("prince", "discarded", H("guard", None, "priest"), 11, [], [0, 0, 0], elim=[1],
                             pub=[fdisc(1, "princess")]), target=1),
        ],
        final(H("guard", None, "priest"), [["prince"], ["princess"], []], 11, [0, 0, 0], over=False, elim=[1],
              current=2),
    ))

    # C10 full 2p round: Handmaid expiry, King, Prince with an empty deck -> set-aside card, showdown.
    c10_draw = ["handmaid", "guard", "king", "baron", "handmaid", "guard", "priest", "prince", "countess",
                "prince"]
    out.append(S(
        "C10", "Prince on the last turn with an empty deck: the target takes the set-aside card; Handmaid "
               "expiry; King; showdown",
        ed, 2, ["prince", "empty-deck", "set-aside", "handmaid", "king", "showdown", "two-player", "long"],
        deck(ed, 2, "princess", ["guard", "guard", "baron"], ["guard", "priest"], c10_draw),
        [
            P(0, "handmaid", E("handmaid", "protected", H("guard", "priest"), 9, [0], [0, 0])),
            X(1, "guard", "target_protected", target=0, guess=2),
            P(1, "guard", E("guard", "noEffect", H("guard", "priest"), 8, [0], [0, 0]), target=None),
            P(0, "king", E("king", "swapped", H("priest", "guard"), 7, [], [0, 0],
                           priv=[recv(0, "priest", 1), recv(1, "guard", 0)]), target=1,
              note="P0's Handmaid protection ended at the start of this turn."),
            P(1, "guard", E("baron", "miss", H("priest", "baron"), 6, [], [0, 0]), target=0, guess=5),
            P(0, "priest", E("handmaid", "lookedAt", H("handmaid", "baron"), 5, [], [0, 0],
                             priv=[sees(0, 1, "baron")]), target=1),
            P(1, "guard", E("guard", "miss", H("handmaid", "baron"), 4, [], [0, 0]), target=0, guess=2),
            P(0, "handmaid", E("priest", "protected", H("priest", "baron"), 3, [0], [0, 0])),
            X(1, "baron", "target_protected", target=0),
            P(1, "baron", E("prince", "noEffect", H("priest", "prince"), 2, [0], [0, 0]), target=None),
            P(0, "priest", E("countess", "lookedAt", H("countess", "prince"), 1, [], [0, 0],
                             priv=[sees(0, 1, "prince")]), target=1),
            P(1, "prince", E("prince", "discarded", H("princess", "prince"), 0, [], [1, 0], over=True,
                             priv=[rdraw(0, "princess", "setAside")],
                             pub=[fdisc(0, "countess"), took(0)]), target=0,
              note="The deck is empty after P1's draw, so P0's replacement is the set-aside card (the Princess)."),
        ],
        final(H("princess", "prince"),
              [["handmaid", "king", "priest", "handmaid", "priest", "countess"],
               ["guard", "guard", "guard", "baron", "prince"]],
              0, [1, 0], over=True, end="deckEmpty", round_winners=[0], awarded={"0": 1},
              showdown={"0": SD(ed, "princess", 0), "1": SD(ed, "prince", 1)}, next_first=0),
        showdown_sums={"0": 25, "1": 11},
    ))

    # C11 full 2p round: Prince replacement takes the deck's last card -> round ends after that turn.
    c11_draw = ["priest", "handmaid", "priest", "guard", "countess", "handmaid", "king", "prince", "prince",
                "princess"]
    out.append(S(
        "C11", "Prince replacement draw takes the last card of the deck: the round ends after this turn "
               "(showdown)",
        ed, 2, ["prince", "last-card", "showdown", "two-player", "long"],
        deck(ed, 2, "baron", ["baron", "guard", "guard"], ["guard", "guard"], c11_draw),
        [
            P(0, "priest", E("priest", "lookedAt", H("guard", "guard"), 9, [], [0, 0], priv=[sees(0, 1, "guard")]),
              target=1),
            P(1, "handmaid", E("handmaid", "protected", H("guard", "guard"), 8, [1], [0, 0])),
            X(0, "priest", "target_protected", target=1),
            P(0, "priest", E("priest", "noEffect", H("guard", "guard"), 7, [1], [0, 0]), target=None),
            P(1, "guard", E("guard", "miss", H("guard", "guard"), 6, [], [0, 0]), target=0, guess=2),
            P(0, "guard", E("countess", "miss", H("countess", "guard"), 5, [], [0, 0]), target=1, guess=3),
            P(1, "handmaid", E("handmaid", "protected", H("countess", "guard"), 4, [1], [0, 0])),
            X(0, "king", "countess_forced", target=None,
              note="P1 is protected so a null King target would be acceptable, but Countess + King forces "
                   "the Countess."),
            P(0, "countess", E("king", "none", H("king", "guard"), 3, [1], [0, 0])),
            P(1, "guard", E("prince", "miss", H("king", "prince"), 2, [], [0, 0]), target=0, guess=7),
            P(0, "prince", E("prince", "discarded", H("king", "princess"), 0, [], [0, 1], over=True,
                             priv=[rdraw(1, "princess")], pub=[fdisc(1, "prince")]), target=1,
              note="Deck 2 -> 1 after P0's draw; P1's replacement takes the last card; the round ends."),
        ],
        final(H("king", "princess"),
              [["priest", "priest", "guard", "countess", "prince"],
               ["handmaid", "guard", "handmaid", "guard", "prince"]],
              0, [0, 1], over=True, end="deckEmpty", round_winners=[1], awarded={"1": 1},
              showdown={"0": SD(ed, "king", 0), "1": SD(ed, "princess", 1)}, next_first=1),
        showdown_sums={"0": 17, "1": 15},
    ))

    # C13 everyone else protected: Prince must target yourself; with the Princess you are out.
    out.append(S(
        "C13", "All others protected: the Prince must target yourself; holding the Princess you discard her "
               "and are out",
        ed, 3, ["handmaid", "prince", "princess", "self-target", "illegal-move"],
        deck(ed, 3, "guard", [], ["princess", "guard", "baron"], ["handmaid", "handmaid", "prince"], fill=True),
        [
            P(1, "handmaid", E("handmaid", "protected", H("princess", "guard", "baron"), 11, [1], [0, 0, 0])),
            P(2, "handmaid", E("handmaid", "protected", H("princess", "guard", "baron"), 10, [1, 2], [0, 0, 0])),
            X(0, "prince", "target_protected", target=1),
            X(0, "prince", "target_protected", target=2),
            X(0, "prince", "target_required", target=None, note="The Prince can always choose yourself."),
            P(0, "prince", E("prince", "discarded", H(None, "guard", "baron"), 9, [1, 2], [0, 0, 0], elim=[0],
                             pub=[fdisc(0, "princess")]), target=0,
              note="No replacement draw: a discarded Princess cancels the rest of the effect."),
        ],
        final(H(None, "guard", "baron"), [["prince", "princess"], ["handmaid"], ["handmaid"]], 9, [0, 0, 0],
              over=False, elim=[0], current=1),
        first=1,
    ))

    # C15 Baron tie.
    out.append(S(
        "C15", "Baron tie: nobody is knocked out but both players have seen each other's card",
        ed, 3, ["baron", "tie", "information", "target_self"],
        deck(ed, 3, "princess", [], ["priest", "priest", "guard"], ["baron"], fill=True),
        [
            X(0, "baron", "target_self", target=0),
            P(0, "baron", E("baron", "tie", H("priest", "priest", "guard"), 11, [], [0, 0, 0],
                            priv=[sees(0, 1, "priest"), sees(1, 0, "priest")]), target=1),
        ],
        final(H("priest", "priest", "guard"), [["baron"], [], []], 11, [0, 0, 0], over=False, current=1),
    ))

    # C16 Baron backfire.
    out.append(S(
        "C16", "Baron backfire: the Baron player holds the lower card and is knocked out",
        ed, 2, ["baron", "backfire", "elimination", "last-standing", "two-player"],
        deck(ed, 2, "princess", ["guard", "guard", "guard"], ["guard", "king"], ["baron"], fill=True),
        [
            P(0, "baron", E("baron", "knockout", H(None, "king"), 9, [], [0, 1], over=True, elim=[0],
                            priv=[sees(0, 1, "king"), sees(1, 0, "guard")], pub=[kod(0, "guard")]), target=1),
        ],
        final(H(None, "king"), [["baron", "guard"], []], 9, [0, 1], over=True, end="lastStanding", elim=[0],
              round_winners=[1], awarded={"1": 1}, next_first=1),
    ))

    # C18 2 players: 7 tokens win.
    out.append(S(
        "C18", "Classic 2 players: the 7th token wins the game",
        ed, 2, ["tokens", "game-end", "two-player", "last-standing"],
        deck(ed, 2, "countess", ["guard", "guard", "priest"], ["handmaid", "king"], ["guard"], fill=True),
        [
            P(0, "guard", E("guard", "hit", H("handmaid", None), 9, [], [7, 6], over=True, elim=[1],
                            pub=[kod(1, "king")]), target=1, guess=6),
        ],
        final(H("handmaid", None), [["guard"], ["king"]], 9, [7, 6], over=True, end="lastStanding", elim=[1],
              game_over=True, game_winners=[0], round_winners=[0], awarded={"0": 1}),
        tokens=[6, 6],
    ))

    # C20 full 3p round: tie on value and on discard sum -> nobody scores; next starter skips the out seat.
    c20_draw = ["prince", "guard", "guard", "priest", "baron", "baron", "handmaid", "king", "countess",
                "handmaid", "guard", "guard"]
    c20_deck = deck(ed, 3, "princess", [], ["guard", "prince", "priest"], c20_draw)

    def c20_steps(last_tokens):
        z = [0, 0, 0]
        return [
            P(0, "guard", E("prince", "hit", H("prince", "prince", None), 11, [], z, elim=[2],
                            pub=[kod(2, "priest")]), target=2, guess=2),
            X(1, "guard", "target_eliminated", target=2, guess=5),
            P(1, "guard", E("guard", "miss", H("prince", "prince", None), 10, [], z), target=0, guess=7),
            P(0, "guard", E("guard", "miss", H("prince", "prince", None), 9, [], z), target=1, guess=8),
            P(1, "priest", E("priest", "lookedAt", H("prince", "prince", None), 8, [], z,
                             priv=[sees(1, 0, "prince")]), target=0),
            P(0, "baron", E("baron", "tie", H("prince", "prince", None), 7, [], z,
                            priv=[sees(0, 1, "prince"), sees(1, 0, "prince")]), target=1),
            P(1, "baron", E("baron", "tie", H("prince", "prince", None), 6, [], z,
                            priv=[sees(1, 0, "prince"), sees(0, 1, "prince")]), target=0),
            P(0, "handmaid", E("handmaid", "protected", H("prince", "prince", None), 5, [0], z)),
            X(1, "king", "target_protected", target=0),
            P(1, "king", E("king", "noEffect", H("prince", "prince", None), 4, [0], z), target=None,
              note="Every other player in the round is protected: the King trades nothing."),
            X(0, "prince", "countess_forced", target=1),
            P(0, "countess", E("countess", "none", H("prince", "prince", None), 3, [], z)),
            P(1, "handmaid", E("handmaid", "protected", H("prince", "prince", None), 2, [1], z)),
            P(0, "guard", E("guard", "noEffect", H("prince", "prince", None), 1, [1], z), target=None),
            P(1, "guard", E("guard", "miss", H("prince", "prince", None), 0, [], last_tokens, over=True),
              target=0, guess=6),
        ]

    c20_disc = [["guard", "guard", "baron", "handmaid", "countess", "guard"],
                ["guard", "priest", "baron", "king", "handmaid", "guard"], ["priest"]]
    out.append(S(
        "C20", "Showdown tie still tied after the discard sums (17 = 17): nobody scores; the next round starts "
               "with the first seat still in the round after the last turn's seat",
        ed, 3, ["showdown", "tie-break", "no-winner", "next-first-player", "long"],
        c20_deck, c20_steps([0, 0, 0]),
        final(H("prince", "prince", None), c20_disc, 0, [0, 0, 0], over=True, end="deckEmpty", elim=[2],
              round_winners=[], awarded={}, showdown={"0": SD(ed, "prince", c20_disc[0]),
                                                     "1": SD(ed, "prince", c20_disc[1])},
              next_first=0),
        showdown_sums={"0": 17, "1": 17},
    ))

    # C21 3 players: 5 tokens win.
    out.append(S(
        "C21", "Classic 3 players: the 5th token wins the game (last player standing)",
        ed, 3, ["tokens", "game-end", "last-standing", "baron"],
        deck(ed, 3, "princess", [], ["guard", "priest", "baron"], ["guard", "prince"], fill=True),
        [
            P(0, "guard", E("guard", "hit", H("guard", None, "baron"), 11, [], [4, 0, 4], elim=[1],
                            pub=[kod(1, "priest")]), target=1, guess=2),
            P(2, "baron", E("prince", "knockout", H(None, None, "prince"), 10, [], [4, 0, 5], over=True, elim=[0],
                            priv=[sees(2, 0, "guard"), sees(0, 2, "prince")], pub=[kod(0, "guard")]), target=0),
        ],
        final(H(None, None, "prince"), [["guard", "guard"], ["priest"], ["baron"]], 10, [4, 0, 5], over=True,
              end="lastStanding", elim=[1, 0], game_over=True, game_winners=[2], round_winners=[2],
              awarded={"2": 1}),
        tokens=[4, 0, 4],
    ))

    # C22 Guard numbers in classic.
    out.append(S(
        "C22", "Classic Guard numbers: 0 and 9 are not values of this deck; naming 8 hits the Princess",
        ed, 3, ["guard", "invalid_guess", "princess"],
        deck(ed, 3, "countess", [], ["baron", "princess", "handmaid"], ["guard"], fill=True),
        [
            X(0, "guard", "invalid_guess", target=1, guess=0),
            X(0, "guard", "invalid_guess", target=1, guess=9),
            X(0, "guard", "invalid_guess", target=1, guess=1),
            P(0, "guard", E("guard", "hit", H("baron", None, "handmaid"), 11, [], [0, 0, 0], elim=[1],
                            pub=[kod(1, "princess")]), target=1, guess=8),
        ],
        final(H("baron", None, "handmaid"), [["guard"], ["princess"], []], 11, [0, 0, 0], over=False, elim=[1],
              current=2),
    ))

    # C23 4 players: 4 tokens win.
    out.append(S(
        "C23", "Classic 4 players: the 4th token wins the game",
        ed, 4, ["tokens", "game-end", "last-standing", "baron", "guard"],
        deck(ed, 4, "countess", [], ["handmaid", "prince", "king", "priest"], ["guard", "baron", "guard"],
             fill=True),
        [
            P(0, "guard", E("guard", "hit", H("handmaid", None, "king", "priest"), 10, [], [3, 3, 3, 3], elim=[1],
                            pub=[kod(1, "prince")]), target=1, guess=5),
            P(2, "baron", E("baron", "knockout", H("handmaid", None, "king", None), 9, [], [3, 3, 3, 3], elim=[3],
                            priv=[sees(2, 3, "priest"), sees(3, 2, "king")], pub=[kod(3, "priest")]), target=3),
            P(0, "guard", E("guard", "hit", H("handmaid", None, None, None), 8, [], [4, 3, 3, 3], over=True,
                            elim=[2], pub=[kod(2, "king")]), target=2, guess=6),
        ],
        final(H("handmaid", None, None, None), [["guard", "guard"], ["prince"], ["baron", "king"], ["priest"]], 8,
              [4, 3, 3, 3], over=True, end="lastStanding", elim=[1, 3, 2], game_over=True, game_winners=[0],
              round_winners=[0], awarded={"0": 1}),
        tokens=[3, 3, 3, 3],
    ))

    # ---- extra classic scenarios ----
    # C30 Prince on the Princess holder when the deck is empty: out, no set-aside draw, last standing.
    c30_draw = ["handmaid", "guard", "king", "baron", "handmaid", "guard", "priest", "prince", "princess",
                "prince"]
    out.append(S(
        "C30", "Prince on the Princess holder on the last turn (deck empty): out, the set-aside card is not "
               "taken, last player standing; 6 tokens do not win a classic 2-player game",
        ed, 2, ["prince", "princess", "empty-deck", "last-standing", "two-player", "tokens", "long"],
        deck(ed, 2, "countess", ["guard", "guard", "baron"], ["guard", "priest"], c30_draw),
        [
            P(0, "handmaid", E("handmaid", "protected", H("guard", "priest"), 9, [0], [0, 5])),
            P(1, "guard", E("guard", "noEffect", H("guard", "priest"), 8, [0], [0, 5]), target=None),
            P(0, "king", E("king", "swapped", H("priest", "guard"), 7, [], [0, 5],
                           priv=[recv(0, "priest", 1), recv(1, "guard", 0)]), target=1),
            P(1, "guard", E("baron", "miss", H("priest", "baron"), 6, [], [0, 5]), target=0, guess=5),
            P(0, "priest", E("handmaid", "lookedAt", H("handmaid", "baron"), 5, [], [0, 5],
                             priv=[sees(0, 1, "baron")]), target=1),
            P(1, "guard", E("guard", "miss", H("handmaid", "baron"), 4, [], [0, 5]), target=0, guess=2),
            P(0, "handmaid", E("priest", "protected", H("priest", "baron"), 3, [0], [0, 5])),
            P(1, "baron", E("prince", "noEffect", H("priest", "prince"), 2, [0], [0, 5]), target=None),
            P(0, "priest", E("princess", "lookedAt", H("princess", "prince"), 1, [], [0, 5],
                             priv=[sees(0, 1, "prince")]), target=1),
            P(1, "prince", E("prince", "discarded", H(None, "prince"), 0, [], [0, 6], over=True, elim=[0],
                             pub=[fdisc(0, "princess")]), target=0,
              note="Deck empty, but the Princess discard cancels the replacement draw; one player is left."),
        ],
        final(H(None, "prince"),
              [["handmaid", "king", "priest", "handmaid", "priest", "princess"],
               ["guard", "guard", "guard", "baron", "prince"]],
              0, [0, 6], over=True, end="lastStanding", elim=[0], round_winners=[1], awarded={"1": 1},
              next_first=1),
        tokens=[0, 5],
    ))

    # C31 voluntary Countess.
    out.append(S(
        "C31", "The Countess may be played voluntarily (bluff) while holding a Guard",
        ed, 3, ["countess", "bluff"],
        deck(ed, 3, "princess", [], ["countess", "priest", "baron"], ["guard", "guard"], fill=True),
        [
            P(0, "countess", E("guard", "none", H("guard", "priest", "baron"), 11, [], [0, 0, 0])),
            P(1, "guard", E("guard", "miss", H("guard", "priest", "baron"), 10, [], [0, 0, 0]), target=0, guess=7),
        ],
        final(H("guard", "priest", "baron"), [["countess"], ["guard"], []], 10, [0, 0, 0], over=False,
              current=2),
    ))

    # C32 King with everyone protected; target_required / target_self for choosing cards.
    out.append(S(
        "C32", "All others protected: the King has no effect and you keep your card; protection ends at its "
               "owner's turn; null target refused while a target exists",
        ed, 3, ["king", "handmaid", "no-valid-target", "target_required", "target_self", "priest"],
        deck(ed, 3, "princess", [], ["prince", "guard", "baron"], ["handmaid", "handmaid", "king", "priest"],
             fill=True),
        [
            P(1, "handmaid", E("handmaid", "protected", H("prince", "guard", "baron"), 11, [1], [0, 0, 0])),
            P(2, "handmaid", E("handmaid", "protected", H("prince", "guard", "baron"), 10, [1, 2], [0, 0, 0])),
            X(0, "king", "target_protected", target=1),
            X(0, "king", "target_self", target=0),
            X(0, "prince", "target_required", target=None),
            P(0, "king", E("king", "noEffect", H("prince", "guard", "baron"), 9, [1, 2], [0, 0, 0]), target=None),
            X(1, "priest", "target_protected", target=2),
            X(1, "priest", "target_required", target=None, note="P0 is not protected."),
            X(1, "priest", "target_self", target=1),
            P(1, "priest", E("priest", "lookedAt", H("prince", "guard", "baron"), 8, [2], [0, 0, 0],
                             priv=[sees(1, 0, "prince")]), target=0),
        ],
        final(H("prince", "guard", "baron"), [["king"], ["handmaid", "priest"], ["handmaid"]], 8, [0, 0, 0],
              over=False, current=2),
        first=1,
    ))

    # C19 replayed with options (C33 allWin without tie-break, C36 no tie-break + noWinner).
    c19_deck = deck(ed, 2, "princess", ["guard", "guard", "priest"], ["prince", "prince"],
                    ["handmaid", "guard", "countess", "handmaid", "guard", "priest", "king", "baron", "baron",
                     "guard"])

    def c19_steps(last_tokens):
        z = [0, 0]
        pp = H("prince", "prince")
        return [
            P(0, "handmaid", E("handmaid", "protected", pp, 9, [0], z)),
            P(1, "guard", E("guard", "noEffect", pp, 8, [0], z), target=None),
            P(0, "countess", E("countess", "none", pp, 7, [], z)),
            P(1, "handmaid", E("handmaid", "protected", pp, 6, [1], z)),
            P(0, "guard", E("guard", "noEffect", pp, 5, [1], z), target=None),
            P(1, "priest", E("priest", "lookedAt", pp, 4, [], z, priv=[sees(1, 0, "prince")]), target=0),
            P(0, "king", E("king", "swapped", pp, 3, [], z, priv=[recv(0, "prince", 1), recv(1, "prince", 0)]),
              target=1),
            P(1, "baron", E("baron", "tie", pp, 2, [], z, priv=[sees(1, 0, "prince"), sees(0, 1, "prince")]),
              target=0),
            P(0, "baron", E("baron", "tie", pp, 1, [], z, priv=[sees(0, 1, "prince"), sees(1, 0, "prince")]),
              target=1),
            P(1, "guard", E("guard", "miss", pp, 0, [], last_tokens, over=True), target=0, guess=2),
        ]

    c19_disc = [["handmaid", "countess", "guard", "king", "baron"],
                ["guard", "handmaid", "priest", "baron", "guard"]]
    out.append(S(
        "C33", "Classic with tieBreak=none and unresolvedTie=allWin: the C19 deal, equal Princes, both win "
               "despite different discard sums",
        ed, 2, ["showdown", "options", "all-win", "two-player", "long"],
        copy.deepcopy(c19_deck), c19_steps([1, 1]),
        final(H("prince", "prince"), c19_disc, 0, [1, 1], over=True, end="deckEmpty", round_winners=[0, 1],
              awarded={"0": 1, "1": 1},
              showdown={"0": SD(ed, "prince", c19_disc[0]), "1": SD(ed, "prince", c19_disc[1])}, next_first=0),
        options={"tieBreak": "none", "unresolvedTie": "allWin"},
        showdown_sums={"0": 21, "1": 11},
    ))

    out.append(S(
        "C34", "Classic with unresolvedTie=allWin: the C20 deal, still tied after the discard sums, both tied "
               "players win; next starter = first winner clockwise after the last turn's seat",
        ed, 3, ["showdown", "options", "all-win", "next-first-player", "long"],
        copy.deepcopy(c20_deck), c20_steps([1, 1, 0]),
        final(H("prince", "prince", None), c20_disc, 0, [1, 1, 0], over=True, end="deckEmpty", elim=[2],
              round_winners=[0, 1], awarded={"0": 1, "1": 1},
              showdown={"0": SD(ed, "prince", c20_disc[0]), "1": SD(ed, "prince", c20_disc[1])}, next_first=0),
        options={"unresolvedTie": "allWin"},
        showdown_sums={"0": 17, "1": 17},
    ))

    out.append(S(
        "C35", "Option twoPlayerFaceUp=0: no face-up cards, the 2-player draw pile has 13 cards",
        ed, 2, ["setup", "options", "two-player"],
        deck(ed, 2, "baron", [], ["guard", "priest"], ["handmaid", "guard"], fill=True, face_up_count=0),
        [
            P(0, "handmaid", E("handmaid", "protected", H("guard", "priest"), 12, [0], [0, 0])),
            P(1, "guard", E("guard", "noEffect", H("guard", "priest"), 11, [0], [0, 0]), target=None),
        ],
        final(H("guard", "priest"), [["handmaid"], ["guard"]], 11, [0, 0], over=False, current=0),
        options={"twoPlayerFaceUp": 0},
    ))

    out.append(S(
        "C36", "Classic with tieBreak=none (unresolvedTie=noWinner): the C19 deal, equal Princes, nobody "
               "scores; next starter = first seat in the round after the last turn's seat",
        ed, 2, ["showdown", "options", "no-winner", "next-first-player", "two-player", "long"],
        copy.deepcopy(c19_deck), c19_steps([0, 0]),
        final(H("prince", "prince"), c19_disc, 0, [0, 0], over=True, end="deckEmpty", round_winners=[],
              awarded={}, showdown={"0": SD(ed, "prince", c19_disc[0]), "1": SD(ed, "prince", c19_disc[1])},
              next_first=0),
        options={"tieBreak": "none"},
        showdown_sums={"0": 21, "1": 11},
    ))
    return out


# ----------------------------------------------------------------------------------------------- 2019
def edition_2019():
    ed = "2019"
    out = []

    # N03 2p setup, Chancellor with 1 card then 0 cards, Spy bonus.
    n03_draw = ["guard", "chancellor", "priest", "handmaid", "king", "guard", "priest", "handmaid", "baron",
                "prince", "guard", "prince", "countess", "chancellor", "princess"]
    z = [0, 0]
    out.append(S(
        "N03", "2019 2-player round: 1 set aside + 3 face up, 15-card draw pile; Chancellor with 1 card "
               "(draw 1, return 1) then with 0 cards (no effect, round ends); Spy bonus",
        ed, 2, ["setup", "two-player", "chancellor", "spy", "showdown", "prince", "long"],
        deck(ed, 2, "spy", ["guard", "guard", "baron"], ["spy", "guard"], n03_draw),
        [
            P(0, "spy", E("guard", "none", H("guard", "guard"), 14, [], z)),
            P(1, "guard", E("chancellor", "miss", H("guard", "chancellor"), 13, [], z), target=0, guess=0),
            P(0, "priest", E("priest", "lookedAt", H("guard", "chancellor"), 12, [], z,
                             priv=[sees(0, 1, "chancellor")]), target=1),
            P(1, "handmaid", E("handmaid", "protected", H("guard", "chancellor"), 11, [1], z)),
            X(0, "king", "target_protected", target=1),
            P(0, "king", E("king", "noEffect", H("guard", "chancellor"), 10, [1], z), target=None),
            X(1, "guard", "invalid_guess", target=0, guess=1),
            P(1, "guard", E("guard", "miss", H("guard", "chancellor"), 9, [], z), target=0, guess=7),
            P(0, "priest", E("priest", "lookedAt", H("guard", "chancellor"), 8, [], z,
                             priv=[sees(0, 1, "chancellor")]), target=1),
            P(1, "handmaid", E("handmaid", "protected", H("guard", "chancellor"), 7, [1], z)),
            P(0, "baron", E("baron", "noEffect", H("guard", "chancellor"), 6, [1], z), target=None),
            P(1, "prince", E("prince", "discarded", H("guard", "chancellor"), 4, [], z,
                             priv=[rdraw(0, "guard")], pub=[fdisc(0, "guard")]), target=0),
            P(0, "prince", E("prince", "discarded", H("countess", "chancellor"), 2, [], z,
                             priv=[rdraw(0, "countess")], pub=[fdisc(0, "guard")]), target=0),
            P(1, "chancellor", E("chancellor", "chancellor", H("countess", "princess"), 1, [], z,
                                 priv=[rdraw(1, ["princess"])], bottom=["chancellor"]),
              keep="princess", bottom=["chancellor"],
              note="Deck 2 -> 1 after the draw: the Chancellor draws 1 (the last card) and returns 1, so the deck "
                   "keeps 1 card and the round goes on."),
            P(0, "chancellor", E("chancellor", "noEffect", H("countess", "princess"), 0, [], [1, 1], over=True),
              note="P0 draws the returned Chancellor, deck 0. A Chancellor with an empty deck has no effect; the "
                   "Countess is not forced by the Chancellor (6). Round ends: P1 wins, P0 alone played a Spy."),
        ],
        final(H("countess", "princess"),
              [["spy", "priest", "king", "priest", "baron", "guard", "prince", "guard", "chancellor"],
               ["guard", "handmaid", "guard", "handmaid", "prince", "chancellor"]],
              0, [1, 1], over=True, end="deckEmpty", round_winners=[1], awarded={"0": 1, "1": 1},
              showdown={"0": SD(ed, "countess", 0), "1": SD(ed, "princess", 1)}, next_first=1),
        showdown_sums={"0": 27, "1": 21},
    ))

    # N05 / N06 the same deal: both played a Spy (cancel), equal Chancellors at the showdown.
    n05_draw = ["guard", "guard", "chancellor", "chancellor", "priest", "priest", "baron", "baron", "handmaid",
                "king", "guard", "handmaid", "guard", "guard", "guard"]
    n05_deck = deck(ed, 2, "princess", ["prince", "prince", "countess"], ["spy", "spy"], n05_draw)

    def n05_steps(last_tokens):
        z = [0, 0]
        cc = H("chancellor", "chancellor")
        return [
            P(0, "spy", E("guard", "none", H("guard", "spy"), 14, [], z)),
            P(1, "spy", E("guard", "none", H("guard", "guard"), 13, [], z)),
            P(0, "guard", E("chancellor", "miss", H("chancellor", "guard"), 12, [], z), target=1, guess=3),
            P(1, "guard", E("chancellor", "miss", cc, 11, [], z), target=0, guess=3),
            P(0, "priest", E("priest", "lookedAt", cc, 10, [], z, priv=[sees(0, 1, "chancellor")]), target=1),
            P(1, "priest", E("priest", "lookedAt", cc, 9, [], z, priv=[sees(1, 0, "chancellor")]), target=0),
            P(0, "baron", E("baron", "tie", cc, 8, [], z,
                            priv=[sees(0, 1, "chancellor"), sees(1, 0, "chancellor")]), target=1),
            P(1, "baron", E("baron", "tie", cc, 7, [], z,
                            priv=[sees(1, 0, "chancellor"), sees(0, 1, "chancellor")]), target=0),
            P(0, "handmaid", E("handmaid", "protected", cc, 6, [0], z)),
            X(1, "king", "target_protected", target=0),
            P(1, "king", E("king", "noEffect", cc, 5, [0], z), target=None),
            P(0, "guard", E("guard", "miss", cc, 4, [], z), target=1, guess=7),
            P(1, "handmaid", E("handmaid", "protected", cc, 3, [1], z)),
            P(0, "guard", E("guard", "noEffect", cc, 2, [1], z), target=None),
            P(1, "guard", E("guard", "miss", cc, 1, [], z), target=0, guess=0),
            P(0, "guard", E("guard", "miss", cc, 0, [], last_tokens, over=True), target=1, guess=2),
        ]

    n05_disc = [["spy", "guard", "priest", "baron", "handmaid", "guard", "guard", "guard"],
                ["spy", "guard", "priest", "baron", "king", "handmaid", "guard"]]
    out.append(S(
        "N05", "2019 official profile options (tieBreak=none, unresolvedTie=allWin): equal Chancellors, both win "
               "although the discard sums differ; both played a Spy, so the Spies cancel (no bonus); next starter "
               "= first winner clockwise after the last turn's seat",
        ed, 2, ["showdown", "all-win", "options", "spy", "spy-cancel", "two-player", "next-first-player", "long"],
        copy.deepcopy(n05_deck), n05_steps([1, 1]),
        final(H("chancellor", "chancellor"), n05_disc, 0, [1, 1], over=True, end="deckEmpty",
              round_winners=[0, 1], awarded={"0": 1, "1": 1},
              showdown={"0": SD(ed, "chancellor", 0), "1": SD(ed, "chancellor", 1)}, next_first=1),
        options={"tieBreak": "none", "unresolvedTie": "allWin"},
        showdown_sums={"0": 13, "1": 18},
    ))
    out.append(S(
        "N06", "2019 defaults: the N05 deal; the discard-sum tie-break decides (18 > 13); Spies cancel",
        ed, 2, ["showdown", "tie-break", "discard-sum", "spy", "spy-cancel", "two-player", "long"],
        copy.deepcopy(n05_deck), n05_steps([0, 1]),
        final(H("chancellor", "chancellor"), n05_disc, 0, [0, 1], over=True, end="deckEmpty", round_winners=[1],
              awarded={"1": 1},
              showdown={"0": SD(ed, "chancellor", 0), "1": SD(ed, "chancellor", 1)}, next_first=1),
        showdown_sums={"0": 13, "1": 18},
    ))

    # N07 knocked-out Spy player neither counts nor blocks.
    out.append(S(
        "N07", "Spy: a knocked-out player who played a Spy does not count and does not block; round win + Spy "
               "bonus reach the 3-player goal 5",
        ed, 3, ["spy", "elimination", "tokens", "game-end", "baron"],
        deck(ed, 3, "princess", [], ["spy", "spy", "priest"], ["handmaid", "priest", "guard", "baron"], fill=True),
        [
            P(0, "spy", E("handmaid", "none", H("handmaid", "spy", "priest"), 16, [], [3, 1, 0])),
            P(1, "spy", E("priest", "none", H("handmaid", "priest", "priest"), 15, [], [3, 1, 0])),
            P(2, "guard", E("guard", "hit", H("handmaid", None, "priest"), 14, [], [3, 1, 0], elim=[1],
                            pub=[kod(1, "priest")]), target=1, guess=2),
            P(0, "baron", E("baron", "knockout", H("handmaid", None, None), 13, [], [5, 1, 0], over=True, elim=[2],
                            priv=[sees(0, 2, "priest"), sees(2, 0, "handmaid")], pub=[kod(2, "priest")]),
              target=2),
        ],
        final(H("handmaid", None, None), [["spy", "baron"], ["spy", "priest"], ["guard", "priest"]], 13,
              [5, 1, 0], over=True, end="lastStanding", elim=[1, 2], game_over=True, game_winners=[0],
              round_winners=[0], awarded={"0": 2}),
        tokens=[3, 1, 0],
    ))

    # N08 Spy discarded by a Prince counts for the target.
    out.append(S(
        "N08", "Spy discarded because of a Prince counts for the player who discarded it (the target), not the "
               "Prince player",
        ed, 2, ["spy", "prince", "two-player", "last-standing"],
        deck(ed, 2, "guard", ["guard", "guard", "baron"], ["priest", "spy"], ["prince", "guard", "handmaid"],
             fill=True),
        [
            P(0, "prince", E("prince", "discarded", H("priest", "guard"), 13, [], [0, 0],
                             priv=[rdraw(1, "guard")], pub=[fdisc(1, "spy")]), target=1),
            P(1, "guard", E("handmaid", "hit", H(None, "handmaid"), 12, [], [0, 2], over=True, elim=[0],
                            pub=[kod(0, "priest")]), target=0, guess=2),
        ],
        final(H(None, "handmaid"), [["prince", "priest"], ["spy", "guard"]], 12, [0, 2], over=True,
              end="lastStanding", elim=[0], round_winners=[1], awarded={"1": 2}, next_first=1),
    ))

    # N09 2019 Countess forced with the King (7).
    out.append(S(
        "N09", "2019 Countess (8) forced with the King (7)",
        ed, 3, ["countess", "forced-play", "illegal-move", "king"],
        deck(ed, 3, "princess", [], ["countess", "guard", "priest"], ["king"], fill=True),
        [
            X(0, "king", "countess_forced", target=1),
            P(0, "countess", E("king", "none", H("king", "guard", "priest"), 16, [], [0, 0, 0])),
        ],
        final(H("king", "guard", "priest"), [["countess"], [], []], 16, [0, 0, 0], over=False, current=1),
    ))

    # N10 2 players, goal 6.
    out.append(S(
        "N10", "2019 2 players: the 6th token wins the game",
        ed, 2, ["tokens", "game-end", "two-player", "last-standing"],
        deck(ed, 2, "guard", ["guard", "guard", "spy"], ["handmaid", "baron"], ["guard"], fill=True),
        [
            P(0, "guard", E("guard", "hit", H("handmaid", None), 14, [], [6, 3], over=True, elim=[1],
                            pub=[kod(1, "baron")]), target=1, guess=3),
        ],
        final(H("handmaid", None), [["guard"], ["baron"]], 14, [6, 3], over=True, end="lastStanding", elim=[1],
              game_over=True, game_winners=[0], round_winners=[0], awarded={"0": 1}),
        tokens=[5, 3],
    ))

    # ---- extra 2019 scenarios ----
    out.append(S(
        "N30", "2019 Guard numbers: 10 and 1 invalid, 9 hits the Princess, 0 hits a Spy; a Spy discarded from "
               "the hand at a knock-out neither counts nor blocks the other Spy player",
        ed, 3, ["guard", "invalid_guess", "spy", "target_eliminated", "last-standing"],
        deck(ed, 3, "king", [], ["spy", "princess", "spy"], ["guard", "guard", "guard"], fill=True),
        [
            P(2, "spy", E("guard", "none", H("spy", "princess", "guard"), 16, [], [0, 0, 0])),
            X(0, "guard", "invalid_guess", target=1, guess=10),
            X(0, "guard", "invalid_guess", target=1, guess=1),
            P(0, "guard", E("guard", "hit", H("spy", None, "guard"), 15, [], [0, 0, 0], elim=[1],
                            pub=[kod(1, "princess")]), target=1, guess=9),
            X(2, "guard", "target_eliminated", target=1, guess=9),
            P(2, "guard", E("guard", "hit", H(None, None, "guard"), 14, [], [0, 0, 2], over=True, elim=[0],
                            pub=[kod(0, "spy")]), target=0, guess=0),
        ],
        final(H(None, None, "guard"), [["guard", "spy"], ["princess"], ["spy", "guard"]], 14, [0, 0, 2],
              over=True, end="lastStanding", elim=[1, 0], round_winners=[2], awarded={"2": 2}, next_first=2),
        first=2,
    ))

    out.append(S(
        "N31", "2019 Countess (8) forced with a Prince (5), even aimed at yourself",
        ed, 3, ["countess", "forced-play", "illegal-move", "prince"],
        deck(ed, 3, "princess", [], ["prince", "guard", "priest"], ["countess"], fill=True),
        [
            X(0, "prince", "countess_forced", target=1),
            X(0, "prince", "countess_forced", target=0),
            P(0, "countess", E("countess", "none", H("prince", "guard", "priest"), 16, [], [0, 0, 0])),
        ],
        final(H("prince", "guard", "priest"), [["countess"], [], []], 16, [0, 0, 0], over=False, current=1),
    ))

    out.append(S(
        "N32", "Chancellor: invalid keep/bottom choices are refused; the Countess is not forced by the "
               "Chancellor (6); returned cards go to the bottom and the next draw is the card below them",
        ed, 3, ["chancellor", "invalid_chancellor_choice", "countess", "illegal-move"],
        deck(ed, 3, "princess", [], ["countess", "guard", "priest"], ["chancellor", "guard", "prince", "baron"],
             fill=True),
        [
            X(0, "chancellor", "invalid_chancellor_choice", keep="king", bottom=["guard", "prince"],
              note="The King is not among the Countess + the 2 drawn cards (Guard, Prince)."),
            X(0, "chancellor", "invalid_chancellor_choice", keep="countess", bottom=["guard"],
              note="2 cards were drawn, so 2 must go to the bottom."),
            X(0, "chancellor", "invalid_chancellor_choice", keep="countess", bottom=["guard", "countess"]),
            X(0, "chancellor", "invalid_chancellor_choice", keep="countess", bottom=["guard", "guard"]),
            P(0, "chancellor", E("chancellor", "chancellor", H("countess", "guard", "priest"), 16, [], [0, 0, 0],
                                 priv=[rdraw(0, ["guard", "prince"])], bottom=["prince", "guard"]),
              keep="countess", bottom=["prince", "guard"]),
            P(1, "guard", E("baron", "hit", H(None, "baron", "priest"), 15, [], [0, 0, 0], elim=[0],
                            pub=[kod(0, "countess")]), target=0, guess=8),
        ],
        final(H(None, "baron", "priest"), [["chancellor", "countess"], ["guard"], []], 15, [0, 0, 0],
              over=False, elim=[0], current=2),
    ))

    out.append(S(
        "N33", "2019 option twoPlayerFaceUp=0: no face-up cards, the 2-player draw pile has 18 cards",
        ed, 2, ["setup", "options", "two-player"],
        deck(ed, 2, "baron", [], ["guard", "priest"], ["handmaid", "guard"], fill=True, face_up_count=0),
        [
            P(0, "handmaid", E("handmaid", "protected", H("guard", "priest"), 17, [0], [0, 0])),
            P(1, "guard", E("guard", "noEffect", H("guard", "priest"), 16, [0], [0, 0]), target=None),
        ],
        final(H("guard", "priest"), [["handmaid"], ["guard"]], 16, [0, 0], over=False, current=0),
        options={"twoPlayerFaceUp": 0},
    ))

    # N34 a Spy kept in hand until the showdown is neither played nor discarded: no cancel.
    n34_draw = ["guard", "guard", "chancellor", "handmaid", "baron", "guard", "handmaid", "baron", "priest",
                "priest", "guard", "guard", "guard", "chancellor", "countess"]
    z = [0, 0]
    out.append(S(
        "N34", "A Spy still in hand at the showdown does not count: the only player who played a Spy gets the "
               "bonus on top of the round win; Chancellor with 1 card keeps the Spy and returns the drawn card",
        ed, 2, ["spy", "showdown", "chancellor", "two-player", "long"],
        deck(ed, 2, "princess", ["prince", "prince", "king"], ["spy", "spy"], n34_draw),
        [
            P(0, "spy", E("guard", "none", H("guard", "spy"), 14, [], z)),
            P(1, "guard", E("guard", "miss", H("guard", "spy"), 13, [], z), target=0, guess=2),
            P(0, "guard", E("chancellor", "miss", H("chancellor", "spy"), 12, [], z), target=1, guess=2),
            P(1, "handmaid", E("handmaid", "protected", H("chancellor", "spy"), 11, [1], z)),
            P(0, "baron", E("baron", "noEffect", H("chancellor", "spy"), 10, [1], z), target=None),
            P(1, "guard", E("guard", "miss", H("chancellor", "spy"), 9, [], z), target=0, guess=8),
            P(0, "handmaid", E("handmaid", "protected", H("chancellor", "spy"), 8, [0], z)),
            P(1, "baron", E("baron", "noEffect", H("chancellor", "spy"), 7, [0], z), target=None),
            P(0, "priest", E("priest", "lookedAt", H("chancellor", "spy"), 6, [], z, priv=[sees(0, 1, "spy")]),
              target=1),
            P(1, "priest", E("priest", "lookedAt", H("chancellor", "spy"), 5, [], z,
                             priv=[sees(1, 0, "chancellor")]), target=0),
            P(0, "guard", E("guard", "miss", H("chancellor", "spy"), 4, [], z), target=1, guess=9),
            P(1, "guard", E("guard", "miss", H("chancellor", "spy"), 3, [], z), target=0, guess=5),
            P(0, "guard", E("guard", "miss", H("chancellor", "spy"), 2, [], z), target=1, guess=3),
            P(1, "chancellor", E("chancellor", "chancellor", H("chancellor", "spy"), 1, [], z,
                                 priv=[rdraw(1, ["countess"])], bottom=["countess"]),
              keep="spy", bottom=["countess"]),
            P(0, "chancellor", E("countess", "noEffect", H("countess", "spy"), 0, [], [2, 0], over=True),
              note="P0 draws the returned Countess (deck 0) and plays the Chancellor it held: no effect."),
        ],
        final(H("countess", "spy"),
              [["spy", "guard", "baron", "handmaid", "priest", "guard", "guard", "chancellor"],
               ["guard", "handmaid", "guard", "baron", "priest", "guard", "chancellor"]],
              0, [2, 0], over=True, end="deckEmpty", round_winners=[0], awarded={"0": 2},
              showdown={"0": SD(ed, "countess"), "1": SD(ed, "spy")}, next_first=0),
        showdown_sums={"0": 18, "1": 18},
    ))

    # N35 both Spies played by the same player: the bonus is still 1.
    out.append(S(
        "N35", "Both Spies played by the same player: the Spy bonus is 1, on top of the round win",
        ed, 2, ["spy", "two-player", "last-standing"],
        deck(ed, 2, "princess", ["baron", "baron", "countess"], ["spy", "priest"],
             ["spy", "handmaid", "guard", "guard", "guard"], fill=True),
        [
            P(0, "spy", E("spy", "none", H("spy", "priest"), 14, [], [0, 0])),
            P(1, "handmaid", E("handmaid", "protected", H("spy", "priest"), 13, [1], [0, 0])),
            P(0, "spy", E("guard", "none", H("guard", "priest"), 12, [1], [0, 0])),
            P(1, "guard", E("guard", "miss", H("guard", "priest"), 11, [], [0, 0]), target=0, guess=3),
            P(0, "guard", E("guard", "hit", H("guard", None), 10, [], [2, 0], over=True, elim=[1],
                            pub=[kod(1, "priest")]), target=1, guess=2),
        ],
        final(H("guard", None), [["spy", "spy", "guard"], ["handmaid", "guard", "priest"]], 10, [2, 0],
              over=True, end="lastStanding", elim=[1], round_winners=[0], awarded={"0": 2}, next_first=0),
    ))
    return out


# ----------------------------------------------------------------------------------------------- checks
def check(s):
    ed = s["edition"]
    vals = VALUES[ed]
    n = s["players"]
    d = s["deck"]
    assert Counter(d["order"]) == Counter(COMPOSITION[ed]), s["id"]
    size = len(d["drawPile"])
    tokens = list(s["startTokens"])
    last = None
    took_set_aside = False
    for st in s["steps"]:
        e = st["expect"]
        if "error" in e:
            continue
        extra = 0
        for pi in e["privateInfo"]:
            if "draws" in pi:
                if st["card"] == "chancellor":
                    extra += len(pi["draws"]) - len(st.get("bottom", []))
                elif pi["from"] == "deck":
                    extra += 1
                else:
                    took_set_aside = True
        assert e["deckSize"] == size - 1 - extra, (s["id"], st, size)
        if st["card"] == "chancellor" and "bottom" in st:
            assert e["deckBottom"] == st["bottom"], s["id"]
        size = e["deckSize"]
        assert sorted(e["hands"]) == [str(i) for i in range(n)]
        if not e["roundOver"]:
            assert e["tokens"] == tokens, s["id"]
        last = e
    f = s["expect"]
    assert f["deckSize"] == size and f["hands"] == last["hands"] and f["tokens"] == last["tokens"], s["id"]
    assert f["roundOver"] == last["roundOver"]
    # card conservation
    held = sum(len(h) for h in f["hands"].values()) + sum(len(x) for x in f["discards"].values())
    total = held + size + len(d["faceUp"]) + (0 if took_set_aside else 1)
    assert total == len(d["order"]), (s["id"], total)
    cards = Counter()
    for h in f["hands"].values():
        cards.update(h)
    for x in f["discards"].values():
        cards.update(x)
    cards.update(d["faceUp"])
    if not took_set_aside:
        cards[d["setAside"]] += 1
    assert not (cards - Counter(COMPOSITION[ed])), (s["id"], cards - Counter(COMPOSITION[ed]))
    if f["roundOver"]:
        aw = f["tokensAwarded"]
        for i in range(n):
            assert f["tokens"][i] == s["startTokens"][i] + aw.get(str(i), 0), s["id"]
        goal = s["tokensToWin"]
        winners = [i for i in range(n) if f["tokens"][i] >= goal]
        assert f["gameOver"] == bool(winners) and f["gameWinners"] == winners, s["id"]
        assert ("nextFirstPlayer" in f) == (not winners), s["id"]
        if "showdown" in f:
            for seat, sd in f["showdown"].items():
                assert sd["discardSum"] == sum(vals[c] for c in f["discards"][seat]), (s["id"], seat)
                assert sd["card"] == f["hands"][seat][0]
    else:
        assert "currentPlayer" in f


def write(name, scenarios):
    for s in scenarios:
        check(s)
    ids = [s["id"] for s in scenarios]
    assert len(ids) == len(set(ids))
    doc = {
        "format": "love-letter-rule-scenarios",
        "formatVersion": 1,
        "rulesSpec": "RULES.md (shared spec); the format is described in its Appendix A",
        "conventions": CONVENTIONS,
        "scenarios": scenarios,
    }
    (HERE / name).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(name, ids)


if __name__ == "__main__":
    write("classic.json", classic())
    write("2019.json", edition_2019())
