"""What every game's terminal picture shares: drawing at the width the terminal has, legends
for the abbreviations a picture uses, and the words of the picture in the reader's language.

A board drawn wider than the terminal wraps into nonsense, so a game's picture is a
`Fitted` renderable: Rich gives it the width when it is printed, it draws the first of its
layouts that fits (the widest first), and when none does it says how wide the terminal must be
and draws the narrowest one cut at the edge rather than wrapped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text

from leafpile.i18n import Msg


def say(msgid: str, **args: object) -> str:
    """A sentence of a terminal picture in the current language."""
    return Msg(msgid, **args).localize()


def width_of(text: Text) -> int:
    """The columns the widest line of `text` takes."""
    return max((cell_len(line) for line in text.plain.split("\n")), default=0)


class Fitted:
    """A picture with several layouts, widest first: the first that fits is drawn."""

    def __init__(
        self,
        layouts: Sequence[Callable[[], Text]],
        what: str = "",
        notes: Sequence[RenderableType | None] = (),
    ) -> None:
        assert layouts
        self.layouts = layouts
        self.what = what  # what the picture is, for the message ("the forest")
        #: What to print under each layout when it is the one drawn (names it had to cut)
        self.notes = notes
        self._drawn: list[Text] | None = None

    def drawn(self) -> list[Text]:
        if self._drawn is None:
            self._drawn = [make() for make in self.layouts]
        return self._drawn

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        drawn = self.drawn()
        for i, text in enumerate(drawn):
            if width_of(text) <= width:
                yield text
                note = self.notes[i] if i < len(self.notes) else None
                if note is not None:
                    yield note
                return
        narrowest = min(drawn, key=width_of)
        yield Text(
            say(
                "{what} needs {n} columns and this terminal has {width}: widen the window (or "
                "make the font smaller) to see it whole.",
                what=self.what,
                n=width_of(narrowest),
                width=width,
            ),
            style="bold yellow",
        )
        cut = narrowest.copy()
        cut.no_wrap = True
        cut.overflow = "crop"
        yield cut

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [width_of(text) for text in self.drawn()]
        return Measurement(min(widths), max(widths))


class Legend:
    """A legend: each abbreviation in bold, then what it means, entries separated by ' · '.
    Lines break between words at the terminal's width, never inside an abbreviation (`L1 C1
    R1` stays whole)."""

    def __init__(self, entries: Iterable[tuple[str, str]], title: str | None = None) -> None:
        self.entries = list(entries)
        self.title = title if title is not None else say("legend:")

    def words(self) -> Iterator[tuple[str, str]]:
        """(word, style) units in order; a separator is glued to the word after it."""
        yield self.title, "italic"
        for i, (key, meaning) in enumerate(self.entries):
            yield ("· " if i else "") + key, "bold"
            yield "=", ""
            for word in meaning.split():
                yield word, ""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        text = Text(style="dim")
        column = 0
        for word, style in self.words():
            size = cell_len(word)
            if column and column + 1 + size > width:
                text.append("\n")
                column = 0
            elif column:
                text.append(" ")
                column += 1
            text.append(word, style=style)
            column += size
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        sizes = [cell_len(word) for word, _ in self.words()]
        return Measurement(max(sizes), sum(sizes) + len(sizes) - 1)
