"""The journals of long research rows kept under version control (``bench/results/partial``) still
belong to the rows of ``bench/research.py``: a row whose line-up or seed changed would refuse its
journal on resume, so a change of either must start the journal afresh."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from loveletter.arena import read_journal
from loveletter.arena.journal import journal_settings

ROOT = Path(__file__).resolve().parents[1]
PARTIAL = sorted((ROOT / "bench" / "results" / "partial").glob("*.jsonl"))


def _research() -> ModuleType:
    spec = importlib.util.spec_from_file_location("research", ROOT / "bench" / "research.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", PARTIAL, ids=[p.stem for p in PARTIAL])
def test_a_kept_journal_is_one_of_its_rows_games(path: Path) -> None:
    rows = _research().ROWS
    assert path.stem in rows, f"{path.name} names no row of bench/research.py"
    edition, players, lineup, matches, seed = rows[path.stem]
    head, done = read_journal(path)
    assert head == journal_settings(lineup, edition, players, seed, None)
    assert all(0 <= m < matches and 0 <= r < players for m, r in done)
