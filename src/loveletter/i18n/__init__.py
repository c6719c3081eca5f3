"""Interface text in five languages, from gettext catalogs (``locales/<lang>/LC_MESSAGES``).

Message ids are the English text with ``{named}`` fields. Card names live under the context
``card`` (classic and premium: the character names of the seed pages) or ``card-2019`` (the
2019 edition's plain names), card effects under ``effect``, editions under ``edition``.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from typing import Any

from .catalog import DOMAIN, LOCALE_DIR, mo_bytes, po_path, read_po

LANGS: tuple[str, ...] = ("en", "es", "fr", "nl", "zh")

#: Set to "1" (the tests do) to turn a missing message into an error instead of the English text.
STRICT_ENV = "LOVELETTER_I18N_STRICT"


def N_(text: str) -> str:
    """Mark a message id for the catalogs without translating it here."""
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
    mo = po_path(lang).with_suffix(".mo")
    if mo.exists():
        with open(mo, "rb") as fh:
            return gettext.GNUTranslations(fh)
    # A source checkout without compiled catalogs: compile in memory.
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(po_path(lang)))))


class Translator:
    """Translates message ids for one language: ``t("Round {n}", n=2)``."""

    def __init__(self, lang: str, strict: bool | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
        self.lang = lang
        self.strict = os.environ.get(STRICT_ENV) == "1" if strict is None else strict
        self._catalog = _load(lang)

    def _get(self, context: str | None, msgid: str) -> str:
        if context is None:
            text = self._catalog.gettext(msgid)
        else:
            text = self._catalog.pgettext(context, msgid)
        if self.strict:
            key = msgid if context is None else f"{context}\x04{msgid}"
            if key not in self._catalog._catalog or not text:  # type: ignore[attr-defined]
                raise MissingMessage(f"{self.lang}: no translation for {key!r}")
        return text

    def __call__(self, msgid: str, **fields: Any) -> str:
        text = self._get(None, msgid)
        return text.format(**fields) if fields else text

    def card(self, card: str, edition: str) -> str:
        """The card's name in this language and edition."""
        return self._get("card-2019" if edition == "2019" else "card", card)

    def effect(self, card: str) -> str:
        """A short description of the card's effect."""
        return self._get("effect", card)

    def edition(self, edition: str) -> str:
        return self._get("edition", edition)


__all__ = ["DOMAIN", "LANGS", "LOCALE_DIR", "MissingMessage", "N_", "STRICT_ENV", "Translator", "detect_lang"]
