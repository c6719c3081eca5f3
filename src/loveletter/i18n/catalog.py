"""The message catalogs, handled with Babel: extract, update, compile (``python -m loveletter.i18n``).

* **Extract**: the message ids are read from the sources of :data:`SOURCE_PACKAGES` with Babel's Python
  extractor and :data:`KEYWORDS` (our helpers), plus the ids looked up by key at run time (card names
  per edition, card effects, edition titles: :func:`keyed_messages`).
* **Update**: each ``locales/<lang>/LC_MESSAGES/loveletter.po`` gets the new ids (empty, or ``fuzzy``
  with a close old translation), loses the ones no longer used, and gets its language's CLDR plural
  rule in its header. In the English catalog the text of a source message is its id.
* **Compile**: each ``.po`` is written as the ``.mo`` that :mod:`gettext` reads.

``--check`` changes nothing and exits 1 if a catalog or a compiled file is out of date.
"""

from __future__ import annotations

import copy
import io
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

LOCALE_DIR = Path(__file__).with_name("locales")
DOMAIN = "loveletter"
PACKAGE_DIR = Path(__file__).resolve().parent.parent

#: The packages whose sources hold message ids.
SOURCE_PACKAGES = ("narrate", "tui")

#: Babel keyword specs: gettext's own names, ``t(msgid, ...)`` (a Translator), the ``N_``/``NP_``
#: markers, and the message builders of :mod:`loveletter.narrate` (``msg``, ``pmsg``, ``nmsg``, ``npmsg``).
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "t": None,
    "NP_": ((1, "c"), 2),
    "msg": None,
    "pmsg": ((1, "c"), 2),
    "nmsg": (1, 2),
    "npmsg": ((1, "c"), 2, 3),
}

#: Comments in the source that start with this tag go to the translators (``#.`` lines).
COMMENT_TAG = "TRANSLATORS:"

#: Key -> (context, comment for the translators) of the messages looked up by key at run time.
KEYED_CONTEXTS = {
    "card": "the name of a card in the classic and premium editions (a character name, as on the seed pages)",
    "card-2019": "the name of a card in the 2019 edition",
    "effect": "a card's effect, in the card reference (starts lower case, ends with a full stop)",
    "edition": "the title of an edition",
}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def languages() -> list[str]:
    """The languages that have a catalog."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def keyed_messages() -> list[tuple[str, str]]:
    """(context, key) pairs looked up at run time: cards per edition, effects, edition titles."""
    from ..engine import EDITIONS

    out: dict[tuple[str, str], None] = {}
    for edition in EDITIONS.values():
        ctxt = "card-2019" if edition.name == "2019" else "card"
        out[("edition", edition.name)] = None
        for deck in edition.decks.values():
            for card in deck.counts:
                out[(ctxt, card)] = None
                out[("effect", card)] = None
    return list(out)


def source_files() -> list[Path]:
    return sorted(p for pkg in SOURCE_PACKAGES for p in (PACKAGE_DIR / pkg).glob("*.py"))


def extract() -> Catalog:
    """The template: every message id the interface uses, with where it is used."""
    template = Catalog(domain=DOMAIN, project="loveletter", fuzzy=False)
    root = PACKAGE_DIR.parent
    for path in source_files():
        where = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", path, KEYWORDS, comment_tags=(COMMENT_TAG,), strip_comment_tags=True):
            template.add(message, locations=[(where, lineno)], auto_comments=comments, context=context)
    for context, key in keyed_messages():
        template.add(key, context=context, auto_comments=[KEYED_CONTEXTS[context]])
    return template


def load_po(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def updated(lang: str, template: Catalog) -> Catalog:
    """The catalog of ``lang`` brought up to date with ``template`` (in memory)."""
    path = po_path(lang)
    if path.exists():
        catalog = load_po(lang)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="loveletter", fuzzy=False,
                          header_comment=f"# {lang} messages of loveletter.\n# Update with: python -m loveletter.i18n")
    # A copy: Babel puts the template's own messages into the catalog, and the English texts set
    # below must not leak into the next language's catalog.
    catalog.update(copy.deepcopy(template), update_creation_date=False)
    catalog.obsolete.clear()
    catalog.project, catalog.version = "loveletter", "1"
    catalog.msgid_bugs_address = catalog.last_translator = catalog.language_team = "the loveletter developers"
    catalog.mime_headers = [("Plural-Forms", Catalog(locale=lang).plural_forms)]
    if lang == "en":
        for message in catalog:
            if message.id and message.context not in KEYED_CONTEXTS:
                message.string = message.id
                message.flags.discard("fuzzy")
    return catalog


def compile_catalog(catalog: Catalog) -> bytes:
    """The ``.mo`` image of a catalog (fuzzy and empty translations left out)."""
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def po_text(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=120, include_lineno=False, ignore_obsolete=True)
    return buf.getvalue()


def entries(catalog: Catalog) -> dict[tuple[str | None, Any], tuple[Any, bool]]:
    """Every message of a catalog (the header left out): (context, id) -> (translation, fuzzy flag)."""
    return {(m.context, _ids(m.id)): (_ids(m.string), m.fuzzy) for m in catalog if m.id}


def _ids(value: Any) -> Any:
    """A message id or text: a string, or a tuple of them for a plural message."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def mo_messages(data: bytes) -> dict[Any, str]:
    """What :mod:`gettext` reads from a ``.mo`` image (the header left out)."""
    import gettext

    table: dict[Any, str] = gettext.GNUTranslations(io.BytesIO(data))._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in table.items() if k != "" and k != ("", 0)}


