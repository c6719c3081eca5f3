"""The terminal game fits the window: pseudo-terminals of 60×20 and 160×50 in each of the five languages.

At every prompt: no line wider than the terminal (in cells: a Chinese character takes two), no word
broken in the middle (for Chinese: no card or seat name split, no line starting with closing
punctuation), and at every decision the screen since it was last cleared fits in the window with
the board (the header, every seat, your hand) and the prompt on it.
"""

from __future__ import annotations

import re
import string

import pytest
from rich.cells import cell_len
from tui_driver import Terminal, allowed_options, last_screen

from loveletter.engine import find_edition
from loveletter.i18n import LANGS, Translator
from loveletter.i18n.catalog import load_po
from loveletter.tui.wrap import NO_START, wrap

SIZES = [(60, 20), (160, 50)]
#: (edition, players) per size: a small table in a small window, a larger one in a large window.
TABLES = {(60, 20): ("classic", 2), (160, 50): ("premium", 6)}
PUNCT = string.punctuation + "…·×—–«»“”‘’¡¿●○═→✗⏎()（）：，。、；！？\u00a0\u202f"
FIELD = re.compile(r"\{\w*\}")


def _vocabulary(lang: str) -> set[str]:
    """Every word of the language's catalog and card names, as the terminal may print them."""
    words: set[str] = set()
    for m in load_po(lang):
        if not m.id:
            continue
        texts = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        for text in (*texts, *(m.id if isinstance(m.id, (list, tuple)) else (m.id,))):
            for token in FIELD.sub(" ", text).split():
                words.add(token.strip(PUNCT).lower())
    return words


def _names(lang: str, edition: str, players: int) -> list[str]:
    t = Translator(lang)
    deck = find_edition(edition).deck(players)
    return [t.card(c, edition) for c in deck.counts] + [t("Bot {n}", n=i) for i in range(players)] + [t("You")]


def _check_lines(text: str, cols: int, lang: str, words: set[str], names: list[str]) -> None:
    lines = [line for chunk in text.split("\f") for line in chunk.split("\n")]
    for line in lines:
        assert cell_len(line) <= cols, f"{cell_len(line)} cells > {cols}: {line!r}"
    for a, b in zip(lines, lines[1:], strict=False):
        if not a.strip() or not b.strip():
            continue
        if lang == "zh":
            assert b.lstrip()[0] not in NO_START, f"a line starts with closing punctuation: {b!r}"
            joined = a.rstrip() + b.lstrip()
            cut = len(a.rstrip())
            for name in names:
                start = joined.find(name)
                while start >= 0:
                    assert not start < cut < start + len(name), f"{name!r} broken: {a!r} / {b!r}"
                    start = joined.find(name, start + 1)
        else:
            last, first = a.split()[-1].strip(PUNCT).lower(), b.split()[0].strip(PUNCT).lower()
            for piece in (last, first):
                if piece and not piece.isdigit() and "/" not in piece and "." not in piece and "=" not in piece:
                    assert piece in words, f"{piece!r} is no word of {lang} (a word broken?): {a!r} / {b!r}"


def _board_visible(screen: str, rows: int, t: Translator, edition: str, players: int, keys: str) -> None:
    lines = screen.split("\n")  # the last one is the prompt line
    assert len(lines) <= rows, f"{len(lines)} lines on a {rows}-line screen:\n{screen}"
    assert lines[-1].endswith(f"[{keys}] > ")
    title = t("Love Letter · {edition} · round {round}", edition=t.edition(edition), round=1).split("·")[0].strip()
    assert any(line.startswith("══ " + title) or line.startswith(title) for line in lines), screen
    hand = t("Your hand: {cards}", cards="").strip()
    assert any(line.startswith(hand) for line in lines), screen
    names = [t("You")] + [t("Bot {n}", n=i) for i in range(1, players)]
    for name in names:
        assert any(line.startswith(name + " ") for line in lines), f"{name!r} not on the board:\n{screen}"


