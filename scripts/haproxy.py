"""HAProxy in front of the app processes: found (or installed with apt-get), configured, and driven through its
admin socket (see `scripts/replicas.py`). As a command, the configuration of a balancer in front of app
processes on other machines (docs/deployment.md, *Several machines*):

    python scripts/haproxy.py --backends 10.0.0.11:8501,10.0.0.12:8501 --check-host pension.example.pr \
        --port 443 --tls-cert /etc/haproxy/pension.pem -o /etc/haproxy/haproxy.cfg

`scripts/run-app --backends …` runs HAProxy with it in the foreground. Bad input: one line on stderr saying
what is accepted, exit status 2, nothing written."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python scripts/haproxy.py`: the project's modules importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.supervision import LOOPBACK, BadInput, OneLineParser, say

COOKIE = "ESTIMADOR_SERVIDOR"
MAX_BACKENDS = 64
# A DNS name or an IPv4 address (what a balancer names a machine by); IPv6 literals are not taken here.
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST = re.compile(rf"(?=.{{1,253}}$){LABEL}(?:\.{LABEL})*")
IPV4 = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
SBIN = ("/usr/local/sbin", "/usr/sbin", "/sbin")  # where Debian puts haproxy, often off a user's PATH
# The protective headers on HAProxy's own answers (its 503 when no app process answers, …), as the app sends them
# (serving/headers.py); an answer of the app's keeps its own. A policy for a page with nothing to run or show.
OWN_ANSWER_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# Answers HAProxy 2.6 writes from its built-in text, which no rule or header reaches, when a request cannot be read
# (a bad request line, HTTP/0.9, a bad Content-Length, an over-long path or header: 400; a request not finished in
# time: 408; a transfer coding it does not know: 501; its own failure: 500). An empty error file makes it close
# the connection without an answer instead, so no answer leaves without the headers.
UNANSWERED = (400, 408, 500, 501)


def find_haproxy() -> str | None:
    """The HAProxy to use: $HAPROXY_BIN if set (it must exist), else `haproxy` on PATH or in the sbin folders."""
    named = os.environ.get("HAPROXY_BIN")
    if named:
        return named if os.access(named, os.X_OK) else None
    path = os.pathsep.join([os.environ.get("PATH", ""), *SBIN])
    return shutil.which("haproxy", path=path)


def ensure_haproxy(asked: str, otherwise: str = "") -> str:
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
        raise BadInput(f"{asked} needs HAProxy and {how}: install Debian's haproxy package "
                       f"(apt-get install haproxy){otherwise}")
    return found


def bind_line(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def backend_list(text: str) -> list[tuple[str, int]]:
    """`--backends`: host:port pairs separated by commas (a host an IPv4 address or a DNS name), each once."""
    accepted = ("give host:port pairs separated by commas, e.g. 10.0.0.11:8501,10.0.0.12:8501 "
                f"(from 1 to {MAX_BACKENDS}, each once)")
    found: list[tuple[str, int]] = []
    for item in text.split(","):
        host, _, port = item.strip().rpartition(":")
        if not HOST.fullmatch(host) or not port.isdigit() or not 1 <= int(port) <= 65535:
            raise BadInput(f"--backends {text!r}: {item.strip()!r} is not host:port; {accepted}")
        if (host.lower(), int(port)) in found:
            raise BadInput(f"--backends {text!r} names {item.strip()} twice; {accepted}")
        found.append((host.lower(), int(port)))
    if len(found) > MAX_BACKENDS:
        raise BadInput(f"--backends names {len(found)} servers; {accepted}")
    return found


def check_host_name(text: str) -> str:
    if not HOST.fullmatch(text):
        raise BadInput(f"--check-host {text!r} is not a host name: give a name or address the app allows "
                       "(one of its --server.allowedHosts), e.g. pension.example.pr")
    return text


def haproxy_config(address: str, port: int, backends: list[tuple[str, int]], admin_socket: Path | None = None,
                   check_host: str = LOOPBACK, tls_cert: Path | None = None) -> str:
    """HAProxy in front of the app's processes, on this machine or on several (see the module's docstring).

    `backends`: (host, port) of each app process; `check_host`: the Host the health check sends (one the app
    allows); `tls_cert`: a PEM (certificate and key) to terminate TLS with, making the cookie `secure` and
    adding HSTS; `admin_socket`: where its runtime API listens (none without it)."""
    named = any(not IPV4.fullmatch(host) for host, _ in backends)
    # A name is looked up again while HAProxy runs (a container's address may change), and one not found
    # yet leaves its server down rather than HAProxy stopped.
    lookup = " resolvers system init-addr last,libc,none" if named else ""
    servers = "\n".join(f"    server app{i} {bind_line(host, p)} check cookie app{i}{lookup}"
                        for i, (host, p) in enumerate(backends, 1))
    stats = f"    stats socket {admin_socket} mode 600 level admin\n" if admin_socket else ""
    resolvers = "\nresolvers system\n    parse-resolv-conf\n    hold valid 10s\n" if named else ""
    tls = f" ssl crt {tls_cert}" if tls_cert else ""
    hsts = '    http-response set-header Strict-Transport-Security "max-age=31536000"\n' if tls_cert else ""
    secure = " secure" if tls_cert else ""
    own_headers = "".join(f'    http-after-response set-header {name} "{value}" unless {{ res.hdr({name}) -m found }}\n'
                          for name, value in OWN_ANSWER_HEADERS.items())
    unanswered = "".join(f"    errorfile {status} /dev/null\n" for status in UNANSWERED)
    return f"""\
