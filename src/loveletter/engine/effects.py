"""What each card does when played (RULES.md sections 3-5), and the follow-up decisions.

Each effect takes the game, the player and the :class:`~.decisions.Play` (read by index: ``d[1]``
targets, ``d[2]`` guess, faster than the named fields) and returns the result code of RULES.md
Appendix A. Effects read hands and values and act only through the round's narrow interface
(:mod:`.round`): they never write the state, the log or the caches themselves. An effect that needs
a further decision (Chancellor, Bishop, Cardinal) asks for it; the matching handler below finishes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Play

if TYPE_CHECKING:
    from .round import RoundMixin as Game


def guard(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    t = d[1][0]
    card = g._hands[t][0]
    if card == "assassin":
        # RULES.md 2.7, 2.8: revealed, the Guard player is out, then the Assassin is discarded and replaced.
        g.reveal(t)
        g.knock_out(p)
        if not g.game_ended:
            g.forced_discard(t)
            g.replacement_draw(t)
        return "assassinReaction"
    if g._values[card] == d[2]:
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
    values = g._values
    mine, theirs = values[g._hands[p][0]], values[g._hands[t][0]]
    if mine == theirs:
        g.compared(p, t, "tie")
        return "tie"
    loser = p if (mine < theirs) == lower_loses else t
    g.compared(p, t, loser)
    g.knock_out(loser)
    return "knockout"


def baron(g: Game, p: int, d: Play) -> str:
    return _compare(g, p, d, lower_loses=True)


def dowager_queen(g: Game, p: int, d: Play) -> str:
    return _compare(g, p, d, lower_loses=False)


def handmaid(g: Game, p: int, d: Play) -> str:
    g.protect(p)
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
    k = min(2, g.deck_size)
    if k == 0:
        return "noEffect"
    g.chancellor_draw(p, k)
    g.ask("chancellor", ("chancellor", p, k))
    return "chancellor"


def chancellor_return(g: Game, d: ChancellorChoice) -> None:
    g.chancellor_return(g.current, d.keep, d.bottom)
    g.resume()


def sycophant(g: Game, p: int, d: Play) -> str:
    g.set_mandate(d[1][0])
    return "mandate"


def jester(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    g.give_jester(d[1][0], p)
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
    g.ask("cardinal", ("cardinal", (a, b)))
    return "swapped"


def cardinal_look(g: Game, d: CardinalLook) -> None:
    if d.seat is not None:
        g.see(g.current, d.seat)
    g.resume()


def bishop(g: Game, p: int, d: Play) -> str:
    if not d[1]:
        return "noEffect"
    t = d[1][0]
    if g.values[g.hand_card(t)] != d[2]:
        return "miss"
    g.gain_token(p, "bishop")
    if not g.game_ended:
        g.ask("bishop", ("bishop", t, p))
    return "hit"


def bishop_choice(g: Game, d: BishopChoice) -> None:
    t = g.pending[1]
    g.bishop_choice_made(t, d.discard)
    g.resume()
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
