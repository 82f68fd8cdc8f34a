"""The session's inputs: the example member the app opens on, and clearing for the next member."""

from __future__ import annotations

from datetime import date
from typing import Any, MutableMapping

from estimator.dates import age_on

from ui.answer.report_download import EMPTY as EMPTY_REPORT_BOXES
from ui.form.fields import example_values
from ui.shell.reconnect import restore_sent
from ui.shell.uploads import KEPT as UPLOADS_KEPT, reset_uploaders

# Every input of the member form (ui/form/fields.py), with the example member's value: a government employee
# who entered in 1989 (Ley 447), in the Plan Coordinado, planning to retire at 58.
EXAMPLE: dict[str, Any] = example_values()
# Kept when the session is cleared: how the app looks, not who the member is.
VIEW_KEYS = ("lang", "session_mode")
# Also kept: the uploaders' generation and the random ids of files already read (ui/shell/uploads.py).
KEPT_KEYS = VIEW_KEYS + UPLOADS_KEPT
# The page's own boxes beyond the form (`ui.form.form.whole_box`): their default follows the member on screen.
PAGE_BOXES = ("variant_age", "variant_extra", "lifetime_until", "lifetime_other")
FRESH_BOXES = "page_boxes_to_reset"  # after clearing: each is set to its default when next drawn


def ensure_defaults(state: MutableMapping[str, Any], today: date) -> None:
    """Every input the session lacks: the value the page sent for it, when a page outlived its server process
    and reconnected to a new session (ui/shell/reconnect.py), else the example member's."""
    restore_sent(state)
    _fill_with_example(state, today)


def _fill_with_example(state: MutableMapping[str, Any], today: date) -> None:
    for key, value in example(today).items():
        if key not in state:
            state[key] = value
    state.setdefault("comparison", [])


def example(today: date) -> dict[str, Any]:
    """The example member; the planned age moves on once the example member is past 58."""
    values = example_values()  # lists of its own, never shared by sessions
    birth = values["birth_date"]
    values["retire_years"] = max(values["retire_years"], int(age_on(birth, today)) + 1)  # the next birthday's age
    return values


def clear_member(state: MutableMapping[str, Any], today: date) -> None:
    """Forget everything about the member — every input and widget value, the salary history, the
    comparison, notes, and every uploader with its file (they are drawn anew, empty) — and go back to
    the example member; keep the view settings."""
    for key in list(state.keys()):
        if key not in KEPT_KEYS:
            del state[key]
    reset_uploaders(state)
    _fill_with_example(state, today)  # never what the page sent: that is the member being cleared
    # A widget's key deleted is not enough: the browser keeps what was typed in the box and sends it back
    # with the next run. Each box is given its value explicitly, which the browser then shows.
    state.update(EMPTY_REPORT_BOXES)
    state[FRESH_BOXES] = list(PAGE_BOXES)
