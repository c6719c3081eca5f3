"""The narration: which sentence tells an event (describe), and its wording in five languages (render)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import EDITION_PLAYERS

from loveletter.engine import Event, Game
from loveletter.i18n import LANGS, Translator
from loveletter.narrate import (
    EVENT_KINDS,
    REFUSAL_CODES,
    Card,
    Items,
    Message,
    Names,
    Narrator,
    Number,
    Phrase,
    Seat,
    Value,
    Verbatim,
    describe,
    describe_refusal,
    describe_round_end,
    jester_line,
    join,
    mandate_line,
    msg,
    nmsg,
    reference,
    render,
    spies_line,
    tokens_line,
)

NB = "\u00a0"  # French: before : ; ! ?


def _names(t: Translator, players: int, edition: str = "premium") -> Names:
    return Names(tuple(t("You") if s == 0 else t("Bot {n}", n=s) for s in range(players)), edition)


def _say(lang: str, message: Message | None) -> str:
    t = Translator(lang, strict=True)
    assert message is not None
    return render(message, t, _names(t, 5))


def _event(**fields: Any) -> dict[str, Any]:
    return fields


# (what it shows, the message for reader 0 at a 5-player premium table, en, es, fr, nl, zh)
SAMPLES = [
    ("you", describe(_event(kind="draw", seat=0, **{"from": "deck"}, reason="turn", card="handmaid"), 0),
     "You draw Handmaid Susannah.", "Robas Sierva Susana.", "Vous piochez Servante Susannah.",
     "Je trekt Kamermeisje Susannah.", "你抽到苏珊娜侍女。"),
    ("another player", describe(_event(kind="draw", seat=1, **{"from": "deck"}, reason="turn"), 0),
     "Bot 1 draws a card.", "Bot 1 roba una carta.", "Bot 1 pioche une carte.", "Bot 1 trekt een kaart.",
     "机器人 1 抽了一张牌。"),
    ("another player sees you", describe(_event(kind="see", seat=1, target=0), 0),
     "Bot 1 sees your card.", "Bot 1 ve tu carta.", "Bot 1 voit votre carte.", "Bot 1 ziet jouw kaart.",
     "机器人 1 看到了你的牌。"),
    ("you play first", describe(_event(kind="round_start", round=2, firstPlayer=0, faceUp=[]), 0),
     "Round 2 begins; you play first.", "Empieza la ronda 2; juegas tú primero.",
     f"La manche 2 commence{NB}; vous jouez en premier.", "Ronde 2 begint; jij speelt als eerste.",
     "第 2 轮开始；你先手。"),
    ("plural, 1", describe(_event(kind="chancellor_draw", seat=2, count=1), 0),
     "Chancellor: Bot 2 draws 1 card.", "Canciller: Bot 2 roba 1 carta.", f"Chancelier{NB}: Bot 2 pioche 1 carte.",
     "Kanselier: Bot 2 trekt 1 kaart.", "总理：机器人 2 抽了 1 张牌。"),
    ("plural, 2", describe(_event(kind="chancellor_draw", seat=2, count=2), 0),
     "Chancellor: Bot 2 draws 2 cards.", "Canciller: Bot 2 roba 2 cartas.",
     f"Chancelier{NB}: Bot 2 pioche 2 cartes.", "Kanselier: Bot 2 trekt 2 kaarten.", "总理：机器人 2 抽了 2 张牌。"),
    ("list of 2", describe(_event(kind="play", seat=0, card="baroness", targets=[1, 2], result="lookedAt"), 0),
     "You play Baroness Fiona on Bot 1 and Bot 2.", "Juegas Baronesa Fiona sobre Bot 1 y Bot 2.",
     "Vous jouez Baronne Fiona sur Bot 1 et Bot 2.", "Je speelt Barones Fiona op Bot 1 en Bot 2.",
     "你对机器人 1 和机器人 2 打出菲奥娜女男爵。"),
    ("list of 3, you in it", describe(_event(kind="game_end", winners=[0, 1, 2], reason="goal"), 0),
     "Game over! Winners: you, Bot 1, and Bot 2.", "¡Fin de la partida! Ganadores: tú, Bot 1 y Bot 2.",
     f"Fin de la partie{NB}! Vainqueurs{NB}: vous, Bot 1 et Bot 2.",
     "Einde van het spel! Winnaars: jij, Bot 1 en Bot 2.",
     "游戏结束！获胜者：你、机器人 1 和机器人 2。"),
    ("a list with yourself",
     describe(_event(kind="play", seat=1, card="cardinal", targets=[1, 0], result="swapped"), 0),
     "Bot 1 plays Cardinal Vesper on themselves and you.", "Bot 1 juega Cardenal Vesper sobre sí mismo y ti.",
     "Bot 1 joue Cardinal Vesper sur lui-même et vous.", "Bot 1 speelt Kardinaal Vesper op zichzelf en jou.",
     "机器人 1 对自己和你打出维斯珀红衣主教。"),
    ("self-target", describe(_event(kind="play", seat=1, card="prince", targets=[1], result="discarded"), 0),
     "Bot 1 plays Prince Arnaud on themselves.", "Bot 1 juega Príncipe Arnaud sobre sí mismo.",
     "Bot 1 joue Prince Arnaud sur lui-même.", "Bot 1 speelt Prins Arnaud op zichzelf.",
     "机器人 1 对自己打出阿诺王子。"),
    ("self-target, you", describe(_event(kind="play", seat=0, card="prince", targets=[0], result="discarded"), 0),
     "You play Prince Arnaud on yourself.", "Juegas Príncipe Arnaud sobre ti mismo.",
     "Vous jouez Prince Arnaud sur vous-même.", "Je speelt Prins Arnaud op jezelf.", "你对自己打出阿诺王子。"),
    ("a guess at you", describe(_event(kind="play", seat=1, card="guard", targets=[0], guess=5, result="miss"), 0),
     "Bot 1 plays Guard Odette on you and names 5 (Prince Arnaud or Count Guntram). Wrong guess.",
     "Bot 1 juega Guardia Odette sobre ti y nombra el 5 (Príncipe Arnaud o Conde Guntram). Fallo.",
     "Bot 1 joue Garde Odette sur vous et annonce 5 (Prince Arnaud ou Comte Guntram). Raté.",
     "Bot 1 speelt Wachter Odette op jou en noemt 5 (Prins Arnaud of Graaf Guntram). Fout geraden.",
     "机器人 1 对你打出奥黛特卫兵，猜 5（阿诺王子或冈特拉姆伯爵）。没猜中。"),
    ("who won a comparison", describe(_event(kind="compare", seat=1, target=0, result=1), 0),
     "Bot 1 compares hands with you and loses.", "Bot 1 compara su mano con la tuya y pierde.",
     "Bot 1 compare sa main avec la vôtre et perd.", "Bot 1 vergelijkt zijn hand met die van jou en verliest.",
     "机器人 1 与你比较手牌，对方输了。"),
    ("protected until their next turn",
     describe(_event(kind="play", seat=1, card="handmaid", targets=[], result="protected"), 0),
     "Bot 1 plays Handmaid Susannah. Bot 1 is protected until their next turn.",
     "Bot 1 juega Sierva Susana. Bot 1 está protegido hasta su próximo turno.",
     "Bot 1 joue Servante Susannah. Bot 1 est protégé jusqu'à son prochain tour.",
     "Bot 1 speelt Kamermeisje Susannah. Bot 1 is beschermd tot zijn volgende beurt.",
     "机器人 1 打出苏珊娜侍女。机器人 1 受到保护，直到其下个回合开始。"),
    ("you win", describe(_event(kind="game_end", winners=[0], reason="goal"), 0),
     "Game over! You win.", "¡Fin de la partida! ¡Has ganado!", f"Fin de la partie{NB}! Vous avez gagné{NB}!",
     "Einde van het spel! Je hebt gewonnen!", "游戏结束！你赢了！"),
    ("a refusal with a card and a seat", describe_refusal("target_protected", {"card": "guard", "seat": 1}, 0),
     "Bot 1 is protected by the Handmaid until their next turn.",
     "Bot 1 está protegido por la Sierva hasta su próximo turno.",
     "Bot 1 est protégé par la Servante jusqu'à son prochain tour.",
     "Bot 1 wordt tot zijn volgende beurt beschermd door het Kamermeisje.",
     "机器人 1 受侍女保护，直到其下个回合开始。"),
    ("a mandate refusal", describe_refusal("target_mandated", {"card": "guard", "seat": 2}, 0),
     "Sycophant mandate: Guard Odette must choose Bot 2.", "Orden del Sicofante: Guardia Odette debe elegir a Bot 2.",
     f"Ordre du Sycophante{NB}: Garde Odette doit choisir Bot 2.",
     "Opdracht van de Vleier: Wachter Odette moet Bot 2 kiezen.",
     "谄媚者指定：奥黛特卫兵必须选择机器人 2。"),
    ("a refusal with a card", describe_refusal("target_self", {"card": "guard"}, 0),
     "You cannot choose yourself with Guard Odette.", "Con Guardia Odette no puedes elegirte a ti mismo.",
     "Avec Garde Odette, vous ne pouvez pas vous choisir vous-même.", "Met Wachter Odette kun je jezelf niet kiezen.",
     "使用奥黛特卫兵时不能选择你自己。"),
    ("a refusal with values", describe_refusal("invalid_guess", {"card": "guard", "values": [2, 3, 8]}, 0),
     "Guard Odette cannot name that value: name 2, 3, or 8.",
     "Con Guardia Odette no puedes nombrar ese valor: nombra 2, 3 u 8.",
     f"Garde Odette ne peut pas annoncer cette valeur{NB}: annoncez 2, 3 ou 8.",
     "Met Wachter Odette kun je die waarde niet noemen: noem 2, 3 of 8.", "奥黛特卫兵不能说这个点数：请说 2、3 或 8。"),
    ("tokens", tokens_line([1, 0, 2, 0, 0], 4),
     "Tokens (goal 4): You (1) · Bot 1 (0) · Bot 2 (2) · Bot 3 (0) · Bot 4 (0)",
     "Fichas (objetivo 4): Tú (1) · Bot 1 (0) · Bot 2 (2) · Bot 3 (0) · Bot 4 (0)",
     f"Jetons (objectif 4){NB}: Vous (1) · Bot 1 (0) · Bot 2 (2) · Bot 3 (0) · Bot 4 (0)",
     "Tokens (doel 4): Jij (1) · Bot 1 (0) · Bot 2 (2) · Bot 3 (0) · Bot 4 (0)",
     "标记（目标 4）：你（1） · 机器人 1（0） · 机器人 2（2） · 机器人 3（0） · 机器人 4（0）"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sample", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_sample_sentences(sample, lang):
    expected = dict(zip(LANGS, sample[2:], strict=True))[lang]
    assert _say(lang, sample[1]) == expected


@pytest.mark.parametrize("lang,items,style,expected", [
    ("en", ["A", "B"], "and", "A and B"), ("en", ["A", "B", "C"], "and", "A, B, and C"),
    ("es", ["Bot 1", "Isabel"], "and", "Bot 1 e Isabel"), ("es", ["Bot 1", "Hielo"], "and", "Bot 1 y Hielo"),
    ("es", ["7", "8"], "or", "7 u 8"), ("es", ["Ana", "Olga"], "or", "Ana u Olga"), ("es", ["A", "B"], "or", "A o B"),
    ("fr", ["A", "B", "C"], "and", "A, B et C"), ("nl", ["A", "B", "C"], "or", "A, B of C"),
    ("zh", ["甲", "乙", "丙"], "and", "甲、乙和丙"), ("zh", ["机器人 1", "你"], "and", "机器人 1 和你"),
    ("zh", ["甲", "乙", "丙"], "plain", "甲、乙、丙"), ("fr", ["A", "B"], "plain", "A, B"), ("en", [], "and", "–"),
])
def test_lists_are_joined_the_way_each_language_joins_them(lang, items, style, expected):
    assert join(lang, items, style) == expected


def test_message_json_round_trip():
    message = nmsg("Chancellor: {player} draws {count} card.", "Chancellor: {player} draws {count} cards.", 2,
                   player=Seat(1)).followed_by(msg("{a} {b} {c} {d} {e}", a=Card("guard"), b=Value(5), c=Number(3),
                                                   d=Verbatim("x.json"),
                                                   e=Items((Seat(0), Phrase(msg("you"))), "or")))
    data = message.to_json()
    assert data == json.loads(json.dumps(data))
    assert Message.from_json(json.loads(json.dumps(data))) == message
    assert data["count"] == 2 and data["args"] == {"player": {"seat": 1}}
    assert data["then"][0]["args"]["e"] == {"items": [{"seat": 0}, {"message": {"id": "you"}}], "style": "or"}
    assert Message.from_json({"id": "Round over."}) == msg("Round over.")


@pytest.mark.parametrize("bad", [
    [], {"id": 3}, {"id": "x", "args": {"a": {"seat": "1"}}}, {"id": "x", "args": {"a": {"seat": True}}},
    {"id": "x", "args": {"a": {"card": "guard", "seat": 1}}}, {"id": "x", "args": {"a": {"items": [], "style": "xor"}}},
    {"id": "x", "count": 2}, {"id": "x", "plural": "xs", "count": "2"}, {"id": "x", "extra": 1},
    {"id": "x", "then": {}},
])
def test_malformed_message_json_is_refused(bad):
    with pytest.raises(ValueError):
        Message.from_json(bad)


# ---------------------------------------------------------------------- random games
_CARD_FIELDS = ("card", "cards", "keep", "bottom", "faceUp")


def _cards_in(event: dict[str, Any]) -> set[str]:
    """Every card the event, as this reader sees it, holds (the showdown's cards too)."""
    out: set[str] = set()
    for key in _CARD_FIELDS:
        value = event.get(key)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, list | tuple):
            out.update(value)
    if event["kind"] == "play":
        out.add(event["card"])
    for row in (event.get("showdown") or {}).values():
        out.add(row["card"])
    return out


