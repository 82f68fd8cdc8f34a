"""What a report carries beyond the estimate: a name and notes typed just before the download, and the
comparison page's report.

The name and the notes live only in their two boxes (the session's memory): they are printed on the
PDF when it is built, never written into the saved-inputs file (`ui/saved.py` writes the form's fields
only), never logged, never put in the address; *Borrar todo* forgets them with every other input.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from estimator import read_scenario
from estimator.compare import MAX_SCENARIOS

from .text import ui_text

NAME = "report_name"
NOTES = "report_notes"
# The boxes hold what the report prints (estimator/report/document.py; tests/test_light_page.py checks the
# two agree), written here so that the first screen does not import the PDF library: it is imported when
# a report is built.
NAME_LIMIT, NOTES_LIMIT = 120, 1500


def build_report(*args, **kwargs) -> bytes:
    """`estimator.report.build_report`, imported when a report is asked for."""
    from estimator.report import build_report as build

    return build(*args, **kwargs)


def build_comparison_report(*args, **kwargs) -> bytes:
    """`estimator.report.build_comparison_report`, imported when a report is asked for."""
    from estimator.report import build_comparison_report as build

    return build(*args, **kwargs)


def report_extras(lang: str) -> tuple[str | None, str | None]:
    """The expander *Para el informe (opcional)*: a name and notes for the report, both optional."""
    say = lambda key, **kw: ui_text(f"report_extras.{key}", lang, **kw)  # noqa: E731
    with st.expander(say("title")):
        name = st.text_input(say("name"), key=NAME, max_chars=NAME_LIMIT, placeholder=say("name_placeholder"))
        notes = st.text_area(say("notes"), key=NOTES, max_chars=NOTES_LIMIT, height=90)
        st.caption(say("kept_nowhere"))
    return (name or None), (notes or None)


def comparison_report(comparison: list[dict], lang: str) -> None:
    """The comparison report's download, when two to four scenarios are on the page."""
    if not 2 <= len(comparison) <= MAX_SCENARIOS:
        return
    name, notes = report_extras(lang)
    scenarios = [read_scenario(data, lang) for data in comparison]
    st.download_button(ui_text("report_extras.compare_download", lang), key="compare_report_download",
                       mime="application/pdf", file_name=f"comparacion-escenarios-{lang}.pdf",
                       data=partial(build_comparison_report, scenarios, lang, name=name, notes=notes),
                       help=ui_text("report_extras.compare_help", lang))
