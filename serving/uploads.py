"""The uploaded files the server holds for one page, capped (`UploadGuard`): an upload past the cap is refused
before its bytes are read, and the page says so."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from starlette.datastructures import Headers
from streamlit import config

from ui.shell.uploads import BYTES_HELD, FILES_HELD, note_refused

from .headers import plain_response

_LOG = logging.getLogger("serving")


@dataclass(frozen=True)
class UploadLimits:
    """The uploaded files the server holds. The page reads each file once and releases it at once
    (ui/shell/uploads.py), so a member's page holds at most one or two; Streamlit releases a session's files
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
            await plain_response(send, 413, b"Too many files held for this page.\n")
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
