"""The systemd unit file in the repository (a template: one instance per port) is one systemd
accepts (`systemd-analyze verify` of an instance, where systemd's tools are installed), pointed
at this checkout's leafpile."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "leafpile@.service"


def verify(unit: Path) -> str:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed (no systemd on this machine)")
    done = subprocess.run([tool, "verify", str(unit)], capture_output=True, text=True, timeout=120)
    # verify reports most mistakes as warnings with exit code 0: any output is a mistake
    return (done.stdout + done.stderr).strip() + ("" if done.returncode == 0 else " (failed)")


def installed_copy(tmp_path: Path, text: str) -> Path:
    """The unit as it would be installed and started on port 8001, its ExecStart pointing at
    this checkout."""
    leafpile = Path(sys.executable).with_name("leafpile")
    unit = tmp_path / "leafpile@8001.service"
    unit.write_text(text.replace("/opt/leafpile/.venv/bin/leafpile", str(leafpile)))
    return unit


def test_the_unit_file_verifies(tmp_path: Path) -> None:
    text = UNIT.read_text()
    assert "ExecStart=/opt/leafpile/.venv/bin/leafpile serve --host 127.0.0.1 --port %i" in text
    assert "KillMode=mixed" in text  # SIGTERM to the server alone: its graceful stop
    assert verify(installed_copy(tmp_path, text)) == ""


def test_the_check_catches_a_broken_unit(tmp_path: Path) -> None:
    broken = UNIT.read_text().replace("KillMode=mixed", "KillMode=sometimes")
    assert "kill mode" in verify(installed_copy(tmp_path, broken))


def test_the_readme_shows_the_files_the_tests_use() -> None:
    readme = (ROOT / "README.md").read_text()
    assert UNIT.read_text().rstrip() in readme
    assert (ROOT / "deploy" / "nginx.conf").read_text().rstrip() in readme
