"""The terminal game driven through a pseudo-terminal, as a person would play it."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from tui_driver import OPTION, ROOT, Terminal, allowed_options, last_screen, play_to_end

from loveletter.engine import replay
from loveletter.i18n import Translator

# (language, extra arguments): every edition and several table sizes and seats.
GAMES = [
    ("en", ["--seed", "1"]),
    ("es", ["--edition", "premium", "--players", "5", "--seed", "2"]),
    ("fr", ["--edition", "2019", "--bots", "heuristic,random", "--seed", "3", "--seat", "1"]),
    ("nl", ["--players", "4", "--seat", "2", "--seed", "4", "--profile", "bga-legacy"]),
    ("zh", ["--edition", "2019", "--seed", "5", "--profile", "official"]),
]


def _phrase(lang: str, msgid: str) -> str:
    """The fixed beginning of a translated message (up to its first field)."""
    return Translator(lang, strict=True)(msgid).split("{")[0].strip()


def _game_over(lang: str) -> tuple[str, str]:
    """How the end of the game begins in ``lang``: at a round's end, or at once (a token gained mid-turn)."""
    t = Translator(lang, strict=True)
    return (re.split("[!！]", t("Game over! {player} wins."))[0].strip(),
            t.template("The game ends at once: {player} reaches the goal of {count} token.", None,
                       "The game ends at once: {player} reaches the goal of {count} tokens.", 2).split("{")[0].strip())


def _record(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang,args", GAMES, ids=[g[0] for g in GAMES])
def test_full_game_against_bots_in_each_language(tmp_path, lang, args):
    save = tmp_path / "game.json"
    term = Terminal("play", "--fast", "--lang", lang, "--options", "tokensToWin=2", "--save", str(save), *args)
    out = play_to_end(term)
    assert term.wait() == 0
    assert "Traceback" not in out
    assert any(phrase in out for phrase in _game_over(lang))
    assert _phrase(lang, "Choose a card to play:") in out
    assert _phrase(lang, "Your hand: {cards}") in out
    game = replay(_record(save))
    assert game.game_over and max(game.tokens) >= 2


def test_language_from_the_locale(tmp_path):
    term = Terminal("play", "--fast", "--seed", "1", "--save", str(tmp_path / "g.json"),
                    env={"LANG": "nl_NL.UTF-8"})
    shown, _ = term.prompt()
    assert "Wachter Odette" in term.buffer or _phrase("nl", "Kies") in shown
    assert _phrase("nl", "Choose a card to play:") in shown
    term.send("q")
    assert term.wait() == 0
    assert "loveletter play --resume" in term.buffer


def _save_round(path, deck, first, decisions, seats=("human", "random")) -> None:
    record = {
        "format": "loveletter-record", "formatVersion": 1, "edition": "classic", "players": len(seats),
        "profile": "bga", "options": {}, "seats": list(seats), "startTokens": [0] * len(seats), "seed": 1,
        "rounds": [{"firstPlayer": first, "firstPlayerGiven": True, "shuffled": False, "deck": deck,
                    "decisions": decisions}],
    }
    path.write_text(json.dumps(record), encoding="utf-8")


def _key_for(shown: str, label: str) -> str:
    for line in shown.splitlines():
        m = OPTION.match(line)
        if m and label in m.group(3):
            return m.group(1)
    raise AssertionError(f"no option {label!r} in:\n{shown}")


def test_countess_forced_is_explained_and_played_without_asking(tmp_path):
    # Seat 0 (the person) holds the Countess and draws the King: the Countess is the only possible play.
    deck = ["guard", "guard", "guard", "priest", "countess", "baron", "king",
            "guard", "guard", "priest", "baron", "handmaid", "handmaid", "prince", "prince", "princess"]
    save = tmp_path / "countess.json"
    _save_round(save, deck, 0, [])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "en")
    shown, _ = term.prompt()
    assert "You must play Countess Wilhelmina: she is in your hand with King Arnaud IV." in shown
    assert "Only possible choice: Countess Wilhelmina (7)." in shown
    assert "You play Countess Wilhelmina." in shown
    assert "Choose a card to play:" not in shown  # not asked
    term.send("q")
    assert term.wait() == 0
    assert _record(save)["rounds"][0]["decisions"][0] == "countess"


def test_protected_target_is_explained_by_the_engine(tmp_path):
    # 3 players. Seat 1 plays the Handmaid, seat 2 the Priest on the person, who then holds Prince + Guard.
    deck = ["princess", "prince", "handmaid", "priest", "guard", "baron", "guard",
            "guard", "guard", "guard", "priest", "baron", "handmaid", "prince", "king", "countess"]
    save = tmp_path / "handmaid.json"
    _save_round(save, deck, 1, ["handmaid", "priest@0"], seats=("human", "random", "random"))
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "fr")
    shown, _ = term.prompt()
    assert "Servante Susannah" in shown  # the bot's discard pile, in French
    term.send(_key_for(shown, "Prince Arnaud"))
    shown, keys = term.prompt()
    assert keys.startswith("0/1/2/")
    assert re.search(r"1\) ✗ Bot 1 — protégé", last_screen(shown))
    term.send("1")  # the protected bot
    shown, _ = term.prompt()
    assert "Bot 1 est protégé par la Servante jusqu'à son prochain tour." in shown
    term.send("b")  # back to the card choice
    shown, _ = term.prompt()
    term.send("?")  # the card reference, then the same question again
    shown, _ = term.prompt()
    assert "Aide-mémoire des cartes" in shown and "Princesse Annette ×1" in shown
    term.send(_key_for(shown, "Prince Arnaud"))
    term.prompt()
    term.send("0")  # yourself: allowed
    term.expect("Vous jouez Prince Arnaud sur vous-même\\.")
    term.send("q")
    assert term.wait() == 0
    assert _record(save)["rounds"][0]["decisions"][:3] == ["handmaid", "priest@0", "prince@0"]


