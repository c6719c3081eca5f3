"""The round's event log: compact entries on the hot path, :class:`~.events.Event` objects on demand."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .events import COMPACT, Event, freeze, make_event
from .state import GameState

PLAY_ENTRY = "play"  # log entry [PLAY_ENTRY, seat, decision, mandate, result], an Event on demand
ROUND_END_ENTRY = ("round_end",)  # placeholder, made an Event from round_result on demand


class LogMixin(GameState):
    __slots__ = ()

    def _note(self, kind: str, public: Mapping[str, Any], private: Mapping[str, Any] | None = None,
              to: tuple[int, ...] = ()) -> None:
        """Log an event that has no compact form."""
        self._log.append((kind, public, private, to))

    @property
    def events(self) -> tuple[Event, ...]:
        """This round's events, oldest first (built lazily from the internal log; read-only)."""
        return tuple(self._built_events())

    def log_length(self) -> int:
        """How many events this round has so far: the length of every reader's :meth:`redacted_log`."""
        return len(self._log)

    def redacted_log(self, reader: int | None, full: bool = False) -> tuple[Mapping[str, Any], ...]:
        """This round's events as ``reader`` sees them (``full``: everything), kept up to date incrementally."""
        events = self._built_events()
        key: Any = "full" if full else reader
        cached = self._redacted.get(key)
        if cached is None:
            cached = self._redacted[key] = []
        if len(cached) < len(events):
            if full:
                cached.extend(e.full() for e in events[len(cached):])
            elif reader is None:
                cached.extend(e.for_seat(None) for e in events[len(cached):])
            else:
                # what the reader sees of an event it has no private part of is the spectators' form: share it
                public = self.redacted_log(None)
                cached.extend(e.for_seat(reader) if e.private is not None and reader in e.to else public[i]
                              for i, e in enumerate(events[len(cached):], len(cached)))
        return tuple(cached)

    def _built_events(self) -> list[Event]:
        log, events = self._log, self._events
        for raw in log[len(events):]:
            kind = raw[0]
            if kind in COMPACT:
                events.append(COMPACT[kind](raw))
            elif raw is ROUND_END_ENTRY:
                events.append(Event("round_end", freeze({**(self.round_result or {}), "tokens": self._tokens})))
            elif type(raw) is list:  # a play entry
                _, seat, d, mandate, result = raw  # every field immutable already: no deep freeze
                events.append(Event("play", MappingProxyType({"seat": seat, "card": d[0], "targets": d[1],
                                                              "guess": d[2], "mandate": mandate,
                                                              "result": result})))
            else:
                events.append(make_event(*raw))
        return events

    @property
    def round_result(self) -> Mapping[str, Any] | None:  # pragma: no cover - defined by the round layer
        raise NotImplementedError
