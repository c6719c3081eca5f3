"""The arena's journal: a stopped run resumes from its file with the results of a run never stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from loveletter.arena import Journal, JournalError, read_journal, run_arena, standings
from loveletter.arena.journal import journal_settings
from loveletter.cli import main

SPECS = ["heuristic", "random", "random"]


def _games(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def _same(a: dict[str, object], b: dict[str, object]) -> None:
    assert a["results"] == b["results"] and a["games_played"] == b["games_played"]


def test_a_journal_keeps_every_game_and_a_second_run_plays_none(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    plain = run_arena(SPECS, "classic", 3, matches=4, seed=11)
    first = run_arena(SPECS, "classic", 3, matches=4, seed=11, journal=path)
    _same(first, plain)
    assert "journal" not in plain and first["journal"]["resumed_games"] == 0
    head = json.loads(path.read_text().splitlines()[0])
    assert head == {"arena_journal": 1, "specs": SPECS, "edition": "classic", "players": 3, "seed": 11,
                    "options": {}}
    games = _games(path)
    assert sorted((g["match"], g["rotation"]) for g in games) == [(m, r) for m in range(4) for r in range(3)]
    again = run_arena(SPECS, "classic", 3, matches=4, seed=11, journal=path, workers=2)
    _same(again, plain)
    assert again["journal"]["resumed_games"] == 12
    assert len(_games(path)) == 12  # nothing played, nothing added


def test_a_cut_journal_resumes_to_the_same_results(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    full = run_arena(SPECS, "2019", 3, matches=3, seed=4, journal=path)
    lines = path.read_text().splitlines(keepends=True)
    # the first 4 games, then a line cut short as by a kill in the middle of a write
    path.write_text("".join(lines[:5]) + lines[5][:17])
    resumed = run_arena(SPECS, "2019", 3, matches=3, seed=4, journal=path)
    _same(resumed, full)
    assert resumed["journal"]["resumed_games"] == 4
    assert len(_games(path)) == 9 and path.read_text().endswith("\n")


def test_a_last_line_missing_only_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    full = run_arena(SPECS, "classic", 3, matches=2, seed=8, journal=path)
    text = path.read_text()
    lines = text.splitlines(keepends=True)
    path.write_text("".join(lines[:4]).rstrip("\n"))
    resumed = run_arena(SPECS, "classic", 3, matches=2, seed=8, journal=path)
    _same(resumed, full)
    assert resumed["journal"]["resumed_games"] == 3
    assert all(json.loads(line) for line in path.read_text().splitlines())


def test_more_matches_extend_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_arena(SPECS, "classic", 3, matches=2, seed=3, journal=path)
    longer = run_arena(SPECS, "classic", 3, matches=5, seed=3, journal=path)
    _same(longer, run_arena(SPECS, "classic", 3, matches=5, seed=3))
    assert longer["journal"]["resumed_games"] == 6
    fewer = run_arena(SPECS, "classic", 3, matches=1, seed=3, journal=path)  # only the games it asks for
    _same(fewer, run_arena(SPECS, "classic", 3, matches=1, seed=3))


@pytest.mark.parametrize("change", [
    {"seed": 12}, {"specs": ["random", "heuristic", "random"]}, {"options": {"tieBreak": "none"}},
])
def test_a_journal_of_other_settings_is_refused_and_left_alone(tmp_path: Path, change: dict[str, object]) -> None:
    path = tmp_path / "run.jsonl"
    run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)
    before = path.read_bytes()
    kw: dict[str, object] = {"seed": 11, "options": None, **change}
    specs = kw.pop("specs", SPECS)
    with pytest.raises(JournalError, match="other arena settings"):
        run_arena(specs, "classic", 3, matches=1, journal=path, **kw)  # type: ignore[arg-type]
    assert path.read_bytes() == before


@pytest.mark.parametrize("content", [
    b"",
    b"hello\n",
    b'{"match": 0, "rotation": 0, "winners": [1]}\n',
    b'{"arena_journal": 2, "specs": [], "edition": "classic", "players": 3, "seed": 11, "options": {}}\n',
])
def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(content)
    with pytest.raises(JournalError):
        run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)
    assert path.read_bytes() == content


@pytest.mark.parametrize("game", [
    {"match": 0, "rotation": 3, "winners": [0]},  # no rotation 3 with 3 players
    {"match": -1, "rotation": 0, "winners": [0]},
    {"match": 0, "rotation": 0, "winners": [5]},
    {"match": 0, "rotation": 0, "winners": [1, 1]},
    {"match": "0", "rotation": 0, "winners": [1]},
    {"match": 0, "rotation": True, "winners": [1]},
    {"match": 0, "rotation": 0, "winners": 1},
    {"match": 0, "rotation": 0, "winners": [1], "extra": 1},
])
def test_a_bad_game_line_is_refused_and_left_alone(tmp_path: Path, game: dict[str, object]) -> None:
    path = tmp_path / "run.jsonl"
    run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)
    lines = path.read_text().splitlines(keepends=True)
    lines.insert(2, json.dumps(game) + "\n")
    path.write_text("".join(lines))
    before = path.read_bytes()
    with pytest.raises(JournalError, match="line 3"):
        run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)
    assert path.read_bytes() == before


def test_one_game_with_two_results_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)
    lines = path.read_text().splitlines(keepends=True)
    g = json.loads(lines[1])
    other = [s for s in range(3) if s not in g["winners"]][:1]
    lines.append(json.dumps({**g, "winners": other}) + "\n")
    path.write_text("".join(lines))
    with pytest.raises(JournalError, match="twice"):
        run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)


def test_a_journal_in_use_by_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with Journal(path, journal_settings(SPECS, "classic", 3, 11, None)) as first:
        first.add(0, 0, [1])
        before = path.read_bytes()
        with pytest.raises(JournalError, match="in use"):
            run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)
        assert path.read_bytes() == before
    res = run_arena(SPECS, "classic", 3, matches=1, seed=11, journal=path)  # free again once it is closed
    assert res["journal"]["resumed_games"] == 1


def test_cli_journal_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("not a journal\n")
    assert main(["arena", "--bots", "heuristic,random", "--matches", "1", "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("loveletter: error: journal") and err.count("\n") == 1
    assert main(["arena", "--bots", "heuristic,random", "--matches", "1", "--journal", str(tmp_path)]) == 2
    assert "loveletter: error:" in capsys.readouterr().err


def test_a_journal_is_read_as_it_stands_and_gives_the_runs_figures(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    full = run_arena(SPECS, "classic", 3, matches=3, seed=5, journal=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:6]) + lines[6][:9])  # five games and a line cut short, as by a kill
    before = path.read_bytes()
    head, done = read_journal(path)
    assert path.read_bytes() == before  # read, not mended
    assert head["specs"] == SPECS and len(done) == 5
    part = standings(SPECS, done)
    assert [r["bot"] for r in part] == ["heuristic", "random"] and part[0]["games"] == 5
    assert part[0]["wins"] == round(sum(w.count(0) / len(w) for w in done.values() if w), 3)
    with Journal(path, journal_settings(SPECS, "classic", 3, 5, None)):  # a run holds it: still readable
        assert read_journal(path)[1] == done
    run_arena(SPECS, "classic", 3, matches=3, seed=5, journal=path)
    assert standings(SPECS, read_journal(path)[1]) == full["results"]


@pytest.mark.parametrize("content", [b"", b"hello\n", b'{"arena_journal": 1, "specs": []}\n'])
def test_reading_a_file_that_is_not_a_journal_is_an_error_and_changes_nothing(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(content)
    with pytest.raises(JournalError):
        read_journal(path)
    assert path.read_bytes() == content


def test_a_killed_arena_resumes_from_its_journal(tmp_path: Path) -> None:
    """Kill the real process in the middle of a run; the rerun gives the uninterrupted results."""
    path = tmp_path / "run.jsonl"
    args = ["--bots", "ismcts:iters=30,heuristic", "--matches", "12", "--seed", "5", "--workers", "2"]
    cmd = [sys.executable, "-m", "loveletter.cli", "arena", *args, "--journal", str(path), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not path.exists() or len(path.read_text().splitlines()) < 4):
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    done = path.read_text().count("\n") - 1  # whole game lines (a write cut short ends none)
    assert 3 <= done < 24, "the run was to be killed part way"
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    resumed = json.loads(out.stdout)
    assert resumed["journal"]["resumed_games"] == done
    _same(resumed, run_arena(["ismcts:iters=30", "heuristic"], "classic", 2, matches=12, seed=5, workers=2))
