"""The benchmarks' own code, loaded by tests that check it or share its positions.

`benchmarks/` is a folder of scripts, not a package (each runs as `python benchmarks/x.py`,
and `versions.py` runs some of them against a frozen `src/`), so tests load a script by path.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(script: str) -> ModuleType:
    """The module `benchmarks/<script>.py`, registered as `bench_<script>`."""
    spec = importlib.util.spec_from_file_location(f"bench_{script}", BENCHMARKS / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module
