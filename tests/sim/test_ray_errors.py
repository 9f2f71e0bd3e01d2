"""`--backend ray` when Ray cannot start: a cluster already running (a local start would join
it with its own CPU count) and `--address auto` with no cluster are one-line errors with exit
code 2, not tracebacks. Ray itself is replaced by a stand-in that raises what Ray 2.x raises
in those two cases (starting real clusters here would take half a minute and could join
another program's cluster on the same machine)."""

from __future__ import annotations

import sys
import types

import pytest
from typer.testing import CliRunner

from leafpile.cli import app

runner = CliRunner()
#: What `ray.init` raises in each case (Ray 2.60's own words).
RUNNING = ValueError(
    "When connecting to an existing cluster, num_cpus and num_gpus must not be provided."
)
NONE = ConnectionError(
    "Could not find any running Ray instance. Please specify the one to connect to by setting "
    "`--address` flag or `RAY_ADDRESS` environment variable."
)


def fake_ray(monkeypatch, error: Exception) -> list[dict]:
    """A stand-in Ray whose `init` records its arguments (and whether Ray's multi-node switch
    was on at that moment: `cluster_switch`) and raises `error`."""
    calls: list[dict] = []
    constants = types.SimpleNamespace(ENABLE_RAY_CLUSTER=True)  # Ray's default on Linux

    def init(**kwargs):
        calls.append({**kwargs, "cluster_switch": constants.ENABLE_RAY_CLUSTER})
        raise error

    ray = types.ModuleType("ray")
    ray.is_initialized = lambda: False  # type: ignore[attr-defined]
    ray.init = init  # type: ignore[attr-defined]
    ray._private = types.SimpleNamespace(ray_constants=constants)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", ray)
    return calls


@pytest.mark.parametrize("command", ["simulate", "analyze"])
def test_a_running_cluster_is_a_one_line_error(monkeypatch, tmp_path, command):
    calls = fake_ray(monkeypatch, RUNNING)
    extra = ["--out", str(tmp_path / "report")] if command == "analyze" else []
    result = runner.invoke(app, [command, "autumn", "--games", "2", "--backend", "ray", *extra])
    assert result.exit_code == 2, result.output
    assert "a Ray cluster is already running on this machine" in result.output
    assert "--address auto" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert calls and "num_cpus" in calls[0]
    # a local start is kept to loopback: Ray's multi-node switch off while it starts
    assert calls[0]["_node_ip_address"] == "127.0.0.1" and calls[0]["cluster_switch"] is False
    assert sys.modules["ray"]._private.ray_constants.ENABLE_RAY_CLUSTER is True  # put back


def test_address_auto_without_a_cluster_is_a_one_line_error(monkeypatch):
    calls = fake_ray(monkeypatch, NONE)
    result = runner.invoke(
        app, ["simulate", "autumn", "--games", "2", "--backend", "ray", "--address", "auto"]
    )
    assert result.exit_code == 2, result.output
    assert result.output.strip() == "error: no Ray cluster is running at --address auto"
    assert calls == [
        {"address": "auto", "log_to_driver": False, "logging_level": 40, "cluster_switch": True}
    ]


def test_a_ray_that_cannot_be_kept_to_loopback_is_refused(monkeypatch):
    """Without Ray's switch a local start would listen on every address: one line instead."""
    calls = fake_ray(monkeypatch, RUNNING)
    del sys.modules["ray"]._private.ray_constants.ENABLE_RAY_CLUSTER
    result = runner.invoke(app, ["simulate", "autumn", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2, result.output
    assert "cannot be kept to loopback" in result.output and calls == []


def test_other_ray_errors_are_not_hidden(monkeypatch):
    """Only the two known cases are turned into sentences; anything else stays a bug."""
    fake_ray(monkeypatch, ValueError("some other problem"))
    result = runner.invoke(app, ["simulate", "autumn", "--games", "2", "--backend", "ray"])
    assert result.exit_code != 0 and isinstance(result.exception, ValueError)
