"""What the page tells the browser that Streamlit has no setting for: the file uploaders' accessible names
and their refusals in the member's language, and a number keyboard on phones for the boxes that take a number.

Streamlit's uploader button says "Browse files" in English; the page's CSS shows the member's word instead
(ui/look.py), but CSS cannot give the button a name that assistive technology and accessibility checks read.
And every number is a text box the app reads (`ui.entry`), so a phone would offer its letter keyboard.
A tiny component (st.components.v2, mounted in the page, no network, allowed by the Content-Security-Policy
like the explorer) sets `aria-label` on each uploader's buttons and file input; puts the page's words in
place of "File must be 1.0MB or smaller." (said to screen readers and shown on hover) when the browser refuses
a file before the app sees it; sets `inputmode="decimal"` on the number boxes; and does so again for anything
drawn later; and names Streamlit's own controls (the sidebar, the help icons, heading links) in the
page's language for screen readers.
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

# The accessible names Streamlit gives its own controls, in English only, and their keys in the catalogs.
STREAMLIT_NAMES = {"Sidebar": "sidebar", "Collapse sidebar": "collapse_sidebar", "Expand sidebar": "expand_sidebar",
                   "Link to heading": "link_to_heading", "Open": "open", "Help": "help", "Main menu": "main_menu"}

JS = """
export default function (component) {
  const hints = component.data ? JSON.parse(new TextDecoder().decode(component.data)) : null;
  if (!hints) return;
  const numbers = hints.numbers.map((key) => `.st-key-${key} input`).join(", ");
  const name = (element, label) => {
    if (element.getAttribute("aria-label") !== label) element.setAttribute("aria-label", label);
  };
  // The text nodes keep their place (React still owns them): the first says the page's words, the rest nothing.
  const retext = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let first = true;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue.trim()) continue;
      const value = first ? hints.refused : "";
      if (node.nodeValue !== value) node.nodeValue = value;
      first = false;
    }
  };
  const apply = () => {
    for (const uploader of document.querySelectorAll('[data-testid="stFileUploader"]')) {
      for (const button of uploader.querySelectorAll("button")) {
        name(button, button.closest('[data-testid="stFileChipDeleteBtn"]') ? hints.remove : hints.button);
      }
      for (const input of uploader.querySelectorAll('input[type="file"]')) name(input, hints.input);
      // A file refused in the browser (too large, wrong type): Streamlit's English words, replaced in place.
      for (const alert of uploader.querySelectorAll('[data-testid="stFileChip"][aria-invalid="true"] [role="alert"]')) {
        retext(alert);
      }
    }
    for (const tip of document.querySelectorAll('[data-testid="stTooltipErrorContent"]')) retext(tip);
    // Streamlit's own English names for its controls (the sidebar, help icons, heading links), in the page's words.
    for (const element of document.querySelectorAll("[aria-label]")) {
      const label = element.getAttribute("aria-label");
      const said = hints.labels[label] ?? (label.startsWith("Help for ") ? hints.help_for + label.slice(9) : null);
      if (said && said !== label) element.setAttribute("aria-label", said);
    }
    for (const box of document.querySelectorAll(numbers)) {
      if (box.getAttribute("inputmode") !== "decimal") box.setAttribute("inputmode", "decimal");
    }
  };
  apply();
  const watcher = new MutationObserver(apply);
  watcher.observe(document.body, { childList: true, subtree: true, attributeFilter: ["aria-label"] });
  return () => watcher.disconnect();
}
"""

_component = st.components.v2.component("page_hints", html="<span hidden></span>", js=JS)


def page_hints(lang: str) -> None:
    """Mount once per page, before or after its uploaders and boxes: later ones get theirs as they appear."""
    limit = f"{st.get_option('server.maxUploadSize')} MB"
    hints = {"button": ui_text("check.browse", lang), "input": ui_text("check.file_input", lang),
             "remove": ui_text("check.remove_file", lang), "refused": ui_text("check.file_refused", lang, limit=limit),
             "numbers": list(NUMBER_BOXES), "help_for": ui_text("chrome.help_for", lang),
             "labels": {english: ui_text(f"chrome.{key}", lang) for english, key in STREAMLIT_NAMES.items()}}
    _component(key="page_hints", data=json.dumps(hints, ensure_ascii=False).encode("utf-8"))
