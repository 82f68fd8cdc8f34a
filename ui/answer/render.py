"""Showing the answer: the amount, the rule, the steps, the alternatives, the charts."""

from __future__ import annotations

import math
from fractions import Fraction

import streamlit as st

from estimator import (Answer, break_even, coordination_age, exact_number, freeze_for, growth_in,
                       income_from_65, key_date_lines, Member, money, plan_info as plan_of, Run, span, t, total_of,
                       used_mark)

from ui.answer.explanation import assumption_note, steps_html
from ui.answer.formatting import age_label, dollars_words, salaries_change
from ui.form.entry import whole_box
from ui.shell.look import headline, paragraphs, session_scale, table
from ui.shell.text import ui_text


def earliest_words(member: Member, answer: Answer, lang: str) -> tuple[str, str] | None:
    """The first age at which the rules give this member a pension, and its date, in words; None if none."""
    if answer.earliest is None:
        return None
    earliest_age = Fraction(answer.earliest.age).limit_denominator(12)  # whole months
    return age_label(earliest_age, lang), date_text(member.first_date(earliest_age), lang)


def not_eligible_summary(member: Member, answer: Answer, lang: str) -> str:
    """The one-line summary when no pension is due at the age chosen: from which age and date one would be
    (the line keeps its promise itself), or that none would be with these data."""
    age = age_label(member.planned_age, lang)
    earliest = earliest_words(member, answer, lang)
    if earliest is None:
        if not member.situation.accrues:  # never, with the frozen figures: who can answer instead
            return frozen_no_pension(member, lang)
        return ui_text("summary.not_eligible_never", lang, age=age)
    return ui_text("summary.not_eligible", lang, age=age, earliest=earliest[0], date=earliest[1])


def answer_view(member: Member, answer: Answer, lang: str, beside_amount=lambda: None) -> None:
    """The answer; `beside_amount` draws what must be read with the amount, right under it."""
    tx = lambda key, **kw: ui_text(f"result.{key}", lang, **kw)  # noqa: E731
    st.header(tx("heading"))
    age = age_label(member.planned_age, lang)
    if not answer.covered:  # an entry these rules do not describe (§1), a teacher's deferred pension (§2): no number
        st.warning(ui_text("limits.not_covered", lang), icon=":material/block:")
        deferred = not plan_of(member.plan).deferred and member.scenario.in_scope
        _bullets(answer.reasons + ([ui_text("limits.teachers_deferred", lang)] if deferred else []))
        return
    if not answer.eligible:
        st.warning(tx("not_eligible"), icon="ℹ️")
        reasons = answer.reasons
        frozen_view = not member.situation.accrues and not member.scenario.refunded
        if frozen_view:
            frozen_no_pension_view(member, lang)
        if member.scenario.refunded:
            reasons = reasons + [ui_text("limits.refunded", lang)]
        elif answer.earliest is not None:  # the useful part first: when, and under which rule
            earliest_age, earliest_date = earliest_words(member, answer, lang)
            earliest = tx("earliest", age=earliest_age, date=earliest_date, rule=t(f"rule.{answer.earliest.rule}", lang))
            met = member.service_met_on(Fraction(answer.earliest.age).limit_denominator(12), answer.earliest.rule)
            if met is not None:  # RULES.md §0: met between monthly birthdays, paid from the next
                earliest += " " + t("reason.service_met_on", lang, service=span(met[0], lang),
                                    date=date_text(met[1], lang), age=earliest_age)
            st.info(earliest)
            reasons = reasons[1:]  # the first reason says the same, without the date
        else:
            if not frozen_view:  # the frozen view's message above says so, and who can answer
                st.info(tx("earliest_none"))
            reasons = reasons[1:]
        st.markdown(f"**{tx('why')}**")
        _bullets(reasons)
        _steps(answer, lang)
        return

    # RULES.md §0: the headline is what the System pays from the first month; the pension under the rule
    # is beside it when coordination changes it from the start, and what is paid from 65 when it comes later.
    headline(tx("monthly", age=age), money(answer.monthly_paid_at_start))  # "today's dollars" is the caption under it
    beside_amount()
    paid_differs = answer.monthly_paid_at_start != answer.monthly_pension
    annual = "" if paid_differs else f" · {tx('annual', amount=money(answer.annual_pension))}"
    grown = growth_in([answer])  # RULES.md §7: only a growth of 0% keeps the amount in today's dollars
    dollars = dollars_words(grown, lang)
    under_amount = [f"{dollars}{annual}".replace("$", "\\$")]
    if paid_differs:
        under_amount.append(tx("reference", amount=money(answer.monthly_pension)).replace("$", "\\$"))
    elif answer.coordination is not None and answer.coordination.monthly_pension_from_65 != answer.monthly_pension:
        under_amount.append(tx("from_65", amount=money(answer.coordination.monthly_pension_from_65)).replace("$", "\\$"))
    paragraphs(st.caption, under_amount)
    paragraphs(st.markdown, [f"**{tx('rule')}:** {t(f'rule.{answer.rule}', lang)}",
                             f"**{tx('service_at_start')}:** {service_text(member, lang)}"])
    if not st.session_state.get("freeze"):
        freeze_offer_view(answer, lang)
    notes = [tx("minimum_note")] if answer.minimum_applied else []
    if answer.reduced_from is not None:
        notes.append(tx("reduced_note", factor=exact_number(answer.reduction_factor), amount=money(answer.reduced_from)))
    paragraphs(st.caption, notes)
    income_view(member, answer, lang)
    if answer.contribution is not None:
        st.markdown((f"**{tx('contribution', age=span(answer.contribution.until_age, lang))}:** "
                     f"{tx('contribution_amount', amount=money(answer.contribution.monthly))} · "
                     f"{tx('contribution_net')}: **{money(answer.contribution.net_monthly_pension)}**").replace("$", "\\$"))
    paragraphs(st.caption, [assumption_note(answer, used.name, lang) for used in answer.assumptions_used])  # each marked
    _bullets(answer.reasons)
    _steps(answer, lang)
    if answer.alternatives:
        st.markdown(f"**{tx('alternatives')}**")
        import pandas as pd  # only when a table is shown: the first screen needs none

        # A plain table (a few rows of text): a data grid is drawn on a canvas, its last change 300-500 ms after Enter.
        st.table(pd.DataFrame([{tx("alternative_rule"): t(f"rule.{a.rule}", lang),
                                tx("alternative_amount"): money(a.monthly_pension)} for a in answer.alternatives]),
                 hide_index=True)


