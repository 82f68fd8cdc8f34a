"""`failing_page.py` served exactly as `serve.py` serves the app (same middleware, same error handler)."""

import streamlit as st

from serving import MIDDLEWARE, on_script_error

app = st.App("failing_page.py", middleware=MIDDLEWARE, on_script_error=on_script_error)
