"""Which pages may open a session: a WebSocket whose `Origin` is the app's own (`origin_allowed`), decided from
the request's own headers alone. Streamlit's own check lets through any origin on `localhost` or `127.0.0.1`
(a page on another port of the same machine), and for any other origin looks the machine's external address
up on the Internet, holding the event loop (and every session and health check of the process) while the
name resolver does not answer; `no_external_lookup` takes that lookup away."""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def name_and_port(netloc: str, scheme: str | None = None) -> tuple[str, int | None] | None:
    """A Host header's (or an origin's) name, lower case, and port (the scheme's default when it names none, if a
    scheme is given); None for anything but a name with an optional port."""
    try:
        parts = urlsplit(f"//{netloc}")
        name, port = parts.hostname, parts.port  # .port raises on a bad port
    except ValueError:
        return None
    if not name or parts.username or parts.password or parts.path or parts.query or parts.fragment:
        return None
    return name.lower().rstrip("."), port or DEFAULT_PORTS.get(scheme)


def page_scheme(scope_scheme: str, forwarded_proto: str | None) -> str:
    """The scheme of the page's own address: what the balancer says it received (`X-Forwarded-Proto`, which a
    page's script cannot set on a WebSocket), else the connection's own."""
    said = (forwarded_proto or "").split(",")[0].strip().lower()
    if said in DEFAULT_PORTS:
        return said
    return "https" if scope_scheme in ("https", "wss") else "http"


def origin_allowed(origin: str | None, host: str | None, scheme: str) -> bool:
    """A WebSocket's `Origin` against the address it was sent to (its `Host`, already one the app allows, with
    the page's scheme): the same scheme, name and port, or no `Origin` at all (not a browser: whoever sends no
    Origin could send any). `null`, another port, another name or another scheme is refused."""
    if origin is None:
        return True
    if not host:
        return False
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    if parts.scheme != scheme or parts.path or parts.query or parts.fragment:
        return False
    own, theirs = name_and_port(host, scheme), name_and_port(parts.netloc, scheme)
    return own is not None and own == theirs


def no_external_lookup() -> None:
    """Streamlit never asks the Internet for this machine's address (its fallback for origins it does not know):
    the app's own layer refuses those origins first, and a lookup where the resolver is silent holds the whole
    process for 20 s."""
    from streamlit import net_util

    net_util.get_external_ip = lambda: None
