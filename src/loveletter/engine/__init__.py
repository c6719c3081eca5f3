"""The pure Love Letter rules engine: standard library only, no I/O.

``Game`` plays a whole game (sealed state: read-only properties; ``start_round``, ``apply`` and
``begin_turn`` change it); ``Game.from_view`` builds positions for search; ``replay`` rebuilds a game
from its record; views (``Game.view``, ``spectator_view``, ``full_view``) are what each reader may
know, with a JSON form (``View.to_wire``); ``codec_for`` gives every decision a stable integer id;
``knowledge_of(view)`` is what a seat knows now (modules ``codec`` and ``knowledge`` hold the rest).
"""

from .codec import Codec, codec_for
from .decisions import (
    BishopChoice,
    CardinalLook,
    ChancellorChoice,
    Decision,
    DecisionSyntaxError,
    Play,
    parse_decision,
    play,
)
from .determinize import Determinizer, from_view
from .editions import EDITIONS, Edition, find_edition
from .errors import ConfigError, IllegalDecision, LoveLetterError, PositionError, RecordError
from .events import Event
from .game import Game
from .knowledge import Knowledge, knowledge_of
from .options import PROFILES, resolve_options
from .record import replay
from .views import FullView, View, full_view, spectator_view, view
from .wire import WIRE_SCHEMA, WIRE_VERSION

__all__ = [
    "BishopChoice", "CardinalLook", "ChancellorChoice", "Codec", "ConfigError", "Decision", "DecisionSyntaxError",
    "Determinizer", "EDITIONS", "Edition", "Event", "FullView", "Game", "IllegalDecision", "Knowledge",
    "LoveLetterError", "PROFILES", "Play", "PositionError", "RecordError", "View", "WIRE_SCHEMA", "WIRE_VERSION",
    "codec_for", "find_edition", "from_view", "full_view", "knowledge_of", "parse_decision", "play", "replay",
    "resolve_options", "spectator_view", "view",
]
