"""The web client end to end: real server, real Chromium (see conftest.py)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

LANGS = ["en", "es", "fr", "nl", "zh"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
FIELD = re.compile(r"\{[a-z_]+\}")


def person(browser: Any, server: str, name: str, lang: str = "en", viewport: dict[str, int] = DESKTOP) -> tuple:
    ctx = browser.new_context(viewport=viewport, locale=lang, base_url=server)
    ctx.add_init_script(f"localStorage.setItem('loveletter.lang', '{lang}')")
    page = ctx.new_page()
    page.set_default_timeout(60000)
    page.goto("/")
    save_name(page, name)
    return ctx, page


def save_name(page: Any, name: str) -> None:
    page.fill("input[name=name]", name)
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(f".top .who:text-is('{name}')")


def shot(page: Any, path: Path, full_page: bool) -> None:
    """A screenshot of the page, checked to be a PNG of the page's width."""
    page.screenshot(path=str(path), full_page=full_page)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    assert int.from_bytes(data[16:20], "big") == page.viewport_size["width"], path


def frames_of(page: Any) -> list[dict[str, Any]]:
    """Every WebSocket frame the page receives from now on (parsed)."""
    got: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: got.append(json.loads(payload))))
    return got


def sent_of(page: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: got.append(json.loads(payload))))
    return got


def step(page: Any, on_pass: Any = None) -> bool:
    """Do one thing the page asks for (close a dialog, pass the device, pick the first legal choice)."""
    # a click can meet a button that a new frame just re-rendered: then it is tried again next time
    close = page.locator("button[data-action=close-dialog]")
    if close.count():
        return _click(close.first)
    ready = page.locator("button[data-action=ready]")
    if ready.count():
        if on_pass:
            on_pass(page)
        return _click(ready.first)
    choice = page.locator(".prompt button.choice:not([aria-disabled=true]):not([data-choice=cancel])")
    if choice.count() and not page.locator(".prompt[aria-busy=true]").count():
        return _click(choice.first)
    return False


def _click(locator: Any) -> bool:
    try:
        locator.click(timeout=2000)
    except Exception:  # detached or replaced under the click: the caller tries again
        return False
    return True


def game_over(page: Any) -> bool:
    return page.locator("[role=dialog] button[data-action=rematch], [role=dialog] a[href$='/replay']").count() > 0


