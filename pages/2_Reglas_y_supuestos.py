"""Rules and assumptions: every rule with its citation and legal text, every value and its source,
rendered from the estimator's own metadata."""

import pandas as pd
import streamlit as st

from estimator import definitions, display, PLAN_IDS, plan_info as plan_of, rules_of, t, value_shown, with_cite
from ui.page import frame
from ui.shell.text import has_text, ui_text

lang = frame(holds_member=False)  # no member's data here: no note on where it lives
say = lambda key: ui_text(f"rules.{key}", lang)  # noqa: E731
st.title(say("title"))
st.caption(say("intro"))

for plan in PLAN_IDS:
    st.header(say(f"plan_{plan}"))
    for rule in rules_of(plan):
        title, cite = t(f"rule.{rule.id}", lang), display(rule.cite, lang)
        with st.expander(with_cite(title, cite, "{title} — {cite}"), key=f"rule_{rule.id.replace('.', '_')}"):
            st.markdown(f"**{say('legal_text')}** ({cite})")
            st.markdown("\n".join(f"> {line}" for line in rule.legal_text.splitlines()))
            note = f"note.{rule.id}"
            if has_text(f"rules.{note}", lang):  # the estimator's reading, in the page's language
                st.markdown(f"**{say('reading')}:** {say(note)}")
    if coordination := plan_of(plan).coordinator:  # seed 004: no rule of its own, what the System pays from 65
        cite = display(coordination.CITE, lang)
        with st.expander(with_cite(say("coordination_title"), cite, "{title} — {cite}"), key=f"coordination_{plan}"):
            st.markdown(f"**{say('legal_text')}** ({cite})")
            st.markdown("\n".join(f"> {line}\n>" for line in coordination.LEGAL_TEXT.replace("$", "\\$").splitlines()))
            st.markdown(f"**{say('reading')}:** {say('coordination_reading')}")
    params = definitions(plan)
    rows = []
    for name, spec in params.items():
        value = value_shown(spec, lang) or say("not_given")
        rows.append({say("col_name"): spec.label(lang), say("col_value"): value,
                     say("col_cite"): display(spec.cite, lang), say("col_source"): spec.source(lang) or "",
                     "_assumption": spec.assumption})
    frame_ = pd.DataFrame(rows)
    st.subheader(say("assumptions"))
    # Plain tables, not data grids: every cell's whole text wraps within the page, on a phone too.
    with st.container(key=f"assumptions_{plan}"):
        st.table(frame_[frame_["_assumption"]].drop(columns="_assumption"), hide_index=True)
    st.subheader(say("parameters"))
    with st.container(key=f"parameters_{plan}"):
        st.table(frame_[~frame_["_assumption"]].drop(columns=["_assumption", say("col_source")]), hide_index=True)