def test_an_only_target_is_taken_without_asking(tmp_path):
    # 2 players: seat 1 plays the Handmaid, so the person's Prince can only choose the person.
    deck = ["guard", "guard", "guard", "priest", "prince", "handmaid", "baron", "guard",
            "guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"]
    save = tmp_path / "only.json"
    _save_round(save, deck, 1, ["handmaid"])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "fr")
    shown, _ = term.prompt()
    term.send(_key_for(shown, "Prince Arnaud"))
    term.expect("Seul choix possible\u00a0: Vous\\.")
    term.expect("Vous jouez Prince Arnaud sur vous-même\\.")
    shown, _ = term.prompt()
    assert "Choisissez un joueur" not in shown
    term.send("q")
    assert term.wait() == 0
    assert _record(save)["rounds"][0]["decisions"][:2] == ["handmaid", "prince@0"]


@pytest.mark.parametrize("lang", ["es", "nl", "zh"])
def test_a_card_with_no_target_is_told_once(tmp_path, lang):
    # Seat 1 plays the Handmaid; the person's Guard then has nobody to choose.
    deck = ["guard", "guard", "guard", "priest", "prince", "handmaid", "baron", "guard",
            "guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"]
    save = tmp_path / "alone.json"
    _save_round(save, deck, 1, ["handmaid"])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", lang)
    shown, _ = term.prompt()
    t = Translator(lang, strict=True)
    term.send(_key_for(shown, t.card("guard", "classic")))
    shown, _ = term.prompt()
    term.send("q")
    assert term.wait() == 0
    no_effect = t("No player can be chosen: no effect.")
    assert term.buffer.count(no_effect) == 1, term.buffer
    assert term.buffer.count(re.split("[:：]", no_effect)[-1].strip(" .。")) == 1  # "no effect", said once
    assert _record(save)["rounds"][0]["decisions"][1] == "guard"


def test_guard_cannot_name_one(tmp_path):
    deck = ["guard", "guard", "guard", "priest", "guard", "baron", "priest",
            "guard", "baron", "handmaid", "handmaid", "prince", "prince", "king", "countess", "princess"]
    save = tmp_path / "guard.json"
    _save_round(save, deck, 0, [])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "es")
    shown, _ = term.prompt()
    term.send(_key_for(shown, "Guardia Odette"))
    term.prompt()
    term.send("1")
    shown, keys = term.prompt()
    assert keys.startswith("2/3/")
    term.send("1")
    shown, _ = term.prompt()
    assert "Con Guardia Odette no puedes nombrar ese valor: nombra 2, 3, 4, 5, 6, 7 u 8." in shown
    term.send("q")
    assert term.wait() == 0


def test_quit_then_resume_to_the_end(tmp_path):
    save = tmp_path / "resume.json"
    term = Terminal("play", "--fast", "--lang", "en", "--seed", "11", "--options", "tokensToWin=3",
                    "--save", str(save))
    for _ in range(3):  # make a few real choices, then quit
        shown, keys = term.prompt()
        if keys == "⏎":
            term.send("")
            continue
        term.send(allowed_options(shown)[0])
    term.prompt()
    term.send("q")
    assert term.wait() == 0
    assert f"loveletter play --resume {save}" in term.buffer
    before = _record(save)
    assert not replay(before).game_over
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "en")
    out = play_to_end(term)
    assert term.wait() == 0
    assert re.search(r"Game over! (You win|Bot 1 wins)\.", out) or "The game ends at once" in out
    after = _record(save)
    assert replay(after).game_over
    done = [d for r in before["rounds"] for d in r["decisions"]]
    assert [d for r in after["rounds"] for d in r["decisions"]][:len(done)] == done


def test_replay_steps_and_prints_all(tmp_path):
    save = tmp_path / "done.json"
    term = Terminal("play", "--fast", "--lang", "en", "--seed", "8", "--options", "tokensToWin=1",
                    "--save", str(save))
    play_to_end(term)
    assert term.wait() == 0
    result = subprocess.run([sys.executable, "-m", "loveletter.cli", "replay", str(save), "--all", "--lang", "zh"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "手牌：" in result.stdout and "游戏结束！" in result.stdout
    term = Terminal("replay", str(save), "--lang", "en")
    term.expect("Hands: ")
    shown, keys = term.prompt()
    assert keys == "⏎/q"
    term.send("")
    shown, _ = term.prompt()
    assert "Hands: " in shown
    term.send("q")
    assert term.wait() == 0


@pytest.mark.parametrize("args", [
    ["play", "--edition", "chess"],
    ["play", "--lang", "xx"],
    ["play", "--bots", "nosuchbot"],
    ["play", "--players", "3", "--bots", "random,random,random"],
    ["play", "--seat", "5"],
    ["play", "--options", "tokensToWin=0"],
    ["play", "--profile", "nope"],
    ["play", "--resume", "/nonexistent/game.json"],
    ["replay", "/nonexistent/game.json"],
    ["replay", "pyproject.toml"],
])
def test_bad_input_is_one_line(args, tmp_path):
    result = subprocess.run([sys.executable, "-m", "loveletter.cli", *args, "--save", str(tmp_path / "x.json")]
                            if args[0] == "play" else [sys.executable, "-m", "loveletter.cli", *args],
                            capture_output=True, text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
