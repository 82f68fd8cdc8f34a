"""What the page tells the browser that Streamlit has no setting for: the file uploaders' accessible names
and their refusals in the member's language, and a number keyboard on phones for the boxes that take a number.

Streamlit's uploader button says "Browse files" in English; the page's CSS shows the member's word instead
(ui/shell/look.py), but CSS cannot give the button a name that assistive technology and accessibility checks read.
And every number is a text box the app reads, so a phone would offer its letter keyboard.
A tiny component (st.components.v2, mounted in the page, no network, allowed by the Content-Security-Policy
like the explorer) sets `aria-label` on each uploader's buttons and file input; puts the page's words in
place of "File must be 1.0MB or smaller." (said to screen readers and shown on hover) when the browser refuses
a file before the app sees it; sets `inputmode="decimal"` on the number boxes; and does so again for anything
drawn later; leaves the main area out of the Tab order (the skip link's target); names Streamlit's own controls (the sidebar, the help icons, heading links) in the
page's language for screen readers, and words its skip link ("Skip to main content") so too; says
Streamlit's "Connection error" dialog (shown when the server cannot
be reached: it is drawn by the browser alone) in the page's words; runs the page again as soon as it is
connected again after losing its server (Streamlit itself waits for the member's next action, and a value typed
just as the connection was lost was never sent); on a phone, closes the sidebar once a page is chosen in it and
keeps what is scrolled to clear of the answer's sticky summary; and,
once the estimate page has been quiet for 2 s, runs Streamlit's chart code ahead, so that the first opening of
the charts does not wait for it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import streamlit as st

from estimator import LANGUAGES

from ui.shell import component_state  # noqa: F401  (shows components' state to the session as plain data)
from ui.shell.forget import SHOWN_AFTER_S
from ui.shell.text import ui_text

# The title of Streamlit's dialog when the server cannot be reached (its words are English only).
CONNECTION_ERROR_TITLE = "Connection error"

# The accessible names Streamlit gives its own controls, in English only, and their keys in the catalogs.
STREAMLIT_NAMES = {"Sidebar": "sidebar", "Collapse sidebar": "collapse_sidebar", "Expand sidebar": "expand_sidebar",
                   "Link to heading": "link_to_heading", "Open": "open", "Help": "help", "Main menu": "main_menu"}

JS = """
export default function (component) {
  const data = component.data ? JSON.parse(new TextDecoder().decode(component.data)) : null;
  if (!data) return;
  // One watcher for the document, reading the newest page's words: a page drawn in the other language mounts
  // this again, and two watchers with different words would undo each other's names without end.
  window.__pageHints = data;
  window.__pageHintsRerun = () => component.setTriggerValue("reconnected", true);  // the newest page's
  if (window.__pageHintsWatcher) {
    window.__pageHintsWatcher.apply();
    return;
  }
  const name = (element, label) => {
    if (element.getAttribute("aria-label") !== label) element.setAttribute("aria-label", label);
  };
  // The text nodes keep their place (React still owns them): the first says the page's words, the rest nothing.
  const retext = (root, said) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let first = true;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue.trim()) continue;
      const value = first ? said : "";
      if (node.nodeValue !== value) node.nodeValue = value;
      first = false;
    }
  };
  // Each element matching `selector` at or under the roots.
  const found = (roots, selector) => {
    const elements = new Set();
    for (const root of roots) {
      if (root.matches(selector)) elements.add(root);
      for (const element of root.querySelectorAll(selector)) elements.add(element);
    }
    return elements;
  };
  // What changed, as the elements to look at again: an element added or renamed, or the element around a text
  // that changed; inside an uploader, a tooltip or a dialog, the whole of it (its parts are named together).
  const WHOLE = '[data-testid="stFileUploader"], [data-testid="stTooltipErrorContent"], [role="dialog"]';
  const changed = (records) => {
    const roots = new Set();
    const add = (node) => {
      const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
      if (element && element.isConnected) roots.add(element.closest(WHOLE) ?? element);
    };
    for (const record of records) {
      if (record.type === "childList") record.addedNodes.forEach(add);
      else add(record.target);
    }
    return roots;
  };
  // Only what changed is looked at: looking over the whole page at each change took about 10 ms of every action
  // (React changes the page many times a run, and a chart adds hundreds of elements).
  const apply = (roots = [document.documentElement]) => {
    const hints = window.__pageHints;
    for (const uploader of found(roots, '[data-testid="stFileUploader"]')) {
      for (const button of uploader.querySelectorAll("button")) {
        name(button, button.closest('[data-testid="stFileChipDeleteBtn"]') ? hints.remove : hints.button);
      }
      for (const input of uploader.querySelectorAll('input[type="file"]')) name(input, hints.input);
      // A file refused in the browser (too large, wrong type): Streamlit's English words, replaced in place.
      for (const alert of uploader.querySelectorAll('[data-testid="stFileChip"][aria-invalid="true"] [role="alert"]')) {
        retext(alert, hints.refused);
      }
    }
    for (const tip of found(roots, '[data-testid="stTooltipErrorContent"]')) retext(tip, hints.refused);
    // Streamlit's skip link, the first stop of the Tab key, in the page's words.
    for (const skip of found(roots, '[data-testid="stSkipToContent"]')) retext(skip, hints.skip);
    // The dialog Streamlit draws when the server cannot be reached: its title and words, in the page's language.
    for (const title of found(roots, '[role="dialog"] h2')) {
      if (!hints.connection_titles.includes(title.textContent)) continue;
      retext(title, hints.connection_title);
      const body = title.nextElementSibling;
      if (body) retext(body, hints.connection_body);
    }
    // Streamlit's own English names for its controls (the sidebar, help icons, heading links), in the page's words.
    for (const element of found(roots, "[aria-label]")) {
      const label = element.getAttribute("aria-label");
      const prefix = hints.help_prefixes.find((start) => label.startsWith(start));
      const said = hints.labels[label] ?? (prefix ? hints.help_for + label.slice(prefix.length) : null);
      if (said && said !== label) element.setAttribute("aria-label", said);
    }
    // The main area is the skip link's target, not a Tab stop of its own (Streamlit makes it one, for scrolling
    // with the keys): the Tab after the skip link reaches the first field. Focused by the skip link, it still scrolls.
    for (const area of found(roots, '[data-testid="stMain"]')) if (area.tabIndex !== -1) area.tabIndex = -1;
    for (const box of found(roots, hints.numbers.map((key) => `.st-key-${key} input`).join(", "))) {
      if (box.getAttribute("inputmode") !== "decimal") box.setAttribute("inputmode", "decimal");
    }
  };
  // On a phone the sidebar lies over the page: once a page or a language is chosen in it, it closes, as a menu
  // does (Streamlit closes it for its own navigation, not for page links nor for a control of the page's).
  const choices = ['[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"]',
    '[data-testid="stSidebar"] .st-key-lang :is(button, [role="radio"])'].join(", ");
  document.addEventListener("click", (event) => {
    if (!event.target.closest(choices)) return;
    const sidebar = document.querySelector('[data-testid="stSidebar"]');
    const main = document.querySelector('[data-testid="stMain"]');
    if (!sidebar || !main || sidebar.getBoundingClientRect().right <= main.getBoundingClientRect().left + 1) return;
    setTimeout(() => document.querySelector('[data-testid="stSidebarCollapseButton"] button')?.click(), 0);
  }, true);
  // Back from a lost connection, the page runs again at once with every value it holds, so what it shows is
  // worked out from what is in its boxes: a value typed just as the connection was lost was never sent, and the
  // same text typed again would send nothing (ui/shell/reconnect.py puts the inputs back in a new session).
  let wasConnected = true;
  const connection = () => {
    const state = document.querySelector('[data-testid="stApp"]')?.getAttribute("data-test-connection-state");
    if (!state) return;
    if (state === "CONNECTED" && !wasConnected) window.__pageHintsRerun();
    wasConnected = state === "CONNECTED";
  };
  // After *Borrar todo* the page is not shown until it is the next participant's (ui/shell/forget.py): once its
  // run is over, nothing is left from the run before and nothing was added or retexted for a moment (a box or the
  // explorer takes its new value a few frames after it is drawn). A removal does not put it off (an uploader drawn
  // anew removes its old one a second later).
  // While it is not shown, the page is also out of reach of screen readers and the keyboard (`inert`): the
  // style only hides it from sight. Never past the style's own fallback (`shown_after_ms`), nor once it is gone.
  let clearingOver = null, inertFor = null, givenUp = null;  // the clearing whose page is inert; one past that time
  const main = () => document.querySelector('[data-testid="stMain"]');
  const reachable = () => {
    if (inertFor === null) return;
    inertFor = null;
    const area = main();
    if (area) area.inert = false;
  };
  const unreachable = (token) => {
    if (inertFor !== null || token === givenUp) return;
    const area = main();
    if (!area) return;
    area.inert = true;
    inertFor = token;
    setTimeout(() => { if (inertFor === token) { givenUp = token; reachable(); } }, window.__pageHints.shown_after_ms);
  };
  // A reload (a phone's pull-to-refresh too) or closing the tab would lose what the member typed: nothing is
  // stored anywhere, so the browser asks first, once anything was typed or chosen in the page (the sidebar's
  // language and session mode aside) since it opened or was cleared.
  let typed = false;
  for (const kind of ["input", "change"]) {
    document.addEventListener(kind, (event) => {
      if (event.target instanceof Element && event.target.closest('[data-testid="stMain"]')) typed = true;
    }, true);
  }
  window.addEventListener("beforeunload", (event) => {
    if (!typed) return;
    event.preventDefault();
    event.returnValue = "";  // older browsers ask only when this is set
  });
  // The next participant starts at the top: the page scrolled there, the focus on the form's first field, and
  // nothing the explorer announced about the previous member left for a screen reader.
  const toTheTop = () => {
    for (const said of document.querySelectorAll(".explorer .announce")) said.textContent = "";
    typed = false;
    for (let area = main(); area; area = area.parentElement) if (area.scrollTop) area.scrollTop = 0;
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
    const first = document.querySelector('.st-key-system input:checked') || document.querySelector('.st-key-system input');
    if (first) first.focus({ preventScroll: true });
  };
  const showOnceCleared = (added = true) => {
    const style = Array.from(document.querySelectorAll('[data-testid="stHtml"] style'))
      .find((element) => element.textContent.includes("--clearing"));
    const token = style && /--clearing: "(\\w+)"/.exec(style.textContent)?.[1];
    if (!token || document.documentElement.dataset.cleared === token) return reachable();
    unreachable(token);
    if (!added && clearingOver) return;
    clearTimeout(clearingOver);
    clearingOver = setTimeout(() => {
      const running = document.querySelector('[data-testid="stApp"]')?.getAttribute("data-test-script-state") !== "notRunning";
      if (running || document.querySelector('[data-stale="true"]')) showOnceCleared();
      else {
        document.documentElement.dataset.cleared = token;
        clearingOver = null;
        reachable();
        toTheTop();
      }
    }, 150);
  };
  // Streamlit fetches and runs the code that draws a chart (its plotly element, some 4.7 MB) only when a first
  // chart is drawn: the first opening of the charts took a second more than the next. Once the estimate page has
  // been quiet for 2 s (no key, click or touch), it is run ahead, once for the document (about 0.6 s of work
  // at a moment nobody types); not when the browser asks to save data.
  let quiet = null;
  const whenIdle = window.requestIdleCallback || ((run) => run());  // Safari has no requestIdleCallback
  const chartsAhead = () => {
    clearTimeout(quiet);
    if (window.__chartsAhead || !window.__pageHints.chart_code || navigator.connection?.saveData) return;
    quiet = setTimeout(() => whenIdle(() => {
      const streamlit = document.querySelector('script[type="module"][src*="/static/js/index."]');
      if (window.__chartsAhead || !streamlit || !document.querySelector(".st-key-charts_open")) return;
      window.__chartsAhead = true;
      import(new URL(window.__pageHints.chart_code, streamlit.src).href).catch(() => { window.__chartsAhead = false; });
    }, { timeout: 1000 }), 2000);
  };
  for (const kind of ["keydown", "pointerdown", "touchstart"]) document.addEventListener(kind, chartsAhead, true);
  chartsAhead();
  const app = document.querySelector('[data-testid="stApp"]');
  if (app) new MutationObserver(() => { connection(); showOnceCleared(); chartsAhead(); })
    .observe(app, { attributeFilter: ["data-test-connection-state", "data-test-script-state"] });
  // On a phone the answer's summary stays under the top bar (ui/shell/look.py): a field or line scrolled to (a focus,
  // a message's link) stops below it, whatever its height (two lines, or four in session mode or with a note).
  let bar = null;
  const clearOfBar = new ResizeObserver(() => {
    const area = main(), sticky = bar?.closest('[data-testid="stLayoutWrapper"]');
    if (!area || !sticky) return;
    const top = parseFloat(getComputedStyle(sticky).top);
    area.style.scrollPaddingTop = Number.isNaN(top) || !bar.offsetHeight ? "" : `${top + bar.offsetHeight + 8}px`;
  });
  const followBar = () => {
    const now = document.querySelector(".st-key-summary");
    if (now === bar) return;
    if (bar) clearOfBar.unobserve(bar);
    bar = now;
    if (bar) clearOfBar.observe(bar);
  };
  const watcher = new MutationObserver((records) => {
    followBar();
    apply(changed(records));
    showOnceCleared(records.some((record) => record.type === "characterData" || record.addedNodes.length > 0));
  });
  watcher.apply = apply;  // a page in the other language: everything named again
  watcher.observe(document.body, { childList: true, subtree: true, characterData: true, attributeFilter: ["aria-label", "tabindex"] });
  window.__pageHintsWatcher = watcher;  // kept for the document's life: every page mounts the component
  followBar();
  apply();
}
"""

_component = st.components.v2.component("page_hints", html="<span hidden></span>", js=JS)


@cache
def chart_code() -> str | None:
    """The file of Streamlit's plotly element, run ahead by the page (its name changes with each release of
    Streamlit: `static/js/PlotlyChart.<hash>.js`); None when this release has no single such file."""
    found = list((Path(st.__file__).parent / "static" / "static" / "js").glob("PlotlyChart.*.js"))
    return found[0].name if len(found) == 1 else None


def page_hints(lang: str, number_boxes: tuple[str, ...]) -> None:
    """Mount once per page, before or after its uploaders and boxes: later ones get theirs as they appear.
    `number_boxes` are the keys of the boxes that take a number (`MemberInputs.number_boxes`, ui/shell/state.py)."""
    limit = f"{st.get_option('server.maxUploadSize')} MB"
    hints = {"button": ui_text("check.browse", lang), "input": ui_text("check.file_input", lang),
             "remove": ui_text("check.remove_file", lang), "refused": ui_text("check.file_refused", lang, limit=limit),
             "numbers": list(number_boxes), "help_for": ui_text("chrome.help_for", lang),
             # a name in any language (Streamlit's English, or this page's words from before a language switch)
             "help_prefixes": [ui_text("chrome.help_for", other) for other in LANGUAGES],
             "labels": {ui_text(f"chrome.{key}", other): ui_text(f"chrome.{key}", lang)
                        for key in STREAMLIT_NAMES.values() for other in LANGUAGES},
             "connection_titles": [CONNECTION_ERROR_TITLE] + [ui_text("chrome.connection_title", other)
                                                              for other in LANGUAGES],
             "connection_title": ui_text("chrome.connection_title", lang), "skip": ui_text("chrome.skip", lang),
             "connection_body": ui_text("chrome.connection_body", lang),
             "shown_after_ms": SHOWN_AFTER_S * 1000,  # the clearing's own fallback (ui/shell/forget.py)
             "chart_code": chart_code()}
    _component(key="page_hints", data=json.dumps(hints, ensure_ascii=False).encode("utf-8"))
