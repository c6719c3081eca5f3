"""Every scenario file passes `loveletter scenario check`, and `run` reports what happened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loveletter.cli import main
from loveletter.scenario import check_file, run_file

DATA = Path(__file__).parent / "data" / "scenarios"
FILES = sorted(DATA.glob("*.json"))
SHARED = Path(__file__).resolve().parents[2] / "shared" / "scenarios" / "public.json"
if SHARED.exists():
    FILES.append(SHARED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_scenario_file_passes(path: Path) -> None:
    total, report = check_file(str(path))
    assert total > 0
    failures = {sid: diffs for sid, diffs in report if diffs}
    assert not failures, json.dumps(failures, indent=1)


def test_run_reports_every_field_of_every_step() -> None:
    out = run_file(str(DATA / "public.json"))
    step_fields = {"draws", "result", "eliminated", "privateInfo", "publicInfo", "tokensGained", "hands",
                   "deckSize", "protected", "mandate", "tokens", "roundOver", "deckBottom"}
    for res in out["results"]:
        for step in res["steps"]:
            assert "error" in step or step_fields <= set(step), step
        final = res["final"]
        assert {"roundOver", "endReason", "eliminated", "hands", "discards", "deckSize", "tokens",
                "gameOver", "gameWinners"} <= set(final)
        if final["roundOver"] and final["endReason"] != "gameWonImmediately":
            assert {"roundWinners", "tokensAwarded"} <= set(final)
        if not final["roundOver"]:
            assert "currentPlayer" in final


def test_check_names_each_difference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((DATA / "public.json").read_text())
    c01 = next(s for s in data["scenarios"] if s["id"] == "C01")
    c01["steps"][0]["expect"]["result"] = "miss"
    c01["expect"]["deckSize"] = 3
    data["scenarios"] = [c01]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["scenario", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL C01" in out
    assert 'step 0.result: expected "miss", got "hit"' in out
    assert "final.deckSize: expected 3, got 8" in out


def test_run_reports_actual_outcome_whatever_expected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((DATA / "public.json").read_text())
    c01 = next(s for s in data["scenarios"] if s["id"] == "C01")
    c01["steps"][0]["expect"] = {"error": "target_self"}  # wrong on purpose: the step is legal
    data["scenarios"] = [c01]
    f = tmp_path / "s.json"
    f.write_text(json.dumps(data))
    assert main(["scenario", "run", str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["results"][0]["steps"][0]["result"] == "hit"


def test_illegal_step_changes_nothing() -> None:
    out = run_file(str(DATA / "public.json"))
    p19 = next(r for r in out["results"] if r["id"] == "P19")
    assert [s.get("error") for s in p19["steps"][:3]] == ["invalid_target_count", "invalid_target_count",
                                                          "target_self"]
    # the legal fourth attempt still sees the original draw and deck
    assert p19["steps"][3]["draws"] == "baroness"
    assert p19["steps"][3]["deckSize"] == 25


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"scenarios": 3}', "'scenarios' list"),
    ('{"scenarios": [{"id": "X", "edition": "nope", "players": 2, "deck": {"order": []}, "steps": []}]}',
     "unknown edition"),
    ('{"scenarios": [{"id": "X", "edition": "classic", "players": 2, "deck": {"order": ["guard"]}, "steps": []}]}',
     "composition"),
    ('{"scenarios": [{"id": "X", "edition": "classic", "players": 9, "deck": {"order": []}, "steps": []}]}',
     "2-4 players"),
    ('{"scenarios": [{"id": "X", "edition": "classic", "players": 2, "options": {"bogus": 1}, '
     '"deck": {"order": []}, "steps": []}]}', "unknown option"),
])
def test_malformed_scenario_file_is_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   content: str, message: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content)
    assert main(["scenario", "check", str(f)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "run", "/nonexistent/x.json"]) == 2
    assert "cannot read" in capsys.readouterr().err