def income_view(member: Member, answer: Answer, lang: str) -> None:
    """RULES.md §4: what the member lives on from 65 — the System's pension before and from 65, Social
    Security, their total, and what the ¶D guarantee does; or what to enter to see it."""
    income = income_from_65(answer, member.scenario.social_security_monthly)
    if income is None:
        return
    tx = lambda key, **kw: ui_text(f"income.{key}", lang, **kw)  # noqa: E731
    st.markdown(f"**{tx('heading')}**")
    if income.social_security is None:
        st.info(tx("enter_ss", amount=money(income.system)).replace("$", "\\$"))
        return
    rows = []
    if member.scenario.age < coordination_age(member.scenario.start_date):  # starting at 65 or later, there is no "before"
        rows.append({tx("col_what"): tx("system_before"), tx("col_monthly"): money(income.before)})
    rows += [{tx("col_what"): tx("system_from"), tx("col_monthly"): money(income.system)},
             {tx("col_what"): tx("social_security"), tx("col_monthly"): money(income.social_security)},
             {tx("col_what"): tx("total"), tx("col_monthly"): money(income.total)}]
    import pandas as pd

    st.table(pd.DataFrame(rows).set_index(tx("col_what")))
    key = "guarantee_applied" if income.guarantee_applied else "guarantee_kept"
    st.caption(tx(key, total=money(income.total), original=money(income.before),
                  system=money(income.system)).replace("$", "\\$"))


def _bullets(lines: list[str]) -> None:
    # "$" would start a formula in Streamlit's markdown: amounts are escaped.
    st.markdown("\n".join(f"- {line}".replace("$", "\\$") for line in lines))


def freeze_offer_view(answer: Answer, lang: str) -> None:
    """RULES.md §8: the amount follows the texts; a later law froze these accruals (the answer's `later_law`, as
    the comparison and the reports say it). Never silent, and the frozen figure one click away."""
    if answer.later_law is None:
        return
    st.info(answer.later_law.message, icon="⚖️")
    st.button(ui_text("freeze.show", lang), key="freeze_offer", on_click=_set_freeze, args=(True,))


def service_text(member: Member, lang: str) -> str:
    """The service the amount counts, in years and months, and where it comes from: today's, plus the time
    until the pension starts for a member still working (the steps' formulas use the total)."""
    total, today = member.scenario.service_years, member.situation.today.service_years
    if not member.situation.accrues:
        return ui_text("result.service_frozen", lang, total=span(total, lang))
    if total > today:
        return ui_text("result.service_grown", lang, total=span(total, lang), today=span(today, lang),
                       more=span(total - today, lang))
    return span(total, lang)


