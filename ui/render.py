"""Showing the answer: the amount, the rule, the steps, the alternatives, the charts."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from fractions import Fraction

from estimator import Answer
from estimator.citations import display
from estimator.numbers import money, number
from estimator.texts import t
from estimator.timeline import date_at

from . import charts
from .member import Member, age_label
from .text import ui_text


def answer_view(member: Member, answer: Answer, lang: str) -> None:
    tx = lambda key, **kw: ui_text(f"result.{key}", lang, **kw)  # noqa: E731
    st.subheader(tx("heading"))
    age = age_label(member.planned_age, lang)
    if not answer.covered:
        st.warning(tx("not_covered"), icon="🚫")
        for reason in answer.reasons:
            st.markdown(f"- {reason}")
        return
    if not answer.eligible:
        st.warning(tx("not_eligible"), icon="ℹ️")
        st.markdown(f"**{tx('why')}**")
        for reason in answer.reasons:
            st.markdown(f"- {reason}")
        if answer.earliest is not None:
            when = date_at(member.birth_date, Fraction(answer.earliest.age).limit_denominator(12))
            st.info(tx("earliest", age=age_label(Fraction(answer.earliest.age).limit_denominator(12), lang),
                       date=when.strftime("%d/%m/%Y"), rule=t(f"rule.{answer.earliest.rule}", lang)))
        else:
            st.info(tx("earliest_none"))
        _steps(answer, lang)
        return

    st.metric(tx("monthly", age=age), money(answer.monthly_pension), help=tx("today_dollars"))
    st.caption(f"{tx('today_dollars')} · {tx('annual', amount=money(answer.annual_pension))}")
    st.markdown(f"**{tx('rule')}:** {t(f'rule.{answer.rule}', lang)}")
    if answer.minimum_applied:
        st.caption(tx("minimum_note"))
    if answer.reduced_from is not None:
        st.caption(tx("reduced_note", factor=number(answer.reduction_factor, 4), amount=money(answer.reduced_from)))
    if answer.coordination is not None:
        st.markdown(f"**{tx('coordination')}:** {tx('coordination_before')}: {money(answer.monthly_pension)} · "
                    f"{tx('coordination_after')}: **{money(answer.coordination.monthly_pension_from_65)}**")
    if answer.contribution is not None:
        st.markdown(f"**{tx('contribution', age=number(answer.contribution.until_age))}:** "
                    f"{tx('contribution_amount', amount=money(answer.contribution.monthly))} · "
                    f"{tx('contribution_net')}: **{money(answer.contribution.net_monthly_pension)}**")
    for reason in answer.reasons:
        st.markdown(f"- {reason}")
    _steps(answer, lang)
    if answer.alternatives:
        st.markdown(f"**{tx('alternatives')}**")
        st.dataframe(pd.DataFrame([{tx("alternative_rule"): t(f"rule.{a.rule}", lang),
                                    tx("alternative_amount"): money(a.monthly_pension)} for a in answer.alternatives]),
                     hide_index=True)


def _steps(answer: Answer, lang: str) -> None:
    tx = lambda key: ui_text(f"result.{key}", lang)  # noqa: E731
    if not answer.steps:
        return
    with st.expander(tx("how"), expanded=False):
        rows = [{tx("step"): s.label, tx("formula"): s.formula,
                 tx("value"): money(s.value) if _is_money(s) else number(s.value, 4),
                 tx("cite"): display(s.cite, lang)} for s in answer.steps]
        st.dataframe(pd.DataFrame(rows), hide_index=True)


def _is_money(step) -> bool:
    return step.value is not None and not ("factor" in step.label.lower())


def charts_view(member: Member, lang: str) -> None:
    tx = lambda key, **kw: ui_text(f"chart.{key}", lang, **kw)  # noqa: E731
    st.subheader(tx("heading"))
    if member.plan == "teachers" and not member.situation.in_service:
        st.info(tx("not_covered"))
        return
    tabs = st.tabs([tx("by_age"), tx("by_service", age=age_label(member.planned_age, lang)), tx("heat")])
    for tab, build, key in zip(tabs, (charts.age_chart, charts.service_chart, charts.heat_chart),
                               ("age", "service", "heat")):
        with tab:
            chart = build(member, lang)
            st.plotly_chart(chart.figure, key=f"chart_{key}", alt=chart.alt, config={"displaylogo": False})
            st.caption(chart.alt)
            with st.expander(tx("table")):
                st.dataframe(pd.DataFrame(chart.rows), hide_index=True)
                st.download_button(tx("download"), data=chart.csv, file_name=f"pension_{key}.csv",
                                   mime="text/csv", key=f"download_{key}")
