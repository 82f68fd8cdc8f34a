"""Every answer the balancer sends carries the protective headers, in each configuration the project generates
(`scripts/run-app --replicas`, `--backends`, compose's deploy/compose/haproxy.cfg): HAProxy's own 503 when no app
process answers gets them, an answer of the app's keeps its own, and a request HAProxy cannot read (whose answer
HAProxy 2.6 writes from fixed text no rule reaches) is closed without an answer."""

from __future__ import annotations

import http.server
import re
import socket
import subprocess
import threading
from contextlib import contextmanager

import pytest

from scripts.haproxy import OWN_ANSWER_HEADERS, backend_list, find_haproxy, haproxy_config
from scripts.supervision import free_loopback_ports, start, stop
from tests.waiting import wait_for
from tests.conftest import ROOT

MALFORMED = {
    "a bad request line": b"GARBAGE\r\n\r\n",
    "HTTP/0.9": b"GET /\r\n\r\n",
    "a bad Content-Length": b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n",
    "two Content-Lengths": b"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    "an over-long path": b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "an over-long query": b"GET /?q=" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "an unknown transfer coding": b"POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: zip\r\n\r\n",
}
START_S = 30


def exchange(port: int, request: bytes) -> bytes:
    """What HAProxy answers `request` with, until it closes the connection (b"": closed unanswered)."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def headers_of(answer: bytes) -> dict[str, str]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {name.strip().lower(): value.strip() for name, value in (line.split(":", 1) for line in head)}


@contextmanager
def app_standing_in(csp: str):
    """A process answering as the app does on one point: its own Content-Security-Policy on every answer."""
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def do_GET(self) -> None:  # noqa: N802 — the name http.server calls
            self.send_response(200)
            self.send_header("Content-Security-Policy", csp)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def compose_config(port: int) -> str:
    committed = (ROOT / "deploy" / "compose" / "haproxy.cfg").read_text()
    assert "    bind 0.0.0.0:8080\n" in committed
    return committed.replace("    bind 0.0.0.0:8080\n", f"    bind 127.0.0.1:{port}\n")


CONFIGS = {  # each as the project writes it, on a free port, in front of app processes that do not answer
    "--replicas": lambda port, dead: haproxy_config("127.0.0.1", port, [("127.0.0.1", dead)]),
    "--backends": lambda port, dead: haproxy_config("127.0.0.1", port, backend_list(
        f"127.0.0.1:{dead},app2.invalid:8501"), check_host="pension.example.pr"),
    "compose": lambda port, _dead: compose_config(port),
}


def haproxy_here() -> str:
    """HAProxy, or a skip saying how to install it (a failure under CI)."""
    found = find_haproxy()
    if found is None:
        from tests.browser.conftest import _unavailable

        _unavailable("HAProxy is missing: `scripts/setup --test` installs it (apt-get install haproxy)")
    return found


@contextmanager
def balancer(config: str, tmp_path):
    haproxy = haproxy_here()
    path = tmp_path / "haproxy.cfg"
    path.write_text(config)
    port = int(re.search(r"bind 127\.0\.0\.1:(\d+)", config).group(1))
    process = start([haproxy, "-db", "-f", str(path)], output=(tmp_path / "haproxy.log").open("w"))
    try:
        def listening() -> bool:
            assert process.poll() is None, (tmp_path / "haproxy.log").read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                return True
            except OSError:
                return False

        wait_for(listening, START_S, "HAProxy listening", lambda: (tmp_path / "haproxy.log").read_text(), every=0.05)
        yield port
    finally:
        stop(process)


@pytest.mark.haproxy  # the second tier: the quick tier's set-up does not install HAProxy
@pytest.mark.parametrize("kind", CONFIGS)
def test_every_answer_of_the_balancer_carries_the_protective_headers(kind, tmp_path):
    port, dead = free_loopback_ports(2)
    with balancer(CONFIGS[kind](port, dead), tmp_path):
        answer = exchange(port, b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 503"), answer[:200]  # no app process answers: HAProxy's own
        headers = headers_of(answer)
        for name, value in OWN_ANSWER_HEADERS.items():
            assert headers.get(name.lower()) == value, (name, headers)
        unanswered = {what: exchange(port, request)[:200] for what, request in MALFORMED.items()}
        assert unanswered == {what: b"" for what in MALFORMED}  # closed, not answered without the headers


@pytest.mark.haproxy  # the second tier: the quick tier's set-up does not install HAProxy
def test_an_answer_of_the_apps_keeps_its_own_headers(tmp_path):
    own = "default-src 'self'; frame-ancestors 'none'"
    port = free_loopback_ports(1)[0]
    with app_standing_in(own) as app_port, balancer(haproxy_config("127.0.0.1", port, [("127.0.0.1", app_port)]),
                                                    tmp_path):
        request = b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        answer = wait_for(lambda: (got := exchange(port, request)).startswith(b"HTTP/1.1 200") and got, START_S,
                          "the app's answer through HAProxy (once its first check found it up)")
        head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
        assert head.count("content-security-policy:") == 1 and headers_of(answer)["content-security-policy"] == own
        assert headers_of(answer)["x-frame-options"] == "DENY"  # what the app left out, the balancer adds


def test_the_balancers_headers_are_the_apps():
    from serving import SECURITY_HEADERS

    for name in ("X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"):
        assert OWN_ANSWER_HEADERS[name] == SECURITY_HEADERS[name]
    policy = dict(part.strip().split(" ", 1) for part in OWN_ANSWER_HEADERS["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'none'"


@pytest.mark.haproxy  # the second tier: the quick tier's set-up does not install HAProxy
def test_haproxy_accepts_every_generated_configuration(tmp_path):
    haproxy = haproxy_here()
    for kind, make in CONFIGS.items():
        path = tmp_path / f"{kind.strip('-')}.cfg"
        path.write_text(make(*free_loopback_ports(2)))
        checked = subprocess.run([haproxy, "-c", "-q", "-f", str(path)], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, (kind, checked.stderr)
