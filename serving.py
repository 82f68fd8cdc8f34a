"""How the app is served: security headers on every HTTP response, only known host names, the metrics
endpoint closed, what one page's connection may ask of the server bounded (`FloodGuard`), the uploaded files
the server holds capped (`UploadGuard`), and a page error shown in the member's language with nothing but its
type in the log.

`serve.py` puts these around `app.py` (`st.App(..., middleware=MIDDLEWARE, on_script_error=on_script_error)`);
`scripts/run-app` starts it with `streamlit run serve.py`.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import streamlit
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware import Middleware
from streamlit import config

from estimator.texts import LANGUAGES
from ui.uploads import BYTES_HELD, FILES_HELD, note_refused

# --- Headers --------------------------------------------------------------------------------------

INDEX_HTML = Path(streamlit.__file__).parent / "static" / "index.html"


def _sha256(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def inline_scripts() -> list[str]:
    """The inline scripts the page runs: Streamlit's own in index.html and the app's `<html lang>` setter,
    each allowed by its hash (no 'unsafe-inline' for scripts)."""
    from ui.frame import lang_script

    page = INDEX_HTML.read_text(encoding="utf-8")
    own = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", page, flags=re.S)
    return own + [lang_script(lang) for lang in LANGUAGES]


def content_security_policy() -> str:
    scripts = " ".join(sorted({_sha256(s) for s in inline_scripts()}))
    return "; ".join([
        "default-src 'self'",
        # 'wasm-unsafe-eval' lets WebAssembly compile (Streamlit's protobuf reader tries it for 64-bit numbers);
        # it does not allow eval() of JavaScript.
        # blob: lets the explorer run (ui/explorer.py): Streamlit's component code (from 'self') loads a
        # component's JavaScript as a module from a blob: URL it creates itself. Making a blob: URL takes
        # script already running in the page, so injected markup still runs nothing; inline scripts stay
        # allowed by hash only and eval stays blocked.
        f"script-src 'self' blob: 'wasm-unsafe-eval' {scripts}",
        "style-src 'self' 'unsafe-inline'",  # Streamlit's components and plotly style elements inline
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",  # the app's own HTTP and WebSocket (same origin)
        "worker-src 'self' blob:",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


SECURITY_HEADERS = {
    "Content-Security-Policy": content_security_policy(),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def host_allowed(host: str | None, allowed: list[str]) -> bool:
    """The Host header against `server.allowedHosts` (ports ignored; `*.` matches subdomains; `*` anything),
    as Streamlit checks its WebSocket — here for every HTTP request too."""
    if not allowed:
        return True
    if not host:
        return False
    try:
        parts = urlsplit(f"//{host}")
        name, _ = parts.hostname, parts.port  # .port raises on a bad port
    except ValueError:
        return False
    if not name or parts.username or parts.password or parts.path or parts.query or parts.fragment:
        return False
    name = name.lower().rstrip(".")
    for pattern in (p.strip().lower().rstrip(".") for p in allowed):
        if pattern == "*" or name == pattern or (pattern.startswith("*.") and name.endswith(pattern[1:])):
            return True
    return False


class SecurityMiddleware:
    """ASGI middleware: refuses an unknown Host (400) and the metrics endpoint (404), and adds
    `SECURITY_HEADERS` to every HTTP response, Streamlit's and its own."""

    def __init__(self, app, headers: dict[str, str] | None = None) -> None:
        self.app = app
        self.headers = [(k.lower().encode("latin-1"), v.encode("latin-1"))
                        for k, v in (headers or SECURITY_HEADERS).items()]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "websocket" and not host_allowed(Headers(scope=scope).get("host"), _allowed_hosts()):
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in self.headers:
                    headers[name.decode("latin-1")] = value.decode("latin-1")
            await send(message)

        if not host_allowed(Headers(scope=scope).get("host"), _allowed_hosts()):
            await _plain(send_with_headers, 400, b"Unknown host.\n")
        elif _is_metrics(scope.get("path", "")):
            await _plain(send_with_headers, 404, b"Not found.\n")
        else:
            await self.app(scope, receive, send_with_headers)


