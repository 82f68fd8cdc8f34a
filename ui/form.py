"""The member form: only the inputs that apply, each with help saying where to find the figure.

Every widget has a fixed key (values survive a language switch) and keeps its value across pages.
Messages about a field are shown right under it, after the whole form is read.
"""

from __future__ import annotations

from datetime import date
from functools import partial

import pandas as pd
import streamlit as st

from estimator.freeze import freeze_for
from estimator.models import GROUPS, government_plan

from .member import FormValues, history_size, plan_of, salaries_from_csv
from .saved import apply_saved, dump_inputs
from .text import ui_text

KEEP = "session"  # widget values survive page switches and being hidden
OLDEST = date(1900, 1, 1)


def option_label(prefix: str, lang: str, value: str) -> str:
    """An option's label (a module-level function: widget settings must pickle)."""
    return ui_text(f"input.{prefix}{value}", lang)


class Slots:
    """A place under each field for its message."""

    def __init__(self) -> None:
        self._slots: dict[str, st.delta_generator.DeltaGenerator] = {}

    def mark(self, field: str) -> None:
        self._slots[field] = st.empty()

    def show(self, errors: dict[str, str]) -> list[str]:
        """Show each message under its field; return those that have no slot."""
        unplaced = []
        for field, message in errors.items():
            if field in self._slots:
                self._slots[field].error(message, icon="⚠️")
            else:
                unplaced.append(message)
        return unplaced


def member_form(lang: str, today: date) -> tuple[FormValues, Slots]:
    tx = lambda key, **kw: ui_text(f"input.{key}", lang, **kw)  # noqa: E731
    slots = Slots()
    state = st.session_state
    st.subheader(tx("heading"))

    st.radio(tx("system"), ["government", "teachers"], key="system", horizontal=True,
             format_func=partial(option_label, "system_", lang), help=tx("system_help"), persist_state=KEEP)
    teachers = state["system"] == "teachers"
    if not teachers:
        st.date_input(tx("entry_date"), key="entry_date", min_value=OLDEST, max_value=today,
                      format="DD/MM/YYYY", help=tx("entry_date_help"), persist_state=KEEP)
        slots.mark("entry_date")
        if state.get("entry_date"):
            st.caption(tx(f"plan_{government_plan(state['entry_date'])}"))
        st.selectbox(tx("group"), GROUPS, key="group", format_func=partial(option_label, "group_", lang),
                     help=tx("group_help"), persist_state=KEEP)
    st.date_input(tx("birth_date"), key="birth_date", min_value=OLDEST, max_value=today, format="DD/MM/YYYY",
                  help=tx("birth_date_help"), persist_state=KEEP)
    slots.mark("birth_date")
    st.radio(tx("status"), ["active", "separated"], key="status", horizontal=True,
             format_func=partial(option_label, "status_", lang), persist_state=KEEP)
    separated = state["status"] == "separated"
    if separated:
        st.date_input(tx("separation_date"), key="separation_date", min_value=OLDEST, max_value=today,
                      format="DD/MM/YYYY", help=tx("separation_date_help"), persist_state=KEEP)
        slots.mark("separation_date")

    st.markdown(f"**{tx('service_separated' if separated else 'service')}**", help=tx("service_help"))
    left, right = st.columns(2)
    left.number_input(tx("years"), min_value=0, max_value=80, step=1, key="service_years", persist_state=KEEP)
    right.number_input(tx("months"), min_value=0, max_value=11, step=1, key="service_months", persist_state=KEEP)
    slots.mark("service")

    plan = plan_of(_values(state))
    _salary_inputs(lang, plan, slots)

    st.markdown(f"**{tx('retire')}**", help=tx("retire_help"))
    left, right = st.columns(2)
    left.number_input(tx("years"), min_value=14, max_value=100, step=1, key="retire_years", persist_state=KEEP)
    right.number_input(tx("months"), min_value=0, max_value=11, step=1, key="retire_months", persist_state=KEEP)
    slots.mark("retire")

    if plan == "ley447":
        st.checkbox(tx("coordinated"), key="coordinated", help=tx("coordinated_help"), persist_state=KEEP)
        if state["coordinated"]:
            st.number_input(tx("social_security"), min_value=0.0, max_value=20000.0, step=50.0, value=None,
                            key="social_security", help=tx("social_security_help"), persist_state=KEEP)
            slots.mark("social_security")
        st.checkbox(tx("june_1960"), key="june_1960", help=tx("june_1960_help"), persist_state=KEEP)
    if teachers:
        st.checkbox(tx("shortfall"), key="shortfall", help=tx("shortfall_help"), persist_state=KEEP)
    st.checkbox(tx("refunded"), key="refunded", help=tx("refunded_help"), persist_state=KEEP)
    st.checkbox(ui_text("limits.disability_input", lang), key="disability",
                help=ui_text("limits.disability_help", lang), persist_state=KEEP)
    st.checkbox(ui_text("limits.both_systems_input", lang), key="both_systems",
                help=ui_text("limits.both_systems_help", lang), persist_state=KEEP)

    with st.expander(tx("advanced")):
        st.number_input(tx("growth"), min_value=-10.0, max_value=20.0, step=0.5, key="growth_pct",
                        help=tx("growth_help"), persist_state=KEEP)
        if plan is not None:
            st.toggle(ui_text("limits.freeze", lang), key="freeze", persist_state=KEEP,
                      help=ui_text("limits.freeze_help", lang, law=freeze_for(plan).law(lang)))
        if plan in ("ley447", "ley1"):
            st.radio(tx("reduction_mode"), ["assumed", "board"], key="reduction_mode",
                     format_func=partial(option_label, "reduction_", lang), persist_state=KEEP)
            if state["reduction_mode"] == "board":
                st.number_input(tx("board_factor"), min_value=0.0, max_value=1.0, step=0.01, format="%.4f",
                                value=None, key="board_factor", help=tx("board_factor_help"), persist_state=KEEP)
                slots.mark("board_factor")
            else:
                st.number_input(tx("reduction_per_year"), min_value=0.0, max_value=100.0, step=0.5,
                                key="reduction_per_year_pct", help=tx("reduction_per_year_help"), persist_state=KEEP)
                slots.mark("reduction_per_year")
        if teachers:
            st.number_input(tx("contribution_rate"), min_value=0.0, max_value=100.0, step=0.5,
                            key="contribution_rate_pct", help=tx("contribution_rate_help"), persist_state=KEEP)
        if plan == "ley447":
            st.number_input(tx("merit_55"), min_value=0.0, max_value=100.0, step=1.0, key="merit_55_pct",
                            help=tx("merit_help"), persist_state=KEEP)
            st.number_input(tx("merit_under_55"), min_value=0.0, max_value=100.0, step=1.0,
                            key="merit_under_55_pct", help=tx("merit_help"), persist_state=KEEP)
    _saved_inputs(lang)
    return _values(state), slots


