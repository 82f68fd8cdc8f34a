"""Processes the app is served by: started in their own group (a Ctrl-C reaches only the supervisor, which
stops everything in order) and ended with their supervisor; stopped with SIGTERM, then SIGKILL; checked by
their health endpoint. Shared by `scripts/replicas.py` and the benchmarks' and browser tests' server
(`scripts/served_app.py`)."""

from __future__ import annotations

import argparse
import ctypes
import os
import signal
import socket
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"
STOP_TIMEOUT_S = 10      # SIGTERM, then SIGKILL


class BadInput(Exception):
    """What was asked cannot be done: one line for the person who asked."""


class OneLineParser(argparse.ArgumentParser):
    """argparse whose errors are one line (BadInput) instead of its usage block."""

    def error(self, message: str) -> None:
        raise BadInput(f"{message} (see {self.prog} --help)")


def say(line: str) -> None:
    print(f"run-app: {line}", flush=True)


def check_port_free(address: str, port: int) -> None:
    """Refuse a port something already listens on, before anything is started."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as HAProxy and Streamlit bind
        try:
            sock.bind((address, port))
        except OSError as error:
            reason = "is already in use" if error.errno == 98 else f"cannot be used ({error.strerror})"
            raise BadInput(f"port {port} on {address} {reason}: choose a free one with --port "
                           "(a whole number from 1 to 65535)") from None


def free_loopback_ports(count: int) -> list[int]:
    """`count` distinct free ports on loopback (held together while chosen, so none is picked twice).

    When the tests run several at a time (pytest-xdist names each worker in PYTEST_XDIST_WORKER), worker k of n
    takes only ports whose half is ≡ k (mod n) (Linux hands out odd ports to `bind`: the parity says nothing): a
    server one worker starts is never given the port another worker's test has just freed, where a page that
    lost its server on purpose would find a server again."""
    worker, workers = os.environ.get("PYTEST_XDIST_WORKER", ""), int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slot = int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() and workers > 1 else None
    sockets, kept = [], []
    try:
        while len(kept) < count and len(sockets) < 1000:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((LOOPBACK, 0))
            sockets.append(sock)  # held until the end: the next bind gets another port
            if slot is None or sock.getsockname()[1] // 2 % workers == slot:
                kept.append(sock.getsockname()[1])
        if len(kept) < count:
            raise RuntimeError(f"found {len(kept)} of {count} free loopback ports")
        return kept
    finally:
        for sock in sockets:
            sock.close()


def _die_with_parent() -> None:
    """In the child, before exec: end when the supervisor ends, however it ends (Linux PR_SET_PDEATHSIG)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except OSError:
        pass


def start(command: list[str], env: dict[str, str] | None = None, output=None) -> subprocess.Popen:
    """`command` in the project's folder, in its own process group, ending when its supervisor ends; its output
    to `output` (a file) if given, else where the supervisor's goes."""
    return subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=output,
                            stderr=subprocess.STDOUT if output else None, start_new_session=True,
                            preexec_fn=_die_with_parent)


def stop(process: subprocess.Popen | None, timeout_s: float = STOP_TIMEOUT_S) -> None:
    """Terminate `process` (if it is still running), and kill it if it has not ended within `timeout_s`."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout_s)


def healthy(port: int, host: str = LOOPBACK, host_header: str | None = None) -> bool:
    """The app at host:port answers its health check ("ok"); `host_header`: the Host sent, if not `host`."""
    request = urllib.request.Request(f"http://{host}:{port}/_stcore/health",
                                     headers={"Host": host_header} if host_header else {})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            return response.status == 200 and response.read().strip() == b"ok"
    except (urllib.error.URLError, OSError):
        return False
