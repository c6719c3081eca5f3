"""The end of a game in a few lines: every round, who won it and how, and how the game was won.

:func:`describe_game_summary` works from public facts only: each round's result (``round_result``),
the token events of the round (Bishop and Constable tokens are gained in play), the final tokens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .describe import _YOU_SUBJECT, TOKEN_REASONS, _is, game_over, seat_list, tokens_line
from .message import Card, Items, Message, Number, Phrase, Seat, msg, nmsg


@dataclass(frozen=True)
class RoundSummary:
    """One finished round: its number, its result and the tokens gained in it, by seat, with their reasons."""

    number: int
    result: Mapping[str, Any]
    gained: Mapping[int, tuple[str, ...]] = field(default_factory=dict)


def _how(result: Mapping[str, Any], winners: Sequence[int]) -> Message:
    reason = str(result.get("reason"))
    if reason == "lastStanding":
        return msg("last player standing")
    table = {int(k): v for k, v in (result.get("showdown") or {}).items()}
    if not winners:
        return msg("a tie at the showdown")
    cards = tuple(Card(str(table[w]["card"])) for w in winners if w in table)
    eligible = [r for r in table.values() if not r.get("excludedByPrincess")]
    best = max((r["adjusted"] for r in eligible), default=None)
    tied = sum(1 for r in eligible if r["adjusted"] == best) > 1
    if tied and len(winners) == 1:
        return msg("highest card at the showdown ({cards}), the tie broken by the discards",
                   cards=Items(cards, "and"))
    if cards:
        return msg("highest card at the showdown ({cards})", cards=Items(cards, "and"))
    return msg("the showdown")


def round_line(r: RoundSummary, reader: int | None) -> Message:
    """``Round 2: Bot 1, last player standing; bonus: you (Spy).``"""
    winners = [int(s) for s in r.result.get("winners") or []]
    reason = str(r.result.get("reason"))
    if reason == "gameWonImmediately":
        who = sorted(s for s, why in r.gained.items() if why)
        why = Items(tuple(Phrase(TOKEN_REASONS.get(w, TOKEN_REASONS["round"])) for s in who for w in r.gained[s]
                          if w != "round") or (Phrase(TOKEN_REASONS["round"]),), "and")
        if len(who) == 1 and _is(who[0], reader):
            return msg("Round {round}: the game ended at once, you reached the goal ({why}).",
                       round=Number(r.number), why=why)
        return msg("Round {round}: the game ended at once, {players} reached the goal ({why}).",
                   round=Number(r.number), players=seat_list(who, reader), why=why)
    if winners:
        line = msg("Round {round} won by {players}: {how}.", round=Number(r.number),
                   players=seat_list(winners, reader, subject=False), how=Phrase(_how(r.result, winners)))
    else:
        line = msg("Round {round}: nobody won ({how}).", round=Number(r.number), how=Phrase(_how(r.result, winners)))
    extra = tuple(
        # TRANSLATORS: a bonus token in the game-over summary: "Bot 1 (correct guess with the Bishop)".
        Phrase(msg("{player} ({why})", player=Phrase(_YOU_SUBJECT) if _is(s, reader) else Seat(s),
                   why=Phrase(TOKEN_REASONS.get(w, TOKEN_REASONS["round"]))))
        for s, whys in sorted(r.gained.items()) for w in whys if w != "round")
    if extra:
        line = line.followed_by(nmsg("Extra token: {tokens}.", "Extra tokens: {tokens}.", len(extra),
                                     tokens=Items(extra, "plain")))
    return line


def describe_game_summary(rounds: Sequence[RoundSummary], tokens: Sequence[int], goal: int,
                          winners: Sequence[int], reader: int | None) -> list[Message]:
    """A title, one line per round, the final tokens and who won the game, and how."""
    lines = [nmsg("The game in {count} round", "The game in {count} rounds", len(rounds))]
    lines += [round_line(r, reader) for r in rounds]
    lines.append(tokens_line(tokens, goal))
    last = rounds[-1] if rounds else None
    if last is not None and last.result.get("reason") == "gameWonImmediately":
        lines.append(game_over(winners, reader))
    elif winners:
        ended = game_over(winners, reader)
        lines.append(ended.followed_by(nmsg("The goal was {count} token.", "The goal was {count} tokens.", goal)))
    return lines


__all__ = ["RoundSummary", "describe_game_summary", "round_line"]