def frozen_no_pension(member: Member, lang: str) -> str:
    """RULES.md §8: the frozen figures give no pension at the planned age; as a case these rules do not answer,
    who can say what is due (the Retirement Board, or the teachers' system)."""
    return ui_text(f"freeze.no_pension_{plan_of(member.plan).system}", lang, law=freeze_for(member.plan).law(lang),
                   age=age_label(member.planned_age, lang))


def frozen_no_pension_view(member: Member, lang: str) -> None:
    """Who can answer, and the way back to the figures under the texts beside it (not only in Avanzado)."""
    with st.container(key="frozen_no_pension"):
        st.info(frozen_no_pension(member, lang), icon=":material/ac_unit:")
        st.button(ui_text("freeze.back", lang), key="freeze_back", on_click=_set_freeze, args=(False,))


def _set_freeze(on: bool) -> None:
    st.session_state["freeze"] = on


@st.fragment
def _steps(answer: Answer, lang: str) -> None:
    """The calculation's steps, built and sent only while their section is open (opening it reruns only this)."""
    if not answer.steps:
        return
    with st.expander(ui_text("result.how", lang), expanded=False, key="how_open", on_change="rerun") as shown:
        if not shown.open:
            return
        st.caption(ui_text("how.intro", lang))
        st.html(steps_html(answer, lang))


@st.fragment
def charts_section(member: Member, lang: str) -> None:
    """The charts, built and sent only while their section is open: a change of input then redraws no chart
    (the explorer above answers by age at once). Opening it, a tab or a table reruns only this section."""
    st.header(ui_text("chart.heading", lang))
    with st.expander(ui_text("explorer.charts_show", lang), key="charts_open", on_change="rerun") as shown:
        if shown.open:
            charts_view(member, lang)


def charts_view(member: Member, lang: str) -> None:
    from ui.answer import charts  # imported when a chart is first asked for, not for the first screen

    tx = lambda key, **kw: ui_text(f"chart.{key}", lang, **kw)  # noqa: E731
    if not plan_of(member.plan).deferred and not member.situation.in_service:
        st.info(tx("not_covered"))
        return
    # Only the open tab's chart is built and sent: the others wait until their tab is chosen.
    tabs = st.tabs([tx("by_age"), tx("by_service", age=age_label(member.planned_age, lang)), tx("heat")],
                   key="chart_tab", on_change="rerun")
    for tab, build, key in zip(tabs, (charts.age_chart, charts.service_chart, charts.heat_chart),
                               ("age", "service", "heat")):
        if not tab.open:
            continue
        with tab:
            chart = build(member, lang, scale=session_scale(st.session_state))
            st.plotly_chart(chart.figure, key=f"chart_{key}", alt=chart.alt, config={"displaylogo": False, "displayModeBar": False})
            if chart.legend:
                st.html(chart.legend)
            st.caption(chart.alt)
            if chart.marks:  # the assumptions behind the amounts drawn, each with its value and whose it is
                st.caption("  \n".join(chart.marks))
            with st.expander(tx("table"), key=f"chart_table_open_{key}", on_change="rerun") as shown:
                if not shown.open:  # the table is built only when asked for
                    continue
                import pandas as pd  # only for the table: once imported, each run's garbage collection takes longer

                table(pd.DataFrame(chart.table or chart.rows), f"chart_table_{key}", hide_index=True)
                st.download_button(tx("download"), data=chart.csv, file_name=f"pension_{key}.csv",
                                   mime="text/csv", key=f"download_{key}")


def date_text(value, lang: str) -> str:
    """Puerto Rico style, in the page's language: "15 feb 2035"."""
    from ui.answer.charts import date_label

    return date_label(value, lang)


@st.fragment
def key_dates_view(member: Member, lang: str) -> None:
    """Key dates: when the member first qualifies under each rule, and the change at 65. The timeline chart
    is built and sent only while open (opening it reruns only this section)."""
    tx = lambda key, **kw: ui_text(f"dates.{key}", lang, **kw)  # noqa: E731
    dates = member.key_dates()
    st.header(tx("heading"))
    st.caption(tx("working_on" if member.situation.in_service else "waiting"))
    if not dates:
        st.info(tx("none"))
        return
    # One per day, the same sentences as the report's, as one list (one element to send, not one a day).
    st.markdown("\n".join(f"- {line}".replace("$", "\\$") for line in key_date_lines(dates, lang)))
    shown = st.expander(ui_text("explorer.timeline_show", lang), key="dates_chart_open", on_change="rerun")
    if not shown.open:
        return
    from ui.answer import charts

    chart = charts.key_dates_chart(dates, lang, scale=session_scale(st.session_state))
    shown.plotly_chart(chart.figure, key="chart_dates", alt=chart.alt, config={"displaylogo": False, "displayModeBar": False})
    shown.caption(chart.alt)


