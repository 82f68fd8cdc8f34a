"""What the page tells the browser that Streamlit has no setting for: the file uploaders' accessible names
in the member's language, and a number keyboard on phones for the boxes that take a number.

Streamlit's uploader button says "Browse files" in English; the page's CSS shows the member's word instead
(ui/look.py), but CSS cannot give the button a name that assistive technology and accessibility checks read.
And every number is a text box the app reads (`ui.entry`), so a phone would offer its letter keyboard.
A tiny component (st.components.v2, mounted in the page, no network, allowed by the Content-Security-Policy
like the explorer) sets `aria-label` on each uploader's button and file input, and `inputmode="decimal"` on
the number boxes, and does so again for any drawn later.
"""

from __future__ import annotations

import json

import streamlit as st

from . import explorer  # noqa: F401  (shows components' state to the session as plain data)
from .entry import SPECS, box_key
from .text import ui_text

# The boxes that take a number: the form's (ui/fields.py) and the page's own whole numbers (`ui.form.whole_box`).
NUMBER_BOXES = tuple(box_key(name) for name, spec in SPECS.items() if spec.kind != "date") + (
    "variant_age", "variant_extra", "lifetime_until", "lifetime_other")

JS = """
export default function (component) {
  const hints = component.data ? JSON.parse(new TextDecoder().decode(component.data)) : null;
  if (!hints) return;
  const numbers = hints.numbers.map((key) => `.st-key-${key} input`).join(", ");
  const apply = () => {
    for (const zone of document.querySelectorAll('[data-testid="stFileUploaderDropzone"]')) {
      const button = zone.querySelector("button");
      if (button && button.getAttribute("aria-label") !== hints.button) button.setAttribute("aria-label", hints.button);
      const input = zone.querySelector('input[type="file"]');
      if (input && input.getAttribute("aria-label") !== hints.input) input.setAttribute("aria-label", hints.input);
    }
    for (const box of document.querySelectorAll(numbers)) {
      if (box.getAttribute("inputmode") !== "decimal") box.setAttribute("inputmode", "decimal");
    }
  };
  apply();
  const watcher = new MutationObserver(apply);
  watcher.observe(document.body, { childList: true, subtree: true });
  return () => watcher.disconnect();
}
"""

_component = st.components.v2.component("page_hints", html="<span hidden></span>", js=JS)


def page_hints(lang: str) -> None:
    """Mount once per page, before or after its uploaders and boxes: later ones get theirs as they appear."""
    hints = {"button": ui_text("check.browse", lang), "input": ui_text("check.file_input", lang),
             "numbers": list(NUMBER_BOXES)}
    _component(key="page_hints", data=json.dumps(hints, ensure_ascii=False).encode("utf-8"))
