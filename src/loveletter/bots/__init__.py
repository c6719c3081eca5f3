"""Bots: players that see only their seat's view."""

from .base import Bot, RandomBot
from .registry import BotSpecError, make_bot, parse_spec, register

__all__ = ["Bot", "BotSpecError", "RandomBot", "make_bot", "parse_spec", "register"]
