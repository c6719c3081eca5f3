"""Typographic rules of each language, applied when a message is looked up and filled in.

* French: a non-breaking space before ``:`` ``;`` ``!`` ``?`` (:func:`polish`, on the catalog text).
* Chinese: no space where a field meets Chinese text or full-width punctuation, one space where Chinese
  text meets a Latin letter or a digit (:func:`fill`, at the edges of each field only, so a value such
  as a file name is never changed inside).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping
from typing import Any

NBSP = "\u00a0"

# A space (or none) between a word, a field or a closing bracket and a French double punctuation mark
# that ends a word: "Jetons : 3", "{name} !". A "?" that stands for a key (", ? montre") is left alone.
_FR_DOUBLE_PUNCT = re.compile(r"(?<=[\w}\])»'’])[ \u00a0\u202f]?([:;!?])(?=\s|$)")

_FORMATTER = string.Formatter()


def polish(lang: str, text: str) -> str:
    """A catalog text with the language's spacing rules applied (French non-breaking spaces)."""
    if lang == "fr":
        return _FR_DOUBLE_PUNCT.sub(NBSP + r"\1", text)
    return text


def is_wide(ch: str) -> bool:
    """A wide (CJK) character: an ideograph, kana, or full-width punctuation."""
    return unicodedata.east_asian_width(ch) in "WF"


def _is_wide_punct(ch: str) -> bool:
    return is_wide(ch) and unicodedata.category(ch).startswith("P")


def _is_latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _gap(left: str, right: str, gap: str) -> str:
    """The space between two characters where a field meets its neighbour, in Chinese text."""
    if not left or not right:
        return gap
    if is_wide(left) and is_wide(right):
        return ""
    if (is_wide(left) and _is_latin(right)) or (_is_latin(left) and is_wide(right)):
        # full-width punctuation takes no space ("（1"), Chinese text takes one ("机器人 1")
        return "" if _is_wide_punct(left) or _is_wide_punct(right) else " "
    return gap


def fill(lang: str, template: str, fields: Mapping[str, Any]) -> str:
    """``template.format(**fields)``, with Chinese spacing fixed at the edges of every field."""
    if lang != "zh":
        return template.format(**fields)
    out = ""
    mark = -1  # where the last field's value ends in ``out`` (-1: no field yet)
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        if literal:
            if mark == len(out):  # right after a field: the literal's leading spaces are the gap
                body = literal.lstrip(" ")
                out += _gap(out[-1:], body[:1], literal[: len(literal) - len(body)]) + body
            else:
                out += literal
        if name is None:
            continue
        value, _ = _FORMATTER.get_field(name, (), fields)
        text = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
        body = out[: max(mark, 0)] + out[max(mark, 0):].rstrip(" ")
        out = body + _gap(body[-1:], text[:1], out[len(body):]) + text
        mark = len(out)
    return out


def join_sentences(lang: str, sentences: list[str]) -> str:
    """Sentences one after the other: separated by a space, except in Chinese."""
    return ("" if lang == "zh" else " ").join(s for s in sentences if s)
