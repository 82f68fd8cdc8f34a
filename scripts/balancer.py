"""`scripts/run-app --backends HOST:PORT,…`: HAProxy alone on this machine, in front of app processes on other
machines (each started there as docs/deployment.md says), with the configuration `scripts/haproxy.py` writes.

It runs until Ctrl-C or SIGTERM, says when an app server's health check changes its state (a machine lost, a
machine back), and stops HAProxy and removes its folder at the end. HAProxy itself moves the pages of a
server marked down to the others and closes their connections (`on-marked-down shutdown-sessions`)."""

from __future__ import annotations

import argparse
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from scripts.haproxy import bind_line, ensure_haproxy, haproxy_config, server_states
from scripts.supervision import LOOPBACK, check_port_free, say, start, stop

START_TIMEOUT_S = 30
WATCH_S = 1.0  # how often the servers' states are read


def serve_backends(args: argparse.Namespace) -> int:
    check_port_free(args.address, args.port)
    haproxy_bin = ensure_haproxy("--backends")
    check_port_free(args.address, args.port)  # still free after a possibly long install
    workdir = Path(tempfile.mkdtemp(prefix="estimador-pension-"))
    admin_socket, config = workdir / "admin.sock", workdir / "haproxy.cfg"
    config.write_text(haproxy_config(args.address, args.port, args.backends, admin_socket, args.check_host))
    stopping = threading.Event()
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    haproxy = None
    try:
        checked = subprocess.run([haproxy_bin, "-c", "-q", "-f", str(config)], capture_output=True, text=True,
                                 timeout=30)
        if checked.returncode != 0:
            raise RuntimeError(f"HAProxy refused its configuration: {checked.stderr.strip()}")
        haproxy = start([haproxy_bin, "-db", "-f", str(config)])
        deadline = time.monotonic() + START_TIMEOUT_S
        while not admin_socket.exists():
            if haproxy.poll() is not None or time.monotonic() > deadline or stopping.is_set():
                raise RuntimeError(f"HAProxy did not start on {bind_line(args.address, args.port)}")
            time.sleep(0.1)
        shown = LOOPBACK if args.address == LOOPBACK else args.address
        names = ", ".join(f"app{i} {bind_line(host, port)}" for i, (host, port) in enumerate(args.backends, 1))
        say(f"serving on http://{bind_line(shown, args.port)} in front of {len(args.backends)} app processes "
            f"({names}; health checks with Host {args.check_host}; HAProxy's admin socket: {admin_socket}). "
            "Ctrl-C stops it.")
        watch(haproxy, admin_socket, stopping)
        return 0
    except RuntimeError as error:
        if stopping.is_set():
            return 0
        say(f"error: {error}; everything was stopped")
        return 1
    finally:
        stop(haproxy)
        shutil.rmtree(workdir, ignore_errors=True)


def watch(haproxy: subprocess.Popen, admin_socket: Path, stopping: threading.Event) -> None:
    """Until stopped: say each change of an app server's state; an error if HAProxy ends."""
    seen: dict[str, str] = {}
    while not stopping.wait(WATCH_S):
        if haproxy.poll() is not None:
            raise RuntimeError(f"HAProxy ended with status {haproxy.returncode}")
        try:
            states = server_states(admin_socket)
        except OSError:  # HAProxy busy or ending: read again next time
            continue
        for name, state in states.items():
            if seen.get(name) != state:
                say(f"{name} is {state}")
        seen = states
