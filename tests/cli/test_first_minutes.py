"""The first minutes of a new user (issue #30, "Set-up"): `make run` installs only what serving
needs and says what it is doing, `make test` adds the rest, and the README says how to stop the
server and how long the two take on a fresh clone."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: What only the tests and the research extra need: never installed by `make run`.
HEAVY = ("ray", "open-spiel", "playwright", "mypy", "matplotlib", "pytest", "torch")


def target(makefile: str, name: str) -> tuple[list[str], list[str]]:
    """A Makefile target's prerequisites and recipe lines (variables as written)."""
    lines = makefile.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^{re.escape(name)}\s*:", line))
    needs = lines[start].split(":", 1)[1].replace("|", " ").split()
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return needs, recipe


def test_make_run_installs_only_what_serving_needs_and_says_so():
    makefile = (ROOT / "Makefile").read_text()
    needs, recipe = target(makefile, "run")
    assert needs == ["install-serve"], needs
    assert any("leafpile serve" in line for line in recipe)
    assert any(line.startswith("@echo") and "Ctrl-C" in line for line in recipe)
    serve_needs, _ = target(makefile, "install-serve")
    _stamp_needs, install = target(makefile, serve_needs[0])  # $(SERVE_STAMP): ...
    pip = [line for line in install if "$(PIP)" in line]
    assert pip == ["$(PIP) -e ."], install  # no extra: neither test nor research
    assert install[0].startswith("@echo"), install  # it says what it is installing
    assert not any(" -q" in line for line in install)  # and pip is not silenced
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = " ".join(project["dependencies"]).lower()
    assert not [h for h in HEAVY if re.search(rf"\b{re.escape(h)}\b", base)], base


def test_make_test_adds_the_test_and_research_packages():
    makefile = (ROOT / "Makefile").read_text()
    _needs, install = target(makefile, "$(STAMP)")
    assert any("'.[test,research]'" in line for line in install), install


def test_the_readme_says_how_to_stop_the_server_and_what_set_up_costs():
    readme = (ROOT / "README.md").read_text()
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    assert "Ctrl-C stops it" in setup
    said = " ".join(setup.split())
    # the measured figures, dated: `make run` to the lobby's first answer, `make test`
    assert re.search(r"`make run` answers its first lobby request after \d+ s", said), said
    assert re.search(r"`make test` took about [\d.]+ minutes on a fresh clone", said), said
    assert re.search(r"20\d\d-\d\d-\d\d", said) and "load average" in said
