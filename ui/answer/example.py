"""The example member the page opens on, said to be an example until the member changes an input: a figure
on the first screen must never be taken for the member's own."""

from __future__ import annotations

from datetime import date
from typing import Any, MutableMapping

import streamlit as st

from ui.shell.state import example
from ui.shell.text import ui_text

CHANGED = "inputs_changed"  # set once any input differs from the example member's; cleared with the member
VIEWS = ("freeze",)  # another view of the same member's figures (the amount with benefits frozen), not their data


def showing_example(state: MutableMapping[str, Any], today: date) -> bool:
    """True until the member changes any input (after the form's text boxes are read: `read_form`);
    the freeze view shows the example's figures still. Changing a value back does not make the member an
    example again."""
    if not state.get(CHANGED) and any(state.get(key) != value for key, value in example(today).items()
                                       if key not in VIEWS):
        state[CHANGED] = True
    return not state.get(CHANGED)


def example_note(slot, state: MutableMapping[str, Any], today: date, lang: str) -> None:
    """"An example" in `slot` (above the answer and the form, on a phone's first screen too) while the
    inputs are the example member's."""
    if showing_example(state, today):
        with slot.container(key="example_note"):
            st.info(ui_text("app.example", lang), icon="ℹ️")