def po_messages(catalog: Catalog) -> dict[Any, str]:
    """The same table as :func:`mo_messages`, read from a ``.po`` catalog."""
    out: dict[Any, str] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        ids, texts = _ids(m.id), _ids(m.string)
        first = ids[0] if isinstance(ids, tuple) else ids
        key = first if m.context is None else f"{m.context}\x04{first}"
        if isinstance(ids, tuple):
            for i, text in enumerate(texts or ()):
                if text:
                    out[(key, i)] = text
        elif texts:
            out[key] = texts
    return out


def run(check: bool = False, langs: list[str] | None = None) -> list[Path]:
    """Extract, update and compile every catalog; returns the files written (with ``check``: out of date)."""
    template = extract()
    changed: list[Path] = []
    for lang in langs or languages():
        catalog = updated(lang, template)
        po, mo = po_path(lang), mo_path(lang)
        if check:
            # Messages and plural rule only: another Babel version writes other header lines.
            if not po.exists() or entries(catalog) != entries(load_po(lang)) or _plural_header(po) != \
                    catalog.plural_forms:
                changed.append(po)
        else:
            text = po_text(catalog)
            if not po.exists() or po.read_bytes() != text:
                changed.append(po)
                po.write_bytes(text)
        image = compile_catalog(catalog)
        if not mo.exists() or mo_messages(mo.read_bytes()) != mo_messages(image):
            changed.append(mo)
            if not check:
                mo.write_bytes(image)
    return changed


def _plural_header(po: Path) -> str:
    with open(po, "rb") as fh:
        return read_po(fh).plural_forms


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    changed = run(check=check)
    for path in changed:
        print(("out of date: " if check else "wrote ") + str(path))
    fuzzy = [(lang, m.id) for lang in languages() for m in load_po(lang) if m.id and (m.fuzzy or not all(
        m.string if isinstance(m.string, tuple) else (m.string,)))]
    for lang, msgid in fuzzy:
        print(f"{lang}: needs a translation: {msgid!r}")
    return 1 if (check and changed) or fuzzy else 0


__all__ = ["DOMAIN", "KEYWORDS", "LOCALE_DIR", "Message", "compile_catalog", "entries", "extract", "keyed_messages",
           "load_po", "main", "mo_messages", "mo_path", "po_messages", "po_path", "run", "updated"]
