"""The message catalogs (Babel): complete in every language, compiled, and used consistently."""

from __future__ import annotations

import re
import unicodedata

import pytest
from babel.messages.catalog import Catalog

from loveletter.i18n import LANGS, MissingMessage, Translator, detect_lang, typography
from loveletter.i18n.catalog import (
    KEYED_CONTEXTS,
    compile_catalog,
    entries,
    extract,
    keyed_messages,
    load_po,
    mo_messages,
    mo_path,
    po_messages,
    run,
)

FIELD = re.compile(r"\{(\w*)\}")
TEMPLATE = extract()


def _key(m) -> tuple:
    return (m.context, tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id)


def _texts(m) -> tuple[str, ...]:
    return tuple(m.string) if isinstance(m.string, (list, tuple)) else (m.string,)


def _messages(lang: str) -> list:
    return [m for m in load_po(lang) if m.id]


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_translation(lang):
    bad = [m.id for m in _messages(lang) if m.fuzzy or not all(s.strip() for s in _texts(m))]
    assert not bad, f"{lang}: empty or fuzzy translations for {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_used_is_in_the_catalog_and_none_unused(lang):
    used = {_key(m) for m in TEMPLATE if m.id}
    have = {_key(m) for m in _messages(lang)}
    assert not sorted(used - have, key=str), f"{lang}: missing {sorted(used - have, key=str)}"
    assert not sorted(have - used, key=str), f"{lang}: messages no longer used: {sorted(have - used, key=str)}"
    assert not load_po(lang).obsolete


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_fields(lang):
    for m in _messages(lang):
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        wanted = {f for i in ids for f in FIELD.findall(i)}
        for text in _texts(m):
            got = set(FIELD.findall(text))
            # A plural form may leave out the count ("a card" for 1), nothing else.
            assert got <= wanted and wanted - got <= ({"count"} if len(ids) > 1 else set()), (lang, m.id, text)


@pytest.mark.parametrize("lang", LANGS)
def test_plurals_follow_the_cldr_rule_of_the_language(lang):
    catalog = load_po(lang)
    assert catalog.plural_forms == Catalog(locale=lang).plural_forms
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert len(plurals) >= 5
    for m in plurals:
        assert len(m.string) == catalog.num_plurals, (lang, m.id)


@pytest.mark.parametrize("lang,n,one,many", [
    ("en", 1, "Goal: 1 token.", "Goal: 2 tokens."), ("fr", 1, "Objectif\u00a0: 1 jeton.", "Objectif\u00a0: 2 jetons."),
    ("fr", 0, "Objectif\u00a0: 0 jeton.", None),  # French: 0 is singular
    ("es", 1, "Objetivo: 1 ficha.", "Objetivo: 2 fichas."), ("nl", 1, "Doel: 1 token.", "Doel: 2 tokens."),
    ("zh", 1, "目标：1 枚标记。", "目标：2 枚标记。"),
])
def test_plural_forms_are_chosen_by_the_count(lang, n, one, many):
    t = Translator(lang, strict=True)
    assert t.ngettext("Goal: {count} token.", "Goal: {count} tokens.", n) == one
    if many:
        assert t.ngettext("Goal: {count} token.", "Goal: {count} tokens.", 2) == many


def test_the_interface_uses_many_messages():
    source = [m for m in TEMPLATE if m.id and m.context not in KEYED_CONTEXTS]
    assert len(source) > 150
    assert ("card", "dowager_queen") in keyed_messages() and ("card-2019", "chancellor") in keyed_messages()


def test_catalogs_are_up_to_date_with_the_sources():
    assert run(check=True) == [], "run: python -m loveletter.i18n"


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalogs_match_their_sources(lang):
    catalog = load_po(lang)
    shipped = mo_messages(mo_path(lang).read_bytes())
    assert shipped == po_messages(catalog) == mo_messages(compile_catalog(catalog))
    assert len(shipped) == len(entries(catalog)) + sum(len(m.string) - 1 for m in catalog if m.id and m.pluralizable)


def test_strict_mode_refuses_unknown_messages():
    t = Translator("es", strict=True)
    with pytest.raises(MissingMessage):
        t("no such message")
    with pytest.raises(MissingMessage):
        t.pgettext("card", "no such card")
    with pytest.raises(MissingMessage):
        t.ngettext("no such {count} message", "no such {count} messages", 2)
    assert Translator("es", strict=False)("no such message") == "no such message"
    assert Translator("es", strict=False).ngettext("{count} thing", "{count} things", 2) == "2 things"


