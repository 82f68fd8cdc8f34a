"""*Borrar todo para el próximo participante*: asked once more, then everything about the member is forgotten."""

from __future__ import annotations

import secrets
from datetime import date

import streamlit as st

from ui.shell.state import MemberInputs, clear_member
from ui.shell.text import ui_text

ASKED = "clear_asked"  # the question is on screen
DONE = "clear_done"    # the session was just cleared: say so once
SHOWN_AFTER_S = 5      # the cleared page is shown (and reachable) by then at the latest, ready or not


def clearing_style(token: str) -> str:
    """While the page is redrawn for the next participant, none of it is shown, and nothing the run has not yet
    redrawn (Streamlit leaves it on screen, faded) ever is: a box or the explorer takes its new value a few
    frames after it is drawn anew. The page is shown once its run is over and it has been still for a moment
    (`ui/shell/page_hints.py` marks the document with `token`); should that script not run, after
    `SHOWN_AFTER_S`."""
    return f"""
:root {{ --clearing: "{token}"; }}
[data-stale="true"] {{ opacity: 0 !important; transition: none !important; pointer-events: none !important; }}
:root:not([data-cleared="{token}"]) [data-testid="stMain"] {{
  opacity: 0; pointer-events: none; animation: clearing-over 0s linear {SHOWN_AFTER_S}s forwards;
}}
@keyframes clearing-over {{ to {{ opacity: 1; pointer-events: auto; }} }}
"""


def clear_control(lang: str, today: date, inputs: MemberInputs) -> None:
    """The sidebar's button; pressed, it asks "¿Borrar todos los datos de este participante?" with
    *Sí, borrar todo* and *Cancelar*. Clearing runs before the page is drawn (a callback), so every
    page, widget and uploader is drawn from the example member."""
    state = st.session_state
    if state.get(ASKED):
        with st.container(key="clear_question"):
            st.warning(f"**{ui_text('clear.question', lang)}**\n\n{ui_text('clear.detail', lang)}")
            st.button(ui_text("clear.confirm", lang), key="clear_confirm", type="primary", width="stretch",
                      on_click=_clear, args=(today, inputs))
            st.button(ui_text("clear.cancel", lang), key="clear_cancel", width="stretch", on_click=_ask, args=(False,))
    else:
        st.button(ui_text("app.clear", lang), key="clear_session", help=ui_text("app.clear_help", lang),
                  on_click=_ask, args=(True,))
    cleared = state.pop(DONE, False)
    # Drawn in every run, so the next one replaces it at once; in the run after clearing, before the words that
    # say so: from then on nothing of the previous member is shown.
    st.html(f"<style>{clearing_style(secrets.token_hex(4)) if cleared else ''}</style>")
    if cleared:
        st.success(ui_text("clear.done", lang))


def _ask(asked: bool) -> None:
    st.session_state[ASKED] = asked


def _clear(today: date, inputs: MemberInputs) -> None:
    clear_member(st.session_state, today, inputs)
    st.session_state[DONE] = True