def _allowed_hosts() -> list[str]:
    return list(config.get_option("server.allowedHosts") or [])


def _is_metrics(path: str) -> bool:
    """`/_stcore/metrics` under any base path, with or without a trailing slash, in any case."""
    return re.search(r"/_stcore/metrics/*$", path.lower()) is not None


async def _plain(send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# --- What one connection may ask for -------------------------------------------------------------------

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    """What one page's WebSocket may send. A person's page sends a rerun when a value changes (a box
    left, Enter, a click) and a heartbeat now and then: far below these."""

    reruns_burst: int = 10          # reruns started at once …
    reruns_per_second: float = 4    # … and then this many a second; the others wait, merged into the latest
    messages_burst: int = 100       # messages of any kind at once …
    messages_per_second: float = 20  # … and then this many a second; beyond, the connection is closed


class _Bucket:
    """A token bucket: `burst` at once, refilled at `rate` a second."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.tokens, self.at = float(burst), time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until a token is there."""
        self._refill()
        return max(0.0, (1 - self.tokens) / self.rate)


_FLOOD = object()  # what the reader puts in the inbox when the client sent more than its budget


def _is_rerun(message: dict) -> bool:
    from streamlit.proto.BackMsg_pb2 import BackMsg

    data = message.get("bytes")
    if message["type"] != "websocket.receive" or not data:
        return False
    back = BackMsg()
    try:
        back.ParseFromString(data)
    except Exception:  # noqa: BLE001 — Streamlit itself refuses it (and closes the connection)
        return False
    return back.WhichOneof("type") == "rerun_script"


def _merged(pending: dict | None, newer: dict) -> dict:
    """The newer rerun request in place of the one waiting: it carries every widget's newest value, and keeps
    a click (a trigger) the waiting one carried, as Streamlit itself merges queued reruns — a member's click
    on a button is never lost. A request to rerun one fragment that replaces a whole-page one becomes a
    whole-page one (both are honoured)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.runtime.scriptrunner_utils.script_requests import _coalesce_widget_states

    if pending is None:
        return newer
    older, back = BackMsg(), BackMsg()
    older.ParseFromString(pending["bytes"])
    back.ParseFromString(newer["bytes"])
    if older.rerun_script.widget_states.widgets:
        back.rerun_script.widget_states.CopyFrom(
            _coalesce_widget_states(older.rerun_script.widget_states, back.rerun_script.widget_states))
    if older.rerun_script.fragment_id and back.rerun_script.fragment_id == older.rerun_script.fragment_id:
        return newer
    back.rerun_script.fragment_id = ""
    return {**newer, "bytes": back.SerializeToString()}


class _GuardedConnection:
    """One WebSocket's messages on their way to Streamlit: a reader takes them off the socket as they
    arrive (counting them against `messages_*`); reruns beyond `reruns_*` wait, the latest replacing the
    one waiting, and go through as the budget allows. A client over its message budget is disconnected."""

    def __init__(self, receive, send, limits: Limits) -> None:
        self._receive, self._send = receive, send
        self.limits = limits
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.messages = _Bucket(limits.messages_burst, limits.messages_per_second)
        self.reruns = _Bucket(limits.reruns_burst, limits.reruns_per_second)
        self.pending: dict | None = None  # a rerun waiting for the budget (the latest asked for)
        self.closed = False
        self.reader: asyncio.Task | None = None

    async def _read(self) -> None:
        while True:
            message = await self._receive()
            if message["type"] == "websocket.receive" and not self.messages.take():
                await self.inbox.put(_FLOOD)
                return
            await self.inbox.put(message)
            if message["type"] == "websocket.disconnect":
                return

    async def receive(self) -> dict:
        if self.closed:
            return {"type": "websocket.disconnect", "code": 1008}
        if self.reader is None:
            self.reader = asyncio.create_task(self._read())
        while True:
            try:
                message = self.inbox.get_nowait()
            except asyncio.QueueEmpty:
                if self.pending is None:
                    message = await self.inbox.get()
                else:
                    try:
                        message = await asyncio.wait_for(self.inbox.get(), self.reruns.wait())
                    except asyncio.TimeoutError:
                        if self.reruns.take():
                            message, self.pending = self.pending, None
                            return message
                        continue
            if message is _FLOOD:
                return await self._close_flood()
            if message["type"] == "websocket.disconnect":
                self.pending = None
                return message
            if not _is_rerun(message):
                return message
            if self.pending is None and self.reruns.take():
                return message
            self.pending = _merged(self.pending, message)

    async def _close_flood(self) -> dict:
        self.closed, self.pending = True, None
        _LOG.warning("Closed a page connection that sent more than %s messages at once.",
                     self.limits.messages_burst)
        await self._send({"type": "websocket.close", "code": 1008})
        return {"type": "websocket.disconnect", "code": 1008}

    async def send(self, message: dict) -> None:
        if not self.closed:  # once closed here, what Streamlit still sends to the page goes nowhere
            await self._send(message)

    def stop(self) -> None:
        if self.reader is not None:
            self.reader.cancel()


class FloodGuard:
    """ASGI middleware: bounds what one page's WebSocket can ask of the server. Streamlit starts a script
    thread for every rerun request it receives (`AppSession.request_rerun`), so a client sending a
    thousand of them at once stalled every other page for a minute. Here reruns beyond `Limits` wait and
    are merged (the latest carries every widget's newest value), and a connection sending more messages
    than any page does is closed. HTTP requests pass untouched."""

    def __init__(self, app, limits: Limits | None = None) -> None:
        self.app = app
        self.limits = limits or Limits()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        connection = _GuardedConnection(receive, send, self.limits)
        try:
            await self.app(scope, connection.receive, connection.send)
        finally:
            connection.stop()


# --- Uploaded files held ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class UploadLimits:
    """The uploaded files the server holds. The page reads each file once and releases it at once
    (ui/uploads.py), so a member's page holds at most one or two; Streamlit releases a session's files
    when the session ends (`server.disconnectedSessionTTL` after its tab closes)."""

    files_per_session: int = FILES_HELD
    bytes_per_session: int = BYTES_HELD
    bytes_all_sessions: int = 100 * 1024 * 1024  # all pages together: the server's memory stays bounded


UPLOAD_PATH = re.compile(r"/_stcore/upload_file/([^/]+)/[^/]+/?$")


def held_uploads(session_id: str) -> tuple[int, int, int]:
    """(files, bytes) Streamlit holds for the session, and bytes for all sessions (its in-memory manager)."""
    from streamlit.runtime import Runtime

    if not Runtime.exists():
        return 0, 0, 0
    manager = Runtime.instance().uploaded_file_mgr
    with manager._lock:  # uploads are added on the event loop, released from script threads
        storage = manager.file_storage
        own = list(storage.get(session_id, {}).values())
        total = sum(len(f.data) for files in storage.values() for f in files.values())
    return len(own), sum(len(f.data) for f in own), total


class UploadGuard:
    """ASGI middleware: refuses (413) an upload that would take a session past `UploadLimits`, counting the
    uploads still arriving at their announced size (Content-Length; without one, the largest Streamlit
    accepts, `server.maxUploadSize`). Before, one page could send 700 files of 1 MB in two seconds and the
    server kept them all."""

    def __init__(self, app, limits: UploadLimits | None = None, held=held_uploads) -> None:
        self.app = app
        self.limits = limits or UploadLimits()
        self.held = held
        self.arriving: dict[str, list[int]] = {}  # each session's uploads on their way: their sizes

    def room(self, session_id: str, size: int) -> bool:
        files, own, everyone = self.held(session_id)
        arriving = self.arriving.get(session_id, [])
        all_arriving = sum(sum(sizes) for sizes in self.arriving.values())
        return (files + len(arriving) < self.limits.files_per_session
                and own + sum(arriving) + size <= self.limits.bytes_per_session
                and everyone + all_arriving + size <= self.limits.bytes_all_sessions)

    async def __call__(self, scope, receive, send) -> None:
        upload = scope["type"] == "http" and scope.get("method") == "PUT" and UPLOAD_PATH.search(scope.get("path", ""))
        if not upload:
            await self.app(scope, receive, send)
            return
        session_id, size = upload.group(1), _announced_size(scope)
        if not self.room(session_id, size):
            _LOG.warning("Refused an upload: the page holds as many files as it may.")
            note_refused(session_id)
            await _plain(send, 413, b"Too many files held for this page.\n")
            return
        sizes = self.arriving.setdefault(session_id, [])
        sizes.append(size)
        try:
            await self.app(scope, receive, send)
        finally:
            sizes.remove(size)
            if not sizes:
                self.arriving.pop(session_id, None)


def _announced_size(scope) -> int:
    """An upload's size as its request announces it, at most the largest Streamlit accepts (it refuses a
    larger one itself, and cuts a body that runs past it)."""
    largest = int(config.get_option("server.maxUploadSize")) * 1024 * 1024
    try:
        return min(largest, max(0, int(Headers(scope=scope).get("content-length", ""))))
    except ValueError:
        return largest


MIDDLEWARE = [Middleware(SecurityMiddleware), Middleware(FloodGuard), Middleware(UploadGuard)]

# --- Errors inside the page -----------------------------------------------------------------------

# Loggers that write a script's uncaught exception (or a failure around it) with its traceback.
EXCEPTION_LOGGERS = ("streamlit.error_util", "streamlit.runtime.scriptrunner.exec_code",
                     "streamlit.runtime.scriptrunner.script_runner", "streamlit.runtime.fragment",
                     "streamlit.runtime.app_session", "uvicorn.error")


class ExceptionTypeOnly(logging.Filter):
    """Keeps a log record's message but replaces its traceback (whose lines and message may carry a member's
    figures) by the exception's type name."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__ if error else 'unknown error'})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        record.stack_info = None
        return True


