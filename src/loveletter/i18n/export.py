"""``python -m loveletter.i18n.export [--check]``: the data the web client is built with, from the Python sources.

One source of text and rules: the browser client (``web/``) reads these generated files instead of
keeping its own copies.

* ``web/src/generated/i18n/<lang>.json``: every translated message of the gettext catalog (the
  ``.po`` file, fuzzy and empty entries left out) with the language's typography already applied to
  the catalog text (:func:`loveletter.i18n.typography.polish`), the catalog's plural rule (the
  ``Plural-Forms`` expression that Babel writes from CLDR), the CLDR list patterns and the integer
  grouping symbol. ``web/src/i18n/render.ts`` renders :mod:`loveletter.narrate` messages with them
  exactly as :func:`loveletter.narrate.render` does (a golden file proves it).
* ``web/src/generated/unicode.json``: the code point ranges that :func:`typography.is_wide` calls wide
  (and the wide punctuation among them), for the Chinese spacing rules.
* ``web/src/generated/game.json``: editions (values, copies, goals, player counts, deck rules), how
  each card chooses players, the rule options with their allowed values, defaults and profiles, and
  the bot levels.

``--check`` writes nothing and exits 1 when a generated file is out of date (a test runs it).
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

from babel import Locale

from . import LANGS, typography
from .catalog import load_po

#: Where the generated files go: ``web/src/generated`` of the source checkout.
REPO_DIR = Path(__file__).resolve().parents[3]
OUT_DIR = REPO_DIR / "web" / "src" / "generated"

#: Marks a gettext context in a key, as in a ``.mo`` file: ``"card\x04guard"``.
CONTEXT_SEP = "\x04"


def catalog_data(lang: str) -> dict[str, Any]:
    """The web catalog of one language (see the module docstring)."""
    catalog = load_po(lang)
    messages: dict[str, str | list[str]] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        texts = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        if not all(texts):
            continue
        key = ids[0] if m.context is None else f"{m.context}{CONTEXT_SEP}{ids[0]}"
        polished = [typography.polish(lang, str(text)) for text in texts]
        messages[key] = polished if len(ids) > 1 else polished[0]
    locale = Locale.parse(lang)
    lists = {}
    for style, cldr in (("and", "standard"), ("or", "or")):
        patterns = locale.list_patterns[cldr]
        lists[style] = {k: patterns[k].replace("{0}", "{a}").replace("{1}", "{b}") for k in ("start", "middle", "end",
                                                                                            "2")}
    plural = catalog.plural_forms  # "nplurals=2; plural=(n > 1);"
    expr = plural.split("plural=", 1)[1].rstrip(";").strip()
    symbols = locale.number_symbols["latn"]
    return {
        "lang": lang,
        "nplurals": catalog.num_plurals,
        "plural": expr,
        "lists": lists,
        "number": {"group": symbols["group"], "minus": symbols["minusSign"]},
        "messages": dict(sorted(messages.items())),
    }


def unicode_data() -> dict[str, Any]:
    """Ranges ``[first, last]`` of wide code points and of wide punctuation (Python's Unicode data)."""
    wide: list[list[int]] = []
    punct: list[list[int]] = []
    for cp in range(0x110000):
        ch = chr(cp)
        if not typography.is_wide(ch):
            continue
        for ranges, member in ((wide, True), (punct, unicodedata.category(ch).startswith("P"))):
            if not member:
                continue
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp])
    return {"unicode": unicodedata.unidata_version, "wide": wide, "widePunct": punct}


def game_data() -> dict[str, Any]:
    """Editions, card patterns, options, profiles and bot levels, as the engine defines them."""
    from ..bots.levels import LEVELS
    from ..engine import EDITIONS
    from ..engine.editions import CARD_PATTERN, GUESSING_CARDS
    from ..engine.options import BASE_DEFAULTS, OPTION_VALUES, PROFILES

    editions = {}
    for e in EDITIONS.values():
        decks = {}
        for players, deck in e.decks.items():
            decks[str(players)] = {"values": {c: deck.values[c] for c in deck.counts}, "counts": dict(deck.counts),
                                   "rules": sorted(deck.rules), "guesses": list(deck.guess_values)}
        editions[e.name] = {"minPlayers": e.min_players, "maxPlayers": e.max_players,
                            "goals": {str(k): v for k, v in e.goals.items()}, "decks": decks}
    return {
        "editions": editions,
        "patterns": dict(CARD_PATTERN),
        "guessing": sorted(GUESSING_CARDS),
        "options": {k: (list(v) if v is not None else None) for k, v in OPTION_VALUES.items()},
        "defaults": dict(BASE_DEFAULTS),
        "profiles": PROFILES,
        "botLevels": list(LEVELS),
    }


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def outputs() -> dict[Path, str]:
    """Every generated file and its text."""
    files = {OUT_DIR / "i18n" / f"{lang}.json": _dump(catalog_data(lang)) for lang in LANGS}
    files[OUT_DIR / "unicode.json"] = json.dumps(unicode_data(), separators=(",", ":")) + "\n"
    files[OUT_DIR / "game.json"] = _dump(game_data())
    return files


def run(check: bool = False) -> list[Path]:
    """Write the generated files; returns those that changed (with ``check``: those out of date)."""
    changed = []
    for path, text in outputs().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    changed = run(check=check)
    for path in changed:
        print(("out of date: " if check else "wrote ") + str(path))
    return 1 if check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
