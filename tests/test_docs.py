"""The repository explains itself: every relative link in its Markdown leads to a file inside
it, and the rules specifications it carries are the project's own (`docs/rules/`, kept in
step with the steering copy when that copy sits beside the clone)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: `[text](target)` and `![alt](target)`, the target up to a space or the closing bracket.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def markdown_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed]


def relative_links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    out = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue  # https:, mailto:, an anchor in the same page
        out.append(target.split("#", 1)[0])
    return out


def test_every_relative_link_in_the_markdown_leads_to_a_file_in_the_repository() -> None:
    broken = []
    for page in markdown_files():
        for target in relative_links(page):
            resolved = (page.parent / target).resolve()
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, "links that lead nowhere or out of the repository:\n" + "\n".join(broken)


def test_no_markdown_points_outside_the_repository() -> None:
    outside = [
        f"{page.relative_to(ROOT)}:{n}"
        for page in markdown_files()
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if "../shared/" in line
    ]
    assert not outside, "Markdown naming a folder outside the repository:\n" + "\n".join(outside)


def test_the_link_checker_finds_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("[ok](https://example.org) [gone](missing.md) ![pic](<pic.png>) [a](#x)")
    assert relative_links(page) == ["missing.md", "pic.png"]


STEERING_RULES = ROOT.parent / "shared" / "rules"


@pytest.mark.skipif(not STEERING_RULES.is_dir(), reason="no steering copy beside this clone")
def test_the_rules_specifications_are_in_step_with_the_steering_copy() -> None:
    ours = {p.name: p.read_bytes() for p in (ROOT / "docs" / "rules").glob("*.md")}
    theirs = {p.name: p.read_bytes() for p in STEERING_RULES.glob("*.md")}
    assert sorted(ours) == sorted(theirs)
    stale = [name for name in theirs if ours[name] != theirs[name]]
    assert not stale, f"docs/rules/ differs from the steering copy: {stale}"


def test_every_game_has_its_rules_specification() -> None:
    from leafpile.games import GAMES

    for name in GAMES:
        assert (ROOT / "docs" / "rules" / f"{name}.md").is_file(), name
