"""Uploads are read once, when they arrive, and then the uploader is emptied.

A Streamlit uploader keeps its file, and hands it to the script again, until its widget is replaced; the
browser also sends it back after the session's values were cleared, which would bring a previous member's
data back. So every uploader's key carries a generation (`uploader_key`), and the generation moves on
(`reset_uploaders`) when an upload has been handled and when the session is cleared: the browser then
draws new, empty uploaders. Each uploaded file is handed out once (`take_new_files`, by the random id
Streamlit gives it) and released from the server's memory as soon as it has been read.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from streamlit.runtime.scriptrunner import get_script_run_ctx

GENERATION = "uploader_generation"
HANDLED = "uploads_handled"  # ids of files already handed out (random ids: nothing about their content)
KEPT = (GENERATION, HANDLED)  # kept when the session is cleared (see ui/state.py)
HANDLED_KEPT = 200


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
    reset_uploaders(state)
    return new


def _release(file_ids) -> None:
    """Drop the uploaded bytes the server holds for this session."""
    ctx = get_script_run_ctx()
    if ctx is None or ctx.uploaded_file_mgr is None:
        return
    for file_id in file_ids:
        ctx.uploaded_file_mgr.remove_file(ctx.session_id, file_id)
