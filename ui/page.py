"""Every page's frame (ui/shell/frame.py), told what the member's inputs are.

The shell knows nothing of the form or the answer: here the form says what a session starts with (the example
member), how a page that outlived its server brings its inputs back and which boxes take a number, and the form and
the answer which boxes clearing gives a value.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from ui.answer.report_download import EMPTY as EMPTY_REPORT_BOXES
from ui.form.entry import FRESH_BOXES, PAGE_BOXES, SPECS, box_key
from ui.form.example import example
from ui.form.restore import restore_sent
from ui.shell import frame as shell
from ui.shell.state import MemberInputs


def starting(today: date) -> dict[str, Any]:
    """A session starts on the example member, with nothing to compare."""
    return {**example(today), "comparison": []}


def cleared() -> dict[str, Any]:
    """The report's name and notes empty; the page's own boxes at their default when next drawn."""
    return {**EMPTY_REPORT_BOXES, FRESH_BOXES: list(PAGE_BOXES)}


MEMBER = MemberInputs(starting=starting, restore_sent=restore_sent, cleared=cleared,
                      number_boxes=tuple(box_key(name) for name, spec in SPECS.items() if spec.kind != "date")
                      + PAGE_BOXES)


def frame(holds_member: bool = True) -> str:
    """Set up the page and return the user's language (`holds_member`: the page shows the member's data)."""
    return shell.frame(MEMBER, holds_member)