@pytest.mark.parametrize("lang,card,edition,name", [
    # the names given by the seed pages
    ("en", "guard", "classic", "Guard Odette"), ("es", "guard", "classic", "Guardia Odette"),
    ("nl", "guard", "classic", "Wachter Odette"), ("fr", "guard", "classic", "Garde Odette"),
    ("zh", "guard", "classic", "奥黛特卫兵"), ("es", "handmaid", "classic", "Sierva Susana"),
    ("fr", "priest", "premium", "Prêtre Thomas"), ("nl", "handmaid", "classic", "Kamermeisje Susannah"),
    ("zh", "king", "classic", "阿诺四世国王"), ("es", "dowager_queen", "premium", "Reina viuda Tummia"),
    ("zh", "constable", "premium", "维克托警官"), ("es", "jester", "premium", "Bufón Darío"),
    ("zh", "jester", "premium", "达里乌斯小丑"),
    ("zh", "chancellor", "2019", "总理"), ("zh", "spy", "2019", "间谍"), ("zh", "princess", "2019", "公主"),
    ("en", "chancellor", "2019", "Chancellor"),
])
def test_card_names_follow_the_seed_pages(lang, card, edition, name):
    assert Translator(lang, strict=True).card(card, edition) == name


@pytest.mark.parametrize("lang,card,text", [
    ("en", "guard", "if their card has that value, they are out"),
    ("es", "guard", "si su carta tiene ese valor"), ("fr", "guard", "si sa carte a cette valeur"),
    ("en", "baron", "the player with the lower card is out"), ("es", "baron", "quien tenga la carta más baja"),
    ("fr", "baron", "celui qui a la carte la plus faible"), ("nl", "baron", "wie de laagste kaart heeft"),
])
def test_card_effects_say_who_is_out(lang, card, text):
    assert text in Translator(lang, strict=True).effect(card)


@pytest.mark.parametrize("lang", ["es", "fr", "nl", "zh"])
def test_bot_kinds_are_translated(lang):
    t = Translator(lang, strict=True)
    for kind in ("random", "heuristic", "ISMCTS search"):
        assert t.pgettext("bot", kind) != kind


def test_french_double_punctuation_gets_a_non_breaking_space():
    for m in _messages("fr"):
        for text in _texts(m):
            # the catalog text has the space, so a reader of the .po sees it too
            assert not re.search(r"[\w}][:;!?](\s|$)", text), text
            polished = typography.polish("fr", text)
            assert not re.search(r"[\w}\])] [:;!?](\s|$)", polished), polished
    assert Translator("fr")("Hands: {hands}", hands="x") == "Mains\u00a0: x"
    assert typography.polish("fr", "un chiffre choisit, ? montre") == "un chiffre choisit, ? montre"  # a key


def _is_han(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF" and unicodedata.category(ch) == "Lo"


def test_chinese_uses_full_width_punctuation_and_no_stray_spaces():
    for m in _messages("zh"):
        for text in _texts(m):
            assert not re.search(r"[,:;()!]", text), text
            assert not text.rstrip().endswith("?"), text
            assert not re.search(r"(?<=[^\x00-\x7f]) +(?=[^\x00-\x7f])", text.replace(" · ", "")), text


@pytest.mark.parametrize("template,fields,expected", [
    ("你拿到 {card}。", {"card": "苏珊娜侍女"}, "你拿到苏珊娜侍女。"),  # a stray space goes
    ("下一轮：{player} 先手。", {"player": "你"}, "下一轮：你先手。"),
    ("{player}先手。", {"player": "机器人 1"}, "机器人 1 先手。"),  # Chinese meets a digit: one space
    ("第{n}轮", {"n": 3}, "第 3 轮"), ("（{n}）", {"n": 3}, "（3）"),
    ("情书 · {edition} · 第{n}轮", {"edition": "豪华版（AEG 2016）", "n": 1}, "情书 · 豪华版（AEG 2016） · 第 1 轮"),
    ("保存到 {path}。", {"path": "/tmp/a b.json"}, "保存到 /tmp/a b.json。"),  # a value is never changed inside
])
def test_chinese_spacing_at_the_edges_of_fields(template, fields, expected):
    assert typography.fill("zh", template, fields) == expected


@pytest.mark.parametrize("env,lang", [
    ({}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_ALL": "nl_BE.UTF-8", "LANG": "fr_FR"}, "nl"), ({"LANGUAGE": "de:zh_CN", "LANG": "en_US"}, "zh"),
    ({"LANGUAGE": "", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
])
def test_language_from_the_environment(env, lang):
    assert detect_lang(env) == lang
