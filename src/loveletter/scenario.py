"""Rule scenarios (RULES.md Appendix A): run them through the engine and compare with expectations.

:func:`run_file` reports what actually happened at every step, in the shape of the step
``expect`` objects, whatever the file expects; :func:`check_file` compares the two.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .engine import BishopChoice, CardinalLook, ChancellorChoice, ConfigError, Game, IllegalDecision, Play, play
from .files import FileFormatError, read_json

SCENARIO_FORMAT = "love-letter-rule-scenarios"


class ScenarioError(ValueError):
    """A malformed scenario file."""


def load(path: str) -> dict[str, Any]:
    try:
        data = read_json(path)
    except FileFormatError as exc:
        raise ScenarioError(str(exc)) from None
    if not isinstance(data, Mapping) or not isinstance(data.get("scenarios"), list):
        raise ScenarioError(f"{path}: expected an object with a 'scenarios' list")
    if data.get("format", SCENARIO_FORMAT) != SCENARIO_FORMAT:
        raise ScenarioError(f"{path}: format is {data.get('format')!r}, expected {SCENARIO_FORMAT!r}")
    return dict(data)


def _need(obj: Mapping[str, Any], name: str, kind: type | tuple[type, ...], where: str) -> Any:
    if name not in obj:
        raise ScenarioError(f"{where}: missing field {name!r}")
    value = obj[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ScenarioError(f"{where}: field {name!r} has the wrong type")
    return value


def _new_game(sc: Mapping[str, Any], where: str) -> Game:
    options = dict(sc.get("options") or {})
    if "tokensToWin" in sc and "tokensToWin" not in options:
        options["tokensToWin"] = sc["tokensToWin"]
    players = _need(sc, "players", int, where)
    try:
        g = Game(_need(sc, "edition", str, where), players, seed=0, options=options,
                 profile=sc.get("profile", "bga"), start_tokens=sc.get("startTokens"), pause_between_turns=True)
        deck = _need(sc, "deck", Mapping, where)
        g.start_round(deck=_need(deck, "order", list, where), first_player=sc.get("firstPlayer", 0))
    except ConfigError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    return g


def _play_of(step: Mapping[str, Any], where: str) -> Play:
    card = _need(step, "card", str, where)
    if "targets" in step:
        targets = step["targets"]
        if not isinstance(targets, list):
            raise ScenarioError(f"{where}: 'targets' must be a list")
    else:
        t = step.get("target")
        targets = [] if t is None else [t]
    if any(not isinstance(t, int) or isinstance(t, bool) for t in targets):
        raise ScenarioError(f"{where}: targets must be seat numbers")
    guess = step.get("guess")
    if guess is not None and (not isinstance(guess, int) or isinstance(guess, bool)):
        raise ScenarioError(f"{where}: 'guess' must be an integer")
    return play(card, targets, guess)


def _seat_map(values: dict[int, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in values.items()}


def _step_info(g: Game, start: int) -> dict[str, Any]:
    """privateInfo, publicInfo, eliminated, tokensGained and result from the step's events."""
    private: list[dict[str, Any]] = []
    public: list[dict[str, Any]] = []
    eliminated: list[int] = []
    gained: dict[int, int] = {}
    result = None
    for ev in g.events[start:]:
        kind, pub, priv = ev.kind, ev.public, ev.private or {}
        if kind == "play" and result is None:
            result = pub["result"]
        elif kind == "see":
            private.append({"to": pub["seat"], "sees": pub["target"], "card": priv["card"]})
        elif kind == "receive":
            private.append({"to": pub["seat"], "receives": priv["card"], "from": pub["from"]})
        elif kind == "draw" and pub["reason"] == "replacement":
            private.append({"to": pub["seat"], "draws": priv["card"], "from": pub["from"]})
            if pub["from"] == "setAside":
                public.append({"player": pub["seat"], "how": "tookSetAsideCard"})
        elif kind == "chancellor_draw":
            private.append({"to": pub["seat"], "draws": list(priv["cards"]), "from": "deck"})
        elif kind == "reveal":
            public.append({"player": pub["seat"], "card": pub["card"], "how": "revealed"})
        elif kind == "discard":
            public.append({"player": pub["seat"], "card": pub["card"], "how": pub["how"]})
        elif kind == "knockout":
            eliminated.append(pub["seat"])
        elif kind == "token" and pub["reason"] in ("bishop", "constable"):
            gained[pub["seat"]] = gained.get(pub["seat"], 0) + 1
    return {"result": result, "eliminated": eliminated, "privateInfo": private, "publicInfo": public,
            "tokensGained": _seat_map(gained)}


def _state(g: Game) -> dict[str, Any]:
    return {
        "hands": _seat_map({s: list(h) for s, h in enumerate(g.hands)}),
        "deckSize": len(g.deck),
        "protected": [s for s in range(g.players) if g.protected[s]],
        "mandate": g.mandate,
        "tokens": list(g.tokens),
        "roundOver": g.round_over,
        "deckBottom": list(reversed(g.deck)),
    }


