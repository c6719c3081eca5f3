"""Reading gettext ``.po`` catalogs and compiling them to ``.mo`` (what ``msgfmt`` does).

Run ``python -m loveletter.i18n`` after editing a ``.po`` file: it rewrites every
``locales/<lang>/LC_MESSAGES/loveletter.mo``. The tests check that the shipped ``.mo`` files
match their ``.po`` sources, so a stale build fails loudly.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

#: (msgctxt or None, msgid) -> msgstr
Catalog = dict[tuple[str | None, str], str]

LOCALE_DIR = Path(__file__).with_name("locales")
DOMAIN = "loveletter"


class PoError(ValueError):
    """A malformed ``.po`` file."""


def _unquote(line: str, where: str) -> str:
    try:
        value = ast.literal_eval(line)
    except (SyntaxError, ValueError):
        raise PoError(f"{where}: bad string {line!r}") from None
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {line!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> Catalog:
    """Parse the subset of the PO format we write: msgctxt, msgid, msgstr, comments, no plurals."""
    out: Catalog = {}
    entry: dict[str, str] = {}
    field: str | None = None

    def flush() -> None:
        if "msgid" in entry:
            if "msgstr" not in entry:
                raise PoError(f"{name}: msgid {entry['msgid']!r} has no msgstr")
            key = (entry.get("msgctxt"), entry["msgid"])
            if key in out:
                raise PoError(f"{name}: duplicate msgid {entry['msgid']!r}")
            out[key] = entry["msgstr"]
        entry.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if field is None:
                raise PoError(f"{where}: continuation line outside an entry")
            entry[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgstr"):
            raise PoError(f"{where}: unknown keyword {keyword!r}")
        if keyword == "msgctxt" or (keyword == "msgid" and "msgctxt" not in entry):
            flush()
        entry[keyword] = _unquote(rest.strip(), where)
        field = keyword
    flush()
    return out


def read_po(path: Path) -> Catalog:
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def mo_bytes(catalog: Catalog) -> bytes:
    """The GNU ``.mo`` image of a catalog (keys sorted, no hash table)."""
    pairs = []
    for (ctxt, msgid), msgstr in catalog.items():
        key = msgid if ctxt is None else f"{ctxt}\x04{msgid}"
        pairs.append((key.encode("utf-8"), msgstr.encode("utf-8")))
    pairs.sort()
    n = len(pairs)
    orig_table = 7 * 4
    trans_table = orig_table + n * 8
    data_start = trans_table + n * 8
    ids = b""
    strs = b""
    orig: list[tuple[int, int]] = []
    trans: list[tuple[int, int]] = []
    for key, _value in pairs:
        orig.append((len(key), len(ids)))
        ids += key + b"\0"
    strs_start = data_start + len(ids)
    for _key, value in pairs:
        trans.append((len(value), strs_start + len(strs)))
        strs += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, orig_table, trans_table, 0, data_start)
    for length, offset in orig:
        out += struct.pack("<2I", length, data_start + offset)
    for length, offset in trans:
        out += struct.pack("<2I", length, offset)
    return out + ids + strs


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_all(check: bool = False) -> list[Path]:
    """Compile every catalog; with ``check``, only list the ``.mo`` files that are out of date."""
    stale: list[Path] = []
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        image = mo_bytes(read_po(po))
        if not mo.exists() or mo.read_bytes() != image:
            stale.append(mo)
            if not check:
                mo.write_bytes(image)
    return stale


def main() -> int:
    check = "--check" in sys.argv[1:]
    stale = compile_all(check=check)
    for mo in stale:
        print(("stale: " if check else "wrote ") + str(mo))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
