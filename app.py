"""Estimador de Pensión — the estimate page: a member's situation in; the pension, why, and how it changes."""

from datetime import date

import streamlit as st

from estimator import estimate
from ui.form import member_form
from ui.frame import frame
from ui.member import build_member
from ui.render import answer_view, charts_view
from ui.text import ui_text

lang = frame()
today = date.today()
st.title(ui_text("app.title", lang))
st.caption(ui_text("app.subtitle", lang))

inputs, results = st.columns([2, 3], gap="large")
with inputs:
    values, slots = member_form(lang, today)
member, errors = build_member(values, today, lang)
for message in slots.show(errors):
    inputs.error(message)
with results:
    if member is None:
        st.warning(ui_text("error.fix_above", lang))
    else:
        answer = estimate(member.scenario, lang, average_steps=[member.average.step] if member.average else None)
        answer_view(member, answer, lang)
        if st.button(ui_text("result.add_to_compare", lang), key="add_to_compare"):
            comparison = st.session_state["comparison"]
            if len(comparison) >= 4:
                st.warning(ui_text("result.compare_full", lang))
            else:
                comparison.append(member.scenario.contract_dict())
                st.success(ui_text("result.added", lang, count=len(comparison)))
        st.info(ui_text("app.disclaimer", lang))
if member is not None:
    charts_view(member, lang)