def _values_in(message: Message) -> set[int]:
    return {a.value for a in message.walk() if isinstance(a, Value)}


def _rounds(edition: str, players: int, games: int) -> Iterator[Game]:
    """Finished rounds of random games (the state at the end of each round)."""
    for seed in range(games):
        g = Game(edition, players, seed=seed, options={"tokensToWin": 2})
        rng = random.Random(seed)
        while not g.game_over:
            g.start_round()
            while not g.round_over:
                g.apply(rng.choice(g.legal_decisions()))
            yield g


KINDS_SEEN: set[str] = set()


@pytest.mark.parametrize("edition,players", EDITION_PLAYERS, ids=[f"{e}-{n}" for e, n in EDITION_PLAYERS])
def test_every_event_narrates_for_every_reader_in_every_language(edition, players):
    translators = [Translator(lang, strict=True) for lang in LANGS]
    # Distinct labels, so a reader's own name can be looked for: the reader is always "you", never a name.
    names = Names(tuple(f"Seat-{s}" for s in range(players)), edition)
    narrators = [Narrator(t, names) for t in translators]
    checked = 0
    for g in _rounds(edition, players, games=3 if players > 4 else 4):
        for reader in [*range(players), None]:
            for e in g.events:
                event = e.for_seat(reader)
                message = describe(event, reader)
                KINDS_SEEN.add(event["kind"])
                if message is None:
                    assert event["kind"] in ("draw", "receive"), event
                    continue
                assert message.cards() <= _cards_in(event), (reader, event, message)
                assert not _values_in(message) or _values_in(message) == {event.get("guess")}
                assert Message.from_json(json.loads(json.dumps(message.to_json()))) == message
                for n in narrators:
                    text = n.render(message)
                    assert text and "{" not in text
                    if reader is not None:
                        assert names.seats[reader] not in text, (n.lang, event, text)
                checked += 1
            view = g.view(reader if reader is not None else 0)
            lines = describe_round_end(view.round_result or {}, reader, tokens=view.tokens, goal=view.goal,
                                       jester=view.jester, spies=view.spies, alive=view.alive,
                                       game_winners=view.game_winners)
            assert lines
            for n in narrators:
                for line in lines:
                    text = n.render(line)
                    if reader is not None and not line.id.startswith("Tokens"):
                        assert names.seats[reader] not in text, (n.lang, text)
    assert checked > 100


