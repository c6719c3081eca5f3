"""loveletter: the card game Love Letter, every edition, with bots and tools."""

from .engine import *  # noqa: F403
from .engine import __all__  # noqa: F401

__version__ = "0.1.0"
