"""The session's inputs: what a session starts with, and clearing for the next member.

The shell keeps the member's inputs without knowing them: the pages that draw them say what they are
(`MemberInputs`, put together in `ui/page.py` from the form's and the answer's).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Callable, MutableMapping

from ui.shell.uploads import KEPT as UPLOADS_KEPT, reset_uploaders

# Kept when the session is cleared: how the app looks, not who the member is.
VIEW_KEYS = ("lang", "session_mode")
# Also kept: the uploaders' generation and the random ids of files already read (ui/shell/uploads.py).
KEPT_KEYS = VIEW_KEYS + UPLOADS_KEPT


@dataclass(frozen=True)
class MemberInputs:
    """What the shell is told of the member's inputs."""

    # Every value a session starts with (the example member's inputs), in objects of its own: never shared by sessions.
    starting: Callable[[date], dict[str, Any]]
    # Puts back the inputs a page sent when it outlived its server process (ui/shell/reconnect.py).
    restore_sent: Callable[[MutableMapping[str, Any]], None]
    # What clearing writes into boxes: a widget's key deleted is not enough, since the browser keeps what was typed in
    # the box and sends it back with the next run; a box given its value explicitly shows it.
    cleared: Callable[[], dict[str, Any]]
    # The boxes that take a number (a phone offers its number keyboard: ui/shell/page_hints.py).
    number_boxes: tuple[str, ...]


def ensure_defaults(state: MutableMapping[str, Any], today: date, inputs: MemberInputs) -> None:
    """Every input the session lacks: the value the page sent for it, when a page outlived its server process
    and reconnected to a new session (ui/shell/reconnect.py), else the one a session starts with."""
    inputs.restore_sent(state)
    _fill(state, inputs.starting(today))


def _fill(state: MutableMapping[str, Any], values: dict[str, Any]) -> None:
    for key, value in values.items():
        if key not in state:
            state[key] = value


def clear_member(state: MutableMapping[str, Any], today: date, inputs: MemberInputs) -> None:
    """Forget everything about the member — every input and widget value, the salary history, the
    comparison, notes, and every uploader with its file (they are drawn anew, empty) — and go back to
    the example member; keep the view settings."""
    for key in list(state.keys()):
        if key not in KEPT_KEYS:
            del state[key]
    reset_uploaders(state)
    _fill(state, inputs.starting(today))  # never what the page sent: that is the member being cleared
    state.update(inputs.cleared())
