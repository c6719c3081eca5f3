"""Rule options and profiles (RULES.md section 8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .editions import Edition
from .errors import ConfigError

#: Option name -> allowed values (None: validated by a custom check).
OPTION_VALUES: dict[str, tuple[Any, ...] | None] = {
    "tokensToWin": None,
    "twoPlayerFaceUp": (3, 0),
    "tieBreak": ("discardSum", "none"),
    "tieBreakIncludesHand": (False, True),
    "unresolvedTie": ("noWinner", "allWin"),
    "simultaneousGoal": ("shared", "mostTokens"),
    "nextRoundStarter": ("deterministic", "random"),
    "firstRoundStarter": None,
    "sycophantSelfMandate": ("noEffect", "ignoreMandate"),
    "constableCountsHandCard": (False, True),
}

BASE_DEFAULTS: dict[str, Any] = {
    "twoPlayerFaceUp": 3,
    "tieBreak": "discardSum",
    "tieBreakIncludesHand": False,
    "unresolvedTie": "noWinner",
    "simultaneousGoal": "shared",
    "nextRoundStarter": "deterministic",
    "firstRoundStarter": "random",
    "sycophantSelfMandate": "noEffect",
    "constableCountsHandCard": False,
}

#: Profiles: edition name (or "all") -> option overrides.
PROFILES: dict[str, dict[str, dict[str, Any]]] = {
    "bga": {},
    "official": {
        "premium": {"unresolvedTie": "allWin"},
        "2019": {"tieBreak": "none", "unresolvedTie": "allWin"},
    },
    "bga-legacy": {
        "all": {"sycophantSelfMandate": "ignoreMandate", "twoPlayerFaceUp": 0},
    },
    "bga-current": {
        "all": {
            "tokensToWin": {2: 6, 3: 5, 4: 4, 5: 3, 6: 3, 7: 3, 8: 3},
            "twoPlayerFaceUp": 0,
            "tieBreak": "none",
            "unresolvedTie": "allWin",
        },
    },
}


def resolve_options(
    edition: Edition, players: int, options: Mapping[str, Any] | None = None, profile: str = "bga"
) -> dict[str, Any]:
    """Defaults, then the profile, then explicit options; every value validated.

    ``tokensToWin`` in the result is the goal (an int) for this player count.
    """
    if type(profile) is not str or profile not in PROFILES:
        raise ConfigError(f"unknown profile {profile!r}; choose one of: {', '.join(PROFILES)}")
    resolved: dict[str, Any] = dict(BASE_DEFAULTS)
    resolved["tokensToWin"] = edition.goals[players]
    prof = PROFILES[profile]
    for scope in ("all", edition.name):
        resolved.update(prof.get(scope, {}))
    if options is not None and not isinstance(options, Mapping):
        raise ConfigError("options must be an object of option names to values")
    if options is not None and any(type(k) is not str for k in options):
        raise ConfigError("option names must be strings")
    resolved.update(options or {})
    for name, value in resolved.items():
        _check_option(name, value, players)
    goal = resolved["tokensToWin"]
    if isinstance(goal, Mapping):
        goal = {int(k): v for k, v in goal.items()}.get(players)
        if goal is None:
            raise ConfigError(f"tokensToWin has no goal for {players} players")
        _check_option("tokensToWin", goal, players)
    resolved["tokensToWin"] = goal
    return resolved


def _check_option(name: str, value: Any, players: int) -> None:
    if name not in OPTION_VALUES:
        raise ConfigError(f"unknown option {name!r}; known options: {', '.join(OPTION_VALUES)}")
    allowed = OPTION_VALUES[name]
    if allowed is not None:
        if type(value) is not type(allowed[0]) or value not in allowed:
            shown = ", ".join(repr(a) for a in allowed)
            raise ConfigError(f"option {name} must be one of {shown}, not {value!r}")
    elif name == "tokensToWin":
        if isinstance(value, Mapping):
            for k, v in value.items():
                if not (type(k) is int or (type(k) is str and k.isascii() and k.isdigit())):
                    raise ConfigError(f"tokensToWin: bad player count {k!r}")
                _check_option(name, v, players)
        elif type(value) is not int or value < 1:
            raise ConfigError(f"option tokensToWin must be a positive integer, not {value!r}")
    elif name == "firstRoundStarter":
        if value != "random" and not (type(value) is int and 0 <= value < players):
            raise ConfigError(f"option firstRoundStarter must be 'random' or a seat 0-{players - 1}, not {value!r}")
