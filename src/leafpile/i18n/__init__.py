"""Languages: English message ids, French and Russian gettext catalogs read with Babel.

Player-facing text is written in English as a message id with named arguments:
`Msg("{player} takes {colour}", player=name, colour=Msg("red"))`. A `Msg` *is* the
English sentence wherever a `str` is expected (terminal, logs, tests), and it keeps its id and
arguments, so the server can give each audience the same log line in its own language
(`text.localize("ru")`). Arguments that are `Msg` themselves (component names) are
translated too. Plurals: `Msg.plural("{n} bee", "{n} bees", n)` follows each language's
plural rules (Russian has three forms).

Catalogs live beside the code they translate, in gettext's layout: the platform's in
`leafpile/i18n/locale/<lang>/LC_MESSAGES/leafpile.po`, each game's in
`leafpile/games/<game>/locale/<lang>/LC_MESSAGES/<game>.po`. They are merged per language at
first use. `make messages` re-extracts the ids; a test fails when a catalog lacks one.
"""

from __future__ import annotations

import contextvars
import functools
import gettext
import io
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The languages a player can choose, by code, each named in itself.
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français", "ru": "Русский"}
DEFAULT = "en"
#: Each language's plural forms in gettext's order, as Unicode CLDR names them (what the
#: browser's Intl.PluralRules answers), so the browser picks a form without evaluating code.
PLURAL_CATEGORIES: Mapping[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fr": ("one", "many", "other"),
    "ru": ("one", "few", "many"),
}

_current: contextvars.ContextVar[str] = contextvars.ContextVar("leafpile_lang", default=DEFAULT)


class Msg(str):
    """A player-facing sentence: its English text, plus the id and arguments it came from."""

    __slots__ = ("args", "msgid", "n")
    msgid: str | tuple[str, str]
    args: dict[str, Any]
    n: int | None

    def __new__(cls, msgid: str, /, **args: Any) -> Msg:
        obj = super().__new__(cls, msgid.format(**args) if args else msgid)
        obj.msgid = msgid
        obj.args = args
        obj.n = None
        return obj

    @classmethod
    def plural(cls, singular: str, plural: str, n: int, /, **args: Any) -> Msg:
        """A sentence with a count: `{n}` in the ids is the count."""
        english = (singular if n == 1 else plural).format(n=n, **args)
        obj = str.__new__(cls, english)
        obj.msgid = (singular, plural)
        obj.args = args
        obj.n = n
        return obj

    def localize(self, lang: str | None = None) -> str:
        """This sentence in `lang` (default: the current language); English when a catalog
        has no translation."""
        lang = lang or _current.get()
        if lang == DEFAULT:
            return str(self)
        args = {k: v.localize(lang) if isinstance(v, Msg) else v for k, v in self.args.items()}
        return _format(self, args, translations(lang))

    def __reduce__(self) -> tuple[Any, ...]:  # pickled into bot worker processes intact
        return (_rebuild, (self.msgid, self.args, self.n))


def as_json(text: str) -> dict[str, Any] | None:
    """A `Msg` as the browser translates it (`tm` in web/i18n.js): its id (a pair for
    plurals), its arguments (nested messages the same way) and its count; None for plain
    text (a player's name), which is shown as it is."""
    if not isinstance(text, Msg):
        return None
    args = {k: as_json(v) if isinstance(v, Msg) else v for k, v in text.args.items()}
    out: dict[str, Any] = {"id": list(text.msgid) if isinstance(text.msgid, tuple) else text.msgid}
    if args:
        out["args"] = args
    if text.n is not None:
        out["n"] = text.n
    return out


def from_json(data: Mapping[str, Any]) -> Msg:
    """The `Msg` back from its `as_json` form (a stored log line)."""
    args = {
        k: from_json(v) if isinstance(v, Mapping) and "id" in v else v
        for k, v in dict(data.get("args", {})).items()
    }
    msgid = data["id"]
    if isinstance(msgid, list):
        return Msg.plural(str(msgid[0]), str(msgid[1]), int(data.get("n", 0)), **args)
    return Msg(str(msgid), **args)


def localize_json(data: Mapping[str, Any], lang: str) -> str:
    """A message in its `as_json` form, in `lang`."""
    return from_json(data).localize(lang)


