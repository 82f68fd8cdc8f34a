"""What a report carries beyond the estimate: a name and notes typed just before the download, and the
comparison page's report.

The name and the notes live only in their two boxes (the session's memory), the same two on both pages, so
the estimate's report and the comparison's print the same ones: they are printed on the PDF when it is
built, never written into the saved-inputs file (`ui/form/saved.py` writes the form's fields only), never logged,
never put in the address; *Borrar todo* empties them (`ui/shell/state.py`) with every other input.
Both reports are built on the click from the run it causes (`ui/shell/fresh_download.py`): what the page shows.
"""

from __future__ import annotations

import streamlit as st

from estimator import build_comparison_report, Compared, MAX_SCENARIOS, prints

from ui.shell.fresh_download import fresh_download
from ui.shell.text import ui_text

NAME = "report_name"
NOTES = "report_notes"
EXTRAS_OPEN = "report_extras_section"  # the open state of *Para el informe*
# The boxes hold what the report prints (estimator/report/document.py; tests/ui/answer/test_light_page.py checks the
# two agree), written here so that the first screen does not import the PDF library: it is imported when
# a report is built.
NAME_LIMIT, NOTES_LIMIT = 120, 1500
EMPTY = {NAME: "", NOTES: ""}  # what *Borrar todo* writes into the boxes


def report_extras(lang: str) -> tuple[str | None, str | None]:
    """The expander *Para el informe (opcional)*: a name and notes for the report, both optional."""
    say = lambda key, **kw: ui_text(f"report_extras.{key}", lang, **kw)  # noqa: E731
    # keyed: stays open as the answer above changes; closed, its boxes are not drawn and what they hold is the
    # session's (kept while the page that draws them is not on screen: one name and one set of notes a session)
    with st.expander(say("title"), key=EXTRAS_OPEN, on_change="rerun") as section:
        if not section.open:
            state = st.session_state
            return (state.get(NAME) or None), (state.get(NOTES) or None)
        name = st.text_input(say("name"), key=NAME, max_chars=NAME_LIMIT, placeholder=say("name_placeholder"),
                             persist_state="session")
        notes = st.text_area(say("notes"), key=NOTES, max_chars=NOTES_LIMIT, height=90, persist_state="session")
        st.caption(say("kept_nowhere"))
        if not printable(name) or not printable(notes):  # said here, not first found on the printed page
            st.warning(say("unprintable"), icon="⚠️")
    return (name or None), (notes or None)


def printable(text: str) -> bool:
    """Whether the report prints `text` as typed (no right-to-left letters, none its fonts lack). Plain ASCII
    needs no look: the PDF library is loaded only for text that does."""
    if text.isascii():
        return True
    return all(prints(char) for char in text)


def comparison_report(comparison: list[dict], lang: str) -> None:
    """The comparison report's download, when two to four scenarios are on the page."""
    if not 2 <= len(comparison) <= MAX_SCENARIOS:
        return
    name, notes = report_extras(lang)
    compared = [Compared.of_entry(data, lang) for data in comparison]
    fresh_download(ui_text("report_extras.compare_download", lang), "compare_report_download",
                   lambda: build_comparison_report(compared, lang, name=name, notes=notes),
                   f"comparacion-escenarios-{lang}.pdf", "application/pdf", lang,
                   help=ui_text("report_extras.compare_help", lang))
