"""Listing the legal decisions, and explaining why a decision is not among them.

The validator in :class:`~loveletter.engine.game.Game` accepts exactly the decisions listed here
(membership in the listed set); :func:`diagnose` is only used to name the error code of a
decision that is *not* listed, so the two can never disagree.
"""

from __future__ import annotations

from itertools import combinations, permutations

from .decisions import BishopChoice, CardinalLook, ChancellorChoice, Decision, Play
from .editions import ANY, CARD_PATTERN, GUESSING_CARDS, NONE, ONE_OR_TWO_OTHERS, OTHER, TWO_ANY
from .errors import IllegalDecision

FORCING_COUNTESS = frozenset({"king", "prince"})

#: The legal decisions as listed, and as a set (for the validator).
Entry = tuple[tuple[Decision, ...], frozenset[Decision]]


def make_entry(items: list[Decision]) -> Entry:
    listed = tuple(items)
    return listed, frozenset(listed)


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
        out.extend(card_choices(card, me, choosable, guesses, mandate, ignore_mandate))
    return make_entry(out)


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


def diagnose_play(
    d: Decision,
    hand: list[str],
    me: int,
    players: int,
    alive: list[bool],
    protected: list[bool],
    guesses: tuple[int, ...],
    mandate: int | None,
    legal: tuple[Decision, ...],
) -> IllegalDecision:
    """The error for a play that is not legal, checked in the order of RULES.md Appendix A."""
    if not isinstance(d, Play):
        return IllegalDecision("wrong_decision_kind", f"a card must be played now, not {d.kind!r}")
    card = d.card
    if card not in CARD_PATTERN:
        return IllegalDecision("card_not_in_hand", f"unknown card {card!r}")
    if card not in hand:
        return IllegalDecision("card_not_in_hand", f"{card} is not in your hand")
    if countess_forced(hand) and card != "countess":
        return IllegalDecision("countess_forced", "the Countess must be played with a King or a Prince")
    pattern = CARD_PATTERN[card]
    targets = d.targets
    choosing = [x for x in legal if isinstance(x, Play) and x.card == card and x.targets]
    if pattern == NONE:
        if targets:
            return IllegalDecision("invalid_target_count", f"{card} chooses no player")
    elif pattern in (OTHER, ANY):
        if len(targets) > 1:
            return IllegalDecision("invalid_target_count", f"{card} chooses one player")
        if not targets and choosing:
            return IllegalDecision("target_required", f"{card} must choose a player")
    elif pattern == ONE_OR_TWO_OTHERS:
        if len(targets) > 2 or (not targets and choosing):
            return IllegalDecision("invalid_target_count", f"{card} chooses one or two other players")
    elif pattern == TWO_ANY:
        if len(targets) not in (0, 2) or (not targets and choosing):
            return IllegalDecision("invalid_target_count", f"{card} chooses exactly two players")
    if len(set(targets)) != len(targets):
        return IllegalDecision("invalid_target_count", "the same player is chosen twice")
    for t in targets:
        if not isinstance(t, int) or not 0 <= t < players:
            return IllegalDecision("invalid_choice", f"there is no seat {t!r}")
        if not alive[t]:
            return IllegalDecision("target_eliminated", f"seat {t} is out of the round")
        if t == me and pattern in (OTHER, ONE_OR_TWO_OTHERS):
            return IllegalDecision("target_self", f"{card} cannot choose yourself")
        if t != me and protected[t]:
            return IllegalDecision("target_protected", f"seat {t} is protected by the Handmaid")
    if targets and mandate is not None and mandate not in targets:
        return IllegalDecision("target_mandated", f"the Sycophant's mandate requires choosing seat {mandate}")
    if card in GUESSING_CARDS and targets:
        if d.guess not in guesses:
            return IllegalDecision("invalid_guess", f"name one of the values {list(guesses)}")
    elif d.guess is not None:
        return IllegalDecision("invalid_guess", f"{card} names no value here")
    if targets and not choosing:
        return IllegalDecision("target_mandated", f"{card} has no legal choice and is played without target")
    return IllegalDecision("invalid_choice", f"{d.text()} is not a legal play")
