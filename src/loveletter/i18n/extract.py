"""List the message ids the interface uses, by reading its source (``python -m loveletter.i18n.extract``).

A message id is a string literal passed to ``t(...)``, ``N_(...)`` or a ``_who(seat, mine, other)``
helper in the ``loveletter.tui`` package, plus every card name, effect and edition title the
editions need (looked up by key at run time).
"""

from __future__ import annotations

import ast
from pathlib import Path

from ..engine import EDITIONS

TUI_DIR = Path(__file__).resolve().parent.parent / "tui"


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def source_messages(paths: list[Path] | None = None) -> set[str]:
    """Literal message ids found in the interface's source files."""
    found: set[str] = set()
    for path in paths or sorted(TUI_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name in ("t", "N_"):
                args = node.args[:1]
            elif name == "_who":
                args = node.args[1:3]
            else:
                continue
            for arg in args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


def keyed_messages() -> set[tuple[str, str]]:
    """(context, key) pairs looked up at run time: cards per edition, effects, edition titles."""
    out: set[tuple[str, str]] = set()
    for edition in EDITIONS.values():
        ctxt = "card-2019" if edition.name == "2019" else "card"
        out.add(("edition", edition.name))
        for deck in edition.decks.values():
            for card in deck.counts:
                out.add((ctxt, card))
                out.add(("effect", card))
    return out


def main() -> int:
    for msg in sorted(source_messages()):
        print(repr(msg))
    for ctxt, key in sorted(keyed_messages()):
        print(f"{ctxt}: {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