def _saved_inputs(lang: str) -> None:
    """Download the inputs as a file; load a saved file back (validated, replacing what is on screen)."""
    with st.expander(ui_text("saved.heading", lang)):
        st.download_button(ui_text("saved.download", lang), data=partial(dump_inputs, st.session_state),
                           file_name="estimador-datos.json", mime="application/json", key="saved_download",
                           help=ui_text("saved.download_help", lang))
        st.file_uploader(ui_text("saved.upload", lang), type=["json"], key="saved_upload",
                         help=ui_text("saved.upload_help", lang), on_change=partial(_load_saved, lang))
        note = st.session_state.pop("saved_note", None)
        if note:
            getattr(st, note[0])(note[1])


def _load_saved(lang: str) -> None:
    """Runs before the page is drawn, so it may set the form's widgets."""
    upload = st.session_state.get("saved_upload")
    if upload is not None:
        apply_saved(st.session_state, upload.getvalue(), lang)


def _salary_inputs(lang: str, plan: str | None, slots: Slots) -> None:
    tx = lambda key, **kw: ui_text(f"input.{key}", lang, **kw)  # noqa: E731
    state = st.session_state
    teachers = plan == "teachers"
    st.radio(tx("salary_mode"), ["average", "history"], key="salary_mode", horizontal=True,
             format_func=partial(option_label, "salary_", lang), persist_state=KEEP)
    if state["salary_mode"] == "average" or plan is None:
        if teachers:
            st.number_input(tx("average_monthly"), min_value=0.0, max_value=100000.0, step=50.0, format="%.2f",
                            key="average_monthly", help=tx("average_monthly_help"), persist_state=KEEP)
        else:
            st.number_input(tx("average_annual"), min_value=0.0, max_value=2000000.0, step=500.0, format="%.2f",
                            key="average_annual", help=tx("average_annual_help"), persist_state=KEEP)
        slots.mark("average")
        return
    size = history_size(plan)
    if len(state["history_rows"]) < size:  # start from the average the member gave
        average = state["average_monthly"] if teachers else state["average_annual"]
        state["history_rows"] = [average or 0.0] * size
    upload = st.file_uploader(tx("history_upload"), type=["csv", "txt"], key="history_upload",
                              help=tx("history_upload_help"))
    if upload is not None and state.get("history_upload_id") != upload.file_id:
        salaries, error = salaries_from_csv(upload.getvalue(), lang)
        state["history_upload_id"] = upload.file_id
        if error:
            state["history_upload_note"] = ("error", error)
        else:
            state["history_rows"] = salaries
            state.pop("history_editor", None)
            state["history_upload_note"] = ("success", ui_text("error.csv_loaded", lang, count=len(salaries)))
    note = state.get("history_upload_note")
    if note:
        getattr(st, note[0])(note[1])
    frame = pd.DataFrame({tx("history_salary"): state["history_rows"]})
    edited = st.data_editor(frame, key="history_editor", num_rows="dynamic", hide_index=False,
                            column_config={tx("history_salary"): st.column_config.NumberColumn(
                                min_value=0.0, format="$%.2f")})
    state["history_values"] = [None if pd.isna(v) else float(v) for v in edited.iloc[:, 0].tolist()]
    st.caption(tx("history_monthly" if teachers else "history_annual") + " — " + tx("history_help"))
    slots.mark("history")


def _values(state) -> FormValues:
    names = FormValues.__dataclass_fields__
    values = {name: state.get(name) for name in names if name in state and name != "history"}
    values["history"] = state.get("history_values", [])
    return FormValues(**values)