def test_the_random_games_met_every_event_kind():
    if len(KINDS_SEEN) < 3:  # run alone
        for edition, players in EDITION_PLAYERS:
            for g in _rounds(edition, players, games=3):
                KINDS_SEEN.update(e.kind for e in g.events)
    assert KINDS_SEEN == set(EVENT_KINDS)


def test_hidden_cards_stay_hidden():
    look = Event("see", {"seat": 1, "target": 2}, {"card": "princess"}, (1,))
    for reader in (None, 0, 2):
        message = describe(look.for_seat(reader), reader)
        assert message is not None and message.cards() == set()
    assert describe(look.for_seat(1), 1).cards() == {"princess"}  # type: ignore[union-attr]
    trade = [Event("receive", {"seat": 0, "from": 1}, {"card": "king"}, (0,)),
             Event("receive", {"seat": 1, "from": 0}, {"card": "guard"}, (1,))]
    told = [describe(e.for_seat(0), 0) for e in trade]
    assert _say("en", told[0]) == "You receive King Arnaud IV from Bot 1." and told[1] is None
    spectator = [describe(e.for_seat(None), None) for e in trade]
    assert all(m is not None and m.cards() == set() and m.id == "{player} takes {target}'s card." for m in spectator)


# ---------------------------------------------------------------------- the rest of the table
ENGINE_CODES = ["card_not_in_hand", "countess_forced", "target_required", "target_self", "target_eliminated",
                "target_protected", "target_mandated", "invalid_target_count", "invalid_guess",
                "invalid_chancellor_choice", "not_your_turn", "wrong_decision_kind", "invalid_choice", "round_over",
                "game_over", "stale_version", "duplicate_command", "not_seated"]
