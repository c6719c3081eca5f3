"""Dependencies point inward: the engine, the table runner, the bots and narration never import the server."""

from __future__ import annotations

import ast
from pathlib import Path

import loveletter

ROOT = Path(loveletter.__file__).parent


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names.add(base)
            names.update(f"{base}.{a.name}" for a in node.names)
    return names


def test_inner_layers_do_not_import_the_server() -> None:
    checked = 0
    for package in ("engine", "table", "bots", "narrate"):
        for path in (ROOT / package).rglob("*.py"):
            for name in imported(path):
                assert "server" not in name.split("."), f"{path} imports {name}"
            checked += 1
    assert checked > 20


def test_the_cli_imports_the_server_only_when_serving() -> None:
    names = imported(ROOT / "server" / "cli.py")
    top = ast.parse((ROOT / "server" / "cli.py").read_text(encoding="utf-8")).body
    top_level = {n.module for n in top if isinstance(n, ast.ImportFrom)} | {
        a.name for n in top if isinstance(n, ast.Import) for a in n.names}
    assert not ({"uvicorn", "fastapi", ".app"} & top_level) and "uvicorn" in names
