"""An arena run's journal: every finished game on one line of a file, so that a stopped run resumes.

The file is JSON lines. The first line names the run (``{"arena_journal": 1, "specs": [...], "edition":
..., "players": ..., "seed": ..., "options": ...}``); every other line is one finished game,
``{"match": M, "rotation": R, "winners": [...]}``, the winners given as positions in ``specs``
(as the arena counts them). A game of the arena depends only on those settings, its match and
its rotation, so a run that reads the games of its journal instead of playing them again gives
the very results of a run that was never stopped. ``matches`` is not part of the settings: a
journal of 100 matches serves a run of 200, which plays only the other 100.

Each line is written and flushed as its game ends. A process killed in the middle of a write
leaves at most one unfinished last line; it is dropped (the game is played again) when the
journal is opened. A run holds its journal alone (an advisory lock, where the system has them):
a second run on the same file is refused while the first is going. Anything else that is not a
game of these settings is an error, and the file is then left as it was.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

#: The version of the journal format (the first line's ``arena_journal``).
JOURNAL_VERSION = 1


class JournalError(ValueError):
    """A journal that cannot be used for this run (other settings, or not a journal)."""


def journal_settings(specs: Sequence[str], edition: str, players: int, seed: int,
                     options: dict[str, Any] | None) -> dict[str, Any]:
    """The first line of a journal for these arena settings."""
    return {"arena_journal": JOURNAL_VERSION, "specs": list(specs), "edition": edition, "players": players,
            "seed": seed, "options": options or {}}


class Journal:
    """An open journal: :attr:`done` holds the games read from it, :meth:`add` appends one."""

    def __init__(self, path: str | os.PathLike[str], settings: dict[str, Any]) -> None:
        """Open (or start) the journal at ``path`` for a run of ``settings`` (see :func:`journal_settings`).

        Raises :class:`JournalError` when the file exists and is not a journal of these settings."""
        self.path = Path(path)
        self.settings = settings
        self.done: dict[tuple[int, int], list[int]] = {}
        existed = self.path.exists()
        self._file: IO[bytes] = open(self.path, "a+b")  # noqa: SIM115  (never truncates; writes append)
        try:
            _lock(self._file, self.path)
            self._file.seek(0)
            data = self._file.read()
            if not existed and not data:
                self._write(settings)
                return
            body = self._read(data)
            if len(body) < len(data):  # drop an unfinished last line
                self._file.truncate(len(body))
            elif len(body) > len(data):  # end a complete last line
                self._file.write(body[len(data):])
                self._file.flush()
        except BaseException:
            self._file.close()
            raise

    def _read(self, data: bytes) -> bytes:
        """Read the games of an existing journal; its content as it should be (whole lines only)."""
        body, _, self.done = _parse_journal(data, f"journal {self.path}", self.settings)
        return body

    def _write(self, obj: dict[str, Any]) -> None:
        self._file.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
        self._file.flush()

    def add(self, match: int, rotation: int, winners: Sequence[int]) -> None:
        """Note one finished game (winners as positions in ``specs``)."""
        self._write({"match": match, "rotation": rotation, "winners": list(winners)})
        self.done[(match, rotation)] = list(winners)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _lock(f: IO[bytes], path: Path) -> None:
    """Hold the journal for this run alone (an advisory lock, released when the file is closed)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise JournalError(f"journal {path} is in use by another arena run") from None


def read_journal(path: str | os.PathLike[str]) -> tuple[dict[str, Any], dict[tuple[int, int], list[int]]]:
    """The settings (first line) and finished games of the journal at ``path``, read without taking it
    or changing it, so that a run in progress can be looked at. Raises :class:`JournalError` when the
    file is not an arena journal (OSError when it cannot be read)."""
    _, head, done = _parse_journal(Path(path).read_bytes(), f"journal {path}", None)
    return head, done


def _parse_journal(data: bytes, where: str, settings: dict[str, Any] | None
                   ) -> tuple[bytes, dict[str, Any], dict[tuple[int, int], list[int]]]:
    """``(body, head, games)`` of a journal's bytes: its content as it should be (whole lines only; an
    unfinished last line dropped), its first line, and its games. With ``settings``, the first line
    must be those settings."""
    end = data.rfind(b"\n") + 1
    body, tail = data[:end], data[end:]
    if tail and _parse(tail) is not None:
        body += tail + b"\n"  # a complete line but for its newline
    lines = body.split(b"\n")[:-1]
    if not lines:
        raise JournalError(f"{where} has no complete first line: not an arena journal "
                           "(remove it to start afresh)")
    head = _parse(lines[0])
    if not isinstance(head, dict) or "arena_journal" not in head:
        raise JournalError(f"{where} does not start with an arena journal's first line")
    if head.get("arena_journal") != JOURNAL_VERSION:
        raise JournalError(f"{where} has format version {head.get('arena_journal')!r}; "
                           f"this arena reads version {JOURNAL_VERSION}")
    if settings is not None and head != settings:
        diff = [k for k in settings if head.get(k) != settings[k]]
        raise JournalError(f"{where} was written for other arena settings ({', '.join(diff)} differ): "
                           "use another file, or the settings it was written with")
    players = head.get("players")
    if type(players) is not int or players < 1:
        raise JournalError(f"{where}: its first line gives no player count")
    done: dict[tuple[int, int], list[int]] = {}
    for i, line in enumerate(lines[1:], start=2):
        game = _game(_parse(line), players)
        if game is None:
            raise JournalError(f"{where}, line {i}: not a finished game of this arena run")
        key, winners = game
        if key in done and done[key] != winners:
            raise JournalError(f"{where}, line {i}: match {key[0]} rotation {key[1]} is there twice, "
                               "with other winners")
        done[key] = winners
    return body, head, done


def _parse(line: bytes) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        return None


def _game(obj: Any, players: int) -> tuple[tuple[int, int], list[int]] | None:
    """``((match, rotation), winners)`` of a journal line, or None if it is not one."""
    if not isinstance(obj, dict) or set(obj) != {"match", "rotation", "winners"}:
        return None
    m, r, w = obj["match"], obj["rotation"], obj["winners"]
    if type(m) is not int or type(r) is not int or m < 0 or not 0 <= r < players:
        return None
    if not isinstance(w, list) or any(type(x) is not int or not 0 <= x < players for x in w) or len(set(w)) != len(w):
        return None
    return (m, r), w


__all__ = ["JOURNAL_VERSION", "Journal", "JournalError", "journal_settings", "read_journal"]
