"""One request never takes a host down: a WebSocket from a page that is not the app's own is refused in the app's
own layer before anything is looked up; nothing is looked up outside the machine at start either (checked with a
name resolver that never answers, in network namespaces made here, behind HAProxy); a message bigger than any the
app exchanges is refused from its header, before it is read; a message the server cannot read is one log line."""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import struct
from urllib.parse import urlsplit

import pytest

from serving import origin_allowed, page_scheme
from tests.conftest import ROOT

SOCKET_TIMEOUT_S = 120  # a socket read that never ends is a failure, not a hang (the process answers in ms)


# --- which pages may open a session ---------------------------------------------------------------------------

@pytest.mark.parametrize("origin, host, scheme, allowed", [
    ("http://127.0.0.1:8501", "127.0.0.1:8501", "http", True),
    ("http://LOCALHOST:8501", "localhost:8501", "http", True),
    ("https://pension.example.pr", "pension.example.pr", "https", True),
    ("https://pension.example.pr:443", "pension.example.pr", "https", True),
    ("http://pension.example.pr", "pension.example.pr:80", "http", True),
    ("http://[::1]:8501", "[::1]:8501", "http", True),
    (None, "127.0.0.1:8501", "http", True),  # not a browser: whoever sends no Origin could send any
    ("http://localhost:9999", "localhost:8501", "http", False),  # another port of the same machine
    ("http://127.0.0.1:8502", "127.0.0.1:8501", "http", False),
    ("http://localhost:8501", "127.0.0.1:8501", "http", False),  # another name for the same address
    ("http://evil.example", "127.0.0.1:8501", "http", False),
    ("http://pension.example.pr", "pension.example.pr", "https", False),  # the page behind TLS is https
    ("https://pension.example.pr", "pension.example.pr", "http", False),
    ("null", "127.0.0.1:8501", "http", False),  # a sandboxed frame, a file
    ("http://127.0.0.1:8501/path", "127.0.0.1:8501", "http", False),
    ("http://user@127.0.0.1:8501", "127.0.0.1:8501", "http", False),
    ("http://127.0.0.1:notaport", "127.0.0.1:8501", "http", False),
    ("http://127.0.0.1:8501", None, "http", False),
])
def test_only_the_apps_own_origin_opens_a_session(origin, host, scheme, allowed):
    assert origin_allowed(origin, host, scheme) is allowed


@pytest.mark.parametrize("scope_scheme, forwarded, scheme", [
    ("ws", None, "http"), ("wss", None, "https"), ("ws", "https", "https"), ("ws", "HTTPS, http", "https"),
    ("wss", "http", "http"), ("ws", "gopher", "http"),
])
def test_the_pages_scheme_is_the_balancers_when_it_says_so(scope_scheme, forwarded, scheme):
    assert page_scheme(scope_scheme, forwarded) == scheme


def test_nothing_in_the_process_asks_the_internet_for_its_address(monkeypatch):
    import serving  # noqa: F401 — importing it is enough
    from streamlit import net_util
    from streamlit.web.server import server_util

    monkeypatch.setattr(net_util, "_make_blocking_http_get", lambda *a, **k: pytest.fail("looked up outside"))
    assert net_util.get_external_ip() is None
    assert server_util.is_url_from_allowed_origins("http://evil.example") is False


# --- on the served app -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def served():
    from scripts.served_app import APP, serve

    with serve(APP) as server:
        yield server


