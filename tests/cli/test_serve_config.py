"""`leafpile serve`'s settings: flag, then environment variable, then TOML file, then default;
every bad value, whatever its source, refused in one line naming that source."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from leafpile.cli.serve_config import SETTINGS, ConfigError, resolve, table_markdown
from tests.cli.test_no_traceback import leafpile, one_line_error
from tests.server.live import free_port

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "leafpile.toml"
    path.write_text(text)
    return str(path)


def test_defaults_without_flags_environment_or_file() -> None:
    assert resolve({}, {}, None) == {s.name: s.default for s in SETTINGS}


def test_flag_beats_environment_beats_file_beats_default(tmp_path: Path) -> None:
    config = write(tmp_path, 'port = 7001\nworkers = 3\nlog_format = "json"\nbot_delay = 0\n')
    env = {"LEAFPILE_PORT": "7002", "LEAFPILE_WORKERS": "2"}
    got = resolve({"port": "7003"}, env, config)
    assert (got["port"], got["workers"], got["log_format"], got["bot_delay"]) == (
        7003,
        2,
        "json",
        0.0,
    )
    assert got["db"] == "sqlite:///leafpile.db"  # nobody said: the default
    assert resolve({}, {**env, "LEAFPILE_CONFIG": config}, None)["log_format"] == "json"
    assert resolve({}, {"LEAFPILE_PORT": ""}, None)["port"] == 8000  # empty is unset


@pytest.mark.parametrize(
    ("flags", "env", "file", "says"),
    [
        ({"port": "http"}, {}, "", "--port: 'http' is not a whole number"),
        ({"port": "²"}, {}, "", "--port: '²' is not a whole number"),
        ({"port": "9" * 5000}, {}, "", "is not a whole number"),
        ({}, {"LEAFPILE_PORT": "70000"}, "", "LEAFPILE_PORT: '70000' is not between 1 and 65535"),
        ({}, {"LEAFPILE_RATE_LIMIT": "nan"}, "", "LEAFPILE_RATE_LIMIT: 'nan' is not a number"),
        ({}, {"LEAFPILE_RATE_LIMIT": "-1"}, "", "is not between 0 and 1000000"),
        ({"log_format": "xml"}, {}, "", "--log-format: 'xml' is not one of readable, json"),
        ({}, {}, "workers = true\n", "leafpile.toml: workers: True is not a whole number"),
        ({}, {}, "host = 7\n", "leafpile.toml: host: 7 is not text"),
        ({}, {}, "prot = 8000\n", "unknown setting 'prot' (known: db, host, port"),
        ({}, {}, "port = [\n", "not a TOML file"),
        ({}, {}, "x" * 70_000, "a configuration file is at most 65536 bytes"),
    ],
)
def test_bad_values_are_refused_naming_their_source(tmp_path, flags, env, file, says) -> None:
    config = write(tmp_path, file) if file else None
    with pytest.raises(ConfigError) as refused:
        resolve(flags, env, config)
    assert says in str(refused.value)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read the configuration"):
        resolve({}, {}, str(tmp_path / "nowhere.toml"))


def test_serve_says_a_bad_setting_in_one_line_and_serves_nothing(tmp_path: Path) -> None:
    line = one_line_error(leafpile("serve", "--port", "abc"))
    assert line == "error: --port: 'abc' is not a whole number"
    line = one_line_error(leafpile("serve", env={"LEAFPILE_WORKERS": "0"}))
    assert "LEAFPILE_WORKERS: '0' is not between 1 and 64" in line
    config = write(tmp_path, "rate_limit = 'fast'\n")
    line = one_line_error(leafpile("serve", "--config", config))
    assert "leafpile.toml: rate_limit: 'fast' is not a number" in line


def test_a_bad_metrics_port_is_refused_in_one_line(tmp_path: Path) -> None:
    line = one_line_error(leafpile("serve", "--metrics-port", "prom"))
    assert line == "error: --metrics-port: 'prom' is not a whole number"
    line = one_line_error(leafpile("serve", env={"LEAFPILE_METRICS_PORT": "0"}))
    assert "LEAFPILE_METRICS_PORT: '0' is not between 1 and 65535" in line
    config = write(tmp_path, "metrics_port = 9108.5\n")
    line = one_line_error(leafpile("serve", "--config", config))
    assert "leafpile.toml: metrics_port: 9108.5 is not a whole number" in line
    port = str(free_port())
    db = f"sqlite:///{tmp_path / 'm.db'}"
    line = one_line_error(leafpile("serve", "--port", port, "--metrics-port", port, "--db", db))
    assert (
        line == f"error: --metrics-port {port} is the public port: metrics need a port of their own"
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = str(taken.getsockname()[1])
        line = one_line_error(leafpile("serve", "--port", port, "--metrics-port", busy, "--db", db))
    assert line == f"error: port {busy} is in use, try --metrics-port {int(busy) + 1}"
    assert not (tmp_path / "m.db").exists()  # nothing served, nothing made


def test_the_readme_has_the_configuration_table() -> None:
    assert table_markdown() in (ROOT / "README.md").read_text()
