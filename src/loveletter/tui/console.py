"""Terminal input and output for the game: lines in, text out, pauses, clearing."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Quit(Exception):
    """The player asked to stop (``q``, end of input or Ctrl-C)."""


class Console:
    """Line-based terminal I/O. ``fast`` skips pauses; clearing only happens on a real terminal."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, fast: bool = False) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.fast = fast

    def write(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """One line of input, stripped; raises :class:`Quit` at end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except KeyboardInterrupt:
            raise Quit from None
        if not line:
            raise Quit
        return line.strip()

    def pause(self, seconds: float) -> None:
        if not self.fast:
            self.stdout.flush()
            time.sleep(seconds)

    def clear(self) -> None:
        if self.stdout.isatty():
            self.stdout.write("\x1b[2J\x1b[H")
        else:
            self.stdout.write("\n")
