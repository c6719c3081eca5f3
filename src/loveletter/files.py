"""Reading the project's JSON files (records, saves, scenarios) with one-line errors.

Every file reader goes through :func:`read_json`, so a missing file, a binary file, bad JSON or
JSON nested too deeply to parse each give one clear line that names the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class FileFormatError(ValueError):
    """A file that cannot be read as the JSON it should be (the message names the file)."""


def read_json(path: str | Path) -> Any:
    """Parse a JSON file; :class:`FileFormatError` with a one-line message on any problem."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise FileFormatError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileFormatError(f"{path} is not a text file (not UTF-8)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"{path} is not valid JSON: {exc}") from None
    except RecursionError:
        raise FileFormatError(f"{path} is not usable JSON: nested too deeply") from None