@pytest.mark.parametrize("cols,rows", SIZES, ids=[f"{c}x{r}" for c, r in SIZES])
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits_the_terminal(tmp_path, lang, cols, rows):
    edition, players = TABLES[(cols, rows)]
    t = Translator(lang)
    words, names = _vocabulary(lang), _names(lang, edition, players)
    term = Terminal("play", "--fast", "--lang", lang, "--edition", edition, "--players", str(players), "--seed", "7",
                    "--options", "tokensToWin=3", "--save", str(tmp_path / "g.json"), size=(cols, rows))
    decisions = 0
    for _ in range(40):
        try:
            shown, keys = term.prompt(timeout=30)
        except AssertionError:
            break  # the game is over
        if any(k.isdigit() for k in keys.split("/")):
            _board_visible(last_screen(shown) + f"[{keys}] > ", rows, t, edition, players, keys)
            decisions += 1
            options = allowed_options(shown)
            assert options
            term.send(options[-1])
        else:
            term.send("")
    term.send("q")
    assert term.wait() == 0
    _check_lines(term.buffer, cols, lang, words, names)
    assert decisions >= 3


def test_the_whole_log_is_reachable_with_eight_players(tmp_path):
    """A short window cuts the round's log; l pages through all of it."""
    term = Terminal("play", "--fast", "--lang", "en", "--edition", "premium", "--players", "8", "--seat", "7",
                    "--seed", "3", "--save", str(tmp_path / "g.json"), size=(60, 20))
    for _ in range(30):
        shown, keys = term.prompt()
        if "earlier line" in last_screen(shown) and any(k.isdigit() for k in keys.split("/")):
            break
        term.send(allowed_options(shown)[-1] if any(k.isdigit() for k in keys.split("/")) else "")
    else:
        raise AssertionError("the log was never cut")
    screen = last_screen(shown)
    cut = int(re.search(r"… (\d+) earlier lines?", screen).group(1))
    term.send("l")
    pages = []
    while True:
        shown, keys = term.prompt()
        page = last_screen(shown)
        pages.append(page)
        assert len(page.split("\n")) <= 20
        if "Enter: back to the game" in page:
            break
        term.send("")
    term.send("")
    whole = "\n".join(pages)
    assert "Round 1 begins" in whole and "Round 1 begins" not in screen
    log = whole.split("This round:")[1].split("Your hand:")[0]
    assert len([line for line in log.split("\n") if line.startswith("  ")]) >= cut
    shown, keys = term.prompt()  # back at the same question, the board redrawn
    assert "Your hand:" in last_screen(shown)
    term.send("q")
    assert term.wait() == 0


@pytest.mark.parametrize("text,cols,lines", [
    ("Bot 1 joue Prince Arnaud sur Bot 2. Objectif\u00a0: 3 jetons.", 30,
     ["Bot 1 joue Prince Arnaud sur", "Bot 2. Objectif\u00a0: 3 jetons."]),
    ("你打出奥黛特卫兵，选择机器人 1，猜 3（托马斯牧师）。", 20,
     ["你打出奥黛特卫兵，选", "择机器人 1，猜 3", "（托马斯牧师）。"]),
    ("Not yet seen: Guard Odette ×4, Priest Tomas ×2", 26, ["Not yet seen: Guard Odette", "×4, Priest Tomas ×2"]),
])
def test_wrap_breaks_only_between_words(text, cols, lines):
    keep = ["Prince Arnaud", "Bot 1", "Bot 2", "奥黛特卫兵", "机器人 1", "托马斯牧师", "Guard Odette", "Priest Tomas"]
    got = wrap(text, cols, keep=keep)
    assert all(cell_len(x) <= cols for x in got)
    if "×4" in text:  # the number of copies stays with the card name
        assert not any(x.startswith("×") for x in got)
    else:
        assert got == lines


def test_wrap_hangs_and_cuts_only_what_cannot_fit():
    assert wrap("aaa bbb ccc", 7, first="1) ") == ["1) aaa", "   bbb", "   ccc"]
    assert wrap("/a/very/long/path/name", 8) == ["/a/very/", "long/pat", "h/name"]
