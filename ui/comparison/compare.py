"""The comparison page: up to four scenarios side by side, the difference from the first and why in words,
and scenarios added from saved files — with the estimate page's honest limits: a case these rules do not
answer (disability, service in both systems, a refund, a teacher who left before the pension starts) is
never shown a number. Each column shows the scenario's result, its inputs in words (those that differ from
the first scenario's in bold, marked in words), the reasons for the difference, and its "Quitar" button
at the bottom, level with the others."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from html import escape
from typing import Any

import streamlit as st

from estimator import (Compared, comparison_inputs, difference_by_age, MAX_SCENARIOS, money, NO_DEFERRED,
                       OUTSIDE_SCOPE, payments_compared, phased, plan_info as plan_of, reasons_by_age, REFUNDED,
                       result_label, result_line, RESULT_LINES, same_age_rows, Scenario, scope_reason, t,
                       why_no_pension)
# the same words as the comparison report

from ui.answer.formatting import age_label
from ui.answer.report_download import comparison_report
from ui.form.entry import whole_box
from ui.form.fields import FormValues
from ui.form.form import read_form
from ui.form.limits import limits
from ui.form.member import build_member
from ui.form.saved import MAX_FILE_BYTES, field_name, load_inputs, values_from_saved
from ui.shell.look import compare_css
from ui.shell.plain import alert, one_line
from ui.shell.reconnect import BROUGHT_BACK
from ui.shell.text import ui_text
from ui.shell.uploads import refused_note, take_new_files, uploader_key

COMPARE_UPLOAD = "compare_upload"
NOTES = "compare_notes"


# --- the honest limits ---------------------------------------------------------------------------------

def scenario_limits(scenario: Scenario, lang: str) -> list[str]:
    """Why the rules give this scenario no number (a refund; a teacher who left before the pension
    starts), with who can answer; empty when they do."""
    why = why_no_pension(scenario)  # the estimator's one guard, in its order (RULES.md §0, §1)
    if why == OUTSIDE_SCOPE:  # an entry these rules do not describe: the law that governs it
        return [scope_reason(scenario, lang)]
    if why == REFUNDED:
        return [ui_text("limits.refunded", lang)]
    if why == NO_DEFERRED:
        return [ui_text("limits.teachers_deferred", lang)]
    return []


def member_limits(values: FormValues, today: date, lang: str) -> tuple[dict[str, Any] | None, str | None]:
    """The scenario (contract form) of these form values, or why it cannot be compared: a case the rules
    do not answer, or the first thing the form would ask to correct (naming its field)."""
    uncovered = limits(values, lang)
    if uncovered:
        return None, uncovered[0]
    member, errors = build_member(values, today, lang)
    if member is None:
        field, message = next(iter(errors.items()), ("?", ""))
        return None, ui_text("files.member", lang, field=field_name([field], lang), message=message)
    uncovered = scenario_limits(member.scenario, lang)
    if uncovered:
        return None, uncovered[0]
    return member.compared_at(member.planned_age).entry(), None


def add_saved_files(comparison: list[dict], files: list[tuple[str, bytes]], today: date,
                    lang: str) -> list[tuple[str, str]]:
    """Add each saved file's member to the comparison, in order, while there is room. Returns the notes
    (kind, plain text): how many were added, and one per file not added saying which and why."""
    notes: list[tuple[str, str]] = []
    added = 0
    for name, raw in files:
        if len(comparison) >= MAX_SCENARIOS:
            reason = ui_text("files.compare_full", lang, limit=MAX_SCENARIOS)
        else:
            inputs, reason = load_inputs(raw, lang)
            if reason is None:
                scenario, reason = member_limits(values_from_saved(inputs), today, lang)
                if scenario is not None:
                    comparison.append(scenario)
                    added += 1
        if reason is not None:
            notes.append(("error", ui_text("files.compare_refused", lang, name=one_line(name), reason=reason)))
    if added:
        notes.insert(0, ("success", ui_text("saved.compare_added", lang, count=added)))
    return notes


# --- the page ------------------------------------------------------------------------------------------

def comparison_page(lang: str) -> None:
    today = date.today()
    state = st.session_state
    say = lambda key, **kw: ui_text(f"compare.{key}", lang, **kw)  # noqa: E731
    st.title(say("title"), anchor=False)  # no link before the page's first control, as on the estimate page
    st.caption(say("intro"))
    comparison: list[dict] = state["comparison"]
    _variant(comparison, today, lang)
    _uploads(comparison, lang)
    if not comparison:
        if state.get(BROUGHT_BACK):  # the server's process restarted under the page: its comparison is gone
            st.warning(say("lost"), icon=":material/sync_problem:")
        st.info(say("empty"))
    else:
        state.pop(BROUGHT_BACK, None)  # a new comparison begun: nothing to say about the lost one any more
        _columns(comparison, lang)
        comparison_report(comparison, lang)  # two to four scenarios: the same comparison as a PDF
    st.info(ui_text("app.disclaimer", lang))


def _variant(comparison: list[dict], today: date, lang: str) -> None:
    """A variant of the estimate on screen: another starting age, more service (only for a member the
    rules answer)."""
    say = lambda key, **kw: ui_text(f"compare.{key}", lang, **kw)  # noqa: E731
    member = read_form(st.session_state, today, lang).member
    if len(comparison) >= MAX_SCENARIOS or member is None or scenario_limits(member.scenario, lang):
        return
    with st.expander(say("add_variant"), key="add_variant_section"):
        left, right = st.columns(2)
        age_today = member.situation.today.age
        years = whole_box(left, say("variant_age"), "variant_age", int(member.planned_age),
                          int(age_today) + 1 if age_today % 1 else int(age_today), 100, lang)
        extra = whole_box(right, say("variant_extra"), "variant_extra", 0, 0, 20, lang)
        if st.button(say("add"), key="variant_add", disabled=years is None or extra is None):
            comparison.append(member.compared_at(Fraction(years), Fraction(extra)).entry())
            st.rerun()


def _uploads(comparison: list[dict], lang: str) -> None:
    """Saved files added to the comparison: each read once, then the uploader is emptied."""
    state = st.session_state
    key = uploader_key(state, COMPARE_UPLOAD)
    limit = min(MAX_FILE_BYTES, st.get_option("server.maxUploadSize") * 1_000_000)
    st.caption(ui_text("check.upload_json", lang, limit=f"{limit // 1000:,} KB"))
    with st.container(key=COMPARE_UPLOAD):  # a fixed name for the page (the uploader's own key changes)
        st.file_uploader(ui_text("saved.compare_upload", lang), type=["json"], accept_multiple_files=True,
                         key=key, on_change=_files_uploaded, args=(lang, key))
    for kind, text in state.pop(NOTES, []):
        alert(kind, text)
    refused_note(state, COMPARE_UPLOAD, lang)
    if len(comparison) >= MAX_SCENARIOS:
        st.caption(ui_text("files.compare_is_full", lang, limit=MAX_SCENARIOS))


def _files_uploaded(lang: str, key: str) -> None:
    state = st.session_state
    files = take_new_files(state, key)
    state[NOTES] = add_saved_files(state["comparison"], files, date.today(), lang)


def input_rows(scenarios: list[Compared | Scenario], lang: str) -> list[tuple[str, list[str], list[bool]]]:
    """Each input of the scenarios in words (plan, group, age at start, service in years and months, average,
    coordination, then the assumptions), with, for each scenario, whether it differs from the first's."""
    compared = [Compared.of(s) for s in scenarios]
    always = ("group", "coordinated") if any(plan_of(c.scenario.plan).groups for c in compared) else ()
    rows = comparison_inputs(compared, lang, always=always)
    return [(label, values, [k > 0 and value != values[0] for k, value in enumerate(values)])
            for label, values in rows]


