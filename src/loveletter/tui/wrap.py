"""Line breaking for the terminal: fit text to a width in terminal cells, never inside a word or a name.

Rich measures the cells (a Chinese character takes two); the break opportunities are ours, because
Rich breaks at any white space (also the French non-breaking space before ``:``) and folds a
Chinese sentence, which has no spaces, at any character, card names included. Here a line may
break

* at an ordinary space (the space is dropped),
* between two characters of which one is wide (Chinese), except before closing punctuation
  (``，。、：！？）``…), after opening punctuation (``（“``…) and inside a protected text (the card
  and seat names of the table),

and nowhere else; a single word longer than the whole width (a long file name) is cut by cells.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from rich.cells import cell_len

#: Characters a line may not start with (Chinese closing punctuation, and ASCII ones after a wide character).
NO_START = frozenset("，。、：；！？）」』》〉】〕…‥·・％,.:;!?)]%”’")
#: Characters a line may not end with.
NO_END = frozenset("（「『《〈【〔“‘([")
#: Characters that stay on the line of what comes before them, even after a space (``Guard Odette ×4``).
GLUE = frozenset("×")
#: Spaces that never break.
NO_BREAK_SPACES = frozenset("\u00a0\u202f\u2007\u2060")


def width(text: str) -> int:
    """Columns taken in a terminal (wide CJK characters count two)."""
    return cell_len(text)


def pad(text: str, cols: int) -> str:
    """``text`` followed by spaces up to ``cols`` columns."""
    return text + " " * max(0, cols - width(text))


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _protected(text: str, keep: Iterable[str]) -> list[bool]:
    """For each position, whether a break before it would split one of the ``keep`` texts."""
    inside = [False] * (len(text) + 1)
    for name in sorted({k for k in keep if len(k) > 1}, key=len, reverse=True):
        start = text.find(name)
        while start >= 0:
            for i in range(start + 1, start + len(name)):
                inside[i] = True
            start = text.find(name, start + len(name))
    return inside


def _atoms(text: str, keep: Iterable[str]) -> list[tuple[str, str]]:
    """The text cut where a line may break: (piece, the spaces after it that a break drops)."""
    inside = _protected(text, keep)
    atoms: list[tuple[str, str]] = []
    piece = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == " ":
            j = i
            while j < len(text) and text[j] == " ":
                j += 1
            if inside[i] or (j < len(text) and (text[j] in GLUE or (text[j] in NO_START and _wide(text[j])))):
                piece += text[i:j]  # a space inside a name, or before full-width closing punctuation
            else:
                atoms.append((piece, text[i:j]))
                piece = ""
            i = j
            continue
        if piece and not inside[i] and (_wide(ch) or _wide(piece[-1])) and ch not in NO_START \
                and piece[-1] not in NO_END and piece[-1] not in NO_BREAK_SPACES and ch not in NO_BREAK_SPACES:
            atoms.append((piece, ""))
            piece = ""
        piece += ch
        i += 1
    if piece or not atoms:
        atoms.append((piece, ""))
    return atoms


def _cut(piece: str, cols: int) -> list[str]:
    """A piece longer than the width, cut by cells (the only place a line breaks inside a word)."""
    out, line = [], ""
    for ch in piece:
        if line and width(line + ch) > cols:
            out.append(line)
            line = ""
        line += ch
    return out + [line]


def wrap(text: str, cols: int, *, keep: Sequence[str] = (), first: str = "", hang: str | None = None) -> list[str]:
    """``text`` as lines of at most ``cols`` cells. ``first`` starts the first line (an indent, a key),
    ``hang`` every following line (default: as many spaces as ``first`` is wide). ``keep``: texts never
    broken (card and seat names). Newlines in ``text`` are kept."""
    hang = " " * width(first) if hang is None else hang
    lines: list[str] = []
    for paragraph in text.split("\n"):
        prefix = first if not lines else hang
        line, line_w = prefix, width(prefix)
        gap = ""
        empty = True  # nothing but the prefix on this line yet
        for piece, spaces in _atoms(paragraph, keep):
            piece_w = width(piece)
            if not empty and line_w + width(gap) + piece_w > cols:
                lines.append(line.rstrip())
                line, line_w, gap, empty = hang, width(hang), "", True
            if empty and line_w + piece_w > cols:
                parts = _cut(piece, max(1, cols - line_w))
                for part in parts[:-1]:
                    lines.append(line + part)
                    line, line_w = hang, width(hang)
                piece, piece_w = parts[-1], width(parts[-1])
            line += gap + piece
            line_w += width(gap) + piece_w
            gap, empty = spaces, False
        lines.append(line.rstrip() if line.strip() else line.rstrip() or "")
    return lines


__all__ = ["NO_END", "NO_START", "pad", "width", "wrap"]
