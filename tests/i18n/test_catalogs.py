"""Languages: every message the code uses is translated in French and Russian; Msg reads as
English, translates with its arguments and plural forms; languages are chosen from headers and
the environment."""

from __future__ import annotations

import pickle

import pytest

from leafpile import i18n
from leafpile.i18n import Msg, extract


def test_every_message_the_code_uses_is_translated():
    problems = extract.missing()
    assert problems == [], "\n".join(problems[:40])


def test_the_extractor_finds_python_and_javascript_messages():
    platform = next(d for d in extract.domains() if d.name == "leafpile")
    ids = {m.id for m in extract.extract(platform) if m.id}
    assert "Language" in ids  # t("Language") in web/i18n.js


def test_text_is_its_english_sentence():
    text = Msg("{player} takes {colour}", player="Ana", colour=Msg("red"))
    assert text == "Ana takes red"
    assert isinstance(text, str)
    assert text.localize("en") == "Ana takes red"


def test_text_survives_pickling_for_bot_workers():
    text = Msg.plural("{n} bee", "{n} bees", 3)
    again = pickle.loads(pickle.dumps(text))
    assert again == "3 bees" and again.msgid == ("{n} bee", "{n} bees") and again.n == 3


def test_a_missing_translation_falls_back_to_english():
    assert Msg("no such message {x}", x=1).localize("fr") == "no such message 1"


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("de-DE,ru;q=0.5,en;q=0.3", "ru"),
        ("de", "en"),
        ("", "en"),
        (None, "en"),
        ("en;q=bad, ru;q=0.1", "ru"),
        ("x" * 10_000, "en"),
    ],
)
def test_accept_language(header, lang):
    assert i18n.negotiate(header) == lang


def test_language_from_the_environment(monkeypatch):
    for name in ("LEAFPILE_LANG", "LANGUAGE", "LC_ALL", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.from_environment() == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.from_environment() == "ru"
    monkeypatch.setenv("LEAFPILE_LANG", "fr")
    assert i18n.from_environment() == "fr"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        i18n.check("de")


def test_browser_catalog_has_plural_categories():
    data = i18n.browser_catalog("ru")
    assert data["plurals"] == ["one", "few", "many"]
    assert data["messages"].get("Language") == "Язык"


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_plural_categories_follow_the_catalogs_plural_forms(lang):
    """The browser picks a form by CLDR category; gettext by the catalog's formula. Both must
    name the same form for every count."""
    import gettext as gt

    from babel import Locale
    from babel.messages.catalog import Catalog

    formula = gt.c2py(Catalog(locale=lang).plural_expr)
    rule = Locale.parse(lang).plural_form
    for n in [*range(0, 250), 1_000_000, 2_000_000, 1_000_001]:
        assert i18n.PLURAL_CATEGORIES[lang][formula(n)] == rule(n), n
