"""Who decides for a seat: a person (decisions are pushed with ``Table.submit``) or an automatic chooser.

The runner imports nothing but the engine, so a bot reaches it as any object with a
``choose(view) -> Decision`` method, wrapped in :class:`Automatic` with the label the record keeps
(its bot spec). A person, at this terminal or across the network, is a :class:`Pushed` seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..engine import Decision, View


class Chooser(Protocol):
    """Anything that picks a legal decision from a view (every bot)."""

    def choose(self, view: View) -> Decision: ...


@dataclass
class Pushed:
    """A seat whose decisions arrive from outside (a person, here or remote): ``Table.submit``."""

    label: str = "human"
    automatic: bool = field(default=False, init=False)


@dataclass
class Automatic:
    """A seat the runner plays itself by asking ``chooser`` (a bot); ``label`` goes into the record."""

    chooser: Chooser
    label: str
    automatic: bool = field(default=True, init=False)

    def choose(self, view: View) -> Decision:
        return self.chooser.choose(view)


Controller = Pushed | Automatic

__all__ = ["Automatic", "Chooser", "Controller", "Pushed"]
