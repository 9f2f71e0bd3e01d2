"""The terminal's log gives a line's reason under it (`why: ...`), as the pages' "why?" does."""

from __future__ import annotations

from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.games.autumn.explain import RULES

runner = CliRunner()


def test_the_round_s_last_card_says_why_under_its_line():
    args = ["play", "autumn", "--seats", "random,random", "--seed", "5", "-o", "rounds=1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "why: " in said and "The deck is empty: the round ends." in said
    assert " ".join(str(RULES["round"]).split()) in said
    result = runner.invoke(app, args, env={"LEAFPILE_LANG": "fr"})
    assert result.exit_code == 0, result.output
    assert "pourquoi : " in " ".join(result.output.split())
