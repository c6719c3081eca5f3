"""Playing in the terminal: ``loveletter play`` and ``loveletter replay``, in five languages."""

from .replay import replay_game
from .session import Session, TuiError, play_game

__all__ = ["Session", "TuiError", "play_game", "replay_game"]
