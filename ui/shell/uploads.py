"""Uploads are read once, when they arrive, and then the uploader is emptied.

A Streamlit uploader keeps its file, and hands it to the script again, until its widget is replaced; the
browser also sends it back after the session's values were cleared, which would bring a previous member's
data back. So every uploader's key carries a generation (`uploader_key`), and the generation moves on
(`reset_uploaders`) when an upload has been handled and when the session is cleared: the browser then
draws new, empty uploaders. Each uploaded file is handed out once (`take_new_files`, by the random id
Streamlit gives it) and released from the server's memory as soon as it has been read.

The server holds at most `FILES_HELD` files and `BYTES_HELD` bytes for one page (serving.UploadGuard refuses
more, and says which session it refused, `note_refused`): the next time an uploader's files are read, the page
says how many were not accepted (`refused_note`), since the uploader is emptied and their marks go with it.
"""

from __future__ import annotations

import threading
from collections.abc import MutableMapping
from typing import Any

from streamlit.runtime.scriptrunner import get_script_run_ctx

GENERATION = "uploader_generation"
HANDLED = "uploads_handled"  # ids of files already handed out (random ids: nothing about their content)
KEPT = (GENERATION, HANDLED)  # kept when the session is cleared (see ui/shell/state.py)
HANDLED_KEPT = 200
FILES_HELD = 20                 # uploaded files the server holds for one page at once …
BYTES_HELD = 5 * 1024 * 1024    # … and their bytes
REFUSED = "uploads_refused"     # {uploader name: its files the server refused}, until the page says so

_refused_by_session: dict[str, int] = {}  # session id → uploads refused since its page last read its files
_refused_lock = threading.Lock()          # counted on the server's event loop, read by the page's run
REFUSED_SESSIONS_KEPT = 1000


def note_refused(session_id: str) -> None:
    """The server refused one upload of this session (called by serving.UploadGuard)."""
    with _refused_lock:
        _refused_by_session[session_id] = _refused_by_session.pop(session_id, 0) + 1
        while len(_refused_by_session) > REFUSED_SESSIONS_KEPT:  # the oldest first: never grows without end
            del _refused_by_session[next(iter(_refused_by_session))]


def _take_refused() -> int:
    ctx = get_script_run_ctx()
    if ctx is None:
        return 0
    with _refused_lock:
        return _refused_by_session.pop(ctx.session_id, 0)


def refused_note(state: MutableMapping[str, Any], name: str, lang: str) -> None:
    """Under the uploader `name`: how many of the files chosen were not accepted, and what is."""
    count = state.get(REFUSED, {}).pop(name, 0)
    if count:
        import streamlit as st

        from ui.shell.text import ui_text

        st.warning(ui_text("check.uploads_refused", lang, count=count, files=FILES_HELD,
                           size=f"{BYTES_HELD // (1024 * 1024)} MB"), icon="⚠️")


def uploader_key(state: MutableMapping[str, Any], name: str) -> str:
    """The key of the uploader called `name` in this generation."""
    return f"{name}_{state.get(GENERATION, 0)}"


def reset_uploaders(state: MutableMapping[str, Any]) -> None:
    """Every uploader is drawn anew, empty, on the next run (and its old file is never sent again)."""
    state[GENERATION] = state.get(GENERATION, 0) + 1


def take_new_files(state: MutableMapping[str, Any], key: str) -> list[tuple[str, bytes]]:
    """(name, content) of each file in the uploader `key` not handed out before; then the files are
    released and the uploaders reset. Call it from the uploader's `on_change`."""
    value = state.get(key)
    files = value if isinstance(value, list) else [] if value is None else [value]
    handled: list[str] = state.setdefault(HANDLED, [])
    new = [(upload.name, upload.getvalue()) for upload in files if upload.file_id not in handled]
    handled.extend(upload.file_id for upload in files if upload.file_id not in handled)
    del handled[:-HANDLED_KEPT]
    _release(upload.file_id for upload in files)
    refused = _take_refused()
    if refused:
        state.setdefault(REFUSED, {})[key.rsplit("_", 1)[0]] = refused
    reset_uploaders(state)
    return new


def _release(file_ids) -> None:
    """Drop the uploaded bytes the server holds for this session."""
    ctx = get_script_run_ctx()
    if ctx is None or ctx.uploaded_file_mgr is None:
        return
    for file_id in file_ids:
        ctx.uploaded_file_mgr.remove_file(ctx.session_id, file_id)
