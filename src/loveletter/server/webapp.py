"""The browser client's files, as the server serves them: :func:`mount` adds them to an ASGI app.

The site is built from ``web/`` by ``scripts/build-web`` into ``loveletter/web_dist`` (committed, so a
``pip install`` ships it without Node). :func:`mount` serves

* ``/assets/<file>``: the built, content-hashed files (cached for a year: their names change with them);
* ``index.html`` for the client's own pages: ``/``, ``/t/<id>`` (the invite link of docs/protocol.md),
  ``/t/<id>/replay`` and ``/rules``, ``/rules/<edition>`` (never cached, so a new build is picked up).

Call it after the API routes (``/api``, ``/ws``, ``/healthz``, ``/metrics``, ``/docs`` keep theirs).
It needs Starlette (the ``server`` extra) only when called.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

#: The client's pages: each serves index.html (the client routes on the path).
PAGE_ROUTES = ("/", "/t/{table}", "/t/{table}/replay", "/rules", "/rules/{edition}")


def dist_dir() -> Path:
    """Where the built site is (``loveletter/web_dist``)."""
    return Path(str(resources.files("loveletter") / "web_dist"))


def mount(app: Any, dist: Path | None = None) -> None:
    """Serve the built client on ``app`` (a Starlette or FastAPI app)."""
    from starlette.responses import FileResponse
    from starlette.routing import Route
    from starlette.staticfiles import StaticFiles

    root = dist or dist_dir()
    index = root / "index.html"
    if not index.is_file():
        raise FileNotFoundError(f"{index} is missing: build the web client with scripts/build-web")

    async def page(request: Any) -> FileResponse:
        return FileResponse(index, media_type="text/html", headers={"cache-control": "no-cache"})

    for path in PAGE_ROUTES:
        app.router.routes.append(Route(path, page, methods=["GET", "HEAD"], include_in_schema=False))

    class _Assets(StaticFiles):
        async def get_response(self, path: str, scope: Any) -> Any:
            response = await super().get_response(path, scope)
            if response.status_code == 200:
                response.headers["cache-control"] = "public, max-age=31536000, immutable"
            return response

    app.mount("/assets", _Assets(directory=root / "assets"), name="assets")


__all__ = ["PAGE_ROUTES", "dist_dir", "mount"]
