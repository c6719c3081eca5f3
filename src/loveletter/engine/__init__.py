"""The pure Love Letter rules engine: standard library only, no I/O."""

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
from .editions import EDITIONS, Edition, find_edition
from .errors import ConfigError, IllegalDecision, LoveLetterError, RecordError
from .events import Event
from .game import Game
from .knowledge import Knowledge, knowledge
from .options import PROFILES, resolve_options
from .record import replay
from .views import View, view

__all__ = [
    "BishopChoice", "CardinalLook", "ChancellorChoice", "ConfigError", "Decision", "DecisionSyntaxError",
    "EDITIONS", "Edition", "Event", "Game", "IllegalDecision", "Knowledge", "LoveLetterError", "PROFILES",
    "Play", "RecordError", "View", "find_edition", "knowledge", "parse_decision", "play", "replay",
    "resolve_options", "view",
]
