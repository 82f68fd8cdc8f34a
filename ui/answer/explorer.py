"""The explorer on the estimate page: a start age by the month and added service by the year, answered in
the browser from the exact grid sent with the page (`ui/answer/explorer_data.py`), with no message to the server
while the controls move. "Use this age" sends the age back once and the form takes it (one rerun); "Add
to the comparison" sends the age and added service on screen, and exactly that scenario is added.

A Streamlit component (`st.components.v2`) from three small files beside this one, mounted in the page
itself (not in a shadow root: its text is the page's text, for any reader; its styles are all scoped under
`.explorer`): no build step, nothing fetched from anywhere.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import streamlit as st

from estimator import EARLIEST_WORKING_AGE, MAX_SCENARIOS, Member

from ui.answer.explorer_data import MAX_EXTRA_YEARS, explorer_data, explorer_grid, signature
from ui.answer.formatting import age_label
from ui.form.fields import OLDEST_AGE
from ui.shell import component_state  # noqa: F401  (shows components' state to the session as plain data)
from ui.shell.text import catalog, ui_text

HERE = Path(__file__).parent
KEY = "explorer"             # the component's key: its state ("chosen") lives in the session under it
MEMO = "explorer_memo"       # this session's last grid: (signature, language) and the JSON built from it
TIMING = "explorer_timing"   # the last grid's ages' timing: a change of salary computes no age again
ADDED = "explorer_added"     # the position the member asked to add: (grid signature, age in months, years added)


_component = st.components.v2.component(
    "pension_explorer",
    html=(HERE / "explorer.html").read_text(encoding="utf-8"),
    css=(HERE / "explorer.css").read_text(encoding="utf-8"),
    js=(HERE / "explorer.js").read_text(encoding="utf-8"),
    isolate_styles=False,
)


def texts(lang: str) -> dict[str, str]:
    """The component's words in `lang` (the [explorer] block of ui/shell/texts)."""
    prefix = "explorer."
    return {key[len(prefix):]: value for key, value in catalog(lang).items() if key.startswith(prefix)}


def grid_json(member: Member, lang: str) -> dict | None:
    """The explorer's grid for this member, computed once per change of the member's inputs: kept in this
    session only (never in a cache shared by sessions), under a digest of the inputs it depends on."""
    key = (signature(member.situation, member.planned_age), lang)
    memo = st.session_state.get(MEMO)
    if memo is not None and memo[0] == key:
        return memo[1]
    cells = explorer_grid(member.situation, member.planned_age, st.session_state.get(TIMING))
    if cells is not None:
        st.session_state[TIMING] = cells.timing
    data = cells and explorer_data(member.situation, member.planned_age, lang, cells)
    st.session_state[MEMO] = (key, data)
    return data


def explorer_view(member: Member, lang: str, comparable: bool = False) -> None:
    """The explorer, when some age and added service gives a pension; with a button that adds the position
    on screen to the comparison when the member's case can be compared."""
    data = grid_json(member, lang)
    if data is None:
        return
    st.subheader(ui_text("explorer.heading", lang))  # the page's outline keeps the heading; the intro is inside
    _component(key=KEY, data=payload(data, lang, bool(st.session_state.get("session_mode")), comparable),
               on_chosen_change=use_chosen_age, on_added_change=queue_addition)


def payload(data: dict, lang: str, large: bool, comparable: bool) -> bytes:
    """What the component is sent: the grid, its words in `lang`, session mode's type size and whether the
    comparison is offered. As JSON bytes: a dict would make Streamlit look for data frames in it, importing
    pandas (a second or more on a cold start) for a page that shows none."""
    page = {**data, "text": texts(lang), "lang": lang, "large": large, "compare": comparable}
    return json.dumps(page, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def chosen_age(state: Any) -> int | None:
    """The age (in months) the member chose to use, from the component's state as the browser sent it;
    None for anything that is not a whole number of months in the form's range."""
    chosen = state.get("chosen") if hasattr(state, "get") else None
    months = chosen.get("age") if isinstance(chosen, dict) else None
    if type(months) is not int or not EARLIEST_WORKING_AGE * 12 <= months <= OLDEST_AGE * 12:
        return None
    return months


def use_chosen_age() -> None:
    """Before the rerun: the chosen age becomes the form's start age (`ui.form.entry.sync` writes it into the
    boxes)."""
    months = chosen_age(st.session_state.get(KEY) or {})
    if months is not None:
        st.session_state["retire_years"], st.session_state["retire_months"] = divmod(months, 12)


def added_position(state: Any) -> tuple[str, int, int] | None:
    """The position the member asked to add (grid signature, age in months, years added), from the
    component's state as the browser sent it; None for anything else."""
    added = state.get("added") if hasattr(state, "get") else None
    if not isinstance(added, dict):
        return None
    months, extra, digest = added.get("age"), added.get("extra"), added.get("signature")
    if (type(months) is not int or not EARLIEST_WORKING_AGE * 12 <= months <= OLDEST_AGE * 12
            or type(extra) is not int or not 0 <= extra <= MAX_EXTRA_YEARS or not isinstance(digest, str)):
        return None
    return digest, months, extra


def queue_addition() -> None:
    """Before the rerun: the position to add waits for the run that knows the member (`offer_comparison`)."""
    position = added_position(st.session_state.get(KEY) or {})
    if position is not None:
        st.session_state[ADDED] = position


def explorer_scenario(member: Member, position: tuple[str, int, int]) -> dict | None:
    """The scenario the explorer showed at `position`, exactly as its grid computed it; None when the grid
    on screen was not this member's (the inputs changed before the click arrived)."""
    digest, months, extra = position
    age = Fraction(months, 12)
    if digest != signature(member.situation, member.planned_age) or age < member.situation.today.age:
        return None
    return member.compared_at(age, Fraction(extra)).entry()


def add_to_comparison(scenario: dict, lang: str) -> None:
    """Add a scenario to the session's comparison while there is room, and say so."""
    comparison = st.session_state["comparison"]
    if len(comparison) >= MAX_SCENARIOS:
        st.warning(ui_text("result.compare_full", lang))
    else:
        comparison.append(scenario)
        st.success(ui_text("result.added", lang, count=len(comparison)))


def offer_comparison(member: Member, lang: str) -> None:
    """What goes to the comparison is what the member sees: the explorer's position when its button was
    pressed, and the form's scenario under a button that names it."""
    position = st.session_state.pop(ADDED, None)
    if position is not None:
        scenario = explorer_scenario(member, position)
        if scenario is None:
            st.warning(ui_text("explorer.add_stale", lang))
        else:
            add_to_comparison(scenario, lang)
    if st.button(ui_text("result.add_to_compare", lang, age=age_label(member.planned_age, lang)),
                 key="add_to_compare"):
        add_to_comparison(member.compared_at(member.planned_age).entry(), lang)
