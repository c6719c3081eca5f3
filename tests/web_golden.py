"""The narration golden file of the web client: sample messages rendered by Python in every language.

``python tests/web_golden.py`` writes ``web/test/golden/narration.json``; ``web/test/render.test.ts``
renders every sample with the TypeScript renderer and the exported catalogs and compares, and
``tests/test_web.py`` checks that the file is what the Python sources make now.

Samples come from random games of every edition (every event for every reader, the round-end
lines, a few of each sentence of what a seat knows and its unseen cards), every refusal code, the
card reference and menu labels, and list joins with names chosen for the typography rules (Spanish
y/e and o/u, Chinese spacing, French punctuation).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from loveletter.engine import Game, knowledge_of
from loveletter.engine.editions import ALL_CARDS
from loveletter.i18n import LANGS, Translator
from loveletter.narrate import (
    REFUSAL_CODES,
    Card,
    Items,
    Message,
    Names,
    Narrator,
    Number,
    Seat,
    Verbatim,
    card_choice,
    card_copies,
    card_label,
    describe,
    describe_knowledge,
    describe_refusal,
    describe_round_end,
    jester_line,
    mandate_line,
    msg,
    reference,
    spies_line,
    unseen_line,
)

GOLDEN = Path(__file__).resolve().parents[1] / "web" / "test" / "golden" / "narration.json"

#: Seat names that exercise the typography: Spanish "e" before /i/ and "u" before /o/, Chinese
#: spacing next to Latin letters, digits and CJK names, a name with an emoji (two UTF-16 units).
NAMES = ["Ilse", "Olga", "李雷", "Hugo", "8 Ball", "Ina", "韩梅梅", "Zoë 🌹"]

GAMES = [("classic", 2, 1), ("classic", 4, 2), ("premium", 3, 3), ("premium", 6, 4), ("premium", 8, 5),
         ("2019", 2, 6), ("2019", 5, 7)]


def _names(players: int, offset: int) -> tuple[str, ...]:
    return tuple(NAMES[(offset + i) % len(NAMES)] for i in range(players))


def _game_messages(edition: str, players: int, seed: int) -> list[Message]:
    g = Game(edition, players, seed=seed, options={"tokensToWin": 2})
    rng = random.Random(seed)
    out: list[Message] = []
    known: dict[str, int] = {}
    while not g.game_over and g.round_no < 3:
        g.start_round()
        while not g.round_over:
            g.apply(rng.choice(g.legal_decisions()))
            for s in range(players):  # what each seat knows now (the web's "What you know"): a few of each
                v = g.view(s)
                k = knowledge_of(v)
                for m in [*describe_knowledge(k, v.values, v.alive), unseen_line(k, v.values)]:
                    if known.get(m.id, 0) < 6:
                        known[m.id] = known.get(m.id, 0) + 1
                        out.append(m)
        for reader in [*range(players), None]:
            for e in g.events:
                m = describe(e.for_seat(reader), reader)
                if m is not None:
                    out.append(m)
            v = g.view(reader if reader is not None else 0)
            out.extend(describe_round_end(v.round_result or {}, reader, tokens=v.tokens, goal=v.goal,
                                          jester=v.jester, spies=v.spies, alive=v.alive,
                                          game_winners=v.game_winners))
    return out


def _extra_messages(players: int, deck: Any) -> list[Message]:
    out: list[Message] = []
    params: list[dict[str, Any]] = [{}, {"card": "guard"}, {"card": "king", "seat": 1}, {"seat": 0},
                                    {"card": "cardinal"}, {"card": "baroness", "seat": 1}, {"values": [2, 3, 8]},
                                    {"card": "guard", "values": [0, 2, 11]}, {"version": 1234567},
                                    {"expected": "chancellor"}, {"expected": "bishop"}, {"seat": 1, "card": "prince"},
                                    {"limit": 280, "length": 301}]
    for code in sorted(REFUSAL_CODES | {"bogus"}):
        for p in params:
            if p.get("card", "guard") not in deck.counts:
                continue
            for reader in (0, 1):
                out.append(describe_refusal(code, p, reader))
    for reader in (0, None):
        out.append(mandate_line(1, reader))
        out.append(jester_line(0, 1, reader))
        out.append(jester_line(1, 0, reader))
        out.append(spies_line([0, 1], reader))
    for card in ("guard", "princess", "countess"):
        out.append(card_label(card, 8))
        out.append(card_copies(card, 5))
    out.append(msg("Not yet seen by you: {cards}", cards=Items((), "plain")))
    out.append(msg("{card} ×{copies}", card=Card("guard"), copies=Number(-12345)))
    out.append(msg("Spies played or discarded by {players}.", players=Items((Verbatim(""), Verbatim("x")), "and")))
    for style in ("and", "or", "plain", "dots"):
        for n in range(1, min(players, 5) + 1):
            out.append(msg("Game over! Winners: {players}.", players=Items(tuple(Seat(s) for s in range(n)), style)))
    out.append(msg("Game over! Winners: {players}.", players=Items((Number(8), Number(11), Number(1)), "or")))
    return out


def samples() -> list[dict[str, Any]]:
    """Every sample: edition, names, deck, message JSON and the text in every language."""
    translators = {lang: Translator(lang, strict=True) for lang in LANGS}
    out: list[dict[str, Any]] = []
    for index, (edition, players, seed) in enumerate(GAMES):
        names = Names(_names(players, index), edition)
        narrators = {lang: Narrator(t, names) for lang, t in translators.items()}
        deck = narrators["en"]._deck
        messages = _game_messages(edition, players, seed) + reference(edition, players) + [
            card_choice(c, deck.values[c]) for c in deck.counts] + _extra_messages(players, deck)
        seen: set[str] = set()
        unique = []
        for m in messages:
            key = json.dumps(m.to_json(), sort_keys=True, ensure_ascii=False)
            if key not in seen:
                seen.add(key)
                unique.append(m)
        case = {"edition": edition, "names": list(names.seats),
                "deck": {"values": {c: v for c, v in deck.values.items() if c in deck.counts},
                         "counts": dict(deck.counts)},
                "samples": [{"message": m.to_json(), "text": {lang: n.render(m) for lang, n in narrators.items()}}
                            for m in unique]}
        out.append(case)
    return out


def text() -> str:
    return json.dumps({"cards": list(ALL_CARDS), "cases": samples()}, ensure_ascii=False, indent=None,
                      separators=(",", ":")) + "\n"


def main() -> int:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
