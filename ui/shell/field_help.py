"""Each field's help within reach of the keyboard and of screen readers, without a Tab stop of its own.

Streamlit draws a field's `help=` as a "?" button before the field (after a checkbox), and its words exist only in
the tooltip that button opens: a keyboard user met a help button before every field, and a screen reader heard the
words only there, never with the field. Here the words are the field's accessible description (`aria-describedby`,
read with its name), shown under the field while the keyboard is on it (Escape hides them), and the "?" stays for
the mouse and touch, out of the Tab order and hidden from screen readers (who have its words already).

A tiny component (st.components.v2, like the page's hints) mounted once the fields are drawn; fields drawn later
get their words as they appear.
"""

from __future__ import annotations

import json

import streamlit as st

from ui.shell import component_state  # noqa: F401  (shows components' state to the session as plain data)

SHOWN = "field-help-shown"  # the class of the words shown under the field the keyboard is on (ui/shell/look.py)

JS = """
export default function (component) {
  const data = component.data ? JSON.parse(new TextDecoder().decode(component.data)) : null;
  if (!data) return;
  window.__fieldHelp = Object.assign(window.__fieldHelp || {}, data);  // every mount's fields, newest words
  if (window.__fieldHelpTie) return window.__fieldHelpTie();
  const PREFIX = "field-help-";
  // The descriptions live outside the app's own tree (React owns that), in the light DOM: ids reach them.
  const notes = document.createElement("div");
  notes.hidden = true;
  document.body.append(notes);
  const shown = document.createElement("div");
  shown.className = "%(shown)s";
  shown.setAttribute("aria-hidden", "true");  // said already, as the field's description
  shown.hidden = true;
  document.body.append(shown);
  const HELP_BUTTON = '[data-testid="stTooltipHoverTarget"] button';
  const CONTROLS = "input, textarea, button, [tabindex]";
  const tie = () => {
    for (const [key, text] of Object.entries(window.__fieldHelp)) {
      const id = PREFIX + key;
      let note = document.getElementById(id);
      if (!note) {
        note = document.createElement("div");
        note.id = id;
        notes.append(note);
      }
      if (note.textContent !== text) note.textContent = text;
      for (const box of document.getElementsByClassName(`st-key-${key}`)) {
        for (const button of box.querySelectorAll(HELP_BUTTON)) {
          if (button.tabIndex !== -1) button.tabIndex = -1;
          if (button.getAttribute("aria-hidden") !== "true") button.setAttribute("aria-hidden", "true");
        }
        for (const control of box.querySelectorAll(CONTROLS)) {
          if (control.matches(HELP_BUTTON) || control.tabIndex < 0 && control.tagName !== "INPUT") continue;
          const ids = (control.getAttribute("aria-describedby") || "").split(/\\s+/).filter(Boolean);
          if (!ids.includes(id)) control.setAttribute("aria-describedby", [...ids, id].join(" "));
        }
      }
    }
    place();
  };
  // The words under the field the keyboard is on: only when the keyboard moved there (a click or a tap has the
  // "?" at hand), until the focus leaves, Escape, or a click.
  let byKeyboard = false, field = null;
  const place = () => {
    if (!field) return;
    if (!field.isConnected) return hide();
    const box = field.getBoundingClientRect();
    const width = Math.min(Math.max(box.width, 288), window.innerWidth - 16);
    shown.style.width = `${width}px`;
    shown.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8))}px`;
    const below = box.bottom + 4;
    const fits = below + shown.offsetHeight <= window.innerHeight;
    shown.style.top = `${fits ? below : Math.max(0, box.top - shown.offsetHeight - 4)}px`;
  };
  const hide = () => {
    field = null;
    shown.hidden = true;
  };
  const show = (control) => {
    const id = (control.getAttribute("aria-describedby") || "").split(/\\s+/).find((one) => one.startsWith(PREFIX));
    const box = id && control.closest(`.st-key-${id.slice(PREFIX.length)}`);
    if (!box) return hide();
    shown.textContent = document.getElementById(id).textContent;
    field = box;
    shown.hidden = false;
    place();
  };
  document.addEventListener("keydown", (event) => {
    byKeyboard = true;
    if (event.key === "Escape") hide();
  }, true);
  document.addEventListener("pointerdown", () => { byKeyboard = false; hide(); }, true);
  document.addEventListener("focusin", (event) => {
    if (byKeyboard && event.target instanceof Element) show(event.target);
    else hide();
  });
  document.addEventListener("scroll", place, true);  // the page's main area scrolls, not the document
  window.addEventListener("resize", place);
  // A run draws fields anew (and Streamlit may set a help button's tabindex again): tied once a frame at most.
  let pending = false;
  const soon = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; tie(); });
  };
  new MutationObserver(soon).observe(document.body,
    { childList: true, subtree: true, attributeFilter: ["tabindex", "aria-describedby"] });
  window.__fieldHelpTie = tie;
  tie();
}
""" % {"shown": SHOWN}

_component = st.components.v2.component("field_help", html="<span hidden></span>", js=JS)


class FieldHelp:
    """The help of the fields one part of a page draws, by the `key` of the container each field is in (a widget's
    own key, or a `st.container(key=…)` around a label and its boxes): call it where the help is given (it returns
    the words, for `help=`), then `tie` once the fields are drawn."""

    def __init__(self) -> None:
        self.words: dict[str, str] = {}

    def __call__(self, words: str, *keys: str) -> str:
        for key in keys:
            self.words[key] = words
        return words

    def tie(self, name: str) -> None:
        """Mount the component (`name`: its key, one per part of the page) out of the page's flow."""
        with st.sidebar:
            _component(key=name, data=json.dumps(self.words, ensure_ascii=False).encode("utf-8"))
