"""Security headers on every HTTP response (a Content-Security-Policy that allows the page's inline scripts
by their hash only), only known host names, and the metrics endpoint closed."""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from pathlib import Path

import streamlit
from starlette.datastructures import Headers, MutableHeaders
from streamlit import config

from estimator import LANGUAGES

from .origins import name_and_port, origin_allowed, page_scheme


_LOG = logging.getLogger("serving")
INDEX_HTML = Path(streamlit.__file__).parent / "static" / "index.html"


def _sha256(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def inline_scripts() -> list[str]:
    """The inline scripts the page runs: Streamlit's own in index.html and the app's `<html lang>` setter,
    each allowed by its hash (no 'unsafe-inline' for scripts)."""
    from ui.shell.frame import lang_script

    page = INDEX_HTML.read_text(encoding="utf-8")
    own = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", page, flags=re.S)
    return own + [lang_script(lang) for lang in LANGUAGES]


def content_security_policy() -> str:
    scripts = " ".join(sorted({_sha256(s) for s in inline_scripts()}))
    return "; ".join([
        "default-src 'self'",
        # 'wasm-unsafe-eval' lets WebAssembly compile (Streamlit's protobuf reader tries it for 64-bit numbers);
        # it does not allow eval() of JavaScript.
        # blob: lets the explorer run (ui/answer/explorer.py): Streamlit's component code (from 'self') loads a
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
    named = name_and_port(host) if host else None
    if named is None:
        return False
    name = named[0]
    for pattern in (p.strip().lower().rstrip(".") for p in allowed):
        if pattern == "*" or name == pattern or (pattern.startswith("*.") and name.endswith(pattern[1:])):
            return True
    return False


class SecurityMiddleware:
    """ASGI middleware: refuses an unknown Host (400), a WebSocket from a page that is not the app's own
    (`origins.origin_allowed`; before Streamlit sees it, so nothing is looked up) and the metrics endpoint (404),
    and adds `SECURITY_HEADERS` to every HTTP response, Streamlit's and its own."""

    def __init__(self, app, headers: dict[str, str] | None = None) -> None:
        self.app = app
        self.headers = [(k.lower().encode("latin-1"), v.encode("latin-1"))
                        for k, v in (headers or SECURITY_HEADERS).items()]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "websocket" and not _own_page(scope):
            await send({"type": "websocket.close", "code": 1008})  # answered 403, no session made
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
            await plain_response(send_with_headers, 400, b"Unknown host.\n")
        elif _is_metrics(scope.get("path", "")):
            await plain_response(send_with_headers, 404, b"Not found.\n")
        else:
            await self.app(scope, receive, send_with_headers)


def _own_page(scope) -> bool:
    headers = Headers(scope=scope)
    host, origin = headers.get("host"), headers.get("origin")
    if not host_allowed(host, _allowed_hosts()):
        return False
    scheme = page_scheme(scope.get("scheme", ""), headers.get("x-forwarded-proto"))
    if origin_allowed(origin, host, scheme):
        return True
    # One line an operator can act on (behind a TLS proxy that does not send X-Forwarded-Proto, every page is
    # refused); an origin is a site's address, nothing of a member's.
    _LOG.warning("Refused a WebSocket from %.100r: not this app's page (%s://%.100s).", origin, scheme, host)
    return False


def _allowed_hosts() -> list[str]:
    return list(config.get_option("server.allowedHosts") or [])


def _is_metrics(path: str) -> bool:
    """`/_stcore/metrics` under any base path, with or without a trailing slash, in any case."""
    return re.search(r"/_stcore/metrics/*$", path.lower()) is not None


async def plain_response(send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