@st.fragment
def lifetime_view(member: Member, answer: Answer, lang: str) -> None:
    """The payments added up to an age, and the break-even age against another start age: built only while
    open; its own ages rerun only this view."""
    tx = lambda key, **kw: ui_text(f"lifetime.{key}", lang, **kw)  # noqa: E731
    with st.expander(tx("heading"), key="lifetime_open", on_change="rerun") as shown:
        if not shown.open:
            return
        import pandas as pd

        left, right = st.columns(2)
        first_age = math.ceil(member.situation.today.age)
        until = whole_box(left, tx("until"), "lifetime_until", max(85, first_age), first_age, 110, lang)
        other_default = min(100, max(first_age, int(member.planned_age) + 5))
        other = whole_box(right, tx("other"), "lifetime_other", other_default, first_age, 100, lang)
        if until is None or other is None:  # the message under the box says what is accepted
            return
        other_age = Fraction(other)
        if other_age == member.planned_age:
            st.info(tx("same"))
            return
        other_answer = member.answer_at(other_age, lang)
        choices = [(member.planned_age, answer), (other_age, other_answer)]
        # the same figures as the answer
        with_ss = answer.coordination is not None and member.scenario.social_security_monthly is not None
        # Each total is the sum of its runs (months × what is paid a month), printed under the table to check.
        runs = [member.payment_runs(start, until, lang) for start, _ in choices]
        income_runs = [member.payment_runs(start, until, lang, social_security=True) for start, _ in choices] if with_ss else []
        rows = [{tx("col_start"): age_label(start, lang),
                 tx("col_rule"): t(f"rule.{a.rule}", lang).split(":")[0] if a.rule else "—",
                 tx("col_monthly"): money(a.monthly_paid_at_start),  # paid from the first month
                 tx("col_total", age=until): money(total_of(paid))} for (start, a), paid in zip(choices, runs)]
        for row, paid in zip(rows, income_runs):
            row[tx("col_total_income", age=until)] = money(total_of(paid))
        with st.container(key="lifetime_table"):  # two rows: a plain table, its type following the page's
            st.table(pd.DataFrame(rows), hide_index=True)
        sums = [runs_line(start, paid, lang) for (start, _), paid in zip(choices, runs)]
        sums += [runs_line(start, paid, lang, with_ss=True) for (start, _), paid in zip(choices, income_runs)]
        st.markdown(f"{tx('sums')}\n" + "\n".join(f"- {line}" for line in sums).replace("$", "\\$"))
        (early_start, _), (late_start, _) = sorted(choices, key=lambda c: c[0])
        meeting = break_even((answer, member.planned_age), (other_answer, other_age))
        words = {"early": age_label(early_start, lang), "late": age_label(late_start, lang)}
        st.markdown(tx("break_even", age=age_label(meeting, lang), **words) if meeting else tx("never", **words))
        for start, a in choices:  # RULES.md §0: the named assumptions behind each row's amounts
            if a.assumptions_used:
                st.caption(tx("assumed_at", start=age_label(start, lang),
                              marks="; ".join(used_mark(used, lang) for used in a.assumptions_used)))
        grown = growth_in(a for _, a in choices)
        st.caption(tx("assumption_grown", change=salaries_change(grown, lang)) if grown
                   else tx("assumption"))


def runs_line(start: Fraction, runs: list[Run], lang: str, with_ss: bool = False) -> str:
    """"Comenzando a los 58 años: 84 × $1,390.00 + 240 × $1,312.54 = $431,769.60 (de los 58 años a los 65
    años; de los 65 años a los 85 años, lo que paga el Sistema con la coordinación…)": each run its months ×
    the monthly amount (with Social Security, "× ($1,312.54 + $1,800.00)"), then the periods they cover and,
    where the amount is not the pension itself, why."""
    tx = lambda key, **kw: ui_text(f"lifetime.{key}", lang, **kw)  # noqa: E731

    def paid(run: Run) -> str:
        if with_ss and run.social_security:
            return f"({money(run.pension)} + {money(run.social_security)})"
        return money(run.pension)

    formula = " + ".join(f"{run.months} × {paid(run)}" for run in runs)
    total = money(total_of(runs))
    periods = "; ".join(tx(f"run_{run.kind}", start=age_label(run.start, lang), end=age_label(run.end, lang))
                        for run in runs)
    return tx("sum_with_ss" if with_ss else "sum", start=age_label(start, lang), formula=formula or "0",
              total=total, periods=periods)


def limits_view(messages: list[str], lang: str) -> None:
    st.header(ui_text("result.heading", lang))
    st.warning(ui_text("limits.not_covered", lang), icon=":material/block:")
    for message in messages:
        st.markdown(f"- {message}")
