"""Hot-seat: several people at one terminal. The screen shown to one never holds another's hand."""

from __future__ import annotations

import json
import re

from tui_driver import Terminal, allowed_options, last_screen

from loveletter.engine import replay
from loveletter.i18n import Translator

PASS = re.compile(r"Pass the terminal to Player (\d+)\.")


def _hand_line(game, seat: int, t: Translator) -> str:
    cards = ", ".join(f"{t.card(c, game.edition.name)} ({game.values[c]})" for c in game.hands[seat])
    return f"Your hand: {cards}"


def test_the_screen_shown_to_one_person_never_holds_another_ones_hand(tmp_path):
    save = tmp_path / "hotseat.json"
    t = Translator("en")
    term = Terminal("play", "--fast", "--lang", "en", "--seats", "human,random,human", "--seed", "5",
                    "--options", "tokensToWin=3", "--save", str(save), size=(100, 40))
    at_screen = 0  # the first person sees the screen first
    handovers = decisions = 0
    segment_start = 0  # where the current person's part of the output starts
    for _ in range(120):
        try:
            shown, keys = term.prompt(timeout=30)
        except AssertionError:
            break
        if (m := PASS.search(shown)) is not None:
            nxt = int(m.group(1))
            assert nxt != at_screen
            screen = last_screen(shown)
            assert screen.strip().startswith("Pass the terminal to"), screen  # a cleared screen, nothing else
            assert "Your hand" not in screen and "Hand" not in screen.replace("Pass the terminal", "")
            # the screen and its scrollback were cleared just before the pass screen
            at = term.raw.rfind(b"Pass the terminal")
            assert b"\x1b[2J\x1b[3J" in term.raw[max(0, at - 40):at]
            handovers += 1
            at_screen = nxt
            segment_start = term.mark
            term.send("")
            continue
        if any(k.isdigit() for k in keys.split("/")):
            game = replay(json.loads(save.read_text(encoding="utf-8")))
            assert game.to_move == at_screen
            mine = _hand_line(game, at_screen, t)
            other = 2 - at_screen
            theirs = _hand_line(game, other, t)
            segment = term.buffer[segment_start:term.mark]
            assert mine in last_screen(shown).split("\n")
            if theirs != mine and game.hands[other]:
                assert theirs not in segment.split("\n"), f"seat {other}'s hand shown to seat {at_screen}"
            decisions += 1
            term.send(allowed_options(shown)[0])
        else:
            term.send("")
    term.send("q")
    term.wait()
    assert handovers >= 3 and decisions >= 6


def test_hot_seat_is_saved_and_resumed_with_its_people(tmp_path):
    save = tmp_path / "hs.json"
    term = Terminal("play", "--fast", "--lang", "fr", "--seats", "human,human", "--seed", "2",
                    "--save", str(save))
    term.prompt()
    term.send("q")
    assert term.wait() == 0
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["seats"] == ["human", "human"]
    assert data["terminal"]["humans"] == [0, 1] and data["terminal"]["lang"] == "fr"
    term = Terminal("play", "--resume", str(save), "--fast")  # no --lang: the saved French
    shown, _ = term.prompt()
    assert "Partie à plusieurs sur un seul terminal" in term.buffer
    term.send("q")
    assert term.wait() == 0
