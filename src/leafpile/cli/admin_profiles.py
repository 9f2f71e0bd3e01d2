"""`leafpile admin profiles rename|lock`."""

from __future__ import annotations

from typing import Annotated

import typer

from leafpile.cli.admin import DbOption, group, open_database
from leafpile.cli.common import console, fail, h, say
from leafpile.i18n import Msg

profiles = group("profiles", h(Msg("Rename or lock player profiles.")))


@profiles.command("rename", help=h(Msg("Give a profile another name.")))
def rename_command(
    name: Annotated[str, typer.Argument(help=h(Msg("The profile's name now.")))],
    new_name: Annotated[str, typer.Argument(help=h(Msg("Its new name.")))],
    db: DbOption = None,
) -> None:
    from leafpile.server.players.moderation import rename_profile
    from leafpile.server.store.moderation import ModerationError

    database = open_database(db)
    try:
        rename_profile(database, name, new_name)
    except ModerationError as e:
        raise fail(e.message) from None
    finally:
        database.close()
    console.print(say("{old} is now {new}", old=name, new=new_name), soft_wrap=True, markup=False)


@profiles.command(
    "lock",
    help=h(
        Msg(
            "Lock a profile: signed out of every browser, its password removed, its name and "
            "ratings kept."
        )
    ),
)
def lock_command(
    name: Annotated[str, typer.Argument(help=h(Msg("The profile's name.")))],
    db: DbOption = None,
) -> None:
    from leafpile.server.players.moderation import lock_profile
    from leafpile.server.store.moderation import ModerationError

    database = open_database(db)
    try:
        browsers = lock_profile(database, name)
    except ModerationError as e:
        raise fail(e.message) from None
    finally:
        database.close()
    console.print(
        say("{name} is locked; browsers signed out: {n}", name=name, n=browsers),
        soft_wrap=True,
        markup=False,
    )
