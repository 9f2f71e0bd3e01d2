"""The words of the games' notation in the reader's language: `take G`, `compost`, `stop`,
`done`, `seedling 0,0`, `red`... are shown translated in the list of actions, and a person may
type them in their language or in English. Records keep the English notation; the verb (an
action's first word) is translated, and a word after it that the game names
(`NOTATION_ARGUMENTS` of its terminal module: Momiji's objective ids); numbers, letters and
coordinates stay as they are.
"""

from __future__ import annotations

import re
import unicodedata

from leafpile import i18n
from leafpile.engine import Game, State
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


def arguments(view: State | Game, verb: str) -> dict[str, Msg]:
    """The words after `verb` that the game translates too (Momiji's objective ids)."""
    game = view if isinstance(view, Game) else view.game
    table: dict[str, dict[str, Msg]] = getattr(game.terminal, "NOTATION_ARGUMENTS", {})
    return table.get(verb, {})


def to_reader(view: State | Game, notation: str) -> str:
    """An action's notation with its verb (and a word after it the game translates) in the
    reader's language."""
    verb, space, rest = notation.partition(" ")
    if verb not in VERBS or i18n.current() == i18n.DEFAULT:
        return notation
    named = arguments(view, verb).get(rest)
    return word(verb) + space + (named.localize() if named is not None else rest)


#: A short piece of notation in quotes, as the engine's messages quote what was typed and
#: their examples ('take G', 'seedling 1,1'): an opening quote not inside a word (French
#: "n'est", "d'Autumn" are not quotes), a closing one not followed by a letter.
_QUOTED = re.compile(
    r"(?<![\w'])'([^'\n]{1,40}?)'(?!\w)"  # 'take G'
    r'|"([^"\n]{1,40})"'  # "l'arbre", as repr() quotes a text holding a quote
    r"|«\s?([^»\n]{1,40}?)\s?»"  # « prendre G »
)

#: A quoted word followed by its gloss in brackets, as the catalogs explain English notation.
_GLOSS = re.compile(r"('(\w+)(?: [^'\n]{0,30})?') \((\w+)\)")


def quoted_to_reader(game: Game, message: str) -> str:
    """A message (already in the reader's language) with the notation it quotes in the
    reader's words: "'end' is not legal now" reads "'fin' n'est pas permis maintenant"."""
    if i18n.current() == i18n.DEFAULT:
        return message

    def one(m: re.Match[str]) -> str:
        group = m.lastindex or 0
        verb, space, rest = m.group(group).partition(" ")
        if verb.lower() not in VERBS:
            return m.group(0)
        words = to_reader(game, verb.lower() + space + rest)
        start, end = m.start(group) - m.start(), m.end(group) - m.start()
        return m.group(0)[:start] + words + m.group(0)[end:]

    def unglossed(m: re.Match[str]) -> str:
        return m.group(1) if plain(m.group(3)) == plain(m.group(2)) else m.group(0)

    # a gloss that only repeats the word now quoted ("'passer' (passer)") goes
    return _GLOSS.sub(unglossed, _QUOTED.sub(one, message))


def from_reader(view: State, text: str) -> str:
    """What a person typed, with a verb in their language (or in English) put back in
    English for the game's parser."""
    verb, space, rest = text.strip().partition(" ")
    wanted = plain(verb)
    for english in VERBS:
        if wanted in (english, plain(word(english))):
            return english + space + _argument(view, english, rest.strip())
    return text


def _argument(view: State, verb: str, typed: str) -> str:
    wanted = plain(typed)
    for data_id, words in arguments(view, verb).items():
        if wanted in (plain(data_id), plain(words.localize())):
            return data_id
    return typed
