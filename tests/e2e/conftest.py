"""End-to-end tests of the web client: the real server (``loveletter.server``) on uvicorn in a subprocess,
serving the built client (``loveletter.server.webapp``), driven by Playwright for Python in Debian's
Chromium (``/usr/bin/chromium``; ``playwright install`` cannot download a browser here).

Skipped, with the reason, when the server package, Playwright or Chromium is not installed. Before the
server branch is merged, ``LOVELETTER_SERVER_SRC=/path/to/server/src`` takes ``loveletter.server``
from another checkout.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("LOVELETTER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Where the README's screenshots live; the tests write there only when asked (see ``screenshots``).
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

#: Started in the server subprocess: the real app, plus the client's files if it does not serve them yet.
BOOT = r"""
import sys
import uvicorn
from loveletter.server.app import create_app
from loveletter.server.config import ServerConfig
app = create_app(ServerConfig(database_url=sys.argv[2], bot_workers=1))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws_per_message_deflate=False)
"""


def _missing() -> str | None:
    src = os.environ.get("LOVELETTER_SERVER_SRC")
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if src:
        return None if (Path(src) / "loveletter" / "server" / "app.py").exists() else f"no server in {src}"
    try:
        have = importlib.util.find_spec("loveletter.server.app") is not None
    except ModuleNotFoundError:
        have = False
    return None if have else "the server (loveletter.server, issue 9) is not installed"


REASON = _missing()


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if REASON is None:
        return
    for item in items:
        if "e2e" in item.nodeid:
            item.add_marker(pytest.mark.skip(reason=f"end-to-end tests need the real server: {REASON}"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    db = tmp_path_factory.mktemp("server") / "e2e.db"
    log = open(db.with_suffix(".log"), "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([sys.executable, "-c", BOOT, str(port), f"sqlite:///{db}"], stdout=log,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            raise RuntimeError("the server did not start:\n" + db.with_suffix(".log").read_text())
        time.sleep(0.2)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the screenshot test writes to: a temporary one, so that a test run leaves the work
    tree as it found it, or ``LOVELETTER_SCREENSHOTS`` (``docs`` for the README's own folder)."""
    wanted = os.environ.get("LOVELETTER_SCREENSHOTS", "")
    folder = DOCS_SCREENSHOTS if wanted == "docs" else Path(wanted) if wanted else tmp_path_factory.mktemp("shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()
