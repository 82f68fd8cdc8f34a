"""What `scripts/run-app` serves: `app.py` (and its `pages/`) behind the security middleware, with page errors
shown in the member's language. Start it with `streamlit run serve.py` (see README, Deployment)."""

from pathlib import Path

import streamlit as st

from serving import MIDDLEWARE, on_script_error, preload, warm_up_when_idle

preload(Path(__file__).with_name("app.py"))  # the first screen's modules, imported before any session
warm_up_when_idle()  # the charts' and the PDF's libraries, once the server is up and no page is connected
app = st.App("app.py", middleware=MIDDLEWARE, on_script_error=on_script_error)
