"""Versioned entry point, PettingZoo style: ``from loveletter.rl import loveletter_v0; loveletter_v0.env()``."""

from .aec import NAME, env, raw_env

__all__ = ["NAME", "env", "raw_env"]
