"""Words for what happens, in the terminal: a thin layer over :mod:`loveletter.narrate`.

Everything here works from what one seat may see: event dicts as ``Event.for_seat`` gives them
(or ``Event.full`` for the omniscient replay), ``round_result`` and public state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import NP_, Translator
from ..narrate import (
    Message,
    Names,
    Narrator,
    RoundSummary,
    card_choice,
    describe,
    describe_game_summary,
    describe_refusal,
    describe_round_end,
    reference,
    tokens_line,
)

#: The built-in bot kinds, as shown to players.
BOT_KINDS = {
    "random": NP_("bot", "random"),
    "heuristic": NP_("bot", "heuristic"),
    "ismcts": NP_("bot", "ISMCTS search"),
}


def bot_kind(t: Translator, spec: str) -> str:
    """A bot spec for players: the kind translated (``heuristic`` -> ``heurístico``), options kept."""
    kind, sep, rest = spec.partition(":")
    if kind not in BOT_KINDS:
        return spec
    return t.pgettext("bot", BOT_KINDS[kind]) + (f" ({rest})" if sep else "")


@dataclass
class Table:
    """Who sits where, for wording: names by seat, the reader's seat (None: omniscient), the edition."""

    t: Translator
    names: list[str]
    me: int | None
    edition: str
    players: int
    narrator: Narrator = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.names) != self.players:
            raise ValueError(f"{self.players} players need {self.players} names, not {len(self.names)}")
        self.narrator = Narrator(self.t, Names(tuple(self.names), self.edition))

    # ------------------------------------------------------------------ small pieces
    def say(self, message: Message) -> str:
        """A message in this table's language."""
        return self.narrator.render(message)

    def card(self, card: str) -> str:
        return self.narrator.card(card)

    def cards(self, cards: Sequence[str]) -> str:
        return self.narrator.cards(cards)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def value_cards(self, value: int) -> str:
        """The names of the cards that have ``value`` in this deck."""
        return self.narrator.cards(self.narrator.value_cards(value), "or")

    def card_choice(self, card: str, value: int) -> str:
        """``Guard Odette (1): choose another player…``, for a menu."""
        return self.say(card_choice(card, value))

    def refusal(self, code: str, **params: Any) -> str:
        """Why a choice is refused, for the reader."""
        return self.say(describe_refusal(code, params, self.me))

    # ------------------------------------------------------------------ events
    def event(self, e: Mapping[str, Any]) -> str | None:
        """One line for an event as the reader sees it, or None for events that need no line.

        The round's and the game's end get none here: :meth:`round_end` tells them in full.
        """
        if e["kind"] in ("round_end", "game_end"):
            return None
        message = describe(e, self.me)
        return self.say(message) if message else None

    # ------------------------------------------------------------------ round and game end
    def round_end(self, result: Mapping[str, Any], tokens: Sequence[int], goal: int,
                  jester: tuple[int, int] | None, spies: Sequence[int], alive: Sequence[bool],
                  game_winners: Sequence[int]) -> list[str]:
        """Why the round ended, who won it and why, the bonus tokens, and the game's end if it came."""
        lines = describe_round_end(result, self.me, tokens=tokens, goal=goal, jester=jester, spies=spies,
                                   alive=alive, game_winners=game_winners)
        showdown = len(result.get("showdown") or {})
        return [("  " if 0 < i <= showdown else "") + self.say(m) for i, m in enumerate(lines)]

    def summary(self, rounds: Sequence[RoundSummary], tokens: Sequence[int], goal: int,
                winners: Sequence[int]) -> list[str]:
        """The game-over summary: a title, a line per round, the tokens, who won the game and how."""
        return [self.say(m) for m in describe_game_summary(rounds, tokens, goal, winners, self.me)]

    def tokens_line(self, tokens: Sequence[int], goal: int) -> str:
        return self.say(tokens_line(tokens, goal))

    # ------------------------------------------------------------------ reference
    def reference(self) -> list[str]:
        """The card reference of this edition and player count: value, name, copies, effect."""
        title, *cards = reference(self.edition, self.players)
        return [self.say(title)] + ["  " + self.say(m) for m in cards]