global
    maxconn 4096
{stats}    log stderr format short local0 warning
{resolvers}
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
    # A request HAProxy cannot read is closed unanswered: its built-in answer would carry no protective header.
{unanswered}
frontend app
    bind {bind_line(address, port)}{tls}
    # The page's scheme, for the app's check that a WebSocket comes from its own page (serving/origins.py).
    http-request set-header X-Forwarded-Proto {"https" if tls_cert else "http"}
{hsts}    # Every answer carries the protective headers: HAProxy's own get them here, the app's keep theirs.
{own_headers}    default_backend streamlit

backend streamlit
    balance leastconn
    # Affinity: a session lives in one process's memory; its WebSocket and uploads must reach that process.
    cookie {COOKIE} insert indirect nocache httponly{secure} attr "SameSite=Strict"
    # The app refuses unknown Host headers: the check sends one it accepts, or every process would be down.
    option httpchk
    http-check send meth GET uri /_stcore/health ver HTTP/1.1 hdr Host {check_host}
    http-check expect string ok
    # A server marked down has its connections closed: the pages of a machine that stopped answering
    # (no reset ever comes from it) reconnect to another at once instead of waiting on a silent link.
    default-server inter 2s fall 2 rise 2 on-marked-down shutdown-sessions
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


def server_states(socket_path: Path) -> dict[str, str]:
    """Each app server's state as HAProxy's health checks see it (UP, DOWN, MAINT, …), from `show stat`."""
    rows = admin(socket_path, "show stat").lstrip("# ").splitlines()
    header = rows[0].split(",")
    records = [dict(zip(header, row.split(","))) for row in rows[1:] if row]
    return {r["svname"]: r["status"] for r in records if r["pxname"] == "streamlit" and r["svname"] != "BACKEND"}


def main(argv: list[str] | None = None) -> int:
    """`python scripts/haproxy.py --backends HOST:PORT,…`: the balancer's configuration for app processes on
    other machines, printed (or written with -o)."""
    parser = OneLineParser(prog="scripts/haproxy.py", description="HAProxy's configuration in front of app "
                           "processes on several machines (docs/deployment.md).")
    parser.add_argument("--backends", required=True, help="the app processes: host:port,host:port,…")
    parser.add_argument("--address", default="0.0.0.0", help="the address the balancer listens on (default all)")
    parser.add_argument("--port", default="8501", help="the port it listens on (default 8501)")
    parser.add_argument("--check-host", default=LOOPBACK, help="the Host its health checks send: one the app "
                        f"allows (default {LOOPBACK})")
    parser.add_argument("--tls-cert", type=Path, help="terminate TLS with this PEM (certificate and key)")
    parser.add_argument("--admin-socket", type=Path, help="where HAProxy's runtime API listens (none without it)")
    parser.add_argument("-o", "--output", type=Path, help="write it to this file (default: standard output)")
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
        if not args.port.strip().isdigit() or not 1 <= int(args.port) <= 65535:
            raise BadInput(f"--port {args.port!r} is not a port: give a whole number from 1 to 65535")
        config = haproxy_config(args.address, int(args.port), backend_list(args.backends), args.admin_socket,
                                check_host_name(args.check_host), args.tls_cert)
    except BadInput as problem:
        print(f"haproxy.py: {problem}", file=sys.stderr, flush=True)
        return 2
    if args.output:
        args.output.write_text(config)
    else:
        sys.stdout.write(config)
    return 0


if __name__ == "__main__":
    sys.exit(main())
