"""`leafpile serve`'s settings: each from its flag, else its environment variable, else the
TOML configuration file (`--config`, or LEAFPILE_CONFIG), else its default.

`SETTINGS` is the one table: the README's configuration table is checked against it. Every
value, whatever its source, passes the same check, and a bad one is refused in one line that
names where it came from (`--port`, `LEAFPILE_PORT` or `leafpile.toml: port`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from leafpile.i18n import Msg

CONFIG_MAX = 64 * 1024  # bytes: a configuration file is a few lines


class ConfigError(Exception):
    """A setting that cannot be used: `message` says which, from where, and why."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Setting:
    """One setting: its flag's name (with underscores: also its key in the file), type,
    default, bounds or choices, and what it does (the README's table)."""

    name: str
    kind: type
    default: Any
    doc: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def env(self) -> str:
        return "LEAFPILE_" + self.name.upper()


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "db",
        str,
        "sqlite:///leafpile.db",
        "database URL: sqlite:///FILE.db or postgresql://USER@HOST/DB",
    ),
    Setting("host", str, "127.0.0.1", "address to listen on"),
    Setting("port", int, 8000, "port to listen on", low=1, high=65535),
    Setting(
        "workers", int, 1, "server processes on the one port (above 1: PostgreSQL)", low=1, high=64
    ),
    Setting("forwarded_allow_ips", str, None, "proxies whose X-Forwarded-For/-Proto are believed"),
    Setting(
        "rate_limit",
        float,
        20.0,
        "requests a second per client address (0: no limits)",
        low=0,
        high=1e6,
    ),
    Setting("bot_delay", float, 0.5, "seconds a seat bot waits before it moves", low=0, high=60),
    Setting(
        "shutdown_timeout",
        float,
        10.0,
        "seconds a stopping server (SIGTERM) waits for the requests in flight",
        low=0,
        high=600,
    ),
    Setting(
        "log_format", str, "readable", "log lines: readable or json", choices=("readable", "json")
    ),
    Setting(
        "metrics_port",
        int,
        None,
        "port of /metrics (Prometheus), apart from the public one (none: no metrics)",
        low=1,
        high=65535,
    ),
    Setting("metrics_host", str, "127.0.0.1", "address /metrics listens on"),
)
BY_NAME = {s.name: s for s in SETTINGS}


def _checked(setting: Setting, value: Any, source: str) -> Any:
    """`value` as the setting's type within its bounds, or a ConfigError naming `source`."""
    shown = repr(value)[:80]
    if setting.kind is int:
        if isinstance(value, str):
            text = value.strip()
            if not (text.isascii() and text.lstrip("-").isdigit() and len(text) <= 12):
                raise ConfigError(
                    Msg("{source}: {value} is not a whole number", source=source, value=shown)
                )
            value = int(text)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(
                Msg("{source}: {value} is not a whole number", source=source, value=shown)
            )
    elif setting.kind is float:
        if isinstance(value, str):
            try:
                value = float(value.strip()) if len(value) <= 40 else None
            except ValueError:
                value = None
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            raise ConfigError(Msg("{source}: {value} is not a number", source=source, value=shown))
        value = float(value)
    elif not isinstance(value, str):
        raise ConfigError(Msg("{source}: {value} is not text", source=source, value=shown))
    if (
        setting.low is not None
        and setting.high is not None
        and not setting.low <= value <= setting.high
    ):
        raise ConfigError(
            Msg(
                "{source}: {value} is not between {low} and {high}",
                source=source,
                value=shown,
                low=_num(setting.low),
                high=_num(setting.high),
            )
        )
    if setting.choices and value not in setting.choices:
        raise ConfigError(
            Msg(
                "{source}: {value} is not one of {choices}",
                source=source,
                value=shown,
                choices=", ".join(setting.choices),
            )
        )
    return value


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def read_file(path: str) -> dict[str, Any]:
    """The settings of a TOML file (unknown keys refused: a typo must not go unnoticed)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(CONFIG_MAX + 1)
    except OSError as e:
        raise ConfigError(
            Msg(
                "{path}: cannot read the configuration: {reason}",
                path=path,
                reason=e.strerror or str(e),
            )
        ) from None
    if len(raw) > CONFIG_MAX:
        raise ConfigError(
            Msg("{path}: a configuration file is at most {size} bytes", path=path, size=CONFIG_MAX)
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(
            Msg("{path}: not a TOML file: {reason}", path=path, reason=str(e).splitlines()[0])
        ) from None
    unknown = sorted(set(data) - set(BY_NAME))
    if unknown:
        raise ConfigError(
            Msg(
                "{path}: unknown setting {key} (known: {known})",
                path=path,
                key=repr(unknown[0])[:60],
                known=", ".join(BY_NAME),
            )
        )
    name = Path(path).name
    return {key: _checked(BY_NAME[key], value, f"{name}: {key}") for key, value in data.items()}


def resolve(
    flags: Mapping[str, Any], environ: Mapping[str, str], config: str | None
) -> dict[str, Any]:
    """Every setting: the flag given (not None), else the environment, else the file `config`
    (or LEAFPILE_CONFIG's), else the default."""
    path = config if config is not None else environ.get("LEAFPILE_CONFIG") or None
    from_file = read_file(path) if path else {}
    out: dict[str, Any] = {}
    for s in SETTINGS:
        if flags.get(s.name) is not None:
            out[s.name] = _checked(s, flags[s.name], s.flag)
        elif environ.get(s.env, "") != "":
            out[s.name] = _checked(s, environ[s.env], s.env)
        elif s.name in from_file:
            out[s.name] = from_file[s.name]
        else:
            out[s.name] = s.default
    return out


def table_markdown() -> str:
    """The README's configuration table, made from `SETTINGS`."""
    rows = ["| flag | environment | file key | default | what |", "|---|---|---|---|---|"]
    for s in SETTINGS:
        default = "none" if s.default is None else f"`{s.default}`"
        rows.append(f"| `{s.flag}` | `{s.env}` | `{s.name}` | {default} | {s.doc} |")
    return "\n".join(rows)
