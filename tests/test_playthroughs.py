"""Golden playthroughs: every reader's wire view at every step of recorded games, compared exactly.

A change to what any seat or the spectator sees shows up as a difference here (and in review, as
lines of tests/data/playthroughs/*.jsonl). Regenerate on purpose with
``python tests/data/playthroughs/make.py``. The views also follow the wire JSON Schema, and a seat's
view never holds another seat's private card.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from loveletter.engine import WIRE_SCHEMA

DATA = Path(__file__).parent / "data" / "playthroughs"
FILES = sorted(DATA.glob("*.jsonl"))


def _load(path: Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return lines[0]["record"], lines[1:]


def _states(record: dict):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_playthroughs", DATA / "make.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.states(record))


def test_there_are_playthroughs_for_every_edition() -> None:
    assert {p.name.split("-")[0] for p in FILES} == {"classic", "premium", "2019"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_view_at_every_step_is_unchanged(path: Path) -> None:
    record, golden = _load(path)
    assert record["rounds"] and golden
    now = json.loads(json.dumps(_states(record), sort_keys=True))
    assert len(now) == len(golden)
    for want, got in zip(golden, now, strict=True):
        assert got == want, f"{path.name}: version {want['version']} reader {want['reader']} changed"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_views_follow_the_schema_and_hide_private_cards(path: Path) -> None:
    _, golden = _load(path)
    validator = jsonschema.Draft202012Validator(WIRE_SCHEMA)
    for line in golden:
        view = line["view"]
        validator.validate(view)
        reader = line["reader"]
        if reader == "spectator":
            assert view["hand"] == [] and view["legal"] == [] and view["seat"] is None
        for e in view["log"]:
            private = {"card", "cards", "keep", "bottom"} & set(e)
            if e["kind"] in ("draw", "see", "receive", "chancellor_draw", "chancellor_return") and private:
                assert reader != "spectator" and e["seat"] == reader, (path.name, line["version"], e)