def keep_tracebacks_out_of_the_log() -> None:
    for name in EXCEPTION_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, ExceptionTypeOnly) for f in logger.filters):
            logger.addFilter(ExceptionTypeOnly())


def page_language() -> str:
    """The page's language: the language switch's value, else the URL's `?lang=`, else Spanish."""
    import streamlit as st

    from ui.frame import LANGUAGE_NAMES

    lang = st.session_state.get("lang")
    if lang in LANGUAGES:
        return lang
    param = st.query_params.get("lang")
    by_name = {name: code for code, name in LANGUAGE_NAMES.items()}
    return param if param in LANGUAGES else by_name.get(param, "es")


def on_script_error(error: Exception) -> bool:
    """An uncaught exception in a page: a message in the page's language where the page stopped (Streamlit
    keeps every input of the session, since the run stopped early) instead of Streamlit's English box."""
    import streamlit as st

    from ui.text import ui_text

    try:
        st.error(ui_text("error.unexpected", page_language()), icon="⚠️")
    except Exception:  # noqa: BLE001 — never let the handler's own failure log a chained traceback
        return False
    return True


keep_tracebacks_out_of_the_log()

# --- Warm start ---------------------------------------------------------------------------------------

def first_screen_modules(script: Path) -> list[str]:
    """The modules `script` imports at its top level (what its first screen needs)."""
    import ast

    names = []
    for node in ast.parse(script.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def preload(script: Path) -> None:
    """Import what `script`'s first screen needs, then set every object those imports made aside from the
    garbage collector (gc.freeze). Streamlit collects garbage after each run (runner.postScriptGC, kept on);
    over the ~150,000 objects that Streamlit, numpy, pandas and the rules create at import, a collection took
    about 100 ms, and the run's last messages waited for it. Frozen only while no session exists, so no
    member's figures are ever set aside (they are collected with their session)."""
    import gc
    import importlib

    for name in first_screen_modules(script):
        importlib.import_module(name)
    if no_page():
        gc.collect()
        gc.freeze()




def no_page() -> bool:
    """Whether no member's page is connected to this server (also before the server has started)."""
    from streamlit.runtime import Runtime, RuntimeState

    return not Runtime.exists() or Runtime.instance().state in (RuntimeState.INITIAL,
                                                                RuntimeState.NO_SESSIONS_CONNECTED)

