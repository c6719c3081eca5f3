"""Why a decision was refused, for the person who made it: :func:`describe_refusal`.

The engine raises ``IllegalDecision(code, params)`` and the table runner refuses stale, duplicate or
unseated commands the same way; a client shows the code's sentence, made with the card and seat
params when they are given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.editions import ANY, CARD_PATTERN, NONE, ONE_OR_TWO_OTHERS, OTHER, TWO_ANY
from .describe import mandate_line
from .message import Card, Items, Message, Number, Seat, msg

_FIXED: dict[str, Message] = {
    "invalid_chancellor_choice": msg("Keep one card of your hand and put all the others on the bottom of the deck."),
    "invalid_choice": msg("That choice is not allowed now."),
    "round_over": msg("No round is being played: the next round has not started yet."),
    "game_over": msg("The game is over."),
    "duplicate_command": msg("That decision was already received."),
    "not_seated": msg("You are not seated at this table."),
    "unknown_card": msg("There is no such card."),
    "malformed_decision": msg("That decision could not be read."),
    # the server's own refusals (loveletter.server.protocol.SERVER_REFUSALS)
    "unavailable": msg("The server cannot store anything just now: try again in a moment."),
    "shutting_down": msg("The server is restarting and did not take your decision: try again in a moment."),
    "table_not_started": msg("The game at this table has not started yet."),
    "no_such_table": msg("There is no such table."),
    "private_table": msg("This table is private: you need its invite link."),
    "too_many_open": msg("You are watching too many tables at once: close one first."),
    "not_watching": msg(  # only a chat line asks for it now
        "The message was not sent: the table is not open on this connection yet; try again in a moment."),
    "not_taken_over": msg("Your seat is already yours again."),
    # a chat line (the limits are the server's: loveletter.server.config.Limits)
    "chat_empty": msg("Write something first."),
    "chat_rate_limited": msg("Too many messages at once: wait a few seconds."),
}

_EXPECTED: dict[str, Message] = {
    "play": msg("You must play a card now."),
    "chancellor": msg("You must now keep one card and put the others on the bottom of the deck."),
    "bishop": msg("You must now choose to keep or discard your card."),
    "look": msg("You must now choose whose hand to look at, or nobody's."),
}

_TARGET_COUNT: dict[str, Message] = {
    NONE: msg("{card} chooses no player."),
    OTHER: msg("{card} chooses exactly one other player."),
    ANY: msg("{card} chooses exactly one player (yourself too)."),
    ONE_OR_TWO_OTHERS: msg("{card} chooses one or two other players."),
    TWO_ANY: msg("{card} chooses exactly two players (yourself too)."),
}

#: Every code with a sentence of its own.
REFUSAL_CODES: frozenset[str] = frozenset({
    "card_not_in_hand", "countess_forced", "target_required", "target_self", "target_eliminated",
    "target_protected", "target_mandated", "invalid_target_count", "invalid_guess", "not_your_turn",
    "wrong_decision_kind", "stale_version", "bot_seat", "chat_too_long", *_FIXED,
})


def _with(m: Message, **args: Any) -> Message:
    return Message(m.id, {**m.args, **args}, m.context, m.plural, m.count, m.then)


def describe_refusal(code: str, params: Mapping[str, Any], reader: int | None) -> Message:
    """The sentence that explains refusal ``code`` to ``reader``, the seat that decided (an unknown code
    gets the general "That choice is not allowed now.")."""
    card = params.get("card")
    c = Card(card) if isinstance(card, str) and card in CARD_PATTERN else None
    seat = params.get("seat")
    s = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    you = s is not None and s == reader
    if code in _FIXED:
        return _FIXED[code]
    if code == "card_not_in_hand":
        return msg("{card} is not in your hand.", card=c) if c else msg("That card is not in your hand.")
    if code == "countess_forced":
        countess = Card("countess")
        return msg("You must play {countess}: she is in your hand with {card}.", countess=countess, card=c) if c \
            else msg("You must play {countess}: she is in your hand with the King or a Prince.", countess=countess)
    if code == "target_required":
        return msg("{card} must choose a player.", card=c) if c else msg("This card must choose a player.")
    if code == "target_self":
        return msg("You cannot choose yourself with {card}.", card=c) if c else msg(
            "You cannot choose yourself with this card.")
    if code == "target_eliminated":
        if s is None:
            return msg("That player is out of the round and cannot be chosen.")
        return msg("You are out of the round.") if you else msg(
            "{player} is out of the round and cannot be chosen.", player=Seat(s))
    if code == "target_protected":
        if s is None:
            return msg("That player is protected by the Handmaid.")
        return msg("You are protected by the Handmaid until your next turn.") if you else msg(
            "{player} is protected by the Handmaid until their next turn.", player=Seat(s))
    if code == "target_mandated":
        if s is None:
            return msg("Sycophant mandate: the card must choose the player the Sycophant chose.")
        if c is None:
            return mandate_line(s, reader)
        return msg("Sycophant mandate: {card} must choose you.", card=c) if you else msg(
            "Sycophant mandate: {card} must choose {player}.", card=c, player=Seat(s))
    if code == "invalid_target_count":
        return _with(_TARGET_COUNT[CARD_PATTERN[card]], card=c) if c and isinstance(card, str) else msg(
            "That is not the right number of players for this card.")
    if code == "invalid_guess":
        values = [v for v in params.get("values") or [] if isinstance(v, int)]
        if not values:
            return msg("No value can be named now.")
        choices = Items(tuple(Number(v) for v in values), "or")
        return msg("{card} cannot name that value: name {values}.", card=c, values=choices) if c else msg(
            "You cannot name that value: name {values}.", values=choices)
    if code == "not_your_turn":
        if s is None or you:
            return msg("It is not your turn.")
        return msg("It is not your turn: {player} must decide.", player=Seat(s))
    if code == "bot_seat":
        if s is None:
            return msg("A bot is playing that seat now.")
        return msg("A bot is playing for you now.") if you else msg(
            "A bot is playing for {player} now.", player=Seat(s))
    if code == "wrong_decision_kind":
        return _EXPECTED.get(str(params.get("expected")), msg("That is not the decision expected now."))
    if code == "chat_too_long":
        limit = params.get("limit")
        if isinstance(limit, int) and not isinstance(limit, bool):
            return msg("A message has at most {limit} characters.", limit=Number(limit))
        return msg("That message is too long.")
    if code == "stale_version":
        version = params.get("version")
        if isinstance(version, int) and not isinstance(version, bool):
            return msg("The game has moved on (it is at version {version}): look at the table again, then decide.",
                       version=Number(version))
        return msg("The game has moved on: look at the table again, then decide.")
    return _FIXED["invalid_choice"]
