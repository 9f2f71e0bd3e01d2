"""The words of the games' notation in the reader's language: `take G`, `compost`, `stop`,
`done`, `seedling 0,0`, `red`... are shown translated in the list of actions, and a person may
type them in their language or in English. Records keep the English notation; only the verb
(an action's first word) is translated, its numbers, letters and coordinates stay as they are.
"""

from __future__ import annotations

import unicodedata

from leafpile import i18n
from leafpile.engine import State
from leafpile.i18n import Msg

#: Every verb of the four games' notation (an action's first word), English -> its words.
VERBS: dict[str, Msg] = {
    # Autumn: the colour the second player takes
    "red": Msg("red"),
    "yellow": Msg("yellow"),
    # Momiji and Undergrove
    "take": Msg("take"),
    "refresh": Msg("refresh"),
    "stop": Msg("stop"),
    "obj": Msg("obj"),
    "compost": Msg("compost"),
    "land": Msg("land"),
    "end": Msg("end"),
    "discard": Msg("discard"),
    "pick": Msg("pick"),
    "swap": Msg("swap"),
    "draft": Msg("draft"),
    "absorb": Msg("absorb"),
    "reproduce": Msg("reproduce"),
    "partner": Msg("partner"),
    "photosynthesize": Msg("photosynthesize"),
    "skip": Msg("skip"),
    "done": Msg("done"),
    "nutrient": Msg("nutrient"),
    "again": Msg("again"),
    "activate": Msg("activate"),
    "convert": Msg("convert"),
    "store": Msg("store"),
    "copy": Msg("copy"),
    "use": Msg("use"),
    "pay": Msg("pay"),
    "gain": Msg("gain"),
    "flip": Msg("flip"),
    "place": Msg("place"),
    "seedling": Msg("seedling"),
    "root": Msg("root"),
    "carbon": Msg("carbon"),
}
#: Words that leave the game and that list the actions again, in English (always accepted).
QUIT_WORDS = ("quit", "q", "exit")
HELP_WORDS = ("?", "help", "list")


def plain(word: str) -> str:
    """A word as it is compared: lower case, without accents (`défausser` = `defausser`,
    `жёлтый` = `желтый`), so a keyboard without them types it too."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def word(english: str, lang: str | None = None) -> str:
    """One verb in `lang` (default: the reader's), lower case, one word."""
    return VERBS[english].localize(lang).lower()


def to_reader(view: State, notation: str) -> str:
    """An action's notation with its verb in the reader's language."""
    del view  # the verbs are the same in every game
    verb, space, rest = notation.partition(" ")
    if verb not in VERBS or i18n.current() == i18n.DEFAULT:
        return notation
    return word(verb) + space + rest


def from_reader(view: State, text: str) -> str:
    """What a person typed, with a verb in their language (or in English) put back in
    English for the game's parser."""
    del view
    verb, space, rest = text.strip().partition(" ")
    wanted = plain(verb)
    for english in VERBS:
        if wanted in (english, plain(word(english))):
            return english + space + rest
    return text
