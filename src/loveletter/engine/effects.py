"""What each card does when played (RULES.md sections 3-5), and the follow-up decisions.

Decisions are read by index (``d[1]`` targets, ``d[2]`` guess): faster than the named fields.

Each effect takes the game, the player and the :class:`~.decisions.Play` and returns the result
code of RULES.md Appendix A. An effect that needs a further decision (Chancellor, Bishop,
Cardinal) moves the game to that phase; the matching handler below finishes the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Play
from .events import COMPARE

if TYPE_CHECKING:
    from .game import Game


def guard(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    t = d[1][0]
    if g.hands[t][0] == "assassin":
        g._log.append(("discard", {"seat": t, "card": "assassin", "how": "revealed"}, None, ()))
        g.hands[t].clear()
        g.discards[t].append("assassin")
        g.knock_out(p)
        if g.phase != "game_over":
            g.replacement_draw(t)
        return "assassinReaction"
    if g.values[g.hands[t][0]] == d[2]:
        g.knock_out(t)
        return "hit"
    return "miss"


def priest(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    g.see(p, d[1][0])
    return "lookedAt"


def _compare(g: Game, p: int, d: Play, lower_loses: bool) -> str:
    if not d[1]:
        return "noEffect"
    t = d[1][0]
    g.see(p, t)
    g.see(t, p)
    mine, theirs = g.values[g.hands[p][0]], g.values[g.hands[t][0]]
    if mine == theirs:
        g._log.append((COMPARE, p, t, "tie"))
        return "tie"
    loser = p if (mine < theirs) == lower_loses else t
    g._log.append((COMPARE, p, t, loser))
    g.knock_out(loser)
    return "knockout"


def baron(g: Game, p: int, d: Play) -> str:
    return _compare(g, p, d, lower_loses=True)


def dowager_queen(g: Game, p: int, d: Play) -> str:
    return _compare(g, p, d, lower_loses=False)


def handmaid(g: Game, p: int, d: Play) -> str:
    g.protected[p] = True
    if g._open is not None:
        g._open &= ~(1 << p)
    return "protected"


def prince(g: Game, p: int, d: Play) -> str:
    t = d[1][0]
    if g.forced_discard(t):
        g.replacement_draw(t)
    return "discarded"


def king(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    g.trade(p, d[1][0])
    return "swapped"


def no_effect(g: Game, p: int, d: Play) -> str:
    return "none"


def princess(g: Game, p: int, d: Play) -> str:
    g.knock_out(p)
    return "knockedOut"


def chancellor(g: Game, p: int, d: Play) -> str:
    k = min(2, len(g.deck))
    if k == 0:
        return "noEffect"
    drawn = [g.deck.pop() for _ in range(k)]
    g.hands[p].extend(drawn)
    g._log.append(("chancellor_draw", {"seat": p, "count": k}, {"cards": drawn}, (p,)))
    g.phase = "chancellor"
    g.pending = ("chancellor", p, k)
    return "chancellor"


def chancellor_return(g: Game, d: ChancellorChoice) -> None:
    p = g.current
    g.hands[p] = [d.keep]
    for card in d.bottom:
        g.deck.insert(0, card)
    g._log.append(("chancellor_return", {"seat": p, "count": len(d.bottom)},
                          {"keep": d.keep, "bottom": list(d.bottom)}, (p,)))
    g.phase = "play"
    g.pending = ()


def sycophant(g: Game, p: int, d: Play) -> str:
    g.mandate = d[1][0]
    return "mandate"


def jester(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    g.jester = (d[1][0], p)
    return "jesterToken"


def baroness(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    for t in d[1]:
        g.see(p, t)
    return "lookedAt"


def cardinal(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    a, b = d[1]
    g.trade(a, b)
    g.phase = "cardinal"
    g.pending = ("cardinal", (a, b))
    return "swapped"


def cardinal_look(g: Game, d: CardinalLook) -> None:
    if d.seat is not None:
        g.see(g.current, d.seat)
    g.phase = "play"
    g.pending = ()


def bishop(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    t = d[1][0]
    if g.values[g.hands[t][0]] != d[2]:
        return "miss"
    g.gain_token(p, "bishop")
    if g.phase != "game_over":
        g.phase = "bishop"
        g.pending = ("bishop", t, p)
    return "hit"


def bishop_choice(g: Game, d: BishopChoice) -> None:
    t = g.pending[1]
    g._log.append(("bishop_choice", {"seat": t, "discard": d.discard}, None, ()))
    g.phase = "play"
    g.pending = ()
    if d.discard and g.forced_discard(t):
        g.replacement_draw(t)


EFFECTS: dict[str, Callable[[Game, int, Play], str]] = {
    "guard": guard,
    "priest": priest,
    "baron": baron,
    "handmaid": handmaid,
    "prince": prince,
    "king": king,
    "countess": no_effect,
    "princess": princess,
    "chancellor": chancellor,
    "spy": no_effect,
    "bishop": bishop,
    "dowager_queen": dowager_queen,
    "constable": no_effect,
    "count": no_effect,
    "sycophant": sycophant,
    "baroness": baroness,
    "cardinal": cardinal,
    "jester": jester,
    "assassin": no_effect,
}
