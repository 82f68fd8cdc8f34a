"""What every page draws first: page settings, language switch, session mode, navigation."""

from __future__ import annotations

from datetime import date

import streamlit as st

from estimator import LANGUAGES

from ui.shell.field_help import FieldHelp
from ui.shell.forget import clear_control
from ui.shell.look import frame_css, page_css, session_css, session_scale
from ui.shell.page_hints import page_hints
from ui.shell.state import MemberInputs, ensure_defaults
from ui.shell.text import ui_text

LANGUAGE_NAMES = {"es": "Español", "en": "English"}
PAGES = (("app.py", "app.nav_estimate"), ("pages/1_Comparar.py", "app.nav_compare"),
         ("pages/2_Reglas_y_supuestos.py", "app.nav_rules"))


def frame(inputs: MemberInputs, holds_member: bool = True) -> str:
    """Set up the page and return the user's language; `inputs` are the member's (`ui/page.py` says which);
    `holds_member`: the page shows a member's data (the rules page does not), so a phone is told where it lives."""
    st.set_page_config(page_title="Estimador de Pensión", page_icon="⚖️", layout="wide",
                       initial_sidebar_state="auto")  # closed on a phone, open on a wide screen
    today = date.today()
    ensure_defaults(st.session_state, today, inputs)
    described = FieldHelp()
    with st.sidebar:
        lang = st.segmented_control("Idioma / Language", LANGUAGES, format_func=LANGUAGE_NAMES.get,
                                    key="lang", default="es", required=True, bind="query-params")
        lang = lang if lang in LANGUAGES else "es"
        for page, label in PAGES:
            st.page_link(page, label=ui_text(label, lang))
        st.divider()
        st.toggle(ui_text("app.session_mode", lang), key="session_mode",
                  help=described(ui_text("app.session_mode_help", lang), "session_mode"), persist_state="session")  # on every page
        clear_control(lang, today, inputs)
        st.caption(ui_text("app.privacy", lang))
    # Streamlit writes <html lang="en">; set it to the user's language (allow-listed value only).
    st.html(f"<script>{lang_script(lang)}</script>", unsafe_allow_javascript=True)
    # The focus ring, the title near the top, Streamlit's typing hints, the sidebar's and the fields' wrapping:
    # one element for all the page's styles (each element more is drawn again by every run).
    st.html(frame_css(lang) + page_css(lang))
    if holds_member:
        with st.container(key="tab_note"):  # on a phone, whose sidebar starts closed: said in the page itself
            st.caption(ui_text("app.privacy", lang))
    if st.session_state.get("session_mode"):  # everything larger by one factor, for a shared screen
        st.html(session_css(session_scale(st.session_state)))
    with st.sidebar:  # out of the page's flow
        page_hints(lang, inputs.number_boxes)
        described.tie("sidebar_help")
    return lang


def lang_script(lang: str) -> str:
    """The one inline script the app runs; the Content-Security-Policy (serving/headers.py) allows it by its hash."""
    return f"document.documentElement.lang = {lang!r};"
