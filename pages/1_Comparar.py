"""Compare scenarios: up to four side by side, the difference from the first, and why."""

from datetime import date
from fractions import Fraction

import streamlit as st

from estimator import estimate, read_scenario
from estimator.numbers import money
from estimator.projection import scenario_at
from estimator.texts import t
from ui.compare import difference_reasons
from ui.form import current_values
from ui.frame import frame
from ui.member import age_label, build_member
from ui.saved import load_inputs, values_from_saved
from ui.text import ui_text

MAX_SCENARIOS = 4

lang = frame()
today = date.today()
say = lambda key, **kw: ui_text(f"compare.{key}", lang, **kw)  # noqa: E731
st.title(say("title"))
st.caption(say("intro"))
comparison: list[dict] = st.session_state["comparison"]

member, _ = build_member(current_values(st.session_state), today, lang)
if member is not None and len(comparison) < MAX_SCENARIOS:
    with st.expander(say("add_variant")):
        left, right = st.columns(2)
        years = left.number_input(say("variant_age"), min_value=int(member.situation.today.age) + 1
                                  if member.situation.today.age % 1 else int(member.situation.today.age),
                                  max_value=100, value=int(member.planned_age), step=1, key="variant_age")
        extra = right.number_input(say("variant_extra"), min_value=0, max_value=20, value=0, step=1,
                                   key="variant_extra")
        if st.button(say("add"), key="variant_add"):
            comparison.append(scenario_at(member.situation, Fraction(years), Fraction(extra)).contract_dict())
            st.rerun()

uploads = st.file_uploader(ui_text("saved.compare_upload", lang), type=["json"], accept_multiple_files=True,
                           key="compare_uploads")
new_files = [u for u in uploads or [] if u.file_id not in st.session_state.setdefault("compare_seen", [])]
added = 0
for upload in new_files:
    st.session_state["compare_seen"].append(upload.file_id)
    inputs, error = load_inputs(upload.getvalue(), lang)
    saved_member, errors = (None, {}) if error else build_member(values_from_saved(inputs), today, lang)
    if error or saved_member is None:
        st.error(f"{upload.name}: {error or next(iter(errors.values()))}")
    elif len(comparison) < MAX_SCENARIOS:
        comparison.append(saved_member.scenario.contract_dict())
        added += 1
if added:
    st.success(ui_text("saved.compare_added", lang, count=added))

if not comparison:
    st.info(say("empty"))
else:
    scenarios = [read_scenario(data, lang) for data in comparison]
    answers = [estimate(s, lang, find_earliest=False) for s in scenarios]
    columns = st.columns(len(scenarios))
    for index, (column, scenario, answer) in enumerate(zip(columns, scenarios, answers)):
        with column:
            st.markdown(f"### {say('scenario', n=index + 1)}")
            st.caption(f"{scenario.plan} · {age_label(scenario.age, lang)}")
            delta = None
            if index:
                delta = money(answer.monthly_pension - answers[0].monthly_pension)
            st.metric(ui_text("result.monthly", lang, age=age_label(scenario.age, lang)),
                      money(answer.monthly_pension), delta=delta)
            st.markdown(t(f"rule.{answer.rule}", lang) if answer.rule else say("none"))
            if answer.coordination is not None:
                st.caption(f"{ui_text('result.coordination_after', lang)}: "
                           f"{money(answer.coordination.monthly_pension_from_65)}")
            if index:
                st.markdown(f"**{say('difference')}**")
                for reason in difference_reasons(scenarios[0], answers[0], scenario, answer, lang):
                    st.markdown(f"- {reason}")
            if st.button(say("remove"), key=f"remove_{index}"):
                comparison.pop(index)
                st.rerun()
st.info(ui_text("app.disclaimer", lang))
