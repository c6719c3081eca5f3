"""Words for what happens: events, round endings, the card reference.

Everything here works from what one seat may see: event dicts as ``Event.for_seat`` gives them
(or ``Event.full`` for the omniscient replay, ``me=None``), ``round_result`` and public state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import find_edition
from ..i18n import N_, Translator

TOKEN_REASONS = {
    "bishop": N_("Bishop: correct guess"),
    "constable": N_("Constable: knocked out with the Constable discarded"),
    "round": N_("round won"),
    "jester": N_("Jester: the Jester token holder won the round"),
    "spy": N_("Spy: the only Spy player still in the round"),
}

RESULTS = {
    "hit": N_("Correct guess!"),
    "miss": N_("Wrong guess."),
    "assassinReaction": N_("The Assassin strikes back!"),
    "noEffect": N_("No player can be chosen: no effect."),
    "tie": N_("Equal values: nothing happens."),
    "chancellor": N_("Chancellor: draw, keep one, put the rest on the bottom."),
}


@dataclass
class Table:
    """Who sits where, for wording: names by seat, the reader's seat (None: omniscient), the edition."""

    t: Translator
    names: list[str]
    me: int | None
    edition: str
    players: int

    # ------------------------------------------------------------------ small pieces
    def card(self, card: str) -> str:
        return self.t.card(card, self.edition)

    def cards(self, cards: Sequence[str]) -> str:
        return ", ".join(self.card(c) for c in cards) if cards else "–"

    def name(self, seat: int) -> str:
        return self.names[seat]

    def names_of(self, seats: Sequence[int]) -> str:
        return ", ".join(self.name(s) for s in seats) if seats else "–"

    def values(self) -> dict[str, int]:
        return find_edition(self.edition).deck(self.players).values

    def value_label(self, value: int) -> str:
        """``5 (Prince Arnaud)``: a guessed value and the cards that have it."""
        vals = self.values()
        deck = find_edition(self.edition).deck(self.players).counts
        names = [self.card(c) for c, v in vals.items() if v == value and c in deck]
        return f"{value} ({' / '.join(names)})" if names else str(value)

    def value_cards(self, value: int) -> str:
        """The names of the cards that have ``value`` in this deck."""
        vals = self.values()
        deck = find_edition(self.edition).deck(self.players).counts
        return " / ".join(self.card(c) for c, v in vals.items() if v == value and c in deck)

    def obj(self, seat: int) -> str:
        """A seat as the object of a sentence: "you" for the reader."""
        return self.t("you") if seat == self.me else self.name(seat)

    def _who(self, seat: int, mine: str, other: str, /, **kw: Any) -> str:
        if seat == self.me:
            return self.t(mine, **kw)
        return self.t(other, name=self.name(seat), **kw)

    # ------------------------------------------------------------------ events
    def event(self, e: dict[str, Any]) -> str | None:
        """One line for an event as the reader sees it, or None for events that need no line."""
        t, kind = self.t, e["kind"]
        seat = e.get("seat")
        if kind == "round_start":
            line = self._who(e["firstPlayer"], "Round {round} begins; you play first.",
                             "Round {round} begins; {name} plays first.", round=e["round"])
            if e.get("faceUp"):
                line += " " + t("Face-up cards out of this round: {cards}.", cards=self.cards(e["faceUp"]))
            return line
        if kind == "draw":
            card = e.get("card")
            if e["reason"] == "deal":
                return t("You are dealt {card}.", card=self.card(card)) if seat == self.me and card else None
            if e["from"] == "setAside":
                if card:
                    return self._who(seat, "You take the set-aside card: {card}.",
                                     "{name} takes the set-aside card: {card}.", card=self.card(card))
                return t("{name} takes the set-aside card.", name=self.name(seat))
            if card:
                return self._who(seat, "You draw {card}.", "{name} draws {card}.", card=self.card(card))
            return t("{name} draws a card.", name=self.name(seat))
        if kind == "play":
            return self._play(e)
        if kind == "discard":
            if e["how"] == "revealed":
                return self._who(seat, "You reveal {card}!", "{name} reveals {card}!", card=self.card(e["card"]))
            return self._who(seat, "You discard {card}.", "{name} discards {card}.", card=self.card(e["card"]))
        if kind == "see":
            target, card = e["target"], e.get("card")
            if card and seat == target == self.me:
                return t("You look at your own card: {card}.", card=self.card(card))
            if card:
                return self._who(seat, "You see {target}'s card: {card}.", "{name} sees {target}'s card: {card}.",
                                 target=self.name(target), card=self.card(card))
            if target == self.me:
                return t("{name} sees your card.", name=self.name(seat))
            return t("{name} looks at {target}'s card.", name=self.name(seat), target=self.name(target))
        if kind == "compare":
            if e["result"] == "tie":
                return t("Hands compared ({name} – {target}): equal values.", name=self.name(seat),
                         target=self.name(e["target"]))
            return t("Hands compared ({name} – {target}).", name=self.name(seat), target=self.name(e["target"]))
        if kind == "receive":
            card, src = e.get("card"), e["from"]
            if card:
                return self._who(seat, "You receive {card} from {other}.", "{name} receives {card} from {other}.",
                                 card=self.card(card), other=self.name(src))
            if src == self.me:
                return None  # the reader's own line says it
            return t("{name} takes {other}'s card.", name=self.name(seat), other=self.name(src))
        if kind == "chancellor_draw":
            if e.get("cards"):
                return self._who(seat, "Chancellor: you draw {cards}.", "Chancellor: {name} draws {cards}.",
                                 cards=self.cards(e["cards"]))
            return t("Chancellor: {name} draws cards: {count}.", name=self.name(seat), count=e["count"])
        if kind == "chancellor_return":
            if "keep" in e:
                return self._who(seat, "You keep {card} and put {cards} on the bottom of the deck.",
                                 "{name} keeps {card} and puts {cards} on the bottom of the deck.",
                                 card=self.card(e["keep"]), cards=self.cards(e["bottom"]))
            return t("{name} puts cards on the bottom of the deck: {count}.", name=self.name(seat), count=e["count"])
        if kind == "bishop_choice":
            if e["discard"]:
                return self._who(seat, "You discard the named card and draw another.",
                                 "{name} discards the named card and draws another.")
            return self._who(seat, "You keep the named card.", "{name} keeps the named card.")
        if kind == "knockout":
            return self._who(seat, "You are out of the round.", "{name} is out of the round.")
        if kind == "token":
            return self._who(seat, "You gain a token ({why}).", "{name} gains a token ({why}).",
                             why=t(TOKEN_REASONS[e["reason"]]))
        return None

    def _play(self, e: dict[str, Any]) -> str:
        t, seat = self.t, e["seat"]
        card = self.card(e["card"])
        targets = list(e.get("targets") or [])
        guess = e.get("guess")
        if not targets:
            line = self._who(seat, "You play {card}.", "{name} plays {card}.", card=card)
        else:
            who = ", ".join(self.obj(s) for s in targets)
            if guess is not None:
                line = self._who(seat, "You play {card} on {targets} and name {value}.",
                                 "{name} plays {card} on {targets} and names {value}.",
                                 card=card, targets=who, value=self.value_label(guess))
            else:
                line = self._who(seat, "You play {card} on {targets}.", "{name} plays {card} on {targets}.",
                                 card=card, targets=who)
        result = e.get("result")
        if result in RESULTS and not (result == "noEffect" and e["card"] == "chancellor"):
            line += " " + t(RESULTS[result])
        elif result == "noEffect":
            line += " " + t("The deck is empty: no effect.")
        if result == "protected":
            line += " " + self._who(seat, "You are protected until your next turn.",
                                    "{name} is protected until their next turn.")
        if result == "mandate":
            line += " " + t("The next card played must choose {name}.", name=self.obj(targets[0]))
        if result == "jesterToken":
            line += " " + t("{name} holds the Jester token.", name=self.name(targets[0]))
        return line

    # ------------------------------------------------------------------ round and game end
    def round_end(self, result: dict[str, Any], tokens: Sequence[int], goal: int,
                  jester: tuple[int, int] | None, spies: Sequence[int], alive: Sequence[bool],
                  game_winners: Sequence[int]) -> list[str]:
        """Why the round ended, who won it and why, the bonus tokens, and the game's end if it came."""
        t = self.t
        lines: list[str] = []
        reason, winners = result["reason"], list(result["winners"])
        if reason == "gameWonImmediately":
            lines.append(t("The game ends at once: {names} reached the goal of {goal} tokens.",
                           names=self.names_of(game_winners), goal=goal))
            return lines
        if reason == "lastStanding":
            lines.append(self._who(winners[0], "Round over: you are the last player standing.",
                                   "Round over: {name} is the last player standing."))
        else:
            lines.append(t("Round over: the deck is empty, so the players still in reveal their hands."))
            table = {int(k): v for k, v in (result.get("showdown") or {}).items()}
            for s, row in sorted(table.items()):
                line = t("{name}: {card}, value {value}; discard sum {sum}.", name=self.name(s),
                         card=self.card(row["card"]), value=row["adjusted"], sum=row["discardSum"])
                if row.get("bonus"):
                    line += " " + t("Count bonus: +{n}.", n=row["bonus"])
                if row.get("excludedByPrincess"):
                    line += " " + t("The Bishop cannot win while someone holds the Princess.")
                lines.append("  " + line)
            eligible = [s for s, r in table.items() if not r.get("excludedByPrincess")]
            if eligible:
                best = max(table[s]["adjusted"] for s in eligible)
                top = [s for s in eligible if table[s]["adjusted"] == best]
                if len(top) > 1:
                    lines.append(t("Tie on the highest value between {names}.", names=self.names_of(top)))
                    if len(winners) == 1:
                        lines.append(t("The tie is broken by the highest sum of discarded cards."))
                    elif not winners:
                        lines.append(t("Still tied: nobody gains a token this round."))
                    else:
                        lines.append(t("Still tied: every tied player wins the round."))
        if len(winners) == 1:
            lines.append(self._who(winners[0], "You win the round and gain a token.",
                                   "{name} wins the round and gains a token."))
        elif winners:
            lines.append(t("Round winners, one token each: {names}.", names=self.names_of(winners)))
        awards = {int(k): v for k, v in result.get("awards", {}).items()}
        if jester is not None and jester[0] in winners:
            lines.append(t("Bonus token for {name}: {why}.", name=self.obj(jester[1]), why=t(TOKEN_REASONS["jester"])))
        live_spies = [s for s in spies if alive[s]]
        if len(live_spies) == 1 and awards.get(live_spies[0]):
            lines.append(t("Bonus token for {name}: {why}.", name=self.obj(live_spies[0]),
                           why=t(TOKEN_REASONS["spy"])))
        lines.append(self.tokens_line(tokens, goal))
        if game_winners:
            lines.append(t("Game over! Winner: {names}.", names=self.names_of(game_winners)))
        elif result.get("nextFirstPlayer") is not None:
            lines.append(t("Next round: {name} plays first.", name=self.name(result["nextFirstPlayer"])))
        return lines

    def tokens_line(self, tokens: Sequence[int], goal: int) -> str:
        parts = [f"{self.name(s)} {tokens[s]}" for s in range(len(tokens))]
        return self.t("Tokens (goal {goal}): {list}", goal=goal, list=" · ".join(parts))

    # ------------------------------------------------------------------ reference
    def reference(self) -> list[str]:
        """The card reference of this edition and player count: value, name, copies, effect."""
        deck = find_edition(self.edition).deck(self.players)
        lines = [self.t("Card reference: {edition}, {players} players", edition=self.t.edition(self.edition),
                        players=self.players)]
        for card, count in sorted(deck.counts.items(), key=lambda kv: (deck.values[kv[0]], kv[0])):
            lines.append(f"  {deck.values[card]}  {self.card(card)} ×{count}: {self.t.effect(card)}")
        return lines