def handshake(address: tuple[str, int], host: str, origin: str | None,
              extra: str = "") -> tuple[socket.socket, bytes]:
    """A WebSocket handshake to Streamlit's stream as a page sends it: the socket, and its answer up to the
    blank line."""
    sock = socket.create_connection(address, timeout=SOCKET_TIMEOUT_S)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /_stcore/stream HTTP/1.1\r\nHost: {host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                  f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Protocol: streamlit\r\n"
                  + (f"Origin: {origin}\r\n" if origin else "") + extra + "\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            break
        answer += chunk
    return sock, answer


def status_of(address: tuple[str, int], host: str, origin: str | None, extra: str = "") -> bytes:
    sock, answer = handshake(address, host, origin, extra)
    sock.close()
    return answer.split(b" ")[1] if answer else b"closed"


def where(server) -> tuple[tuple[str, int], str]:
    address = urlsplit(server.url)
    return (address.hostname, address.port), address.netloc


def test_a_page_on_another_port_of_the_same_machine_cannot_open_a_session(served):
    address, netloc = where(served)
    port = address[1]
    assert status_of(address, netloc, f"http://127.0.0.1:{port}") == b"101"  # the app's own page
    assert status_of(address, f"localhost:{port}", f"http://localhost:{port}") == b"101"
    for origin in ("http://localhost:9999", f"http://127.0.0.1:{port + 1}", f"http://localhost:{port}",
                   "http://evil.example", "null", f"https://127.0.0.1:{port}"):
        assert status_of(address, netloc, origin) == b"403", origin
    # Behind a balancer that terminates TLS and says so, the page's origin is https.
    forwarded = "X-Forwarded-Proto: https\r\n"
    assert status_of(address, netloc, f"https://{netloc}", forwarded) == b"101"
    assert status_of(address, netloc, f"http://{netloc}", forwarded) == b"403"
    # One line each, for an operator (a TLS proxy that does not say https has every page refused).
    assert f"Refused a WebSocket from 'http://localhost:9999': not this app's page (http://{netloc})." in \
        served.output()


def frame(payload: bytes, declared: int | None = None) -> bytes:
    """A client's binary WebSocket frame (masked, as a client must), its length header saying `declared`."""
    length = len(payload) if declared is None else declared
    header = bytes([0x82]) + (bytes([0x80 | length]) if length < 126 else
                              bytes([0x80 | 126]) + struct.pack("!H", length) if length < 65536 else
                              bytes([0x80 | 127]) + struct.pack("!Q", length))
    mask = os.urandom(4)
    masked = int.from_bytes(payload, "big") ^ int.from_bytes((mask * (len(payload) // 4 + 1))[:len(payload)], "big")
    return header + mask + masked.to_bytes(len(payload), "big")


def close_code(sock: socket.socket) -> int | None:
    """The code of the close frame the server sends (frames before it skipped), None if it just hangs up."""
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
        while len(data) >= 2:
            opcode, length = data[0] & 0x0F, data[1] & 0x7F
            start = 2 + (2 if length == 126 else 8 if length == 127 else 0)
            if len(data) < start:
                break
            if length >= 126:
                length = int.from_bytes(data[2:start], "big")
            if len(data) < start + length:
                break
            if opcode == 0x8:
                return int.from_bytes(data[start:start + 2], "big")
            data = data[start + length:]


def test_a_message_bigger_than_any_the_app_exchanges_is_refused_before_it_is_read(served):
    """A client announcing a 150 MB message is closed (1009, message too big) on the first 64 kB it sent: the
    server never waits for the rest, so it never holds it (benchmarks/message_memory.py measures what it held)."""
    address, netloc = where(served)
    sock, answer = handshake(address, netloc, f"http://{netloc}")
    with contextlib.closing(sock):
        assert answer.startswith(b"HTTP/1.1 101")
        sock.sendall(frame(os.urandom(65_536), declared=150_000_000)[:14 + 65_536])  # its start only
        assert close_code(sock) == 1009


def test_a_message_the_server_cannot_read_is_one_line_in_its_log(served):
    address, netloc = where(served)
    before = len(served.output())
    sock, answer = handshake(address, netloc, f"http://{netloc}")
    with contextlib.closing(sock):
        assert answer.startswith(b"HTTP/1.1 101")
        sock.sendall(frame(b"\xff\xff\xff\xff not a BackMsg"))
        assert close_code(sock) == 1002  # a protocol error, as Streamlit answers it
    logged = served.output()[before:].strip().splitlines()
    assert len(logged) == 1 and "Error deserializing back message (DecodeError)" in logged[0], logged


def test_the_limits_are_those_of_the_apps_own_messages():
    """`server.maxMessageSize` bounds both ways: the app's largest message (≈84 kB to the page, ≈2 kB from it,
    benchmarks/message_sizes.py) well within it, a client's big one refused."""
    import tomllib

    server = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"]
    assert server["maxMessageSize"] == 1  # MB, the smallest Streamlit takes


# --- a silent name resolver, network namespaces, HAProxy ----------------------------------------------------------

CHECK_HOST = "salud.estimador.test"
DETECT_S = 60


@pytest.fixture(scope="module")
def silent_hosts(haproxy):
    """Two hosts whose name resolver never answers, each running the app on every address (0.0.0.0) as the
    container does, behind `scripts/run-app --backends …`."""
    from scripts.hosts import cannot_make_hosts, host_network
    from tests.browser.conftest import _unavailable
    from tests.browser.test_serving_many import start_served, stop_served, wait_for
    from tests.browser.test_serving_hosts import said

    reason = cannot_make_hosts()
    if reason:
        _unavailable(f"separate hosts need network namespaces, which cannot be made here: {reason}")
    with host_network(2, silent_resolver=True) as network:
        network.start_apps(allowed=[CHECK_HOST, "127.0.0.1"], every_address=True)
        balancer = start_served("--backends", network.backends, "--check-host", CHECK_HOST)
        try:
            wait_for(lambda: all(said(balancer, f"app{i}")[-1:] == ["UP"] for i in (1, 2)), DETECT_S,
                     "run-app saying every host is up", balancer)
            yield network, balancer
        finally:
            stop_served(balancer)


@pytest.fixture(scope="session")
def haproxy():
    from scripts.haproxy import find_haproxy
    from tests.browser.conftest import _unavailable

    if find_haproxy() is None:
        _unavailable("HAProxy is missing: `scripts/setup --test` installs it (apt-get install haproxy)")


def still_open(sock: socket.socket) -> bool:
    """Whether the other end has not closed the connection (what it sent meanwhile read and dropped)."""
    sock.setblocking(False)
    try:
        while True:
            if not sock.recv(65536):
                return False
    except BlockingIOError:
        return True
    except OSError:
        return False


@pytest.mark.served
def test_a_foreign_origin_cuts_no_session_and_takes_no_host_down(silent_hosts):
    from tests.browser.test_serving_hosts import said, states

    network, balancer = silent_hosts
    asked_at_start = list(network.resolver.asked)
    address, netloc = where(balancer)
    sessions = {}
    for name in ("app1", "app2"):  # a member's page on each host, pinned there by the affinity cookie
        sessions[name], answer = handshake(address, netloc, f"http://{netloc}", f"Cookie: ESTIMADOR_SERVIDOR={name}\r\n")
        assert answer.startswith(b"HTTP/1.1 101"), answer
    try:
        for name in ("app1", "app2"):  # a page elsewhere opens a session on each host
            cookie = f"Cookie: ESTIMADOR_SERVIDOR={name}\r\n"
            assert status_of(address, netloc, "http://evil.example", cookie) == b"403"
            assert status_of(address, netloc, "http://localhost:9999", cookie) == b"403"
        assert states(balancer) == {"app1": "UP", "app2": "UP"}
        assert all("DOWN" not in said(balancer, name) for name in ("app1", "app2")), balancer.output()
        assert [name for name, sock in sessions.items() if not still_open(sock)] == []  # no member's page cut
        assert network.resolver.asked == []  # refused before anything looked a name up…
        assert asked_at_start == []  # …and the start looked nothing up (Streamlit's own asks for its address)
    finally:
        for sock in sessions.values():
            sock.close()
