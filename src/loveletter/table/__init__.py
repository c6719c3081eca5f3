"""The table runner: the one loop that drives every game (see :mod:`loveletter.table.runner`).

Pure: it imports only the engine; no I/O, no threads, no clock unless one is given.
"""

from .controllers import Automatic, Chooser, Controller, Pushed
from .runner import RUNNER_CODES, BotError, Outcome, Prompt, Refusal, Step, Table, TurnTimer

__all__ = ["RUNNER_CODES", "Automatic", "BotError", "Chooser", "Controller", "Outcome", "Prompt", "Pushed",
           "Refusal", "Step", "Table", "TurnTimer"]
