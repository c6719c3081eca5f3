"""Interface text in five languages, from gettext catalogs (``locales/<lang>/LC_MESSAGES``).

Message ids are the English text with ``{named}`` fields. Card names live under the context
``card`` (classic and premium: the character names of the seed pages) or ``card-2019`` (the
2019 edition's plain names), card effects under ``effect``, editions under ``edition``, bot
kinds under ``bot``. Plural messages follow each language's CLDR plural rule (in the catalog
header). The catalogs are extracted, updated and compiled with Babel: ``python -m loveletter.i18n``.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from typing import Any

from . import typography
from .catalog import DOMAIN, LOCALE_DIR, mo_path, po_path

LANGS: tuple[str, ...] = ("en", "es", "fr", "nl", "zh")

#: Set to "1" (the tests do) to turn a missing message into an error instead of the English text.
STRICT_ENV = "LOVELETTER_I18N_STRICT"


def N_(text: str) -> str:
    """Mark a message id for the catalogs without translating it here."""
    return text


def NP_(context: str, text: str) -> str:
    """Mark a message id with a context for the catalogs without translating it here."""
    return text


class MissingMessage(KeyError):
    """A message id with no translation in the catalog (only raised in strict mode)."""


def detect_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language from LANGUAGE, else the first of LC_ALL, LC_MESSAGES, LANG; English if unsupported."""
    env = os.environ if environ is None else environ
    for part in (env.get("LANGUAGE") or "").split(":"):
        code = _code(part)
        if code in LANGS:
            return code
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            code = _code(value)
            return code if code in LANGS else "en"
    return "en"


def _code(value: str) -> str:
    return value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def _load(lang: str) -> gettext.GNUTranslations:
    mo = mo_path(lang)
    if mo.exists():
        with open(mo, "rb") as fh:
            return gettext.GNUTranslations(fh)
    # A source checkout without compiled catalogs: compile in memory.
    from .catalog import compile_catalog, load_po

    return gettext.GNUTranslations(io.BytesIO(compile_catalog(load_po(lang))))


class Translator:
    """Translates message ids for one language: ``t("Round {n}", n=2)``.

    Every lookup returns the catalog text with the language's typography (see
    :mod:`loveletter.i18n.typography`); the methods that take fields also fill them in.
    """

    def __init__(self, lang: str, strict: bool | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
        self.lang = lang
        self.strict = os.environ.get(STRICT_ENV) == "1" if strict is None else strict
        self._catalog = _load(lang)
        self._texts: dict[tuple[str | None, str, str | None, int], str] = {}

    def template(self, msgid: str, context: str | None = None, plural: str | None = None,
                 n: int | None = None) -> str:
        """The translated text of a message, its fields not yet filled in (plural form chosen by ``n``)."""
        form = 0 if plural is None else self._plural_index(1 if n is None else n)
        key = (context, msgid, plural, form)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = typography.polish(self.lang, self._lookup(context, msgid, plural, n))
        return text

    def _plural_index(self, n: int) -> int:
        return int(self._catalog.plural(n))  # type: ignore[attr-defined]

    def _lookup(self, context: str | None, msgid: str, plural: str | None, n: int | None) -> str:
        cat = self._catalog
        if plural is None:
            text = cat.gettext(msgid) if context is None else cat.pgettext(context, msgid)
        else:
            count = 1 if n is None else n
            text = cat.ngettext(msgid, plural, count) if context is None else cat.npgettext(
                context, msgid, plural, count)
        if self.strict:
            key = msgid if context is None else f"{context}\x04{msgid}"
            table = cat._catalog  # type: ignore[attr-defined]
            if (key if plural is None else (key, 0)) not in table or not text:
                raise MissingMessage(f"{self.lang}: no translation for {key!r}")
        return text

    def format(self, template: str, **fields: Any) -> str:
        """Fill a template's fields, with the language's spacing rules at their edges."""
        return typography.fill(self.lang, template, fields) if fields else template

    def __call__(self, msgid: str, **fields: Any) -> str:
        return self.format(self.template(msgid), **fields)

    def pgettext(self, context: str, msgid: str, **fields: Any) -> str:
        """A message with a context, its fields filled in."""
        return self.format(self.template(msgid, context), **fields)

    def ngettext(self, singular: str, plural: str, n: int, **fields: Any) -> str:
        """A plural message for the count ``n`` (also given as the field ``count``), fields filled in."""
        return self.format(self.template(singular, None, plural, n), **{"count": n, **fields})

    def npgettext(self, context: str, singular: str, plural: str, n: int, **fields: Any) -> str:
        """A plural message with a context for the count ``n`` (the field ``count``), fields filled in."""
        return self.format(self.template(singular, context, plural, n), **{"count": n, **fields})

    def card(self, card: str, edition: str) -> str:
        """The card's name in this language and edition."""
        return self.template(card, "card-2019" if edition == "2019" else "card")

    def effect(self, card: str) -> str:
        """A short description of the card's effect."""
        return self.template(card, "effect")

    def edition(self, edition: str) -> str:
        return self.template(edition, "edition")


__all__ = ["DOMAIN", "LANGS", "LOCALE_DIR", "MissingMessage", "NP_", "N_", "STRICT_ENV", "Translator",
           "detect_lang", "po_path"]