PARAMS: dict[str, dict[str, Any]] = {
    "card_not_in_hand": {"card": "king"}, "countess_forced": {"card": "prince"}, "target_required": {"card": "priest"},
    "target_self": {"card": "baron"}, "target_eliminated": {"card": "guard", "seat": 2},
    "target_protected": {"card": "king", "seat": 3}, "target_mandated": {"card": "priest", "seat": 0},
    "invalid_target_count": {"card": "baroness"}, "invalid_guess": {"card": "bishop", "values": [2, 3, 4]},
    "not_your_turn": {"seat": 2}, "wrong_decision_kind": {"expected": "chancellor"}, "stale_version": {"version": 7},
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_has_its_own_sentence(lang):
    ids = set()
    for code in ENGINE_CODES:
        assert code in REFUSAL_CODES
        message = describe_refusal(code, PARAMS.get(code, {}), 0)
        text = _say(lang, message)
        ids.add(message.id)
        assert "{" not in text
        bare = _say(lang, describe_refusal(code, {}, 0))  # the params may be missing
        assert bare and "{" not in bare
    assert len(ids) == len(ENGINE_CODES)
    for expected in ("play", "chancellor", "bishop", "look"):
        assert _say(lang, describe_refusal("wrong_decision_kind", {"expected": expected}, 0))
    assert describe_refusal("no_such_code", {}, 0) == describe_refusal("invalid_choice", {}, 0)


def test_refusals_name_the_card_and_seat():
    assert _say("en", describe_refusal("target_mandated", {"card": "priest", "seat": 0}, 0)) == \
        "Sycophant mandate: Priest Tomas must choose you."
    assert _say("es", describe_refusal("not_your_turn", {"seat": 2}, 0)) == "No es tu turno: debe decidir Bot 2."
    assert _say("en", describe_refusal("countess_forced", {"card": "prince"}, 0)) == \
        "You must play Countess Wilhelmina: she is in your hand with Prince Arnaud."
    assert _say("fr", describe_refusal("invalid_target_count", {"card": "baroness"}, 0)) == \
        "Baronne Fiona choisit un ou deux autres joueurs."
    assert _say("zh", describe_refusal("stale_version", {"version": 7}, 0)) == \
        "游戏已经推进（当前版本 7）：请重新查看牌桌后再决定。"


@pytest.mark.parametrize("lang,reader,expected", [
    ("en", 0, "Sycophant mandate: the next card played must choose you."),
    ("en", 1, "Sycophant mandate: the next card played must choose You."),  # the label of seat 0, not a pronoun
    ("nl", 0, "Opdracht van de Vleier: de volgende gespeelde kaart moet jou kiezen."),
])
def test_table_state_lines_are_person_aware(lang, reader, expected):
    assert _say(lang, mandate_line(0, reader)) == expected


def test_jester_and_spy_lines():
    assert _say("en", jester_line(0, 2, 0)) == "You hold the Jester token (given by Bot 2)."
    assert _say("en", jester_line(1, 0, 0)) == "Bot 1 holds your Jester token."
    assert _say("es", jester_line(1, 2, 0)) == "Bot 1 tiene la ficha del Bufón (se la dio Bot 2)."
    assert _say("en", spies_line([0, 3], 0)) == "Spies played or discarded by you and Bot 3."
    assert _say("es", spies_line([0, 3], 0)) == "Espías jugadas o descartadas por ti y Bot 3."


def test_round_end_says_who_won_and_what_comes_next():
    result = {"reason": "deckEmpty", "winners": [1], "awards": {"1": 1, "2": 1},
              "showdown": {"0": {"card": "guard", "value": 1, "bonus": 0, "adjusted": 1, "discardSum": 4},
                           "1": {"card": "prince", "value": 5, "bonus": 1, "adjusted": 6, "discardSum": 9,
                                 "excludedByPrincess": False}},
              "nextFirstPlayer": 0}
    lines = [_say("en", m) for m in describe_round_end(result, 0, tokens=[0, 1, 1, 0, 0], goal=4, jester=(1, 2),
                                                       spies=(), alive=(True, True, False, False, False),
                                                       game_winners=())]
    assert lines == [
        "Round over: the deck is empty, so the players still in reveal their hands.",
        "You reveal Guard Odette (value 1); your discards add up to 4.",
        "Bot 1 reveals Prince Arnaud (value 5); their discards add up to 9. Count bonus: +1, for a value of 6.",
        "Bot 1 wins the round and gains a token.",
        "Bot 2 gains a bonus token: the holder of the Jester token won the round.",
        "Tokens (goal 4): You (0) · Bot 1 (1) · Bot 2 (1) · Bot 3 (0) · Bot 4 (0)",
        "Next round: you play first.",
    ]
    es = [_say("es", m) for m in describe_round_end({**result, "nextFirstPlayer": 1}, 0, tokens=[0, 1, 1, 0, 0],
                                                    goal=4, jester=None, spies=(), alive=(True,) * 5,
                                                    game_winners=())]
    assert es[-1] == "Próxima ronda: empieza Bot 1."


def test_the_reference_lists_every_card_of_the_deck():
    t = Translator("fr", strict=True)
    lines = [render(m, t, _names(t, 2, "classic")) for m in reference("classic", 2)]
    assert lines[0] == f"Aide-mémoire des cartes{NB}: classique (AEG 2012), 2 joueurs"
    assert len(lines) == 9 and lines[1].startswith(f"1  Garde Odette ×5{NB}: choisissez")


def test_narrate_is_pure():
    """It imports the engine, loveletter.i18n, Babel and the standard library, nothing else."""
    import ast
    import sys
    from pathlib import Path

    import loveletter.narrate as narrate

    allowed_ours = {"engine", "engine.editions", "i18n"}
    for path in Path(narrate.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                assert node.module in allowed_ours, (path.name, node.module)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                root = (node.module or "").split(".")[0]
                assert root in sys.stdlib_module_names or root == "babel", (path.name, node.module)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    root = alias.name.split(".")[0]
                    assert root in sys.stdlib_module_names or root == "babel", (path.name, alias.name)


def test_every_refusal_of_the_server_is_explained_in_its_own_words() -> None:
    pytest.importorskip("msgspec")
    from loveletter.narrate import describe_refusal
    from loveletter.server.protocol import SERVER_REFUSALS

    general = describe_refusal("no_such_code", {}, 0).id
    vague = sorted(c for c in SERVER_REFUSALS if describe_refusal(c, {}, 0).id == general)
    assert vague == []
    assert SERVER_REFUSALS <= REFUSAL_CODES
    ids = [describe_refusal(c, {}, 0).id for c in SERVER_REFUSALS]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("lang", LANGS)
def test_a_chat_refusal_says_the_servers_limit(lang: str) -> None:
    """The web chat panel shows these sentences (the refusal's ``say``), with the limits the server sent."""
    long = _say(lang, describe_refusal("chat_too_long", {"limit": 280, "length": 301}, 0))
    assert "280" in long and "{" not in long
    assert _say(lang, describe_refusal("chat_too_long", {}, 0)) != long  # no limit: said without a number
    for code in ("chat_empty", "chat_rate_limited", "not_watching"):
        assert "{" not in _say(lang, describe_refusal(code, {}, 0))
