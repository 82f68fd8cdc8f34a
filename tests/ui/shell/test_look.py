"""The page's look as plain functions: session mode's one factor (the page's root size and the charts' fonts),
a focus ring that is not the error colour, and the comparison's inputs in words with what differs marked.
What a browser draws from them is measured in tests/browser/test_look.py."""

from __future__ import annotations

import re
from datetime import date

import pytest

from estimator import read_scenario
from ui.answer import chart_labels, charts
from ui.comparison.compare import input_html, input_rows
from ui.form.fields import FormValues
from ui.form.member import build_member
from ui.shell.look import FOCUS, SESSION_SCALE, compare_css, frame_css, session_css, session_scale

TODAY = date(2026, 11, 29)
MEMBER = FormValues(system="government", entry_date=date(1989, 8, 1), birth_date=date(1970, 2, 15),
                    service_years=27, service_months=0, average_annual=36000.0, retire_years=58, retire_months=0,
                    coordinated=True)
BASE = {"plan": "ley447", "age": 58, "service_years": 28.25, "average_salary": 36000, "coordinated": True}


def test_session_mode_is_one_factor_for_the_page_and_the_charts():
    assert session_scale({}) == 1.0 and session_scale({"session_mode": False}) == 1.0
    assert session_scale({"session_mode": True}) == SESSION_SCALE >= 1.2
    assert "html { font-size: 24px !important; }" in session_css()  # Streamlit's sizes are rem: all follow


@pytest.mark.parametrize("build", [charts.age_chart, charts.service_chart, charts.heat_chart])
def test_charts_draw_their_type_and_height_larger_by_the_factor(build):
    member, errors = build_member(MEMBER, TODAY, "es")
    assert not errors
    plain, large = build(member, "es").figure.layout, build(member, "es", scale=1.25).figure.layout
    assert large.font.size == 15  # plotly's 12 px, × 1.25
    grown = lambda size: pytest.approx(size * 1.25, abs=0.1)  # noqa: E731  (sizes kept to a tenth of a pixel)
    if plain.showlegend is not False:  # the heat chart's legend (a line chart's is the page's own text)
        assert large.legend.font.size == grown(plain.legend.font.size)
    # The margins the axes' labels need, set rather than measured by plotly, grow with the type.
    assert (large.margin.l, large.margin.b) == (round(plain.margin.l * 1.25), round(plain.margin.b * 1.25))
    assert large.hoverlabel.font.size == grown(plain.hoverlabel.font.size)
    assert [a.font.size for a in large.annotations] == [grown(a.font.size) for a in plain.annotations]
    assert [a.font.color for a in large.annotations] == [a.font.color for a in plain.annotations]
    assert large.height >= round(plain.height * 1.25)  # and more where the labels take more lines
    # The labels' lines shorter (wider type on a phone's narrower plot): the plot still holds them whole.
    assert all(len(line) <= round(chart_labels.LABEL_CHARS / 1.25**2) for a in large.annotations
               for line in a.text.split("<br>"))
    assert plain.font.size is None  # not in session mode: the figure as it was


def test_the_focus_ring_is_not_the_error_crimson():
    css = frame_css("es")
    assert FOCUS.lower() not in ("#b3202e",) and f"outline: 3px solid {FOCUS}" in css
    assert re.search(r":focus-visible[^{]*\{[^}]*outline-offset: 2px", css)
    assert "padding-top: 3rem" in css  # no 6rem band above the title


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_style_makes_the_whole_page_restyle_for_each_element_added(lang):
    """A `:has()` on the body (or the document) is checked again for the whole page whenever any element is
    added: `body:has(…)` for the reconnecting notice made opening the charts restyle about ten times as many
    elements (docs/performance.md, *A selector that restyled the page*). The notice is on the app's element."""
    from ui.shell.look import page_css

    css = frame_css(lang) + page_css(lang) + session_css() + compare_css(4)
    assert not re.search(r"(^|[\s,}>+~(])(html|body|:root)(\[[^\]]*\]|\.[\w-]+)*:has\(", css), \
        "a :has() on the whole page"
    assert '[data-testid="stApp"]:not([data-test-connection-state="CONNECTED"])::before' in css


def scenarios(*changes: dict):
    return [read_scenario({**BASE, **change}, "es") for change in ({}, *changes)]


def test_each_input_in_words_with_what_differs_from_the_first_scenario():
    rows = {label: (values, differs) for label, values, differs in
            input_rows(scenarios({"age": 62}, {"service_years": 30, "coordinated": False}), "es")}
    assert list(rows) == ["Plan de retiro", "Grupo", "Edad al comenzar la pensión", "Años de servicio acreditado",
                          "Salario promedio", "Plan Coordinado con el Seguro Social", "Supuestos"]
    assert rows["Edad al comenzar la pensión"] == (["58 años", "62 años", "58 años"], [False, True, False])
    assert rows["Años de servicio acreditado"] == (["28 años y 3 meses", "28 años y 3 meses", "30 años"],
                                                   [False, False, True])
    assert rows["Plan Coordinado con el Seguro Social"] == (["sí", "sí", "no"], [False, False, True])
    assert rows["Supuestos"][0] == ["los del estimador (valores por defecto)"] * 3
    assert rows["Plan de retiro"][1] == [False, False, False]


def test_a_changed_assumption_is_its_own_row():
    rows = {label: values for label, values, _ in
            input_rows(scenarios({"assumptions": {"early_reduction_per_year": 0.05}}), "en")}
    assert "Assumptions" not in rows
    assert any(values[1] == "5%" for values in rows.values())


def test_teachers_are_not_asked_about_group_or_coordination():
    teachers = [read_scenario({"plan": "teachers", "age": 55, "service_years": 30,
                               "average_monthly_salary": 3000}, "es")] * 2
    labels = [label for label, _, _ in input_rows(teachers, "es")]
    assert "Grupo" not in labels and "Plan Coordinado con el Seguro Social" not in labels


def test_a_differing_input_is_bold_and_said_in_words_and_text_is_escaped():
    marked = input_html("Edad", "62 <años>", True, "es")
    assert "<strong>62 &lt;años&gt;</strong>" in marked and "≠ distinto del escenario 1" in marked
    assert 'class="compare-input differs"' in marked
    same = input_html("Edad", "58 años", False, "en")
    assert "differs" not in same and "<strong>" not in same


def test_the_comparison_grid_spans_every_part_of_a_column():
    css = compare_css(parts=12)
    assert "grid-template-rows: repeat(12, auto)" in css and "grid-row: 1 / span 12" in css
    assert "@media (min-width: 640px)" in css  # a phone keeps each scenario whole, stacked


def test_the_page_knows_the_file_of_streamlit_s_chart_code():
    """The page runs Streamlit's plotly element ahead by its file's name, which changes with each release: a
    release without exactly one such file would silently lose it, so this fails first."""
    import re

    from ui.shell.page_hints import chart_code

    assert re.fullmatch(r"PlotlyChart\.[\w-]+\.js", chart_code() or "")
