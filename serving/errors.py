"""A page error shown in the member's language, with nothing but the exception's type in the log."""

from __future__ import annotations

import logging

from estimator import LANGUAGES


# Loggers that write a script's uncaught exception (or a failure around it) with its traceback; the WebSocket's
# logs a client's message it cannot read ("Error deserializing back message") with the reader's traceback.
EXCEPTION_LOGGERS = ("streamlit.error_util", "streamlit.runtime.scriptrunner.exec_code",
                     "streamlit.runtime.scriptrunner.script_runner", "streamlit.runtime.fragment",
                     "streamlit.runtime.app_session", "streamlit.web.server.starlette.starlette_websocket",
                     "uvicorn.error")


class ExceptionTypeOnly(logging.Filter):
    """Keeps a log record's message but replaces its traceback (whose lines and message may carry a member's
    figures) by the exception's type name."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__ if error else 'unknown error'})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        record.stack_info = None
        return True


def keep_tracebacks_out_of_the_log() -> None:
    for name in EXCEPTION_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, ExceptionTypeOnly) for f in logger.filters):
            logger.addFilter(ExceptionTypeOnly())


def page_language() -> str:
    """The page's language: the language switch's value, else the URL's `?lang=`, else Spanish."""
    import streamlit as st

    from ui.shell.frame import LANGUAGE_NAMES

    lang = st.session_state.get("lang")
    if lang in LANGUAGES:
        return lang
    param = st.query_params.get("lang")
    by_name = {name: code for code, name in LANGUAGE_NAMES.items()}
    return param if param in LANGUAGES else by_name.get(param, "es")


def on_script_error(error: Exception) -> bool:
    """An uncaught exception in a page: a message in the page's language where the page stopped (Streamlit
    keeps every input of the session, since the run stopped early) instead of Streamlit's English box."""
    import streamlit as st

    from ui.shell.text import ui_text

    try:
        st.error(ui_text("error.unexpected", page_language()), icon="⚠️")
    except Exception:  # noqa: BLE001 — never let the handler's own failure log a chained traceback
        return False
    return True


keep_tracebacks_out_of_the_log()
