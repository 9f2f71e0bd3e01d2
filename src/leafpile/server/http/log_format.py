"""How the server's log lines are written: JSON (one object a line, for a log collector) or
readable (for a person at a terminal), and the logging set-up `serve` hands to uvicorn, so
its worker processes log the same way.

A structured line is a message and a `fields` dict (`log.info("request", extra={"fields":
{...}})`). What goes into fields is chosen where the line is made: routes, statuses, table
ids, times, error ids; never a header, a body, a query string, a token, a secret or a card.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

FORMATS = ("readable", "json")


def fields_of(record: logging.LogRecord) -> dict[str, Any]:
    fields = getattr(record, "fields", None)
    return dict(fields) if isinstance(fields, dict) else {}


def _when(record: logging.LogRecord) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
    return f"{stamp}.{int(record.msecs):03d}Z"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the fields, a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _when(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **fields_of(record),
        }
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class ReadableFormatter(logging.Formatter):
    """`time LEVEL message key=value ...`, the traceback below."""

    def format(self, record: logging.LogRecord) -> str:
        parts = [_when(record), f"{record.levelname:<7}", record.getMessage()]
        parts += [f"{key}={value}" for key, value in fields_of(record).items()]
        text = " ".join(parts)
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


def logging_config(log_format: str = "readable", level: str = "INFO") -> dict[str, Any]:
    """The `logging.config.dictConfig` of a serving process: everything to stderr in
    `log_format`; leafpile's own lines (requests, table events) at `level`, uvicorn's from
    warnings on (its access log is replaced by leafpile's request lines)."""
    if log_format not in FORMATS:
        raise ValueError(f"--log-format must be one of {', '.join(FORMATS)}, not {log_format!r}")
    formatter = JsonFormatter if log_format == "json" else ReadableFormatter
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"leafpile": {"()": f"{formatter.__module__}.{formatter.__qualname__}"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "leafpile",
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            "leafpile": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
            "uvicorn.error": {"level": "WARNING"},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
    }