def run_step(g: Game, step: Mapping[str, Any], where: str) -> tuple[Game, dict[str, Any]]:
    """Attempt one scenario step on a copy; return the game to go on with and the report."""
    if not isinstance(step, Mapping):
        raise ScenarioError(f"{where}: a step must be an object")
    player = _need(step, "player", int, where)
    decision = _play_of(step, where)
    if g.phase == "turn_end":
        g.begin_turn()
    trial = g.copy()
    start = len(trial.events)
    draws = g.last_draw
    try:
        trial.apply(decision, seat=player)
        if trial.phase == "chancellor":
            keep, bottom = step.get("keep"), step.get("bottom", [])
            if not isinstance(keep, str) or not isinstance(bottom, list):
                raise IllegalDecision("invalid_chancellor_choice", "the step gives no keep/bottom choice")
            trial.apply(ChancellorChoice(keep, tuple(bottom)))
        if trial.phase == "bishop":
            trial.apply(BishopChoice(bool(step.get("targetDiscards", False))))
        if trial.phase == "cardinal":
            trial.apply(CardinalLook(step.get("look")))
    except IllegalDecision as exc:
        return g, {"error": exc.code}
    report = {"draws": draws, **_step_info(trial, start), **_state(trial)}
    return trial, report


def final_report(g: Game) -> dict[str, Any]:
    out: dict[str, Any] = {
        "roundOver": g.round_over,
        "endReason": g.end_reason,
        "eliminated": list(g.eliminated),
        "hands": _seat_map({s: list(h) for s, h in enumerate(g.hands)}),
        "discards": _seat_map({s: list(d) for s, d in enumerate(g.discards)}),
        "deckSize": len(g.deck),
        "tokens": list(g.tokens),
        "gameOver": g.game_over,
        "gameWinners": list(g.game_winners),
    }
    result = g.round_result
    if g.round_over and result is not None and result["reason"] != "gameWonImmediately":
        out["roundWinners"] = list(result["winners"])
        out["tokensAwarded"] = _seat_map(result["awards"])
        if result["showdown"] is not None:
            out["showdown"] = _seat_map(result["showdown"])
        if not g.game_over:
            out["nextFirstPlayer"] = result["nextFirstPlayer"]
    if not g.round_over:
        out["currentPlayer"] = g.current
    return out


def run_scenario(sc: Any, index: int) -> dict[str, Any]:
    where = f"scenario {index}"
    if not isinstance(sc, Mapping):
        raise ScenarioError(f"{where}: a scenario must be an object")
    sid = sc.get("id", f"#{index}")
    where = f"scenario {sid}"
    g = _new_game(sc, where)
    steps = []
    for i, step in enumerate(_need(sc, "steps", list, where)):
        if g.round_over:
            steps.append({"error": "game_over" if g.game_over else "round_over"})
            continue
        g, report = run_step(g, step, f"{where} step {i}")
        steps.append(report)
    return {"id": sid, "steps": steps, "final": final_report(g)}


def run_file(path: str) -> dict[str, Any]:
    data = load(path)
    return {"results": [run_scenario(sc, i) for i, sc in enumerate(data["scenarios"])]}


# ---------------------------------------------------------------------- comparison
def _differences(path: str, want: Any, got: Any) -> list[str]:
    if path.endswith("deckBottom") and isinstance(want, list) and isinstance(got, list):
        got = got[len(got) - len(want):] if len(want) <= len(got) else got
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        seat_keyed = not want or all(str(k).isdigit() for k in want)
        out: list[str] = []
        keys = set(want) | set(got) if seat_keyed else set(want)
        for k in sorted(keys, key=str):
            if k not in got:
                out.append(f"{path}.{k}: expected {json.dumps(want[k])}, got nothing")
            elif k not in want:
                out.append(f"{path}.{k}: expected nothing, got {json.dumps(got[k])}")
            else:
                out.extend(_differences(f"{path}.{k}", want[k], got[k]))
        return out
    if want != got or type(want) is not type(got) and not (
        isinstance(want, int | float) and isinstance(got, int | float) and not isinstance(want, bool)
    ):
        return [f"{path}: expected {json.dumps(want)}, got {json.dumps(got)}"]
    return []


def check_file(path: str) -> tuple[int, list[tuple[str, list[str]]]]:
    """Run every scenario; return the number checked and the differences per scenario id."""
    data = load(path)
    report: list[tuple[str, list[str]]] = []
    for i, sc in enumerate(data["scenarios"]):
        actual = run_scenario(sc, i)
        diffs: list[str] = []
        for j, step in enumerate(sc.get("steps", [])):
            want = step.get("expect") if isinstance(step, Mapping) else None
            if want is None:
                continue
            diffs.extend(_differences(f"step {j}", want, actual["steps"][j]))
        if isinstance(sc.get("expect"), Mapping):
            diffs.extend(_differences("final", sc["expect"], actual["final"]))
        report.append((actual["id"], diffs))
    return len(report), report
