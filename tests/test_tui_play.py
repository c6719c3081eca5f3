"""The terminal game: knowledge, input forms, confirmations, saves and replays, the game-over summary."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest
from tui_driver import ROOT, Terminal, allowed_options, last_screen, play_to_end

from loveletter.engine import Game, Play, knowledge_of, replay
from loveletter.i18n import LANGS, Translator
from loveletter.narrate import REFUSAL_CODES
from loveletter.tui.console import Console, normalize
from loveletter.tui.session import Session

CLASSIC = ["guard"] * 5 + ["priest"] * 2 + ["baron"] * 2 + ["handmaid"] * 2 + ["prince"] * 2 + ["king", "countess",
                                                                                                  "princess"]


def _save_round(path, deck, first, decisions, seats=("human", "random"), lang=None) -> None:
    record = {
        "format": "loveletter-record", "formatVersion": 1, "edition": "classic", "players": len(seats),
        "profile": "bga", "options": {}, "seats": list(seats), "startTokens": [0] * len(seats), "seed": 1,
        "rounds": [{"firstPlayer": first, "firstPlayerGiven": True, "shuffled": False, "deck": deck,
                    "decisions": decisions}],
    }
    if lang:
        record["terminal"] = {"version": 2, "humanSeat": 0, "humans": [0], "lang": lang}
    path.write_text(json.dumps(record), encoding="utf-8")


def _screen(game: Game, seat: int, lang: str = "en") -> str:
    out = io.StringIO()
    console = Console(io.StringIO(), out, fast=True, size=(400, None))  # one line per sentence
    session = Session(game, seat, Translator(lang, strict=True), console, None, 0)
    session.show_screen()
    return out.getvalue()


def test_what_you_know_is_what_is_known_now():
    # 2 players; the person (seat 0) plays the Priest on seat 1 and sees its card.
    deck = ["guard", "guard", "guard", "priest", "priest", "king", "baron"] + ["guard", "guard", "baron", "handmaid",
                                                                              "handmaid", "prince", "prince",
                                                                              "countess", "princess"]
    g = Game("classic", 2, seats=["human", "random"])
    g.start_round(deck=deck, first_player=0)
    g.apply(Play("priest", (1,)))
    g.apply(g.legal_decisions()[0])  # seat 1 (King) plays
    view = g.view(0)
    k = knowledge_of(view)
    text = _screen(g, 0)
    known = text.split("What you know:")[1].split("This round:")[0]
    for seat, cards in k.holds.items():
        for c in cards:
            assert f"Bot {seat} holds" in known and Translator("en").card(c, "classic") in known
    # "Not yet seen" counts from the knowledge, not from the raw baseline
    unseen = re.search(r"Not yet seen by you: (.*)", text).group(1)
    assert view.unseen_counts() != dict(k.unseen) or not k.holds
    for card, n in k.unseen.items():
        if n:
            assert f"{Translator('en').card(card, 'classic')} ×{n}" in unseen


def test_what_you_know_says_who_knows_your_card():
    # seat 1 plays the Priest on the person (seat 0): seat 1 knows the person's card
    deck = ["guard", "guard", "guard", "priest", "baron", "priest", "king"] + ["guard", "guard", "baron", "handmaid",
                                                                              "handmaid", "prince", "prince",
                                                                              "countess", "princess"]
    g = Game("classic", 2, seats=["human", "random"])
    g.start_round(deck=deck, first_player=1)
    g.apply(Play("priest", (0,)))
    text = _screen(g, 0, "es")
    assert "Bot 1 sabe que tienes Barón Talus (3)." in text


def test_every_runner_and_engine_refusal_has_a_sentence():
    from loveletter.engine.errors import ERROR_CODES
    from loveletter.table import RUNNER_CODES

    assert ERROR_CODES | RUNNER_CODES <= REFUSAL_CODES


@pytest.mark.parametrize("typed,expected", [("１", "1"), ("？", "?"), ("Ｑ", "q"), (" ２ ", "2"), ("ｎ", "n")])
def test_full_width_answers(typed, expected):
    assert normalize(typed) == expected


def test_full_width_digits_and_question_mark_in_a_game(tmp_path):
    deck = ["guard", "guard", "guard", "priest", "baron", "handmaid", "priest"] + CLASSIC[:0] + [
        "guard", "guard", "baron", "handmaid", "prince", "prince", "king", "countess", "princess"]
    save = tmp_path / "fw.json"
    _save_round(save, deck, 0, [])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "zh")
    shown, _ = term.prompt()
    term.send("？")
    shown, _ = term.prompt()
    t = Translator("zh")
    assert t.template("Card reference: {edition}, {count} player", None, "Card reference: {edition}, {count} players",
                      2).split("{")[0] in last_screen(shown)
    priest = next(k for k in allowed_options(shown) if "托马斯牧师" in [x for x in last_screen(shown).split("\n")
                                                                      if x.strip().startswith(f"{k})")][0])
    term.send(chr(ord("０") + int(priest)))  # the full-width digit
    shown, _ = term.prompt()
    assert "不是可选项" not in shown
    term.send("q")
    assert term.wait() == 0
    assert _record(save)["rounds"][0]["decisions"][0] == "priest@1"


def _record(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_playing_the_princess_asks_first(tmp_path):
    # the person holds the Princess and draws the Guard
    deck = ["guard", "guard", "guard", "priest", "princess", "baron", "guard"] + [
        "guard", "priest", "baron", "handmaid", "handmaid", "prince", "prince", "king", "countess"]
    save = tmp_path / "princess.json"
    _save_round(save, deck, 0, [])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "en")
    shown, _ = term.prompt()
    key = next(k for k in allowed_options(shown)
               if any(line.strip().startswith(f"{k}) Princess Annette") for line in shown.split("\n")))
    term.send(key)
    shown, keys = term.prompt()
    assert "Princess Annette: this choice knocks you out of the round. Go ahead?" in shown
    assert keys == "1/2/?/l/q"
    term.send("2")  # no: back to the card choice
    shown, _ = term.prompt()
    assert "Choose a card to play:" in last_screen(shown)
    term.send(key)
    term.prompt()
    term.send("1")
    term.expect("You play Princess Annette.")
    term.expect("You are out of the round.")
    term.prompt()
    term.send("q")
    assert term.wait() == 0
    assert _record(save)["rounds"][0]["decisions"][0] == "princess"


def test_a_safe_play_is_not_questioned(tmp_path):
    deck = ["guard", "guard", "guard", "priest", "princess", "baron", "handmaid"] + [
        "guard", "guard", "priest", "baron", "handmaid", "prince", "prince", "king", "countess"]
    save = tmp_path / "safe.json"
    _save_round(save, deck, 0, [])
    term = Terminal("play", "--resume", str(save), "--fast", "--lang", "en")
    shown, _ = term.prompt()
    key = next(k for k in allowed_options(shown)
               if any(line.strip().startswith(f"{k}) Handmaid") for line in shown.split("\n")))
    term.send(key)
    term.expect("You play Handmaid Susannah.")
    shown, _ = term.prompt()
    assert "knocks you out" not in shown
    term.send("q")
    assert term.wait() == 0


def test_resume_alone_continues_the_last_game_in_its_language(tmp_path):
    env = {"HOME": str(tmp_path)}
    term = Terminal("play", "--fast", "--lang", "es", "--seed", "3", env=env)
    term.prompt()
    term.send("q")
    assert term.wait() == 0
    saved = tmp_path / ".loveletter" / "last-game.json"
    assert _record(saved)["terminal"]["lang"] == "es"
    term = Terminal("play", "--resume", "--fast", env=env)  # no file, no --lang
    shown, _ = term.prompt()
    assert "Tu mano:" in shown
    term.send("q")
    assert term.wait() == 0


def test_a_new_game_over_an_unfinished_one_asks(tmp_path):
    env = {"HOME": str(tmp_path)}
    term = Terminal("play", "--fast", "--lang", "en", "--seed", "3", env=env)
    term.prompt()
    term.send("q")
    assert term.wait() == 0
    term = Terminal("play", "--fast", "--lang", "en", "--seed", "4", env=env)
    shown, keys = term.prompt()
    assert "An unfinished game is saved in" in shown and keys == "1/2/q"
    term.send("1")  # continue it
    shown, _ = term.prompt()
    assert "Your hand:" in shown
    term.send("q")
    assert term.wait() == 0
    assert _record(tmp_path / ".loveletter" / "last-game.json")["seed"] == 3


def test_scripts_play_keeps_relative_paths(tmp_path):
    term = Terminal("--fast", "--lang", "en", "--seed", "2", "--save", "mine.json", cwd=tmp_path,
                    command=[str(ROOT / "scripts" / "play")], env={"HOME": str(tmp_path)})
    term.prompt()
    term.send("q")
    assert term.wait() == 0
    assert (tmp_path / "mine.json").exists()
    term = Terminal("--resume", "mine.json", "--fast", cwd=tmp_path, command=[str(ROOT / "scripts" / "play")],
                    env={"HOME": str(tmp_path)})
    shown, _ = term.prompt()
    assert "Your hand:" in shown
    term.send("q")
    assert term.wait() == 0


def _replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "loveletter.cli", "replay", *args, "--all"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60, env={**os.environ, "COLUMNS": "300"})


def test_replay_of_an_unfinished_game_shows_one_seat(tmp_path):
    deck = ["guard", "guard", "guard", "priest", "princess", "baron", "handmaid"] + [
        "guard", "guard", "priest", "baron", "handmaid", "prince", "prince", "king", "countess"]
    save = tmp_path / "open.json"
    _save_round(save, deck, 0, ["handmaid"], lang="en")
    seat_view = _replay(str(save))
    assert seat_view.returncode == 0, seat_view.stderr
    assert "This game is not over: it is shown as Player 0 sees it (--reveal shows every hand)." in seat_view.stdout
    assert "Hands:" not in seat_view.stdout and "Set-aside card" not in seat_view.stdout
    assert "Your hand: Princess Annette (8)" in seat_view.stdout
    assert "Baron Talus" not in seat_view.stdout  # seat 1's hand
    revealed = _replay(str(save), "--reveal")
    assert "Warning: this game is not over, and --reveal shows every hand and the set-aside card." in revealed.stdout
    assert "Hands:" in revealed.stdout and "Baron Talus" in revealed.stdout
    other = _replay(str(save), "--seat", "1")
    assert "Your hand: Baron Talus (3)" in other.stdout and "Princess Annette (8)" not in other.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_game_over_summary(tmp_path, lang):
    save = tmp_path / "g.json"
    term = Terminal("play", "--fast", "--lang", lang, "--seed", "6", "--options", "tokensToWin=2",
                    "--save", str(save))
    out = play_to_end(term)
    assert term.wait() == 0
    t = Translator(lang, strict=True)
    game = replay(_record(save))
    rounds = game.round_no
    summary = out.rsplit("\f", 1)[-1]
    title = t.ngettext("The game in {count} round", "The game in {count} rounds", rounds)
    assert title in summary
    assert t("Game over") in summary
    round_lines = [line for line in summary.split("\n") if line.startswith("  ")]
    assert len(round_lines) >= rounds  # one line (or more, wrapped) per round
    assert t("Tokens (goal {goal}): {list}", goal=2, list="").strip() in summary
