"""A page that fails on purpose (tests/browser/test_served_safely.py): the app's language switch, a field
whose value makes the page raise an exception that carries the value, and a field drawn after that point,
to show that what the member entered survives the failure."""

import streamlit as st

from estimator.words.catalog import LANGUAGES
from ui.shell.frame import LANGUAGE_NAMES

FAILING_VALUE = "4242.42"

with st.sidebar:  # as ui/shell/frame.py draws it: the language in the session and in the URL
    st.segmented_control("Idioma / Language", LANGUAGES, format_func=LANGUAGE_NAMES.get, key="lang", default="es",
                         required=True, bind="query-params")
st.title("Prueba de error")
# Kept like the app's form fields (ui/form/form.py): a value survives its widget not being drawn in a run.
amount = st.text_input("Monto", key="probe_amount", persist_state="session")
if amount == FAILING_VALUE:
    raise ValueError(f"cannot use the salary {amount}")  # the message and the traceback carry the value
note = st.text_input("Nota", key="probe_note", persist_state="session")
st.write(f"Listo: {amount} / {note}")
