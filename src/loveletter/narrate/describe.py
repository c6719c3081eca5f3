"""Which sentence tells an event, for one reader: :func:`describe` and its companions.

Everything here works from what the reader may see: an event dict as ``Event.for_seat(reader)``
gives it (or ``Event.full()`` for an omniscient replay), a round result and public state. The
sentences are person-aware: the reader is "you", with a sentence of their own (second person),
never a name put into a third-person sentence. A card is only named when the event holds it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import find_edition
from ..engine.editions import CARD_PATTERN, NONE
from .message import Arg, Card, Items, Message, Number, Phrase, Seat, Value, msg, nmsg, pmsg

Event = Mapping[str, Any]

#: Why a token was gained (token events and round-end bonuses), as noun phrases.
TOKEN_REASONS: dict[str, Message] = {
    "bishop": msg("correct guess with the Bishop"),
    "constable": msg("knocked out with the Constable in the discard pile"),
    "round": msg("round won"),
    "jester": msg("the holder of the Jester token won the round"),
    "spy": msg("the only player still in the round who played or discarded a Spy"),
}

_RESULTS: dict[str, Message] = {
    "hit": msg("Correct guess!"),
    "miss": msg("Wrong guess."),
    "assassinReaction": msg("The Assassin strikes back!"),
}

# The reader inside a list of seats: after a preposition ("on you and Bot 2") or as a subject ("Winners:
# you and Bot 2"); the player of a card among its own targets ("on yourself and Bot 2").
# TRANSLATORS: the reader in a list of players after a preposition: "on you and Bot 2", "by you and Bot 2".
_YOU_OBJECT = pmsg("object", "you")
# TRANSLATORS: the reader in a list of players after a colon: "Winners: you and Bot 2".
_YOU_SUBJECT = pmsg("subject", "you")
# TRANSLATORS: the reader among the players their own card chooses: "You play Cardinal on yourself and Bot 2."
_YOURSELF = pmsg("reflexive", "yourself")
# TRANSLATORS: a player among the players their own card chooses: "Bot 1 plays Cardinal on themselves and you."
_THEMSELVES = pmsg("reflexive", "themselves")


def _is(seat: Any, reader: int | None) -> bool:
    return reader is not None and seat == reader


def _cards(cards: Sequence[str]) -> Items:
    return Items(tuple(Card(c) for c in cards), "and")


def seat_list(seats: Sequence[int], reader: int | None, *, subject: bool = True, actor: int | None = None) -> Items:
    """Seats as an "and" list; the reader is "you" and ``actor`` (a card's player) a reflexive pronoun."""
    items: list[Arg] = []
    for s in seats:
        if actor is not None and s == actor:
            items.append(Phrase(_YOURSELF if _is(s, reader) else _THEMSELVES))
        elif _is(s, reader):
            items.append(Phrase(_YOU_SUBJECT if subject else _YOU_OBJECT))
        else:
            items.append(Seat(s))
    return Items(tuple(items), "and")


# ---------------------------------------------------------------------- events
def describe(event: Event, reader: int | None) -> Message | None:
    """The sentence that tells ``event`` to ``reader`` (a seat, or None: a spectator or an omniscient
    replay), or None for an event that needs none (another seat's deal, the other half of a trade)."""
    handler = _HANDLERS.get(str(event.get("kind")))
    return handler(event, reader) if handler else None


def _round_start(e: Event, reader: int | None) -> Message:
    first, rnd = e["firstPlayer"], Number(e["round"])
    if _is(first, reader):
        line = msg("Round {round} begins; you play first.", round=rnd)
    else:
        line = msg("Round {round} begins; {player} plays first.", round=rnd, player=Seat(first))
    if e.get("faceUp"):
        line = line.followed_by(face_up(e["faceUp"]))
    return line


def face_up(cards: Sequence[str]) -> Message:
    return msg("Face-up cards out of this round: {cards}.", cards=_cards(cards))


def _draw(e: Event, reader: int | None) -> Message | None:
    seat, card = e["seat"], e.get("card")
    you, p = _is(seat, reader), Seat(seat)
    if e.get("reason") == "deal":
        return msg("You are dealt {card}.", card=Card(card)) if you and card else None
    if e.get("from") == "setAside":
        if card:
            return msg("You take the set-aside card: {card}.", card=Card(card)) if you else msg(
                "{player} takes the set-aside card: {card}.", player=p, card=Card(card))
        return msg("You take the set-aside card.") if you else msg("{player} takes the set-aside card.", player=p)
    if e.get("reason") == "replacement":
        if card:
            return msg("You draw a new card: {card}.", card=Card(card)) if you else msg(
                "{player} draws a new card: {card}.", player=p, card=Card(card))
        return msg("You draw a new card.") if you else msg("{player} draws a new card.", player=p)
    if card:
        return msg("You draw {card}.", card=Card(card)) if you else msg("{player} draws {card}.", player=p,
                                                                        card=Card(card))
    return msg("You draw a card.") if you else msg("{player} draws a card.", player=p)


def _play(e: Event, reader: int | None) -> Message:
    seat, card = e["seat"], e["card"]
    targets = list(e.get("targets") or [])
    guess = e.get("guess")
    you, p, c = _is(seat, reader), Seat(seat), Card(card)
    if not targets:
        line = msg("You play {card}.", card=c) if you else msg("{player} plays {card}.", player=p, card=c)
    elif len(targets) > 1:
        who = seat_list(targets, reader, subject=False, actor=seat)
        line = msg("You play {card} on {targets}.", card=c, targets=who) if you else msg(
            "{player} plays {card} on {targets}.", player=p, card=c, targets=who)
    elif guess is not None:
        t, v = targets[0], Value(guess)
        if you:
            line = msg("You play {card} on {target} and name {value}.", card=c, target=Seat(t), value=v)
        elif _is(t, reader):
            line = msg("{player} plays {card} on you and names {value}.", player=p, card=c, value=v)
        else:
            line = msg("{player} plays {card} on {target} and names {value}.", player=p, card=c, target=Seat(t),
                       value=v)
    else:
        t = targets[0]
        if you and t == seat:
            line = msg("You play {card} on yourself.", card=c)
        elif you:
            line = msg("You play {card} on {target}.", card=c, target=Seat(t))
        elif t == seat:
            line = msg("{player} plays {card} on themselves.", player=p, card=c)
        elif _is(t, reader):
            line = msg("{player} plays {card} on you.", player=p, card=c)
        else:
            line = msg("{player} plays {card} on {target}.", player=p, card=c, target=Seat(t))
    return line.followed_by(_outcome(e, reader, you, targets))


def _outcome(e: Event, reader: int | None, you: bool, targets: list[int]) -> Message | None:
    """What the play did, when no later event tells it."""
    result, card = e.get("result"), e["card"]
    if result in _RESULTS:
        return _RESULTS[result]
    if result == "noEffect":
        if card == "chancellor":
            return msg("The deck is empty: no effect.")
        if e.get("mandate") is not None and CARD_PATTERN.get(card, NONE) != NONE:
            return msg("The Sycophant's mandate cannot be obeyed: no effect.")
        return msg("No player can be chosen: no effect.")
    if result == "protected":
        return msg("You are protected until your next turn.") if you else msg(
            "{player} is protected until their next turn.", player=Seat(e["seat"]))
    if result == "mandate" and targets:
        return msg("The next card played must choose you.") if _is(targets[0], reader) else msg(
            "The next card played must choose {player}.", player=Seat(targets[0]))
    if result == "jesterToken" and targets:
        return msg("You hold the Jester token.") if _is(targets[0], reader) else msg(
            "{player} holds the Jester token.", player=Seat(targets[0]))
    return None


def _reveal(e: Event, reader: int | None) -> Message:
    """The Assassin shown to everyone when a Guard chooses its holder."""
    you, p, c = _is(e["seat"], reader), Seat(e["seat"]), Card(e["card"])
    return msg("You reveal {card}!", card=c) if you else msg("{player} reveals {card}!", player=p, card=c)


def _discard(e: Event, reader: int | None) -> Message:
    you, p, c = _is(e["seat"], reader), Seat(e["seat"]), Card(e["card"])
    return msg("You discard {card}.", card=c) if you else msg("{player} discards {card}.", player=p, card=c)


def _see(e: Event, reader: int | None) -> Message:
    seat, target, card = e["seat"], e["target"], e.get("card")
    p, t = Seat(seat), Seat(target)
    c = Card(card) if card else None
    if _is(seat, reader):
        if target == seat:
            return msg("You look at your own card: {card}.", card=c) if c else msg("You look at your own card.")
        return msg("You see {target}'s card: {card}.", target=t, card=c) if c else msg(
            "You look at {target}'s card.", target=t)
    if target == seat:
        return msg("{player} looks at their own card: {card}.", player=p, card=c) if c else msg(
            "{player} looks at their own card.", player=p)
    if _is(target, reader):
        return msg("{player} sees your card: {card}.", player=p, card=c) if c else msg(
            "{player} sees your card.", player=p)
    return msg("{player} sees {target}'s card: {card}.", player=p, target=t, card=c) if c else msg(
        "{player} looks at {target}'s card.", player=p, target=t)


def _compare(e: Event, reader: int | None) -> Message:
    seat, target, result = e["seat"], e["target"], e.get("result")
    p, t = Seat(seat), Seat(target)
    tie, lost = result == "tie", result == seat
    if _is(seat, reader):
        if tie:
            return msg("You compare hands with {target}: equal values.", target=t)
        return msg("You compare hands with {target} and lose.", target=t) if lost else msg(
            "You compare hands with {target} and win.", target=t)
    if _is(target, reader):
        if tie:
            return msg("{player} compares hands with you: equal values.", player=p)
        return msg("{player} compares hands with you and loses.", player=p) if lost else msg(
            "{player} compares hands with you and wins.", player=p)
    if tie:
        return msg("{player} compares hands with {target}: equal values.", player=p, target=t)
    return msg("{player} compares hands with {target} and loses.", player=p, target=t) if lost else msg(
        "{player} compares hands with {target} and wins.", player=p, target=t)


def _receive(e: Event, reader: int | None) -> Message | None:
    seat, src, card = e["seat"], e["from"], e.get("card")
    p, o = Seat(seat), Seat(src)
    if _is(seat, reader):
        return msg("You receive {card} from {target}.", card=Card(card), target=o) if card else msg(
            "You take {target}'s card.", target=o)
    if _is(src, reader):
        # Without the card, the reader's own half of the trade says it all.
        return msg("{player} receives {card} from you.", player=p, card=Card(card)) if card else None
    return msg("{player} receives {card} from {target}.", player=p, card=Card(card), target=o) if card else msg(
        "{player} takes {target}'s card.", player=p, target=o)


def _chancellor_draw(e: Event, reader: int | None) -> Message:
    seat, cards, count = e["seat"], e.get("cards"), int(e.get("count", len(e.get("cards") or ())))
    you, p = _is(seat, reader), Seat(seat)
    if cards:
        return msg("Chancellor: you draw {cards}.", cards=_cards(cards)) if you else msg(
            "Chancellor: {player} draws {cards}.", player=p, cards=_cards(cards))
    if you:
        return nmsg("Chancellor: you draw {count} card.", "Chancellor: you draw {count} cards.", count)
    return nmsg("Chancellor: {player} draws {count} card.", "Chancellor: {player} draws {count} cards.", count,
                player=p)


def _chancellor_return(e: Event, reader: int | None) -> Message:
    seat, keep = e["seat"], e.get("keep")
    you, p = _is(seat, reader), Seat(seat)
    if keep:
        bottom = _cards(e.get("bottom") or [])
        return msg("You keep {card} and put {cards} on the bottom of the deck.", card=Card(keep), cards=bottom) \
            if you else msg("{player} keeps {card} and puts {cards} on the bottom of the deck.", player=p,
                            card=Card(keep), cards=bottom)
    count = int(e.get("count", 0))
    if you:
        return nmsg("You put {count} card on the bottom of the deck.",
                    "You put {count} cards on the bottom of the deck.", count)
    return nmsg("{player} puts {count} card on the bottom of the deck.",
                "{player} puts {count} cards on the bottom of the deck.", count, player=p)


def _bishop_choice(e: Event, reader: int | None) -> Message:
    you, p = _is(e["seat"], reader), Seat(e["seat"])
    if e.get("discard"):
        return msg("You choose to discard your card.") if you else msg(
            "{player} chooses to discard their card.", player=p)
    return msg("You choose to keep your card.") if you else msg("{player} chooses to keep their card.", player=p)


def _knockout(e: Event, reader: int | None) -> Message:
    return msg("You are out of the round.") if _is(e["seat"], reader) else msg(
        "{player} is out of the round.", player=Seat(e["seat"]))


def _token(e: Event, reader: int | None) -> Message:
    why = Phrase(TOKEN_REASONS.get(str(e.get("reason")), TOKEN_REASONS["round"]))
    return msg("You gain a token ({why}).", why=why) if _is(e["seat"], reader) else msg(
        "{player} gains a token ({why}).", player=Seat(e["seat"]), why=why)


def _round_end(e: Event, reader: int | None) -> Message:
    winners = [int(s) for s in e.get("winners") or []]
    return round_over(str(e.get("reason")), winners, reader).followed_by(round_winners(winners, reader))


def _game_end(e: Event, reader: int | None) -> Message:
    winners = [int(s) for s in e.get("winners") or []]
    if e.get("reason") == "gameWonImmediately" and winners:
        tokens = e.get("tokens") or []
        goal = int(tokens[winners[0]]) if len(tokens) > winners[0] else 0
        return won_at_once(winners[0], goal, reader)
    return game_over(winners, reader)


_HANDLERS = {
    "round_start": _round_start, "draw": _draw, "play": _play, "reveal": _reveal, "discard": _discard, "see": _see,
    "compare": _compare, "receive": _receive, "chancellor_draw": _chancellor_draw,
    "chancellor_return": _chancellor_return, "bishop_choice": _bishop_choice, "knockout": _knockout,
    "token": _token, "round_end": _round_end, "game_end": _game_end,
}

#: Every event kind :func:`describe` tells.
EVENT_KINDS: frozenset[str] = frozenset(_HANDLERS)


# ---------------------------------------------------------------------- round and game end
def round_over(reason: str, winners: Sequence[int], reader: int | None) -> Message:
    """Why the round ended."""
    if reason == "lastStanding" and winners:
        return msg("Round over: you are the last player standing.") if _is(winners[0], reader) else msg(
            "Round over: {player} is the last player standing.", player=Seat(winners[0]))
    if reason == "deckEmpty":
        return msg("Round over: the deck is empty, so the players still in reveal their hands.")
    return msg("Round over.")


def round_winners(winners: Sequence[int], reader: int | None) -> Message:
    """Who won the round (a token each)."""
    if len(winners) == 1:
        return msg("You win the round and gain a token.") if _is(winners[0], reader) else msg(
            "{player} wins the round and gains a token.", player=Seat(winners[0]))
    if winners:
        return msg("Round winners, one token each: {players}.", players=seat_list(winners, reader))
    return msg("Nobody wins the round.")


def game_over(winners: Sequence[int], reader: int | None) -> Message:
    if len(winners) == 1:
        return msg("Game over! You win.") if _is(winners[0], reader) else msg(
            "Game over! {player} wins.", player=Seat(winners[0]))
    return msg("Game over! Winners: {players}.", players=seat_list(winners, reader))


def won_at_once(winner: int, goal: int, reader: int | None) -> Message:
    """A token gained mid-turn reached the goal: the game ends at once."""
    if _is(winner, reader):
        return nmsg("The game ends at once: you reach the goal of {count} token.",
                    "The game ends at once: you reach the goal of {count} tokens.", goal)
    return nmsg("The game ends at once: {player} reaches the goal of {count} token.",
                "The game ends at once: {player} reaches the goal of {count} tokens.", goal, player=Seat(winner))


def bonus_token(seat: int, reason: str, reader: int | None) -> Message:
    why = Phrase(TOKEN_REASONS[reason])
    return msg("You gain a bonus token: {why}.", why=why) if _is(seat, reader) else msg(
        "{player} gains a bonus token: {why}.", player=Seat(seat), why=why)


def describe_round_end(result: Mapping[str, Any], reader: int | None, *, tokens: Sequence[int], goal: int,
                       jester: tuple[int, int] | None, spies: Sequence[int], alive: Sequence[bool],
                       game_winners: Sequence[int]) -> list[Message]:
    """Why the round ended, the showdown, who won and why, bonus tokens, the tokens and what comes next."""
    reason, winners = str(result["reason"]), [int(s) for s in result.get("winners") or []]
    if reason == "gameWonImmediately":
        return [won_at_once(game_winners[0], goal, reader) if len(game_winners) == 1 else
                game_over(game_winners, reader)]
    lines = [round_over(reason, winners, reader)]
    table = {int(k): v for k, v in (result.get("showdown") or {}).items()}
    for s, row in sorted(table.items()):
        lines.append(showdown_row(s, row, reader))
    eligible = [s for s, r in table.items() if not r.get("excludedByPrincess")]
    if eligible:
        best = max(table[s]["adjusted"] for s in eligible)
        top = sorted(s for s in eligible if table[s]["adjusted"] == best)
        if len(top) > 1:
            lines.append(msg("Tie for the highest value: {players}.", players=seat_list(top, reader)))
            if len(winners) == 1:
                lines.append(msg("The tie is broken by the highest sum of discarded cards."))
            elif not winners:
                lines.append(msg("Still tied: nobody gains a token this round."))
            else:
                lines.append(msg("Still tied: every tied player wins the round."))
    if winners or not table:
        lines.append(round_winners(winners, reader))
    awards = {int(k): v for k, v in (result.get("awards") or {}).items()}
    if jester is not None and jester[0] in winners:
        lines.append(bonus_token(jester[1], "jester", reader))
    live_spies = [s for s in spies if alive[s]]
    if len(live_spies) == 1 and awards.get(live_spies[0]):
        lines.append(bonus_token(live_spies[0], "spy", reader))
    lines.append(tokens_line(tokens, goal))
    if game_winners:
        lines.append(game_over(game_winners, reader))
    elif result.get("nextFirstPlayer") is not None:
        first = int(result["nextFirstPlayer"])
        lines.append(msg("Next round: you play first.") if _is(first, reader) else msg(
            "Next round: {player} plays first.", player=Seat(first)))
    return lines


def showdown_row(seat: int, row: Mapping[str, Any], reader: int | None) -> Message:
    """One seat's hand at the showdown: card, value (with the Count bonus), discard sum."""
    card, value, total = Card(row["card"]), Number(row["value"]), Number(row["discardSum"])
    line = msg("You reveal {card} (value {value}); your discards add up to {sum}.", card=card, value=value,
               sum=total) if _is(seat, reader) else msg(
        "{player} reveals {card} (value {value}); their discards add up to {sum}.", player=Seat(seat), card=card,
        value=value, sum=total)
    bonus = msg("Count bonus: +{n}, for a value of {value}.", n=Number(row["bonus"]),
                value=Number(row["adjusted"])) if row.get("bonus") else None
    excluded = msg("The Bishop cannot win while someone holds the Princess.") if row.get(
        "excludedByPrincess") else None
    return line.followed_by(bonus, excluded)


def tokens_line(tokens: Sequence[int], goal: int) -> Message:
    """Every seat's tokens and the goal."""
    # TRANSLATORS: a player and their number of tokens, in the list of tokens: "Bot 1 (2)".
    items = tuple(Phrase(msg("{player} ({tokens})", player=Seat(s), tokens=Number(n))) for s, n in enumerate(tokens))
    return msg("Tokens (goal {goal}): {list}", goal=Number(goal), list=Items(items, "dots"))


# ---------------------------------------------------------------------- table state
def mandate_line(seat: int, reader: int | None) -> Message:
    return msg("Sycophant mandate: the next card played must choose you.") if _is(seat, reader) else msg(
        "Sycophant mandate: the next card played must choose {player}.", player=Seat(seat))


def jester_line(holder: int, owner: int, reader: int | None) -> Message:
    if _is(holder, reader):
        return msg("You hold the Jester token (given by {owner}).", owner=Seat(owner))
    if _is(owner, reader):
        return msg("{player} holds your Jester token.", player=Seat(holder))
    return msg("{player} holds the Jester token (given by {owner}).", player=Seat(holder), owner=Seat(owner))


def spies_line(seats: Sequence[int], reader: int | None) -> Message:
    return msg("Spies played or discarded by {players}.", players=seat_list(seats, reader, subject=False))


# ---------------------------------------------------------------------- cards
def edition_title(edition: str) -> Phrase:
    return Phrase(Message(edition, context="edition"))


def card_label(card: str, value: int) -> Message:
    """A card and its value: ``Guard Odette (1)``."""
    return msg("{card} ({value})", card=Card(card), value=Number(value))


def card_copies(card: str, copies: int) -> Message:
    """A card and a number of copies: ``Guard Odette ×5``."""
    return msg("{card} ×{copies}", card=Card(card), copies=Number(copies))


def card_choice(card: str, value: int) -> Message:
    """A card offered to play: its name, value and effect."""
    return msg("{card} ({value}): {effect}", card=Card(card), value=Number(value),
               effect=Phrase(Message(card, context="effect")))


def reference(edition: str, players: int) -> list[Message]:
    """The card reference of this edition and player count: a title, then value, name, copies, effect."""
    deck = find_edition(edition).deck(players)
    lines = [nmsg("Card reference: {edition}, {count} player", "Card reference: {edition}, {count} players",
                  players, edition=edition_title(edition))]
    for card, count in sorted(deck.counts.items(), key=lambda kv: (deck.values[kv[0]], kv[0])):
        lines.append(msg("{value}  {card} ×{copies}: {effect}", value=Number(deck.values[card]), card=Card(card),
                         copies=Number(count), effect=Phrase(Message(card, context="effect"))))
    return lines
