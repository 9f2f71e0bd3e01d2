"""Two versions of leafpile side by side, for before/after benchmarks in one run.

`Versions` starts one long-lived worker process per source tree (this working copy, and a
frozen copy of another commit's `src/`, extracted with `git archive`), and asks them for the
same piece of work in interleaved rounds, so that both are measured under the same load. Each
worker measures its own CPU time (`time.process_time`), which a busy machine inflates far less
than wall-clock time. A job is a function name of the benchmark module and its arguments; the
worker imports that module with the chosen `src/` first on `sys.path` and sends back the
function's result as one JSON line.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The commit whose behaviour the speed work of issue 34 started from.
BASELINE = "8cf993a"


def frozen_src(rev: str) -> Path:
    """`src/` of commit `rev`, extracted once into the temporary folder (kept between runs)."""
    full = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", rev], check=True, capture_output=True, text=True
    ).stdout.strip()
    dest = Path(tempfile.gettempdir()) / f"leafpile-src-{full[:12]}"
    if not (dest / "src" / "leafpile").is_dir():
        tmp = Path(tempfile.mkdtemp(prefix="leafpile-src-", dir=tempfile.gettempdir()))
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", full, "src"],
            check=True,
            capture_output=True,
        ).stdout
        tar_path = tmp / "src.tar"
        tar_path.write_bytes(archive)
        with tarfile.open(tar_path) as tar:
            tar.extractall(tmp, filter="data")
        tar_path.unlink()
        os.replace(tmp, dest)
    return dest / "src"


def uptime() -> str:
    """The load averages over 1, 5 and 15 minutes, as `uptime` prints them."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


class Worker:
    """One process running the benchmark module of one source tree."""

    def __init__(self, label: str, src: Path, module: str) -> None:
        self.label = label
        env = dict(os.environ, PYTHONHASHSEED="0")
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "versions.py"), str(src), module],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(HERE),
        )
        self.where = self.call("where")

    def call(self, name: str, *args: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([name, list(args)]) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} worker died")
        return json.loads(line)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def pair(module: str, baseline: str = BASELINE) -> tuple[Worker, Worker]:
    """Workers for the frozen `baseline` commit and for this working copy."""
    before = Worker(f"before ({baseline})", frozen_src(baseline), module)
    after = Worker("after (this copy)", ROOT / "src", module)
    return before, after


def _serve(src: str, module: str) -> None:
    """The worker's loop: one JSON job a line in, one JSON result a line out."""
    sys.path.insert(0, src)
    sys.path.insert(1, str(HERE))
    bench = importlib.import_module(module)
    import leafpile

    for line in sys.stdin:
        name, args = json.loads(line)
        result = leafpile.__file__ if name == "where" else getattr(bench, name)(*args)
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    _serve(sys.argv[1], sys.argv[2])
