"""HAProxy in front of the app processes: found (or installed with apt-get), configured, and driven through its
admin socket (see `scripts/replicas.py`)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

from scripts.supervision import LOOPBACK, BadInput, say

COOKIE = "ESTIMADOR_SERVIDOR"
SBIN = ("/usr/local/sbin", "/usr/sbin", "/sbin")  # where Debian puts haproxy, often off a user's PATH


def find_haproxy() -> str | None:
    """The HAProxy to use: $HAPROXY_BIN if set (it must exist), else `haproxy` on PATH or in the sbin folders."""
    named = os.environ.get("HAPROXY_BIN")
    if named:
        return named if os.access(named, os.X_OK) else None
    path = os.pathsep.join([os.environ.get("PATH", ""), *SBIN])
    return shutil.which("haproxy", path=path)


def ensure_haproxy() -> str:
    """HAProxy, installed with apt-get (Debian's `haproxy` package) when missing, as scripts/setup installs
    Chromium."""
    found = find_haproxy()
    if found:
        return found
    say("HAProxy is missing: installing Debian's haproxy package with apt-get")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "stdin": subprocess.DEVNULL}
    try:
        ok = (subprocess.run([*sudo, "apt-get", "update", "-qq"], timeout=600, **quiet).returncode == 0
              and subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "haproxy"], timeout=600,
                                 env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"}, **quiet).returncode == 0)
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    found = find_haproxy()
    if not found:
        how = "apt-get could not install it" if not ok else "it is still not found after apt-get installed it"
        raise BadInput(f"--replicas needs HAProxy and {how}: install Debian's haproxy package "
                       "(apt-get install haproxy), or run without --replicas for one process")
    return found


def bind_line(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def haproxy_config(address: str, port: int, ports: list[int], admin_socket: Path) -> str:
    """HAProxy in front of the app processes (see the module's docstring)."""
    servers = "\n".join(f"    server app{i} {LOOPBACK}:{p} check cookie app{i}" for i, p in enumerate(ports, 1))
    return f"""\
global
    maxconn 4096
    stats socket {admin_socket} mode 600 level admin
    log stderr format short local0 warning

defaults
    mode http
    log global
    option dontlognull
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout http-request 15s
    # A page's WebSocket stays open while the member reads: hours, not seconds.
    timeout tunnel 8h
    timeout client-fin 30s
    # A request whose process is gone goes to another one (the page then reconnects there).
    option redispatch
    retries 3

frontend app
    bind {bind_line(address, port)}
    default_backend streamlit

backend streamlit
    balance leastconn
    # Affinity: a session lives in one process's memory; its WebSocket and uploads must reach that process.
    cookie {COOKIE} insert indirect nocache httponly attr "SameSite=Strict"
    # The app refuses unknown Host headers: the check sends one it accepts, or every process would be down.
    option httpchk
    http-check send meth GET uri /_stcore/health ver HTTP/1.1 hdr Host {LOOPBACK}
    http-check expect string ok
    default-server inter 2s fall 2 rise 2
{servers}
"""


def admin(socket_path: Path, command: str, timeout_s: float = 5) -> str:
    """One command on HAProxy's admin socket (its runtime API), and its answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout_s)
        sock.connect(str(socket_path))
        sock.sendall(command.encode() + b"\n")
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode(errors="replace")
