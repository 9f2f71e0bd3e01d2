"""Message extraction: which ids the code uses, per catalog (the platform, each game).

`python -m leafpile.i18n.extract` (`make messages`) brings every catalog up to date: new ids
are added with an empty translation, ids the code no longer uses are dropped, translations
are kept. The test suite calls `missing()` so a catalog that lacks a used id fails.
"""

from __future__ import annotations

import html
import io
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from leafpile.i18n import DEFAULT, LANGUAGES, read_catalog

#: Python: Msg("..."), Msg.plural("...", "...", n), say("...") (localized at once);
#: JavaScript: t("..."), tn("...", "...", n);
#: HTML: data-i18n="..." (and -title, -placeholder, -label) on static markup;
#: a game's tutorial.json: its texts ("say", "wrong", "explain", "end"), one per line.
KEYWORDS: dict[str, dict[str, Any]] = {
    "python": {"Msg": None, "plural": (1, 2), "say": None},
    "javascript": {"t": None, "tn": (1, 2)},
    "html": {},
    "tutorial": {},
}
PATTERNS = {
    "python": "**.py",
    "javascript": "**.js",
    "html": "**.html",
    "tutorial": "**/tutorial.json",
}
HTML_ATTRIBUTE = re.compile(r'data-i18n(?:-title|-placeholder|-label)?="([^"]+)"')
TUTORIAL_TEXT = re.compile(r'^\s*"(?:say|wrong|explain|end)": ("(?:[^"\\]|\\.)*")')


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for our pages: the ids in data-i18n attributes."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        for match in HTML_ATTRIBUTE.finditer(line):
            yield lineno, "", html.unescape(match.group(1)), []


def extract_tutorial(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for the tutorials' steps (leafpile.tutorial): their texts."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        match = TUTORIAL_TEXT.match(line)
        if match:
            yield lineno, "", json.loads(match.group(1)), []


PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Domain:
    """One catalog: its name and the code it covers."""

    name: str
    source: Path
    locale: Path
    skip: tuple[str, ...] = ()  # folders of `source` that belong to other domains


def domains() -> list[Domain]:
    root = Path(str(resources.files("leafpile")))
    games = sorted(p for p in (root / "games").iterdir() if (p / "__init__.py").is_file())
    skip = tuple(f"games/{game.name}" for game in games)  # games/__init__.py is the platform's
    out = [Domain("leafpile", root, root / "i18n" / "locale", skip=skip)]
    out.extend(Domain(game.name, game, game / "locale") for game in games)
    return out


def extract(domain: Domain) -> Catalog:
    """The ids the domain's code uses (English), with where each is used."""
    catalog = Catalog(locale=DEFAULT, domain=domain.name)

    for method, keywords in KEYWORDS.items():
        how: Any = {"html": extract_html, "tutorial": extract_tutorial}.get(method, method)
        for filename, lineno, message, comments, _context in extract_from_dir(
            str(domain.source),
            [(PATTERNS[method], how)],
            keywords=keywords,
            strip_comment_tags=True,
        ):
            if any(filename.startswith(s + "/") for s in domain.skip):
                continue
            catalog.add(message, locations=[(filename, lineno)], auto_comments=comments)
    return catalog


def po_path(domain: Domain, lang: str) -> Path:
    return domain.locale / lang / "LC_MESSAGES" / f"{domain.name}.po"


def languages() -> Iterator[str]:
    return (lang for lang in LANGUAGES if lang != DEFAULT)


def missing() -> list[str]:
    """Every used id that a catalog lacks or leaves untranslated, and every translation whose
    {placeholders} differ from its id's; empty when all is well."""
    problems = []
    for domain in domains():
        used = extract(domain)
        for lang in languages():
            path = po_path(domain, lang)
            have = read_catalog(path, lang) if path.is_file() else Catalog(locale=lang)
            for message in used:
                if not message.id:
                    continue
                found = have.get(message.id)
                where = f"{domain.name}/{lang}: {message.id!r}"
                # a plural's forms are a tuple: each one must be there
                blank = (
                    found is not None and isinstance(found.string, tuple) and not all(found.string)
                )
                if found is None or not found.string or blank or found.fuzzy:
                    problems.append(f"{where} is not translated")
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = found.string if isinstance(found.string, tuple) else (found.string,)
                wanted = set().union(*(PLACEHOLDER.findall(str(i)) for i in ids))
                for s in strings:
                    if set(PLACEHOLDER.findall(str(s))) - wanted - {"n"}:
                        problems.append(f"{where} has a placeholder the id does not have")
    return problems


def update() -> None:
    """Bring every catalog up to date with the code (keeps translations)."""
    for domain in domains():
        used = extract(domain)
        if not len(used) and not domain.locale.is_dir():
            continue
        for lang in languages():
            path = po_path(domain, lang)
            catalog = read_catalog(path, lang) if path.is_file() else Catalog(locale=lang)
            catalog.domain = domain.name
            catalog.project = "leafpile"
            catalog.version = "0.1"
            catalog.fuzzy = False
            catalog.header_comment = (
                f"# {LANGUAGES[lang]}: leafpile's {domain.name} messages "
                "(`make messages` updates the ids; translate the empty ones)."
            )
            catalog.copyright_holder = "the leafpile authors"
            catalog.msgid_bugs_address = ""
            catalog.last_translator = "the leafpile authors"
            catalog.language_team = LANGUAGES[lang]
            catalog.update(used, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            buffer = io.BytesIO()
            write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
            if not path.is_file() or _content(path.read_bytes()) != _content(buffer.getvalue()):
                path.write_bytes(buffer.getvalue())  # unchanged catalogs keep their dates
            untranslated = sum(1 for m in catalog if m.id and not m.string)
            print(f"{path}: {len(catalog)} messages, {untranslated} untranslated")


def _content(po: bytes) -> bytes:
    """A catalog without its creation date, to tell whether anything really changed."""
    return b"\n".join(line for line in po.splitlines() if b"POT-Creation-Date" not in line)


if __name__ == "__main__":
    update()
    sys.exit(0)
