"""Hardening in force: the settings Streamlit actually reads, bounded dependencies, nothing logged."""

import ast
import re
import tomllib
from urllib.parse import urlsplit

import pytest

from tests.conftest import ROOT


def test_hardened_streamlit_settings_are_in_force(options):
    assert options("browser.gatherUsageStats") is False
    assert options("client.showErrorDetails") == "none"
    assert options("client.toolbarMode") == "minimal"  # no menu at all: its items are English only
    assert options("server.enableXsrfProtection") is True
    assert options("server.enableCORS") is True
    assert options("server.maxUploadSize") == 1
    assert options("runner.enforceSerializableSessionState") is True
    assert options("client.allowedOrigins") == []  # no embedding page may send the app commands


def test_every_dependency_has_both_bounds():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    for requirement in requirements:
        assert re.search(r">=\s*[\d.]+", requirement) and re.search(r"<\s*[\d.]+", requirement), requirement


def test_the_app_neither_prints_nor_logs():
    """No print, logging or file writing in the front end: member data can only go to the screen."""
    files = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]
    assert len(files) > 30  # the front end's modules, in its folders, are all looked at
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                assert name not in ("print", "write_text", "write_bytes", "basicConfig"), f"{path}: {name}"
                if name == "open":  # reading the text catalogs is fine; writing is not
                    modes = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    assert not any(set(m) & set("wax+") for m in modes), f"{path}: open for writing"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert "logging" not in names, path


def test_only_the_language_is_bound_to_the_url():
    for path in [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]:
        text = path.read_text()
        for match in re.finditer(r'key="(\w+)"[^)]*bind="query-params"', text):
            assert match.group(1) == "lang", path
        assert "query_params" not in text, path


# --- Served safely: what `scripts/run-app` starts (serve.py) -----------------------------------------

