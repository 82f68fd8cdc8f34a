"""A download that carries exactly what the page shows when it is built.

`st.download_button` builds its file from the run that drew the button: a member who types "50,000.00" and
clicks at once gets the file of the run before (the click can land before the rerun caused by the typing),
and a click that lands while that rerun replaces the button can get no file at all. Here the button is an
ordinary button: its click reruns the page with every value typed so far (the browser sends the box being
typed in together with the click), the file is built in that run from what the run itself drew, and a small
component in the page hands it to the browser. If it cannot be built, the page says so in its language and
nothing is handed over.
"""

from __future__ import annotations

import base64
import json
import secrets
from typing import Callable

import streamlit as st

from ui.shell import component_state  # noqa: F401  (shows components' state to the session as plain data)
from ui.shell.text import ui_text


JS = """
export default function (component) {
  if (!component.data) return;
  const file = JSON.parse(new TextDecoder().decode(component.data));
  window.__freshDownloads = window.__freshDownloads || new Set();
  if (window.__freshDownloads.has(file.id)) return;  // drawn again by a later run: already saved
  window.__freshDownloads.add(file.id);
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
"""

_component = st.components.v2.component("fresh_download", html="<span hidden></span>", js=JS)


def fresh_download(label: str, key: str, build: Callable[[], bytes | None], file_name: str, mime: str,
                   lang: str, help: str | None = None) -> None:
    """Draw the button; on its click, build the file now and hand it to the browser, or say why not.

    `build` is called only in the run of the click, after everything above the button was drawn from the
    current inputs; it returns the file, or None when the current inputs cannot make one."""
    if not st.button(label, key=key, help=help):
        return
    try:
        data = build()
    except Exception:  # noqa: BLE001 — the member gets a message; the front end logs nothing
        data = None
    if not data:
        st.error(ui_text("download.not_built", lang), icon="⚠️")
        return
    # a new id for each file handed over (even after the session is cleared): the browser saves each one once
    file = {"id": secrets.token_hex(8), "name": file_name, "mime": mime,
            "data": base64.b64encode(data).decode("ascii")}
    _component(key=f"{key}_file", data=json.dumps(file).encode("ascii"))
    st.caption(ui_text("download.handed_over", lang, name=file_name))
