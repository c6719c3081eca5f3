"""Terminal input and output for the game: Rich for the output, readline for the input.

Every line written is first fitted to the terminal's width by :func:`loveletter.tui.wrap.wrap`
(cells counted by Rich, so Chinese characters count two; never a break inside a word or a card
name), then printed by Rich (colours and bold on a terminal, plain text elsewhere). Input lines
are read with :func:`input` on a terminal, so readline gives line editing and a history;
full-width digits, letters and ``？`` from a Chinese input method read as their ASCII forms.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
import unicodedata
from collections.abc import Sequence
from typing import TextIO

from rich.console import Console as RichConsole
from rich.text import Text

from .wrap import width, wrap

#: The size assumed when the output is not a terminal and COLUMNS does not say otherwise.
DEFAULT_COLUMNS = 80


class Quit(Exception):
    """The player asked to stop (``q``, end of input or Ctrl-C)."""


def normalize(answer: str) -> str:
    """An answer as typed, in the forms the prompts know: ``１２`` -> ``12``, ``？`` -> ``?``, ``Ｑ`` -> ``q``."""
    return unicodedata.normalize("NFKC", answer).strip().lower()


class Console:
    """Line-based terminal I/O. ``fast`` skips pauses; clearing only happens on a real terminal.

    ``size`` fixes (columns, rows) instead of asking the terminal (tests); rows None means "no
    limit" (the output is not a terminal: nothing is left out of a screen).
    """

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, fast: bool = False,
                 size: tuple[int, int | None] | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.fast = fast
        self._size = size
        self.tty = _isatty(self.stdout)
        self.rich = RichConsole(file=self.stdout, highlight=False, markup=False, emoji=False, soft_wrap=True,
                                force_terminal=self.tty or None, color_system="auto" if self.tty else None)
        #: Texts never broken across lines (the table's card and seat names).
        self.keep: Sequence[str] = ()
        self._readline = False

    # ------------------------------------------------------------------ size
    def size(self) -> tuple[int, int | None]:
        """(columns, rows) now; rows is None when the output is not a terminal."""
        if self._size is not None:
            return self._size
        if self.tty:
            try:
                cols, rows = os.get_terminal_size(self.stdout.fileno())
            except (OSError, ValueError):
                cols, rows = shutil.get_terminal_size((DEFAULT_COLUMNS, 24))
            return max(20, cols), max(8, rows)
        env = os.environ.get("COLUMNS", "")
        return (max(20, int(env)) if env.isdigit() else DEFAULT_COLUMNS), None

    @property
    def columns(self) -> int:
        return self.size()[0]

    # ------------------------------------------------------------------ output
    def fit(self, text: str = "", first: str = "", hang: str | None = None, keep: Sequence[str] = ()) -> list[str]:
        """``text`` as the lines it takes at the terminal's width (see :func:`~loveletter.tui.wrap.wrap`)."""
        return wrap(text, self.columns, keep=(*self.keep, *keep), first=first, hang=hang)

    def write(self, text: str = "", *, style: str | None = None, first: str = "", hang: str | None = None,
              keep: Sequence[str] = ()) -> int:
        """Write ``text`` fitted to the width (``keep``: more texts not to break, a command); returns the
        number of lines it took."""
        lines = self.fit(text, first, hang, keep)
        self.lines(lines, style)
        return len(lines)

    def lines(self, lines: Sequence[str], style: str | None = None) -> None:
        """Write lines that already fit, all in one style."""
        self.styled([(line, style) for line in lines])

    def styled(self, lines: Sequence[tuple[str, str | None]]) -> None:
        """Write lines that already fit, each with its Rich style (plain text when not on a terminal)."""
        if not lines:
            return
        if not self.tty:
            self.stdout.write("".join(line + "\n" for line, _ in lines))
        else:
            text = Text.assemble(*((line + "\n", style or "") for line, style in lines))
            self.rich.print(text, overflow="ignore", crop=False, end="")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """One line of input, normalized (:func:`normalize`); raises :class:`Quit` at end of input or Ctrl-C.

        A prompt wider than the terminal is fitted too: its last line is the one typed on."""
        if width(prompt) > self.columns:
            keys = prompt[prompt.rfind("["):].rstrip() if "[" in prompt else ""
            *before, prompt = self.fit(prompt.rstrip(), keep=[keys] if keys else [])
            self.lines(before)
            prompt += " "
        try:
            if self.interactive:
                line = input(prompt)
            else:
                self.stdout.write(prompt)
                self.stdout.flush()
                line = self.stdin.readline()
                if not line:
                    raise EOFError
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        return normalize(line)

    @property
    def interactive(self) -> bool:
        """Whether a person types the answers: ``input()`` reads this console's terminal (then readline
        edits the line)."""
        if not (self.stdin is sys.stdin and self.stdout is sys.stdout and self.tty and _isatty(self.stdin)):
            return False
        if not self._readline:
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:  # not on every platform
                pass
            self._readline = True
        return True

    def pause(self, seconds: float) -> None:
        if not self.fast:
            self.stdout.flush()
            time.sleep(seconds)

    def clear(self) -> None:
        """Clear the screen and, on a terminal, its scrollback too (what the previous player saw)."""
        if self.tty:
            self.stdout.write("\x1b[H\x1b[2J\x1b[3J")
        else:
            self.stdout.write("\n")
        self.stdout.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


__all__ = ["Console", "Quit", "normalize"]
