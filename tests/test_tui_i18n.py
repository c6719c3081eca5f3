"""The message catalogs: complete in every language, compiled, and used consistently."""

from __future__ import annotations

import re

import pytest

from loveletter.i18n import LANGS, Translator, detect_lang
from loveletter.i18n.catalog import compile_all, parse_po, po_path, read_po
from loveletter.i18n.extract import keyed_messages, source_messages

FIELD = re.compile(r"\{(\w*)\}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_translation(lang):
    catalog = read_po(po_path(lang))
    empty = [key for key, text in catalog.items() if key[1] and not text.strip()]
    assert not empty, f"{lang}: empty msgstr for {empty}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_the_interface_uses_is_in_the_catalog(lang):
    catalog = read_po(po_path(lang))
    used = {(None, m) for m in source_messages()} | keyed_messages()
    missing = sorted(used - set(catalog), key=str)
    assert not missing, f"{lang}: missing {missing}"
    unused = sorted({k for k in catalog if k[1]} - used, key=str)
    assert not unused, f"{lang}: messages no longer used: {unused}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_fields(lang):
    catalog = read_po(po_path(lang))
    for (_ctxt, msgid), text in catalog.items():
        if msgid:
            assert sorted(FIELD.findall(text)) == sorted(FIELD.findall(msgid)), (lang, msgid, text)


def test_the_interface_uses_many_messages():
    assert len(source_messages()) > 100
    assert ("card", "dowager_queen") in keyed_messages() and ("card-2019", "chancellor") in keyed_messages()


def test_compiled_catalogs_match_their_sources():
    assert compile_all(check=True) == [], "run: python -m loveletter.i18n"


def test_strict_mode_refuses_unknown_messages():
    t = Translator("es", strict=True)
    with pytest.raises(KeyError):
        t("no such message")
    assert Translator("es", strict=False)("no such message") == "no such message"


@pytest.mark.parametrize("lang,card,edition,name", [
    # the names given by the seed pages
    ("en", "guard", "classic", "Guard Odette"), ("es", "guard", "classic", "Guardia Odette"),
    ("nl", "guard", "classic", "Wachter Odette"), ("fr", "guard", "classic", "Garde Odette"),
    ("zh", "guard", "classic", "奥黛特卫兵"), ("es", "handmaid", "classic", "Sierva Susana"),
    ("fr", "priest", "premium", "Prêtre Thomas"), ("nl", "handmaid", "classic", "Kamermeisje Susannah"),
    ("zh", "king", "classic", "阿诺四世国王"), ("es", "dowager_queen", "premium", "Reina viuda Tummia"),
    ("zh", "constable", "premium", "维克托警官"), ("es", "jester", "premium", "Bufón Darío"),
    ("zh", "chancellor", "2019", "总理"), ("zh", "spy", "2019", "间谍"), ("zh", "princess", "2019", "公主"),
    ("en", "chancellor", "2019", "Chancellor"),
])
def test_card_names_follow_the_seed_pages(lang, card, edition, name):
    assert Translator(lang, strict=True).card(card, edition) == name


@pytest.mark.parametrize("env,lang", [
    ({}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_ALL": "nl_BE.UTF-8", "LANG": "fr_FR"}, "nl"), ({"LANGUAGE": "de:zh_CN", "LANG": "en_US"}, "zh"),
    ({"LANGUAGE": "", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
])
def test_language_from_the_environment(env, lang):
    assert detect_lang(env) == lang


def test_po_parser_reads_context_and_continuations():
    text = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgctxt "card"\nmsgid "guard"\n' \
           'msgstr "Guard "\n"Odette"\n'
    assert parse_po(text)[("card", "guard")] == "Guard Odette"