def localize_tree(value: Any, lang: str) -> Any:
    """A JSON-ready value with every `Msg` in it (at any depth) in `lang`: display facts that
    a game computes in words, sent to a reader of that language."""
    if isinstance(value, Msg):
        return value.localize(lang)
    if isinstance(value, dict):
        return {k: localize_tree(v, lang) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [localize_tree(v, lang) for v in value]
    return value


def _rebuild(msgid: str | tuple[str, str], args: dict[str, Any], n: int | None) -> Msg:
    if isinstance(msgid, tuple):
        assert n is not None
        return Msg.plural(msgid[0], msgid[1], n, **args)
    return Msg(msgid, **args)


def _format(text: Msg, args: dict[str, Any], trans: gettext.NullTranslations) -> str:
    if isinstance(text.msgid, tuple):
        assert text.n is not None
        return trans.ngettext(text.msgid[0], text.msgid[1], text.n).format(n=text.n, **args)
    return trans.gettext(text.msgid).format(**args)


def sentences(parts: Sequence[Msg]) -> Msg | None:
    """Sentences one after another, each still translated on its own (None when there are
    none): how a game's explanations put their facts and rules together."""
    if not parts:
        return None
    out = parts[0]
    for part in parts[1:]:
        out = Msg("{a} {b}", a=out, b=part)
    return out


def localize(text: str, lang: str | None = None) -> str:
    """Any string in `lang`: a `Msg` is translated, other strings (names) are left alone."""
    return text.localize(lang) if isinstance(text, Msg) else text


def error_text(error: BaseException) -> str:
    """What an error says, as a `Msg` when it was raised with one (engine errors carry their
    sentence so each reader gets it in their language), else its plain text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Msg) else str(error)


def current() -> str:
    """The language of this context (a request, the terminal)."""
    return _current.get()


def use(lang: str) -> None:
    """Set this context's language (checked)."""
    _current.set(check(lang))


def check(lang: str) -> str:
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"unknown language {lang!r}; known: {known}")
    return lang


def from_environment() -> str:
    """LEAFPILE_LANG, then the locale variables (LANGUAGE, LC_ALL, LANG), then English."""
    for name in ("LEAFPILE_LANG", "LANGUAGE", "LC_ALL", "LANG"):
        value = os.environ.get(name, "")
        code = value.split(":")[0].split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def negotiate(accept_language: str | None) -> str:
    """The best of our languages for an HTTP Accept-Language header (bounded parsing)."""
    if not accept_language:
        return DEFAULT
    best, best_q = DEFAULT, 0.0
    for part in accept_language[:512].split(",")[:32]:
        tag, _, params = part.strip().partition(";")
        code = tag.strip().split("-")[0].lower()
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


# -- seat names ---------------------------------------------------------------------------------
_names: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar(
    "leafpile_seat_names", default=()
)
_SEAT = re.compile(r"\bP(\d)\b")


def use_seat_names(names: Sequence[str]) -> None:
    """Name the seats of this context (the terminal's players); empty names stay P0, P1..."""
    _names.set(tuple(names))


def seat_name(player: int) -> str:
    """How the reader knows a seat: its name where this context gave one, else `P0`, `P1`...
    (the server gives none: the browser puts its own names in, see `with_seat_names`)."""
    names = _names.get()
    if 0 <= player < len(names) and names[player]:
        return localize(names[player])
    return f"P{player}"


def seat_label(player: int) -> str:
    """A seat as a board shows it: its tag, then its name where it has one (`P0 Ana`)."""
    name = seat_name(player)
    tag = f"P{player}"
    return tag if name == tag else f"{tag} {name}"


def with_seat_names(text: str) -> str:
    """A sentence that says P0, P1... with the seats' names (as the browser's `withNames`)."""
    return _SEAT.sub(lambda m: seat_name(int(m.group(1))), text)


# -- catalogs -----------------------------------------------------------------------------------
def catalog_files(lang: str) -> Iterator[Path]:
    """Every .po file of `lang`: the platform's, then each game's."""
    root = Path(str(resources.files("leafpile")))
    platform = root / "i18n" / "locale" / lang / "LC_MESSAGES" / "leafpile.po"
    if platform.is_file():
        yield platform
    yield from sorted((root / "games").glob(f"*/locale/{lang}/LC_MESSAGES/*.po"))


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """All catalogs of `lang` merged, as gettext translations (plurals included)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    merged = Catalog(locale=lang)
    for path in catalog_files(lang):
        for message in read_catalog(path, lang):
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def browser_catalog(lang: str) -> dict[str, Any]:
    """What the browser needs to translate the pages: id -> translation (a list of forms for
    plurals) and the plural categories of the language."""
    check(lang)
    out: dict[str, Any] = {}
    for path in catalog_files(lang) if lang != DEFAULT else ():
        for message in read_catalog(path, lang):
            if not message.id or not message.string or message.fuzzy:
                continue
            if isinstance(message.id, tuple | list):
                out[str(message.id[0])] = list(message.string)
            else:
                out[str(message.id)] = message.string
    return {"lang": lang, "plurals": list(PLURAL_CATEGORIES[lang]), "messages": out}
