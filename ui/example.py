"""The example member the page opens on, said to be an example until the member changes an input: a figure
on the first screen must never be taken for the member's own."""

from __future__ import annotations

from datetime import date
from typing import Any, MutableMapping

import streamlit as st

from .state import example
from .text import ui_text

CHANGED = "inputs_changed"  # set once any input differs from the example member's; cleared with the member


def showing_example(state: MutableMapping[str, Any], today: date) -> bool:
    """True until the member changes any input (after the form's text boxes are read: `current_values`).
    Changing a value back does not make the member an example again."""
    if not state.get(CHANGED) and any(state.get(key) != value for key, value in example(today).items()):
        state[CHANGED] = True
    return not state.get(CHANGED)


def example_note(slot, state: MutableMapping[str, Any], today: date, lang: str) -> None:
    """"An example" in `slot` (above the answer and the form, on a phone's first screen too) while the
    inputs are the example member's."""
    if showing_example(state, today):
        with slot.container(key="example_note"):
            st.info(ui_text("app.example", lang), icon="ℹ️")
