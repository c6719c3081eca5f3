"""Drive ``loveletter`` through a pseudo-terminal, as a person at a keyboard would."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A menu option: its key, the mark of a refused one, its label.
OPTION = re.compile(r"^\s+(\w+)\) (✗ )?(.*?)\s*$")
#: Clearing the screen (and its scrollback): kept in the buffer as a form feed.
CLEAR = re.compile(r"(\x1b\[H)?\x1b\[2J(\x1b\[3J)?")
ANSI = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|[=>])")


class Terminal:
    """A ``loveletter`` process on a pseudo-terminal: read what it shows, type lines."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
                 size: tuple[int, int] = (120, 40), command: list[str] | None = None) -> None:
        master, slave = pty.openpty()
        self.cols, self.rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        full_env = {k: v for k, v in os.environ.items()
                    if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "COLUMNS", "LINES")}
        full_env.update({"LOVELETTER_I18N_STRICT": "1", "PYTHONUNBUFFERED": "1", "TERM": "xterm"})
        full_env.update(env or {})
        self.proc = subprocess.Popen(
            [*(command or [sys.executable, "-m", "loveletter.cli"]), *args], stdin=slave, stdout=slave, stderr=slave,
            env=full_env, cwd=cwd or ROOT, close_fds=True,
        )
        os.close(slave)
        self.fd = master
        self.buffer = ""  # everything shown so far, escapes removed, a clear as "\f"
        self.raw = b""  # every byte written
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        self.mark = 0  # start of the part not yet looked at by expect()

    def read(self, timeout: float = 0.2) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        if not data:
            return False
        self.raw += data
        text = self._pending + self._decoder.decode(data)
        cut = text.rfind("\x1b")
        if cut >= 0 and len(text) - cut < 12:  # an escape sequence may go on in the next read
            text, self._pending = text[:cut], text[cut:]
        else:
            self._pending = ""
        self.buffer += ANSI.sub("", CLEAR.sub("\f", text)).replace("\r\n", "\n").replace("\r", "")
        return True

    def expect(self, pattern: str, timeout: float = 20) -> re.Match[str]:
        """Wait until ``pattern`` shows up after the last match; return the match."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.buffer, self.mark)
            if m:
                self.mark = m.end()
                return m
            if time.monotonic() > end or not self.read():
                if m := rx.search(self.buffer, self.mark):
                    self.mark = m.end()
                    return m
                raise AssertionError(f"{pattern!r} never showed up; last output:\n{self.buffer[-3000:]}")

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\r").encode("utf-8"))

    def prompt(self, timeout: float = 20) -> tuple[str, str]:
        """Wait for the next prompt; return (the text shown since the previous prompt, the prompt's keys)."""
        start = self.mark
        m = self.expect(r"\[([^\]\n]*)\] > ", timeout)
        return self.buffer[start:m.start()], m.group(1)

    def wait(self, timeout: float = 20) -> int:
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self.read(0.05)
        while self.read(0.05) and self.proc.poll() is not None and select.select([self.fd], [], [], 0)[0]:
            pass
        code = self.proc.wait(timeout=max(0.1, end - time.monotonic()))
        os.close(self.fd)
        return code


def last_screen(shown: str) -> str:
    """What is on the screen: the text since it was last cleared."""
    return shown.rsplit("\f", 1)[-1]


def allowed_options(shown: str) -> list[str]:
    """Keys of the options listed in the last menu shown that are not marked as refused (✗)."""
    keys = []
    for line in last_screen(shown).splitlines():
        m = OPTION.match(line)
        if m and not m.group(2):
            keys.append(m.group(1))
    return keys


def play_to_end(term: Terminal, max_prompts: int = 2000) -> str:
    """Answer every prompt with the first allowed option (Enter at 'continue' prompts) until the game ends."""
    for _ in range(max_prompts):
        try:
            shown, keys = term.prompt(timeout=30)
        except AssertionError:
            try:
                term.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                raise AssertionError(f"no prompt and no exit; last output:\n{term.buffer[-3000:]}") from None
            return term.buffer
            raise
        if keys in ("⏎", "⏎/q"):
            term.send("")
            continue
        options = allowed_options(shown)
        assert options, f"no option offered at prompt [{keys}]:\n{shown}"
        term.send(options[0])
    raise AssertionError("the game did not end")
