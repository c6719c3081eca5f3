"""The layering of the packages (README, "Layers"), and the one game loop.

engine at the bottom (standard library only); the table runner on the engine only; bots on the
engine; narration on the engine and the catalogs; arena, terminal, RL and server above them. The
loop that drives games lives in the table runner: outside the engine and the runner, only the
listed places call ``start_round`` or ``apply`` on a game, each for a documented reason.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "loveletter"

#: package -> the project packages it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "table": {"engine"},
    "bots": {"engine"},
    "i18n": {"engine", "bots"},  # bots: i18n/export.py writes the bot levels for the web client
    "narrate": {"engine", "i18n"},
    "arena": {"engine", "bots", "table"},
    "tui": {"engine", "bots", "table", "narrate", "i18n", "files"},
    "rl": {"engine", "bots", "table"},
    "server": {"engine", "bots", "table", "narrate", "i18n", "files", "arena"},
    "research": {"engine", "bots", "table", "narrate", "i18n", "files", "arena", "rl", "cli"},
}
#: third-party packages each layer may use (None: any)
THIRD_PARTY: dict[str, set[str] | None] = {
    "engine": set(),
    "table": set(),
    "bots": set(),
    "narrate": {"babel"},
    "i18n": {"babel"},
    "arena": None,
    "tui": None,
    "rl": None,
    "server": None,
    "research": None,
}
#: places outside engine/ and table/ that drive a Game directly, and why
DIRECT_GAME_USE = {
    "bench.py",  # `loveletter bench`: the engine's own speed, through legal_decisions()/apply()
    "scenario.py",  # rule scenarios (RULES.md Appendix A): one step at a time on trial copies
    "bots/ismcts.py",  # search rollouts on positions from Game.from_view
    "bots/infer.py",  # the particle filter: the round replayed on guessed deck orders consistent with one view
    "tui/replay.py",  # stepping through a record; each round's result for the game-over summary
    "tui/foresight.py",  # a decision tried on positions sampled from a view: does it surely knock you out?
    "server/redact.py",  # the summary and the replay of a finished game's record
    "server/bots.py",  # a bot worker process rebuilds the position from the table's record (views do not pickle)
    "research/openspiel_game.py",  # OpenSpiel's State.apply_action: one engine step per action, cloned states
}


def _imports(path: Path) -> set[str]:
    """Top-level names of what a module imports (``loveletter.x`` / relative imports -> ``x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = path.relative_to(SRC).parts
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                out.add(parts[1] if parts[0] == "loveletter" and len(parts) > 1 else f"ext:{parts[0]}")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(pkg[:-1])[: len(pkg) - node.level]
                target = base + (node.module.split(".") if node.module else [])
                if target:
                    out.add(target[0])
                else:  # `from .. import x` at the top of the package
                    out.update(a.name for a in node.names)
            elif node.module:
                parts = node.module.split(".")
                out.add(parts[1] if parts[0] == "loveletter" and len(parts) > 1 else f"ext:{parts[0]}")
    return out


def _modules(package: str) -> list[Path]:
    root = SRC / package
    return sorted(root.rglob("*.py")) if root.is_dir() else []


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_imports_only_the_layers_below_it(package: str) -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in _modules(package):
        for name in _imports(path):
            where = path.relative_to(SRC)
            if name.startswith("ext:"):
                lib = name[4:]
                allowed = THIRD_PARTY[package]
                assert lib in stdlib or allowed is None or lib in allowed, f"{where} imports {lib}"
            elif name != package:
                assert name in ALLOWED[package], f"{where} imports loveletter.{name}"


def test_only_the_runner_drives_games() -> None:
    found = set()
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(("engine/", "table/")):
            continue
        text = path.read_text(encoding="utf-8")
        if ".start_round(" in text or ".apply(" in text or "begin_turn(" in text:
            found.add(rel)
    assert found == DIRECT_GAME_USE, found ^ DIRECT_GAME_USE
