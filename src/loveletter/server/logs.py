"""Structured logs: one JSON object per line (time, level, logger, message and the record's extras).

Logs never hold a card: decisions are logged by table, seat and version, not by their text.
"""

from __future__ import annotations

import json
import logging
import sys
import time

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"
        out: dict[str, object] = {"time": stamp, "level": record.levelname.lower(), "logger": record.name,
                                  "message": record.getMessage()}
        for k, v in record.__dict__.items():
            if k not in _STANDARD and not k.startswith("_"):
                out[k] = v if isinstance(v, str | int | float | bool | type(None)) else repr(v)
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def setup_logging(level: str = "info", json_lines: bool = True) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("loveletter")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        lg = logging.getLogger(name)
        lg.handlers[:] = [handler]
        lg.propagate = False
    logging.getLogger("uvicorn.access").setLevel("WARNING")


__all__ = ["JsonFormatter", "setup_logging"]
