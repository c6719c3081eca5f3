"""Listing the legal decisions, and explaining why a decision is not among them.

The validator in :class:`~loveletter.engine.game.Game` accepts exactly the decisions listed here
(membership in the listed set); :func:`diagnose` is only used to name the error code of a
decision that is *not* listed, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, permutations

from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Decision, Play
from .editions import ANY, CARD_PATTERN, GUESSING_CARDS, NONE, ONE_OR_TWO_OTHERS, OTHER, TWO_ANY
from .errors import IllegalDecision

FORCING_COUNTESS = frozenset({"king", "prince"})

#: The legal decisions as listed, the ids of those very objects (the validator's fast path: a
#: caller that passes back a listed decision is recognised by identity), and a map from any
#: equal value to the listed object.
Entry = tuple[tuple[Decision, ...], frozenset[int], dict[Decision, Decision]]

#: Which kind of decision each phase asks for.
PHASE_KIND = {"play": "play", "chancellor": "chancellor", "bishop": "bishop", "cardinal": "look"}


def make_entry(items: Sequence[Decision]) -> Entry:
    listed = tuple(items)
    return listed, frozenset(map(id, listed)), {d: d for d in listed}


#: Nobody is asked anything (between rounds, after the game).
NO_DECISIONS: Entry = make_entry(())


def same_value(a: object, b: object) -> bool:
    """Equal and of exactly the same types, all the way down (``2.0`` is not seat ``2``, ``True`` not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        other: tuple[object, ...] = b  # type: ignore[assignment]
        return len(a) == len(other) and all(same_value(x, y) for x, y in zip(a, other, strict=True))
    return a == b


def canonical(decision: object, entry: Entry) -> Decision | None:
    """The listed decision that ``decision`` is exactly (type and values), or None if it is none."""
    if id(decision) in entry[1]:
        return decision  # type: ignore[return-value]
    try:
        found = entry[2].get(decision)  # type: ignore[call-overload]
    except TypeError:  # unhashable
        return None
    if found is None or not same_value(decision, found):
        return None
    result: Decision = found
    return result
def countess_forced(hand: list[str]) -> bool:
    """The Countess rule (RULES.md 2.5): Countess with a King or a Prince must be played."""
    return "countess" in hand and any(c in FORCING_COUNTESS for c in hand)


def card_choices(
    card: str,
    me: int,
    choosable: tuple[int, ...],
    guesses: tuple[int, ...],
    mandate: int | None,
    ignore_mandate: bool,
) -> list[Play]:
    """Every legal :class:`Play` of ``card`` by seat ``me``.

    ``choosable`` lists the other seats that may be chosen (in the round, not protected).
    """
    pattern = CARD_PATTERN[card]
    if pattern == NONE:
        return [Play(card)]
    if pattern == OTHER:
        options: list[tuple[int, ...]] = [(t,) for t in choosable]
    elif pattern == ANY:
        options = [(t,) for t in sorted((*choosable, me))]
    elif pattern == ONE_OR_TWO_OTHERS:
        options = [(t,) for t in choosable] + list(combinations(choosable, 2))
    else:  # TWO_ANY
        options = list(combinations(sorted((*choosable, me)), 2))
    if mandate is not None:
        bound = [o for o in options if mandate in o]
        if bound or not ignore_mandate:
            options = bound
    if not options:
        return [Play(card)]
    if card in GUESSING_CARDS:
        return [Play(card, o, g) for o in options for g in guesses]
    return [Play(card, o) for o in options]


def legal_plays(
    hand: list[str],
    me: int,
    choosable: tuple[int, ...],
    guesses: tuple[int, ...],
    mandate: int | None,
    ignore_mandate: bool,
) -> Entry:
    """Legal plays for a two-card hand."""
    forced = countess_forced(hand)
    out: list[Decision] = []
    for card in dict.fromkeys(hand):
        if forced and card != "countess":
            continue
        out.extend(_card_choices(card, me, choosable, guesses, mandate, ignore_mandate))
    return make_entry(out)


@lru_cache(maxsize=1 << 16)
def _card_choices(card: str, me: int, choosable: tuple[int, ...], guesses: tuple[int, ...], mandate: int | None,
                  ignore_mandate: bool) -> tuple[Play, ...]:
    """:func:`card_choices`, remembered (the same card's plays recur in many hands and games)."""
    return tuple(card_choices(card, me, choosable, guesses, mandate, ignore_mandate))


def chancellor_choices(hand: list[str]) -> list[ChancellorChoice]:
    """Keep one card of the hand, return the others in any order."""
    out: list[ChancellorChoice] = []
    for keep in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(keep)
        for order in dict.fromkeys(permutations(rest)):
            out.append(ChancellorChoice(keep, order))
    return out


BISHOP_CHOICES: tuple[BishopChoice, ...] = (BishopChoice(False), BishopChoice(True))


def cardinal_looks(pair: tuple[int, int]) -> list[CardinalLook]:
    return [CardinalLook(None), CardinalLook(pair[0]), CardinalLook(pair[1])]


def _is_seat(x: object) -> bool:
    return type(x) is int


def diagnose_play(
    d: object,
    hand: list[str] | tuple[str, ...],
    me: int,
    players: int,
    alive: list[bool] | tuple[bool, ...],
    protected: list[bool] | tuple[bool, ...],
    guesses: tuple[int, ...],
    mandate: int | None,
    legal: tuple[Decision, ...],
) -> IllegalDecision:
    """The error for a play that is not legal, checked in the order of RULES.md Appendix A.

    Its params explain it with public facts or with what the player itself named.
    """
    if not isinstance(d, Play):
        kind = getattr(d, "kind", type(d).__name__)
        return IllegalDecision("wrong_decision_kind", f"a card must be played now, not {kind!r}",
                               {"expected": "play"})
    card = d.card
    if type(card) is not str or card not in CARD_PATTERN:
        return IllegalDecision("card_not_in_hand", f"unknown card {card!r}")
    if card not in hand:
        return IllegalDecision("card_not_in_hand", f"{card} is not in your hand", {"card": card})
    if countess_forced(list(hand)) and card != "countess":
        forcing = next(c for c in hand if c in FORCING_COUNTESS)
        return IllegalDecision("countess_forced", "the Countess must be played with a King or a Prince",
                               {"card": forcing})
    pattern = CARD_PATTERN[card]
    targets = d.targets
    if type(targets) is not tuple:
        return IllegalDecision("invalid_choice", "targets must be a tuple of seats", {"card": card})
    choosing = [x for x in legal if isinstance(x, Play) and x.card == card and x.targets]
    if pattern == NONE:
        if targets:
            return IllegalDecision("invalid_target_count", f"{card} chooses no player", {"card": card})
    elif pattern in (OTHER, ANY):
        if len(targets) > 1:
            return IllegalDecision("invalid_target_count", f"{card} chooses one player", {"card": card})
        if not targets and choosing:
            return IllegalDecision("target_required", f"{card} must choose a player", {"card": card})
    elif pattern == ONE_OR_TWO_OTHERS:
        if len(targets) > 2 or (not targets and choosing):
            return IllegalDecision("invalid_target_count", f"{card} chooses one or two other players",
                                   {"card": card})
    elif pattern == TWO_ANY:
        if len(targets) not in (0, 2) or (not targets and choosing):
            return IllegalDecision("invalid_target_count", f"{card} chooses exactly two players", {"card": card})
    for t in targets:
        if not _is_seat(t) or not 0 <= t < players:
            return IllegalDecision("invalid_choice", f"there is no seat {t!r}", {"card": card})
    if len(set(targets)) != len(targets):
        return IllegalDecision("invalid_target_count", "the same player is chosen twice", {"card": card})
    for t in targets:
        if not alive[t]:
            return IllegalDecision("target_eliminated", f"seat {t} is out of the round", {"card": card, "seat": t})
        if t == me and pattern in (OTHER, ONE_OR_TWO_OTHERS):
            return IllegalDecision("target_self", f"{card} cannot choose yourself", {"card": card})
        if t != me and protected[t]:
            return IllegalDecision("target_protected", f"seat {t} is protected by the Handmaid",
                                   {"card": card, "seat": t})
    if targets and mandate is not None and mandate not in targets:
        return IllegalDecision("target_mandated", f"the Sycophant's mandate requires choosing seat {mandate}",
                               {"card": card, "seat": mandate})
    guess = d.guess
    if card in GUESSING_CARDS and targets:
        if type(guess) is not int or guess not in guesses:
            return IllegalDecision("invalid_guess", f"name one of the values {list(guesses)}",
                                   {"card": card, "values": list(guesses)})
    elif guess is not None:
        return IllegalDecision("invalid_guess", f"{card} names no value here", {"card": card, "values": []})
    if targets and not choosing:
        params: dict[str, object] = {"card": card}
        if mandate is not None:
            params["seat"] = mandate
        return IllegalDecision("target_mandated", f"{card} has no legal choice and is played without target", params)
    return IllegalDecision("invalid_choice", f"{d.text()} is not a legal play", {"card": card})


def diagnose(
    decision: object,
    phase: str,
    to_move: int | None,
    seat: int | None,
    hand: list[str] | tuple[str, ...],
    players: int,
    alive: list[bool] | tuple[bool, ...],
    protected: list[bool] | tuple[bool, ...],
    guesses: tuple[int, ...],
    mandate: int | None,
    legal: tuple[Decision, ...],
) -> IllegalDecision:
    """Why ``decision`` (not a listed legal one) is refused; shared by :class:`Game` and :class:`View`."""
    if phase in ("setup", "round_over"):
        return IllegalDecision("round_over", "no round is being played; start the next round")
    if phase == "game_over":
        return IllegalDecision("game_over", "the game is over")
    if seat is not None and seat != to_move:
        return IllegalDecision("not_your_turn", f"seat {to_move} must decide, not seat {seat}", {"seat": to_move})
    if phase == "turn_end" or to_move is None:
        return IllegalDecision("invalid_choice", "the next turn has not begun")
    expected = PHASE_KIND[phase]
    kinds: dict[str, type] = {"play": Play, "chancellor": ChancellorChoice, "bishop": BishopChoice,
                              "look": CardinalLook}
    if not isinstance(decision, kinds[expected]):
        kind = getattr(decision, "kind", type(decision).__name__)
        return IllegalDecision("wrong_decision_kind", f"a {expected} decision is expected now, not {kind!r}",
                               {"expected": expected})
    if phase == "play":
        return diagnose_play(decision, hand, to_move, players, alive, protected, guesses, mandate, legal)
    if phase == "chancellor":
        return IllegalDecision("invalid_chancellor_choice",
                               "keep one card of your hand and put all the others on the bottom")
    text = decision.text() if isinstance(decision, BishopChoice | CardinalLook) else repr(decision)
    return IllegalDecision("invalid_choice", f"{text} is not a legal choice now")
