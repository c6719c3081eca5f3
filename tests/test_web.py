"""The web client's generated data stays in step with the Python sources (catalogs, rules, narration)."""

from __future__ import annotations

import json

import web_golden

from loveletter.i18n import LANGS, Translator, export


def test_exported_web_data_is_up_to_date():
    assert export.run(check=True) == [], "run: python -m loveletter.i18n.export"


def test_narration_golden_file_is_what_python_renders_now():
    assert web_golden.GOLDEN.read_text(encoding="utf-8") == web_golden.text(), "run: python tests/web_golden.py"


def test_exported_catalog_holds_every_message_polished():
    for lang in LANGS:
        data = export.catalog_data(lang)
        t = Translator(lang, strict=True)
        assert data["messages"]["card\x04guard"] == t.card("guard", "classic")
        assert data["messages"]["Tokens (goal {goal}): {list}"] == t.template("Tokens (goal {goal}): {list}")
        plural = data["messages"]["Chancellor: you draw {count} card."]
        assert isinstance(plural, list) and len(plural) == data["nplurals"]
    assert "\u00a0:" in export.catalog_data("fr")["messages"]["Tokens (goal {goal}): {list}"]


def test_game_data_matches_the_engine():
    from loveletter.engine import find_edition

    data = json.loads(export.outputs()[export.OUT_DIR / "game.json"])
    premium = find_edition("premium")
    assert data["editions"]["premium"]["decks"]["6"]["counts"] == dict(premium.deck(6).counts)
    assert data["editions"]["2019"]["goals"]["5"] == 3
    assert data["patterns"]["cardinal"] == "two_any"
    assert data["botLevels"] == ["easy", "medium", "hard", "expert"]


def test_the_package_ships_the_built_site():
    import re
    from importlib import resources

    dist = resources.files("loveletter") / "web_dist"
    index = (dist / "index.html").read_text(encoding="utf-8")
    assets = re.findall(r'(?:src|href)="/(assets/[^"]+)"', index)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets), index
    for a in assets:
        assert (dist / a).is_file(), a
    # every language's catalog is its own chunk
    names = [p.name for p in (dist / "assets").iterdir()]
    for lang in LANGS:
        assert any(n.startswith(f"{lang}-") and n.endswith(".js") for n in names), (lang, names)


def test_recorded_frames_are_what_the_engine_makes_now():
    import web_frames

    assert web_frames.FRAMES.read_text(encoding="utf-8") == web_frames.text(), "run: python tests/web_frames.py"
