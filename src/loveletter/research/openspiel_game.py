"""Love Letter as an OpenSpiel Python game: ``python_loveletter`` (needs the ``openspiel`` extra).

    import pyspiel
    import loveletter.research.openspiel_game  # registers the game
    game = pyspiel.load_game("python_loveletter", {"edition": "premium", "players": 6})

Parameters: ``edition`` (classic, premium, 2019 -- written ``z2019`` in OpenSpiel's game strings,
which would read ``2019`` back as a number), ``players``, ``tokens`` (the token goal; 0 = the
edition's), ``profile`` (bga, official, bga-legacy). Every edition and player count of the engine
is a valid parameter set.

* **Chance** deals the deck one card at a time (outcome = the index of a card kind in the deck's
  card list, probability = copies left / cards left), so a round's shuffle is a sequence of chance
  nodes and a state is determined by its history; the first player of the first round (when the
  rules draw it) and a random next starter among several round winners
  (``nextRoundStarter=random``) are chance nodes too.
* **Decisions** are the engine's codec ids (:func:`loveletter.engine.codec_for`: relative to the
  deciding seat); ``current_player`` is ``Game.to_move`` (the Bishop's target answers the Bishop).
* **Returns** are zero-sum: each of the ``k`` game winners gets ``n/(n-1) * (1/k - 1/n)``, every
  other seat ``-1/(n-1)`` (2 players: +1 / -1).
* **Information state** (perfect recall): the seat's redacted events of the whole game
  (``Event.for_seat``), one per line. **Observation**: the seat's current view (its wire form
  without the log) as a string, and as a tensor the RL encoder's vector
  (:mod:`loveletter.rl.encoding`).

The state drives the engine ``Game`` directly (one step per OpenSpiel action; clones for the
algorithms), which is why this module is among the few places that do (tests/test_architecture.py).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..engine import Game, codec_for, find_edition
from ..engine.options import resolve_options

SHORT_NAME = "python_loveletter"
# OpenSpiel reads a parameter "2019" back from a serialized game as a number: that edition is "z2019"
_SPIEL_NAME = {"2019": "z2019"}
_ENGINE_NAME = {"z2019": "2019"}
_DEFAULTS = {"edition": "classic", "players": 2, "tokens": 0, "profile": "bga"}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Love Letter (classic, premium, 2019)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)


def _event_text(e: Any, seat: int) -> str:
    return json.dumps(dict(e.for_seat(seat)), sort_keys=True, separators=(",", ":"), default=list)


class LoveLetterGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game for one edition, player count, goal and profile."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p: dict[str, Any] = dict(_DEFAULTS)
        p.update(params or {})
        self.edition_name = _ENGINE_NAME.get(str(p["edition"]), str(p["edition"]))
        p["edition"] = _SPIEL_NAME.get(self.edition_name, self.edition_name)
        self.n = int(p["players"])
        self.profile = str(p["profile"])
        self.rule_options = {"tokensToWin": int(p["tokens"])} if int(p["tokens"]) > 0 else {}
        ed = find_edition(self.edition_name)
        proto = Game(ed, self.n, seed=0, options=self.rule_options, profile=self.profile)
        self.resolved = resolve_options(ed, self.n, self.rule_options, self.profile)
        self.cards = tuple(proto.deck_spec.counts)
        self.counts = dict(proto.deck_spec.counts)
        self.deck_size = sum(self.counts.values())
        self.codec = codec_for(ed.name, self.n)
        self.goal = int(self.resolved["tokensToWin"])
        n = self.n
        max_rounds = n * (self.goal - 1) + 2
        per_round = self.deck_size + 2 + 3 * self.deck_size  # chance deals + starters + decisions
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=max(len(self.cards), n),
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_rounds * per_round,
        )
        super().__init__(_GAME_TYPE, info, {k: p[k] for k in _DEFAULTS})
        self._encoder: Any = None

    def new_initial_state(self) -> LoveLetterState:
        return LoveLetterState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LoveLetterObserver:
        return LoveLetterObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def encoder(self) -> Any:
        if self._encoder is None:
            from ..rl.encoding import Encoder

            self._encoder = Encoder(self.edition_name, self.n)
        return self._encoder


class _Shared:
    """The game's settings, shared by every copy of a state (OpenSpiel clones states by deepcopy)."""

    def __init__(self, game: LoveLetterGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_from_params, (dict(self.game.get_parameters()),))


