"""A local Ray started for `--backend ray` listens on loopback only: every TCP socket that
this process and the Ray processes it started listen on is bound to 127.0.0.1. (Before,
Ray's GCS, raylet and workers listened on every address, even with `--node-ip-address
127.0.0.1`.) Read from /proc, so it needs Linux."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import pytest

from leafpile.sim import runner

LISTEN = "0A"


def _family(pid: int) -> set[int]:
    """`pid` and every process below it."""
    seen, todo = set(), [pid]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue  # the process ended meanwhile
    return seen


def _socket_inodes(pids: set[int]) -> set[str]:
    inodes = set()
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").glob("*"):
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    return inodes


def _address(hex_address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    raw = bytes.fromhex(hex_address)
    if len(raw) == 4:
        return ipaddress.IPv4Address(raw[::-1])
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
    return ipaddress.IPv6Address(words)


def listening(pids: set[int]) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket of `pids` in the LISTEN state."""
    inodes = _socket_inodes(pids)
    out = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == LISTEN and inode in inodes:
                host, port = local.split(":")
                out.append((str(_address(host)), int(port, 16)))
    return out


def _loopback(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


@pytest.mark.slow
def test_a_local_ray_listens_on_loopback_only():
    ray = pytest.importorskip("ray", reason="needs the research extra")
    if not Path("/proc/net/tcp").exists():
        pytest.skip("reads the sockets from Linux's /proc")
    if ray.is_initialized():
        pytest.skip("a Ray is already running in this process")
    runner._start_ray(ray, None, 1)
    try:
        assert ray.get(ray.remote(lambda: 1).remote()) == 1  # a worker is up too
        sockets = listening(_family(os.getpid()))
        assert len(sockets) >= 3, sockets  # GCS, raylet, the workers: there is something
        assert all(_loopback(host) for host, _ in sockets), sockets
    finally:
        ray.shutdown()
