"""``bench/research.py``'s bookkeeping: the journals of long rows kept under version control
(``bench/results/partial``) still belong to their rows (a row whose line-up or seed changed would
refuse its journal on resume, so a change of either must start the journal afresh), and ``--status``
and ``--pool`` report a row's games."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from loveletter.arena import read_journal, run_arena
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


def test_status_and_pool_report_a_rows_games(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the rows name model files relative to the repository, as research.py runs them
    research = _research()
    name = "classic2-policy-vs-heuristic"
    assert name in research.ROWS
    edition, players, lineup, _, seed = research.ROWS[name]
    journals = tmp_path / "journals"
    journals.mkdir()
    done = run_arena(lineup, edition, players, matches=3, seed=seed, journal=journals / f"{name}.jsonl")
    research.status([name, "no-such-row"], journals)
    out = capsys.readouterr().out
    first = done["results"][0]
    assert f"{name}: 6/{research.ROWS[name][3] * players} games" in out
    assert f"{100 * first['win_rate']:5.1f}%" in out and "no-such-row" not in out
    data = {name: done, "again": done}
    research.pool([name, "again"], data)
    out = capsys.readouterr().out
    assert f"pooled: {100 * first['win_rate']:.2f}%" in out and "of 12" in out
    with pytest.raises(SystemExit, match="not finished"):
        research.pool([name, "missing"], data)
    other = {**done, "results": [{**first, "bot": "random"}]}
    with pytest.raises(SystemExit, match="different bots"):
        research.pool([name, "other"], {**data, "other": other})


def test_no_row_names_a_path_of_this_checkout() -> None:
    """A kept journal starts with its row's line-up: a path of one checkout would not resume in another."""
    rows = _research().ROWS
    absolute = [name for name, (_, _, lineup, _, _) in rows.items()
                if any(str(ROOT) in spec or "=/" in spec for spec in lineup)]
    assert not absolute
