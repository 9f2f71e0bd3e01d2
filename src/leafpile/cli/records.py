"""Game records at the terminal: reading one to go on with or to replay, and writing one as
the game goes (`play --save`), so that a crash or a full disk loses at most the last move."""

from __future__ import annotations

import os
from pathlib import Path

from rich.markup import escape

from leafpile.cli.common import console, fail, lookup_game, say
from leafpile.engine import Game, GameRecord, LeafpileError
from leafpile.engine.match import Match
from leafpile.engine.record import os_reason
from leafpile.i18n import Msg


def read_record(path: Path, game: Game) -> GameRecord:
    """A record to go on with: readable, of this game (clear error otherwise)."""
    try:
        record = GameRecord.load(path)
    except LeafpileError as e:
        raise fail(e) from None
    if lookup_game(record.game) is not game:
        raise fail(
            Msg(
                "{path} is a record of {other}, not of {game}",
                path=str(path),
                other=record.game,
                game=game.info.name,
            )
        )
    return record


def recorded(record: GameRecord, key: str, players: int) -> str | None:
    """The seats or names a record keeps in its metadata, as the option would give them (None
    when missing or malformed: the defaults apply, and what is given is checked as usual)."""
    value = record.metadata.get(key)
    if not isinstance(value, list) or len(value) != players:
        return None
    if not all(isinstance(v, str) and "," not in v for v in value):
        return None
    return ",".join(value)


def check_writable(path: Path) -> None:
    """Refuse a --save path that cannot be written before the game starts, not after it (the
    first write, before any move, catches what these checks cannot see)."""
    try:
        _check_writable(path)
    except OSError as e:  # a name too long, a loop of links...
        raise fail(
            say("--save: {path} cannot be written ({reason})", path=str(path), reason=os_reason(e))
        ) from None


def _check_writable(path: Path) -> None:
    if path.is_dir():
        raise fail(
            say(
                "--save {path} is a folder; give a file name such as {example}",
                path=str(path),
                example=str(path / "game.json"),
            )
        )
    if path.exists() and not path.is_file():
        raise fail(say("--save: {path} is not a regular file; give a file name", path=str(path)))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise fail(say("--save: the folder {folder} does not exist", folder=str(parent)))
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise fail(say("--save: {path} cannot be written (permission denied)", path=str(path)))


class RecordSaver:
    """Writes the record of a game in play after every decision (atomically), so a crash, a
    kill or a full disk loses at most the move being made; a failed write is said at once and
    the game goes on (the next decision tries again)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def first(self, match: Match) -> None:
        """The first write, before any move: a refusal here ends the command (exit 2)."""
        try:
            self._write(match)
        except OSError as e:
            raise fail(
                say(
                    "--save: {path} cannot be written ({reason})",
                    path=str(self.path),
                    reason=os_reason(e),
                )
            ) from None

    def after_action(self, match: Match) -> bool:
        """Write the record as it stands now; False (and said) when it could not be."""
        try:
            self._write(match)
        except OSError as e:
            problem = say(
                "the game record could not be written to {path} ({reason}); the game goes on "
                "and the next move tries again",
                path=str(self.path),
                reason=os_reason(e),
            )
            console.print(f"[bold red]{escape(problem)}[/]")
            return False
        return True

    def _write(self, match: Match) -> None:
        match.record.metadata["finished"] = match.state.is_terminal()
        match.record.save(self.path)