SECURITY_HEADERS = {"x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}


def test_run_app_serves_the_app_through_serve_py():
    from streamlit.web.server.app_discovery import discover_asgi_app

    from scripts.served_app import APP

    assert "streamlit run serve.py" in (ROOT / "scripts" / "run-app").read_text()
    assert APP == "serve.py"  # the browser tests and benchmarks start what users run
    found = discover_asgi_app(ROOT / "serve.py")  # how `streamlit run` finds the st.App it serves
    assert found.is_asgi_app and found.import_string == "serve:app"
    source = (ROOT / "serve.py").read_text()
    assert 'st.App("app.py", middleware=MIDDLEWARE, on_script_error=on_script_error)' in source


def test_served_on_loopback_to_loopback_names_by_default(options):
    assert options("server.address") == "127.0.0.1"
    assert sorted(options("server.allowedHosts")) == ["127.0.0.1", "::1", "localhost"]
    assert options("server.disconnectedSessionTTL") <= 60  # a closed tab's inputs and uploads go soon after
    assert options("server.enableAgentApi") is False
    assert options("logger.enableRich") is False  # tracebacks would bypass the log filter


def test_the_policy_keeps_framing_out_and_allows_only_the_pages_own_scripts():
    from serving import SECURITY_HEADERS as SENT, content_security_policy, inline_scripts

    policy = dict(part.strip().split(" ", 1) for part in content_security_policy().split(";"))
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"].split()
    assert policy["script-src"].count("'sha256-") == len(set(inline_scripts()))
    assert set(SENT) == {"Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"}


def test_the_front_end_writes_no_inline_script_but_the_language_one():
    """The policy allows inline scripts by hash only: a new one would be blocked in the browser."""
    for path in [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]:
        text = path.read_text()
        if path.name == "frame.py":
            text = text.replace('st.html(f"<script>{lang_script(lang)}</script>", unsafe_allow_javascript=True)', "")
        assert "<script" not in text.lower() and "unsafe_allow_javascript" not in text, path


@pytest.mark.parametrize("host, allowed", [
    ("localhost:8501", True), ("127.0.0.1:8501", True), ("[::1]:8501", True), ("LOCALHOST", True),
    ("evil.example", False), ("localhost.evil.example", False), ("evil.example:8501", False),
    ("localhost@evil.example", False), ("localhost:notaport", False), ("", False), (None, False),
])
def test_only_known_host_names_are_served(host, allowed):
    from serving import host_allowed

    assert host_allowed(host, ["localhost", "127.0.0.1", "::1"]) is allowed
    assert host_allowed("pension.example.pr", ["*.example.pr"]) and host_allowed("any", ["*"])


def test_an_exception_is_logged_by_its_type_only():
    import logging

    from serving import ExceptionTypeOnly

    try:
        raise ValueError("salary 98765.43 born 1971-07-23")
    except ValueError as error:
        record = logging.LogRecord("streamlit.error_util", logging.ERROR, __file__, 1, "Uncaught app execution",
                                   (), (type(error), error, error.__traceback__))
    assert ExceptionTypeOnly().filter(record)
    line = logging.Formatter().format(record)
    assert line == "Uncaught app execution (ValueError)"


@pytest.fixture(scope="module")
def served():
    """`serve.py` started by the shared helper, as the browser tests and `scripts/run-app` start it."""
    from scripts.served_app import APP, serve

    with serve(APP) as server:
        yield server


def fetch(server, path: str, host: str | None = None):
    import http.client

    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    try:
        connection.request("GET", path, headers={"Host": host or address.netloc})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def assert_security_headers(headers: dict[str, str]) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, (name, headers)
    assert "frame-ancestors 'none'" in headers.get("content-security-policy", ""), headers


def test_every_response_carries_the_security_headers(served):
    status, headers, body = fetch(served, "/")
    assert status == 200 and b'<div id="root">' in body
    assert_security_headers(headers)
    asset = re.search(rb'src="\./(static/js/[^"]+\.js)"', body).group(1).decode()
    status, headers, _ = fetch(served, f"/{asset}")
    assert status == 200 and "javascript" in headers["content-type"]
    assert_security_headers(headers)
    for path in ("/Comparar", "/Reglas_y_supuestos", "/_stcore/health", "/no-such-page"):
        status, headers, _ = fetch(served, path)
        assert status == 200, path
        assert_security_headers(headers)


@pytest.mark.parametrize("path", ["/_stcore/metrics", "/_stcore/metrics/", "/_stcore/metrics?families=session_events"])
def test_the_metrics_endpoint_is_not_public(served, path):
    status, headers, body = fetch(served, path)
    assert status == 404 and b"session" not in body
    assert_security_headers(headers)


def test_a_foreign_host_name_is_refused(served):
    status, headers, body = fetch(served, "/", host="evil.example")
    assert status == 400 and b"root" not in body
    assert_security_headers(headers)
    status, _, _ = fetch(served, "/", host=f"localhost:{urlsplit(served.url).port}")
    assert status == 200
    # no WebSocket (so no session) for a page served under another name; under its own name, one opens
    assert websocket_status(served, "evil.example") == b"403"
    assert websocket_status(served, urlsplit(served.url).netloc) == b"101"


def websocket_status(server, host: str) -> bytes:
    import socket

    address = urlsplit(server.url)
    with socket.create_connection((address.hostname, address.port), timeout=30) as sock:
        sock.sendall(f"GET /_stcore/stream HTTP/1.1\r\nHost: {host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                     "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Protocol: streamlit\r\n\r\n".encode())
        return sock.recv(64).split(b" ")[1]


def test_an_upload_is_released_from_the_servers_memory_once_read(monkeypatch):
    """Streamlit holds an uploaded file's bytes until the session ends (`server.disconnectedSessionTTL`
    after its tab closes); the app reads each upload once and releases it at once (ui/shell/uploads.py)."""
    from types import SimpleNamespace

    from streamlit.proto.Common_pb2 import FileURLs
    from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
    from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

    from ui.shell import uploads

    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    record = UploadedFileRec("file-1", "salarios.csv", "text/csv", b"salary\n98765.43\n")
    manager.add_file("session-1", record)
    monkeypatch.setattr(uploads, "get_script_run_ctx",
                        lambda: SimpleNamespace(uploaded_file_mgr=manager, session_id="session-1"))
    state = {}
    key = uploads.uploader_key(state, "history_upload")
    state[key] = UploadedFile(record, FileURLs())
    assert uploads.take_new_files(state, key) == [("salarios.csv", b"salary\n98765.43\n")]
    assert manager.get_files("session-1", ["file-1"]) == []  # the bytes are gone from the server
    assert uploads.uploader_key(state, "history_upload") != key  # and the browser gets an empty uploader


def test_the_names_given_to_streamlits_controls_cover_its_own_english_words():
    """ui/shell/page_hints.py finds Streamlit's controls by the English names Streamlit gives them: the English
    catalog must say exactly those."""
    from ui.shell.page_hints import STREAMLIT_NAMES
    from ui.shell.text import ui_text

    for english, key in STREAMLIT_NAMES.items():
        assert ui_text(f"chrome.{key}", "en") == english
    assert ui_text("chrome.help_for", "en") == "Help for "
