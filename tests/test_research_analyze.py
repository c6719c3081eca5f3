"""`loveletter analyze`: every decision of the seat, every legal choice estimated, reports in 5 languages."""

from __future__ import annotations

import json

import pytest

from loveletter.bots import make_bot
from loveletter.cli import main
from loveletter.engine import Game
from loveletter.i18n import LANGS
from loveletter.research.analyze import analyze_record, annotation_for, format_report, positions
from loveletter.table import Automatic, Table


def _record(edition: str = "classic", players: int = 2, seed: int = 3) -> dict:
    specs = ["heuristic", "random", "heuristic", "random"][:players]
    table = Table(Game(edition, players, seed=seed, options={"tokensToWin": 2}),
                  [Automatic(make_bot(s, seed=seed + i), s) for i, s in enumerate(specs)])
    table.run()
    return table.record()


def test_every_decision_of_the_seat_and_every_legal_choice() -> None:
    rec = _record()
    mine = positions(rec, 1)
    assert mine, "seat 1 decided at least once"
    res = analyze_record(rec, 1, rollouts=3, seed=2)
    json.dumps(res)
    assert len(res["decisions"]) == len(mine)
    for e, (_r, _i, view, chosen) in zip(res["decisions"], mine, strict=True):
        assert {c["decision"] for c in e["choices"]} == {d.text() for d in view.legal}
        assert [c["chosen"] for c in e["choices"]].count(True) == 1
        assert e["chosen"] == chosen.text()
        if not e["forced"]:
            assert all(0.0 <= c["win"] <= 1.0 and c["n"] == 3 for c in e["choices"])
            assert e["best"] == e["choices"][0]["decision"] or e["choices"][0]["win"] == \
                next(c["win"] for c in e["choices"] if c["decision"] == e["best"])
        assert annotation_for(res, e["round"], e["index"]) == e
    assert res["mistakes"] == sum(e["mistake"] for e in res["decisions"])
    again = analyze_record(rec, 1, rollouts=3, seed=2)
    res.pop("seconds"), again.pop("seconds")
    assert res == again  # deterministic for a seed


@pytest.mark.parametrize("lang", LANGS)
def test_report_in_each_language(lang: str) -> None:
    rec = _record("2019", 3, seed=5)
    text = format_report(analyze_record(rec, 0, rollouts=2), lang=lang)
    assert "P0" in text and "{" not in text


def test_cli(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(_record()), encoding="utf-8")
    assert main(["analyze", str(path), "--seat", "0", "--rollouts", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "loveletter-analysis" and out["seat"] == 0
    assert main(["analyze", str(path), "--seat", "5", "--rollouts", "2"]) == 2


@pytest.mark.parametrize("lang", LANGS)
def test_annotation_line_for_a_replay(lang: str) -> None:
    from loveletter.research.report import annotation_text

    rec = _record()
    res = analyze_record(rec, 0, rollouts=2)
    for e in res["decisions"]:
        line = annotation_text(annotation_for(res, e["round"], e["index"]), "classic", lang)
        assert line and "{" not in line and "\n" not in line
