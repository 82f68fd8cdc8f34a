"""The file uploaders' accessible names in the member's language.

Streamlit's uploader button says "Browse files" in English; the page's CSS shows the member's word
instead (ui/look.py), but CSS cannot give the button a name that assistive technology and accessibility
checks read. A tiny component (st.components.v2, mounted in the page, no network, allowed by the
Content-Security-Policy like the explorer) sets `aria-label` on each uploader's button and file input,
and on any uploader drawn later.
"""

from __future__ import annotations

import json

import streamlit as st

from . import explorer  # noqa: F401  (shows components' state to the session as plain data)
from .text import ui_text

JS = """
export default function (component) {
  const names = component.data ? JSON.parse(new TextDecoder().decode(component.data)) : null;
  if (!names) return;
  const name = () => {
    for (const zone of document.querySelectorAll('[data-testid="stFileUploaderDropzone"]')) {
      const button = zone.querySelector("button");
      if (button && button.getAttribute("aria-label") !== names.button) button.setAttribute("aria-label", names.button);
      const input = zone.querySelector('input[type="file"]');
      if (input && input.getAttribute("aria-label") !== names.input) input.setAttribute("aria-label", names.input);
    }
  };
  name();
  const watcher = new MutationObserver(name);
  watcher.observe(document.body, { childList: true, subtree: true });
  return () => watcher.disconnect();
}
"""

_component = st.components.v2.component("uploader_names", html="<span hidden></span>", js=JS)


def name_uploaders(lang: str) -> None:
    """Mount once per page, after the page's uploaders or before: later ones are named as they appear."""
    names = {"button": ui_text("check.browse", lang), "input": ui_text("check.file_input", lang)}
    _component(key="uploader_names", data=json.dumps(names, ensure_ascii=False).encode("utf-8"))
