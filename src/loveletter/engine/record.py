"""Game records: the truth of a game, as documented JSON.

A record holds the edition, options, seats, starting tokens and seed, and for every round the
deck order (top card first), the first player and every decision in its text form::

    {
      "format": "loveletter-record",
      "formatVersion": 1,
      "edition": "classic", "players": 2, "profile": "bga", "options": {...},
      "seats": ["P0", "P1"], "startTokens": [0, 0], "seed": 7,
      "rounds": [
        {"firstPlayer": 1, "firstPlayerGiven": false, "shuffled": true,
         "deck": ["guard", ...], "decisions": ["guard@0=5", "keep:king/bottom:spy", ...]}
      ]
    }

``options`` are the options given explicitly (the profile supplies the rest). ``shuffled`` says
the game's own generator shuffled that deck; replaying shuffles again and checks that the same
deck comes out, so the replayed game's generator is in the same state too. :func:`replay`
rebuilds the identical state, or raises :class:`~.errors.RecordError` naming the first bad
decision by its index (counted over the whole game, from 0) and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .decisions import DecisionSyntaxError, parse_decision
from .errors import ConfigError, IllegalDecision, RecordError

if TYPE_CHECKING:
    from .game import Game

FORMAT = "loveletter-record"
FORMAT_VERSION = 1


def make_record(g: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "formatVersion": FORMAT_VERSION,
        "edition": g.edition.name,
        "players": g.players,
        "profile": g.profile,
        "options": dict(g.user_options),
        "seats": list(g.seats),
        "startTokens": list(g.start_tokens),
        "seed": g.seed,
        "rounds": [
            {
                "firstPlayer": r["firstPlayer"],
                "firstPlayerGiven": r.get("firstPlayerGiven", False),
                "shuffled": r.get("shuffled", False),
                "deck": list(r["deck"]),
                "decisions": [d.text() for d in r["decisions"]],
            }
            for r in g.rounds
        ],
    }


def _field(rec: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in rec:
        raise RecordError(f"record has no {name!r}")
    value = rec[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RecordError(f"record field {name!r} has the wrong type")
    return value


def replay(rec: Any) -> Game:
    """Rebuild a game from its record."""
    from .game import Game

    if not isinstance(rec, Mapping):
        raise RecordError("a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not a game record (format should be {FORMAT!r})")
    if rec.get("formatVersion") != FORMAT_VERSION:
        raise RecordError(f"unsupported record formatVersion {rec.get('formatVersion')!r}")
    seed = rec.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("record field 'seed' must be an integer or null")
    try:
        g = Game(
            _field(rec, "edition", str),
            _field(rec, "players", int),
            seed=seed,
            options=rec.get("options") or {},
            profile=rec.get("profile", "bga"),
            seats=rec.get("seats"),
            start_tokens=rec.get("startTokens"),
        )
    except ConfigError as exc:
        raise RecordError(f"bad game settings: {exc}") from None
    rounds = _field(rec, "rounds", list)
    index = 0
    for number, rnd in enumerate(rounds, 1):
        if not isinstance(rnd, Mapping):
            raise RecordError(f"round {number} is not an object")
        deck = _field(rnd, "deck", list)
        decisions = _field(rnd, "decisions", list)
        first = rnd.get("firstPlayer") if rnd.get("firstPlayerGiven") else None
        try:
            if rnd.get("shuffled"):
                g.start_round(first_player=first)
                if g.rounds[-1]["deck"] != deck:
                    raise RecordError(f"round {number}: the seed does not shuffle to the recorded deck")
            else:
                g.start_round(deck=deck, first_player=first if first is not None else rnd.get("firstPlayer"))
        except (ConfigError, IllegalDecision) as exc:
            raise RecordError(f"round {number} cannot start: {exc}") from None
        if g.rounds[-1]["firstPlayer"] != rnd.get("firstPlayer"):
            raise RecordError(f"round {number}: first player {rnd.get('firstPlayer')!r} does not follow the rules")
        for text in decisions:
            try:
                g.apply(parse_decision(text))
            except (DecisionSyntaxError, IllegalDecision) as exc:
                raise RecordError(f"{text!r} is illegal: {exc}", index) from None
            index += 1
    return g
