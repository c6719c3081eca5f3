"""Game records: the truth of a game, as documented JSON.

A record holds the edition, options, seats, starting tokens and seed, and for every round the
deck order (top card first), the first player and every decision in its text form::

    {
      "format": "loveletter-record",
      "formatVersion": 2,
      "edition": "classic", "players": 2, "profile": "bga", "options": {...},
      "seats": ["P0", "P1"], "startTokens": [0, 0], "seed": 7,
      "rounds": [
        {"firstPlayer": 1, "firstPlayerGiven": false, "shuffled": true,
         "deck": ["guard", ...], "decisions": ["guard@0=5", "keep:king/bottom:spy", ...],
         "by": ["human", "heuristic", ...], "at": [1764583200123, ...]}
      ]
    }

``options`` are the options given explicitly (the profile supplies the rest). The deck and the
first player of each round are the source of truth: :func:`replay` deals exactly that deck and
starts with exactly that player. ``firstPlayerGiven`` says the first player was chosen by the
caller (otherwise the rules chose it: the previous round's winner, or the generator in round 1);
``shuffled`` says the game's own generator shuffled that deck. Both drive a consistency check:
replaying draws from the generator where the game did and refuses a record whose deck or first
player the seed (and the rules) would not have produced, so a tampered first player is rejected
and the replayed generator ends in the same state.

``by`` and ``at`` (optional, written by the table runner) say who made each decision (``human``,
a bot spec, or ``timeout:<bot spec>`` when a turn timer played for the seat) and when (Unix time in
milliseconds). Version history: 1 — first version; 2 — ``by``/``at``; replay deals the recorded
deck and first player (version 1 records read the same way).

:func:`replay` rebuilds the identical state, or raises :class:`~.errors.RecordError` naming the
first bad decision by its index (counted over the whole game, from 0) and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .decisions import DecisionSyntaxError, parse_decision
from .errors import ConfigError, IllegalDecision, RecordError

if TYPE_CHECKING:
    from .game import Game

FORMAT = "loveletter-record"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)


def make_record(g: Game) -> dict[str, Any]:
    if g.perspective is not None:
        raise RecordError("a position built from a view has no record")
    return {
        "format": FORMAT,
        "formatVersion": FORMAT_VERSION,
        "edition": g.edition.name,
        "players": g.players,
        "profile": g.profile,
        "options": dict(g._user_options),
        "seats": list(g.seats),
        "startTokens": list(g.start_tokens),
        "seed": g.seed,
        "rounds": [
            {
                "firstPlayer": r["firstPlayer"],
                "firstPlayerGiven": r["firstPlayerGiven"],
                "shuffled": r["shuffled"],
                "deck": list(r["deck"]),
                "decisions": [d.text() for d in r["decisions"]],
            }
            for r in g._rounds
        ],
    }


def _field(rec: Mapping[str, Any], name: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    if name not in rec:
        raise RecordError(f"{where} has no {name!r}")
    value = rec[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RecordError(f"{where} field {name!r} has the wrong type")
    return value


def _optional(rec: Mapping[str, Any], name: str, kind: type, default: Any) -> Any:
    value = rec.get(name, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"record field {name!r} has the wrong type")
    return value


def new_game(rec: Any) -> Game:
    """The game a record describes, before its first round (settings checked)."""
    from .game import Game

    if not isinstance(rec, Mapping):
        raise RecordError("a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not a game record (format should be {FORMAT!r})")
    if rec.get("formatVersion") not in READABLE_VERSIONS:
        raise RecordError(f"unsupported record formatVersion {rec.get('formatVersion')!r}")
    try:
        return Game(
            _field(rec, "edition", str),
            _field(rec, "players", int),
            seed=_optional(rec, "seed", int, None),
            options=_optional(rec, "options", Mapping, {}),
            profile=_optional(rec, "profile", str, "bga"),
            seats=_optional(rec, "seats", list, None),
            start_tokens=_optional(rec, "startTokens", list, None),
        )
    except ConfigError as exc:
        raise RecordError(f"bad game settings: {exc}") from None


def start_recorded_round(g: Game, rnd: Any, number: int, *, check_seed: bool) -> list[str]:
    """Start round ``number`` as recorded (deck and first player); return its decision texts."""
    where = f"round {number}"
    if not isinstance(rnd, Mapping):
        raise RecordError(f"{where} is not an object")
    deck = _field(rnd, "deck", list, where)
    decisions = _field(rnd, "decisions", list, where)
    first = _field(rnd, "firstPlayer", int, where)
    given = rnd.get("firstPlayerGiven", False)
    shuffled = rnd.get("shuffled", False)
    if type(given) is not bool or type(shuffled) is not bool:
        raise RecordError(f"{where}: firstPlayerGiven and shuffled must be true or false")
    try:
        g._check_can_start()
        g._check_first(first)
        if not given:
            # the rules chose the first player; the generator is drawn from where the game drew it
            random_start = g.next_first is None and g.options["firstRoundStarter"] == "random"
            ruled = g._ruled_first_player()
            if ruled != first and (check_seed or not random_start):
                raise RecordError(f"{where}: first player {first} does not follow the rules (expected {ruled})")
        if shuffled:
            drawn = g._shuffled_deck()
            if check_seed and drawn != deck:
                raise RecordError(f"{where}: the deck is not the one the seed shuffles")
        g.check_deck(deck)
        g._begin_round(list(deck), first, given=given, shuffled=shuffled)
    except (ConfigError, IllegalDecision) as exc:
        raise RecordError(f"{where} cannot start: {exc}") from None
    texts: list[str] = []
    for text in decisions:
        if type(text) is not str:
            raise RecordError(f"{where}: decisions must be strings")
        texts.append(text)
    return texts


def replay(rec: Any) -> Game:
    """Rebuild a game from its record."""
    g = new_game(rec)
    check_seed = rec.get("seed") is not None
    rounds = _field(rec, "rounds", list)
    index = 0
    for number, rnd in enumerate(rounds, 1):
        for text in start_recorded_round(g, rnd, number, check_seed=check_seed):
            try:
                g.apply(parse_decision(text))
            except (DecisionSyntaxError, IllegalDecision) as exc:
                raise RecordError(f"{text!r} is illegal: {exc}", index) from None
            index += 1
    return g