def play_to_the_end(pages: list[Any], seconds: float = 240, on_pass: Any = None) -> None:
    deadline = time.monotonic() + seconds
    while not all(game_over(p) for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not any(step(p, on_pass) for p in pages):
            pages[0].wait_for_timeout(150)


def no_horizontal_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"{page.url}: {width}px wide in a {inner}px window"


def missing_messages(page: Any) -> list[str]:
    return page.evaluate("window.__loveletter.missing")


def quick_game(page: Any) -> str:
    """Start a quick game and wait for our first decision; returns the table's address."""
    page.goto("/")
    page.click("button[data-action=quick]")
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    page.wait_for_selector(".hand .card")
    our_turn(page)
    return page.url


def our_turn(page: Any, seconds: float = 60) -> None:
    """Wait until the page asks us to decide, closing the round-over dialogs on the way (the bot may
    end a round on its first turn, with a Baron or a Guard)."""
    deadline = time.monotonic() + seconds
    while not page.locator(".prompt:visible").count():
        assert time.monotonic() < deadline, "no prompt in time"
        close = page.locator("button[data-action=close-dialog]")
        if not (close.count() and _click(close.first)):
            page.wait_for_timeout(150)


# ---------------------------------------------------------------------- the tests
def test_two_people_and_a_bot_play_a_full_game_and_a_spectator_sees_no_hidden_card(browser, server):
    _, ada = person(browser, server, "Ada")
    ada.select_option("#edition", "classic")
    ada.select_option("#players", "3")
    ada.select_option(".seat-row[data-seat='1'] select", "open")
    ada.select_option(".seat-row[data-seat='2'] select", "bot")
    ada.select_option(".seat-row[data-seat='2'] select >> nth=1", "easy")
    ada.click("details.options summary")
    ada.fill("#opt-goal", "2")
    ada.click("button[data-action=create]")
    ada.wait_for_url(re.compile(r"/t/"))
    invite = ada.input_value(".invite input")
    assert "invite=" in invite

    bea_ctx = browser.new_context(viewport=DESKTOP, base_url=server)
    bea = bea_ctx.new_page()
    bea.set_default_timeout(60000)
    bea.goto(invite)
    save_name(bea, "Bea")
    bea.click(".seat-list li[data-seat='1'] button")
    ada.wait_for_selector("button[data-action=start]:not([disabled])")

    _, cy = person(browser, server, "Cy")
    spectator_frames = frames_of(cy)
    cy.goto(invite + "&watch=1")
    ada.click("button[data-action=start]")
    ada.wait_for_selector(".game")
    bea.wait_for_selector(".game")
    cy.wait_for_selector(".game")

    play_to_the_end([ada, bea], on_pass=None)
    cy.wait_for_selector("[role=dialog]")
    for p in (ada, bea, cy):
        assert missing_messages(p) == []
    # the spectator: no hand on the page, and no hidden card in any frame it got
    assert cy.locator(".hand").count() == 0
    views = [f for f in spectator_frames if f.get("type") in ("state", "update") and f.get("view")]
    assert len(views) > 5
    for f in views:
        v = f["view"]
        assert v["hand"] == [] and v["seat"] is None and f.get("prompt") is None
        assert not ({"hands", "drawPile", "setAside"} & set(v)), sorted(v)
        for e in v["log"] + f.get("events", []):
            if e["kind"] in ("draw", "see", "receive"):
                assert "card" not in e, e
            if e["kind"] in ("chancellor_draw", "chancellor_return"):
                assert not ({"cards", "keep", "bottom"} & set(e)), e
    assert any(f["view"]["outcome"]["game"] for f in views)


def test_a_reload_mid_turn_restores_the_seat(browser, server):
    _, page = person(browser, server, "Dora")
    url = quick_game(page)
    hand = page.locator(".hand .card-name").all_inner_texts()
    page.reload()
    page.wait_for_selector(".hand .card")
    page.wait_for_selector(".prompt")
    assert page.url == url
    assert page.locator(".hand .card-name").all_inner_texts() == hand
    assert page.locator(".seat.me").count() == 1
    assert page.locator("[data-banner=lost]").count() == 0


def test_a_second_tab_cannot_play_twice(browser, server):
    ctx, first = person(browser, server, "Eli")
    sent = sent_of(first)
    url = quick_game(first)
    second = ctx.new_page()
    second.set_default_timeout(60000)
    got = frames_of(second)
    second.goto(url)
    second.wait_for_selector(".prompt")
    version = int(second.get_attribute(".game", "data-version"))
    while not [f for f in sent if f.get("type") == "decide"]:
        assert step(first) or True
        first.wait_for_timeout(100)
    decide = next(f for f in sent if f.get("type") == "decide")
    second.wait_for_function(f"Number(document.querySelector('.game').dataset.version) > {version}")
    # the same command again (a retry, or the other tab): acknowledged, never applied twice
    second.evaluate("f => window.__loveletter.conn().sendFrame(f)", decide)
    second.wait_for_function("true")
    deadline = time.monotonic() + 10
    while not any(f.get("type") in ("ack", "refused") and f.get("cmd") == decide["cmd"] for f in got):
        assert time.monotonic() < deadline
        second.wait_for_timeout(100)
    answer = next(f for f in got if f.get("type") in ("ack", "refused") and f.get("cmd") == decide["cmd"])
    assert answer["type"] == "ack" or answer["code"] == "duplicate_command", answer
    # the same decision under a new command id, made on the old version: refused, and said so
    again = {**decide, "cmd": "second-tab-" + decide["cmd"]}
    second.evaluate("f => window.__loveletter.conn().sendFrame(f)", again)
    second.wait_for_selector(".refusal")
    refused = next(f for f in got if f.get("cmd") == again["cmd"])
    assert refused["type"] == "refused" and refused["code"] in ("stale_version", "not_your_turn"), refused
    assert missing_messages(second) == []


def test_pass_and_play_hides_each_hand_from_the_next_person(browser, server):
    _, page = person(browser, server, "Fin")
    page.select_option("#edition", "classic")
    page.select_option("#players", "2")
    page.select_option(".seat-row[data-seat='1'] select", "human")
    page.click("details.options summary")
    page.fill("#opt-goal", "2")
    page.click("button[data-action=create]")
    page.wait_for_selector(".game, .pass")
    passes = []

    def check(p: Any) -> None:
        assert p.locator("[data-card]").count() == 0
        assert p.locator(".hand").count() == 0
        passes.append(p.inner_text(".pass h1"))

    play_to_the_end([page], seconds=180, on_pass=check)
    assert passes, "no pass screen in a whole game between two people on one device"
    assert all("(seat 1)" in x or "(seat 2)" in x for x in passes), passes


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_renders_a_table_with_no_untranslated_string(browser, server, lang):
    ctx, page = person(browser, server, "Gus" if lang != "zh" else "小明", lang=lang)
    quick_game(page)
    page.wait_for_selector(".game .seats")
    assert page.evaluate("document.documentElement.lang").startswith(lang)
    for path in (None, "/rules/premium", "/rules/2019", "/"):
        if path:
            page.goto(path)
            page.wait_for_selector("main h1")
        text = page.inner_text("body")
        assert not FIELD.search(text), FIELD.search(text)
        assert missing_messages(page) == [], missing_messages(page)
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_phone_shows_the_whole_table_without_horizontal_scrolling_and_screenshots(browser, server, screenshots,
                                                                                    lang):
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        ctx, page = person(browser, server, "Ada" if lang == "en" else "小红", lang=lang, viewport=viewport)
        page.goto("/")
        page.wait_for_selector(".lobby")
        no_horizontal_scroll(page)
        shot(page, screenshots / f"lobby-{label}-{lang}.png", full_page=label == "phone")
        quick_game(page)
        no_horizontal_scroll(page)
        shot(page, screenshots / f"table-{label}-{lang}.png", full_page=label == "phone")
        page.goto("/rules/classic")
        page.wait_for_selector(".rules")
        no_horizontal_scroll(page)
        ctx.close()


def test_chat_lines_arrive_as_text_and_survive_a_reload(browser, server):
    ctx, page = person(browser, server, "Chatty")
    quick_game(page)
    line = "<b>hi</b> & <img src=x onerror=alert(1)> 你好"
    page.fill("input[name=chat]", line)
    page.click("button[data-action=chat]")
    page.wait_for_selector(".chat-lines .chat-text")
    assert page.inner_text(".chat-lines .chat-text") == line
    assert page.locator(".chat-text *").count() == 0  # shown as text, never as markup
    assert page.input_value("input[name=chat]") == ""
    page.fill("input[name=chat]", "x" * 301)  # over the limit: not sent, and said why
    assert page.locator("button[data-action=chat]").is_disabled()
    assert "300" in page.inner_text(".chat .error")
    page.reload()
    page.wait_for_selector(".chat-lines .chat-text")
    assert page.inner_text(".chat-lines .chat-text") == line
    for i in range(6):  # 5 lines per 10 s: the server refuses the rest, and the page shows the refusal's say
        page.fill("input[name=chat]", f"line {i}")
        page.click("button[data-action=chat]")
    page.wait_for_selector(".chat .error[role=alert]")
    assert page.inner_text(".chat .error") == "Too many messages at once: wait a few seconds."
    ctx.close()
