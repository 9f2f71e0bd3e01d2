"""What the server's metrics cost, call by call: the CPU time of each reading with the metrics
switched on (prometheus-client's multi-process files, in a fresh directory) and off, and of
one scrape of what those readings made.

    .venv/bin/python benchmarks/metrics_cost.py [--calls 20000] [--rounds 5]

The load benchmark (`load.py --metrics`) measures the whole server's CPU per action with the
metrics off and on; on a busy machine its runs vary more than the difference, so this prints
the parts: what one action adds is about one `action` reading, one `database` reading per
group commit, and a share of the scrapes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable


def cpu_per_call(fn: Callable[[], None], calls: int) -> float:
    """Microseconds of CPU per call of `fn`."""
    start = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.calls < 1 or args.rounds < 1:
        parser.error("--calls and --rounds must be positive")
    directory = tempfile.mkdtemp(prefix="leafpile-metrics-cost-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
    from prometheus_client import generate_latest
    from prometheus_client.registry import CollectorRegistry

    from leafpile.games import GAMES
    from leafpile.server import metrics
    from leafpile.server.api.refusals import STATUS

    off = metrics.Meter()
    metrics.switch_on(GAMES, STATUS)
    on = metrics.meter
    readings: dict[str, Callable[[metrics.Meter], None]] = {
        "action": lambda m: m.action("autumn", "person", 0.004),
        "request": lambda m: m.request("POST", "/api/tables/{table_id}/actions", 200, 0.004),
        "database": lambda m: m.database("append_actions", 0.002),
        "refusal": lambda m: m.refusal("stale"),
        "socket": lambda m: m.socket(+1),
    }
    print(f"CPU per reading (µs), median of {args.rounds} rounds of {args.calls:,} calls:")
    for name, reading in readings.items():
        got = {}
        for label, meter in (("off", off), ("on", on)):

            def call(
                m: metrics.Meter = meter, r: Callable[[metrics.Meter], None] = reading
            ) -> None:
                r(m)

            got[label] = statistics.median(
                cpu_per_call(call, args.calls) for _ in range(args.rounds)
            )
        print(f"  {name:<9} off {got['off']:6.2f}   on {got['on']:6.2f}")
    registry = CollectorRegistry(auto_describe=False)
    registry.register(metrics.RunCollector(directory))
    start = time.process_time()
    for _ in range(args.rounds):
        body = generate_latest(registry)
    took = (time.process_time() - start) / args.rounds * 1000
    print(f"one scrape: {took:.1f} ms of CPU ({len(body):,} bytes, one process's files)")
    metrics.remove_directory(directory)


if __name__ == "__main__":
    main()