def input_html(label: str, value: str, differs: bool, lang: str) -> str:
    """One input of a scenario, as a term and its value; one that differs from the first scenario's is bold
    and says so in words (not by colour alone)."""
    if differs:
        mark = escape(ui_text("compare_view.differs", lang))
        return (f'<dl class="compare-input differs"><dt>{escape(label)}</dt>'
                f'<dd><strong>{escape(value)}</strong> <span class="mark">≠ {mark}</span></dd></dl>')
    return f'<dl class="compare-input"><dt>{escape(label)}</dt><dd>{escape(value)}</dd></dl>'


def _columns(comparison: list[dict], lang: str) -> None:
    """One column per scenario, each with the same parts in the same order — its result, its inputs one by
    one, why it differs, its "Quitar" button — so that on a wide screen each part sits level with the same
    part of the other columns (`ui.shell.look.compare_css`)."""
    say = lambda key, **kw: ui_text(f"compare.{key}", lang, **kw)  # noqa: E731
    compared = [Compared.of_entry(data, lang) for data in comparison]
    scenarios = [c.scenario for c in compared]
    answers = [c.answer(lang) for c in compared]
    uncovered = [scenario_limits(s, lang) for s in scenarios]
    base_has_number = not uncovered[0]
    paid = [payments_compared(c, a) for c, a in zip(compared, answers)]
    by_age = phased(paid)  # RULES.md §0: then compared at the same ages, never by the first months alone
    rows = input_rows(compared, lang)
    if len(scenarios) > 1:
        st.caption(ui_text("compare_view.base", lang))
    if by_age and base_has_number:
        _same_ages(paid, len(scenarios), lang)
    st.html(compare_css(parts=len(rows) + 5))
    with st.container(key="compare_columns"):
        columns = st.columns(len(scenarios), gap="medium")
    for index, (column, scenario, answer) in enumerate(zip(columns, scenarios, answers)):
        with column:
            st.markdown(f"### {say('scenario', n=index + 1)}")
            with st.container(key=f"compare_result_{index}"):
                if uncovered[index]:  # never a number: who can answer instead
                    st.warning(ui_text("limits.not_covered", lang), icon=":material/block:")
                    for message in uncovered[index]:
                        st.markdown(f"- {message}")
                else:
                    # RULES.md §0: amounts are what is paid from the first month; a difference is a gain or a loss
                    # only when both pay one amount each from the same start
                    compared_here = index and base_has_number and paid[0].pays and paid[index].pays
                    one_difference = compared_here and not phased([paid[0], paid[index]])
                    delta = (money(answer.monthly_paid_at_start - answers[0].monthly_paid_at_start)
                             if one_difference else None)
                    st.metric(ui_text("result.monthly", lang, age=age_label(scenario.age, lang)),
                              money(answer.monthly_paid_at_start), delta=delta)
                    if compared_here and not one_difference:
                        st.caption(difference_by_age(paid[0], paid[index], lang, index + 1).replace("$", "\\$"))
                    st.markdown(t(f"rule.{answer.rule}", lang) if answer.rule else say("none"))
                    for kind in RESULT_LINES:  # the same lines as the comparison report, from one source
                        line = result_line(kind, answer, lang)
                        if line is not None:
                            st.caption(f"{result_label(kind, lang, answer)}: {line}".replace("$", "\\$"))
            st.markdown(f"**{ui_text('compare_view.inputs', lang)}**")
            for label, values, differs in rows:
                st.html(input_html(label, values[index], differs[index], lang))
            with st.container(key=f"compare_reasons_{index}"):
                if index == 0:
                    st.caption(ui_text("compare_view.base_column", lang))
                elif base_has_number and not uncovered[index]:
                    st.markdown(f"**{say('difference')}**")
                    st.markdown("\n".join(f"- {reason}" for reason in reasons_by_age(
                        compared[0], answers[0], compared[index], answer, lang)).replace("$", "\\$"))
                else:
                    st.caption(ui_text("compare_view.no_reasons", lang))
            if st.button(say("remove", n=index + 1), key=f"remove_{index}"):
                comparison.pop(index)
                st.rerun()


def _same_ages(paid: list, count: int, lang: str) -> None:
    """What each scenario pays at the same ages, range by range (the comparison report's table)."""
    import pandas as pd  # only when the scenarios pay in phases

    st.markdown(f"**{t('compare.same_ages', lang)}**")
    st.caption(t("compare.same_ages_note", lang))
    rows = same_age_rows(paid, lang)
    headers = [ui_text("compare.scenario", lang, n=n) for n in range(1, count + 1)]
    with st.container(key="compare_same_ages"):
        st.table(pd.DataFrame([cells for _, cells in rows], index=[label for label, _ in rows], columns=headers))