class _Engine:
    """The engine game of a state, copied with ``Game.copy`` when the state is cloned."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_engine_from_record, (self.game.record(),))


def _shared_from_params(params: dict[str, Any]) -> _Shared:
    return _Shared(LoveLetterGame(params))


def _engine_from_record(record: dict[str, Any]) -> _Engine:
    from ..engine import replay

    return _Engine(replay(record))


class LoveLetterState(pyspiel.State):  # type: ignore[misc]
    """A state: the engine game, the deck being dealt, and each seat's observation history."""

    @property
    def _g(self) -> LoveLetterGame:
        return self._shared.game

    @property
    def game(self) -> Game:
        return self._engine.game

    def __init__(self, game: LoveLetterGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._engine = _Engine(Game(game.edition_name, game.n, seed=0, options=game.rule_options,
                                    profile=game.profile))
        self.deck: list[str] = []  # the next round's deck being dealt, top card first
        self.first: int | None = None  # a first player drawn by chance
        # seats a chance node draws the next first player from (None: the rules say who starts)
        self.first_pool: list[int] | None = (list(range(game.n)) if game.resolved["firstRoundStarter"] == "random"
                                             else None)
        self.history_text: list[list[str]] = [[] for _ in range(game.n)]
        self.seen = 0  # events of this round already added to history_text

    # ------------------------------------------------------------------ helpers
    def _dealing(self) -> bool:
        g = self.game
        return not g.game_over and g.to_move is None

    def _left(self) -> dict[str, int]:
        left = dict(self._g.counts)
        for c in self.deck:
            left[c] -= 1
        return left

    def _sync(self) -> None:
        events = self.game.events
        for e in events[self.seen:]:
            for s in range(self._g.n):
                self.history_text[s].append(_event_text(e, s))
        self.seen = len(events)

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        g = self.game
        if g.game_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if g.to_move is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(g.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        g = self.game
        codec = self._g.codec
        return sorted(codec.encode(d, player) for d in g.legal_decisions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.first_pool is not None and self.first is None:
            k = len(self.first_pool)
            return [(s, 1.0 / k) for s in self.first_pool]
        left = self._left()
        total = sum(left.values())
        return [(i, left[c] / total) for i, c in enumerate(self._g.cards) if left[c] > 0]

    def _apply_action(self, action: int) -> None:
        g = self.game
        if g.to_move is None:  # chance
            if self.first_pool is not None and self.first is None:
                self.first = int(action)
                return
            self.deck.append(self._g.cards[action])
            if len(self.deck) == self._g.deck_size:
                first = self.first
                self.first, self.first_pool = None, None
                g.start_round(deck=self.deck, first_player=first)
                self.deck = []
                self.seen = 0
                self._sync()
            return
        seat = g.to_move
        g.apply(self._g.codec.decode(action, seat), seat=seat)
        self._sync()
        if g.round_over and not g.game_over:
            res = g.round_result or {}
            winners = list(res.get("winners", []))
            if len(winners) > 1 and self._g.resolved["nextRoundStarter"] == "random":
                self.first_pool = winners  # the next starter among the winners is drawn by chance

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.first_pool is not None and self.first is None:
                return f"first:P{action}"
            return f"deal:{self._g.cards[action]}"
        return str(self._g.codec.decode(action, player))

    def is_terminal(self) -> bool:
        return bool(self.game.game_over)

    def returns(self) -> list[float]:
        n = self._g.n
        g = self.game
        if not g.game_over or not g.game_winners:
            return [0.0] * n
        k = len(g.game_winners)
        win = (n / k - 1) / (n - 1)  # n/(n-1) * (1/k - 1/n), written so that one winner gets exactly 1
        return [win if s in g.game_winners else -1.0 / (n - 1) for s in range(n)]

    def __str__(self) -> str:
        g = self.game
        return (f"round {g.round_no} tokens {list(g.tokens)} hands {[list(h) for h in g.hands]} "
                f"deck {len(self.deck)} dealt, to move {g.to_move}")


class LoveLetterObserver:
    """Information state (perfect recall) or observation, as string and tensor (PyObserver)."""

    def __init__(self, game: LoveLetterGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = game.encoder().size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LoveLetterState, player: int) -> None:
        self.tensor.fill(0.0)
        g = state.game
        if g.round_no > 0:
            self.tensor[:] = self.game.encoder().encode(g.view(player))

    def string_from(self, state: LoveLetterState, player: int) -> str:
        g = state.game
        if self.perfect_recall:
            head = f"P{player} dealt:{len(state.deck)}"
            return "\n".join([head, *state.history_text[player]])
        if g.round_no == 0:
            return f"P{player} before the first round, dealt:{len(state.deck)}"
        w = g.view(player).to_wire()
        for k in ("log", "legal", "options", "cards", "schema"):
            w.pop(k, None)
        return json.dumps(w, sort_keys=True, separators=(",", ":"), default=list) + f" dealt:{len(state.deck)}"


pyspiel.register_game(_GAME_TYPE, LoveLetterGame)

__all__ = ["LoveLetterGame", "LoveLetterState", "SHORT_NAME"]
