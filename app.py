"""Estimador de Pensión — the estimate page: a member's situation in; the pension, why, and how it changes."""

from dataclasses import replace
from datetime import date
from functools import partial

import streamlit as st

from estimator import build_report, freeze_for, money, t
from ui.answer.explorer import explorer_view, offer_comparison
from ui.answer.formatting import age_label, error_fields
from ui.answer.render import (answer_view, charts_section, key_dates_view, limits_view, lifetime_view,
                              not_eligible_summary)
from ui.answer.report_download import report_extras
from ui.form.example import example_note, example_warning, still_example
from ui.form.form import member_form, read_form
from ui.page import frame
from ui.shell.fresh_download import fresh_download
from ui.shell.text import ui_text


def summary_view(lang: str, member, answer, errors: dict[str, str], uncovered: list[str],
                 still: dict[str, str]) -> None:
    """One line with the answer (amount, age, rule) above the form: on a phone the columns stack, and
    this line is what the member sees first; it follows every change."""
    if uncovered:
        line = ui_text("limits.not_covered", lang)
    elif member is None:
        line = ui_text("check.fix_summary", lang, fields=error_fields(errors, lang))
    elif not answer.covered:
        line = ui_text("limits.not_covered", lang)
    elif not answer.eligible:
        line = not_eligible_summary(member, answer, lang)
    else:
        line = ui_text("summary.amount", lang, amount=money(answer.monthly_paid_at_start).replace("$", "\\$"),
                       age=age_label(member.planned_age, lang), rule=t(f"rule.{answer.rule}", lang))
        if still:  # an amount partly the example member's says so, on a phone's first screen too
            line += " · " + ui_text("example_values.summary", lang)
    st.markdown(line)


lang = frame()
today = date.today()
st.title(ui_text("app.title", lang), anchor=False)  # no link before the first field: one Tab stop less
st.caption(ui_text("app.subtitle", lang))
example_slot = st.empty()  # "an example" while every input is still the example member's
summary = st.container(key="summary")

# The answer is drawn before the form (from the values the widgets keep in the session), so the new
# amount reaches the screen first; the form then shows each message under its field.
inputs, results = st.columns([2, 3], gap="large")
form = read_form(st.session_state, today, lang)  # the member, or why not: read once
example_note(example_slot, st.session_state, today, lang)
form.still_example = still_example(st.session_state, form.values, today)
# The inputs still the example member's are said so in the steps and the report too.
member = form.member and replace(form.member, example_inputs=frozenset(form.still_example.values()))
answer = None
with results:
    if form.uncovered:
        limits_view(form.uncovered, lang)
    elif member is None:  # no amount, no chart, no report while a value is refused: what to correct
        with st.container(key="to_correct"):  # stays in sight beside the form on a wide screen (ui/shell/look.py)
            st.header(ui_text("result.heading", lang))
            st.warning(ui_text("check.fix", lang, fields=error_fields(form.errors, lang)), icon=":material/edit:")
            if form.slip:  # RULES.md §0: the likely slip named in the answer too
                st.info(form.slip.replace("$", "\\$"), icon=":material/edit:")
    else:
        # One block for the answer, whose parts come and go with the member (the income from 65, the other rules):
        # the explorer and what follows keep their places, and the browser updates them instead of drawing them anew.
        with st.container():
            if form.values.freeze:
                st.warning(ui_text("limits.freeze_note", lang, law=freeze_for(member.plan).law(lang)),
                           icon=":material/ac_unit:")  # Streamlit's own icon font: every browser draws it
            answer = member.answer(lang)
            answer_view(member, answer, lang, partial(example_warning, form.still_example, lang))
        comparable = answer.covered and not member.scenario.refunded  # the comparison's honest limits too
        if answer.covered:  # a member these rules do not describe gets no number, at any age
            explorer_view(member, lang, comparable)  # other ages and added service, answered in the browser
        if comparable:
            offer_comparison(member, lang)  # what the explorer shows, or the form's scenario, named
        report_name, report_notes = report_extras(lang)  # printed on the report, kept nowhere
        fresh_download(ui_text("result.report", lang), "report_download",
                       partial(build_report, member.scenario, lang, member=member, name=report_name,
                               notes=report_notes),
                       f"estimado-pension-{lang}.pdf", "application/pdf", lang, help=ui_text("result.report_help", lang))
        st.info(ui_text("app.disclaimer", lang))
with summary:
    summary_view(lang, member, answer, form.errors, form.uncovered, form.still_example)
with inputs:
    member_form(lang, today, form)
if member is not None and answer.covered:
    charts_section(member, lang)
    if answer.covered and not member.scenario.refunded:
        key_dates_view(member, lang)
        lifetime_view(member, answer, lang)
