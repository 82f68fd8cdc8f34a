"""The comparison page says what its report says, from one source, with ages counted as everywhere else."""

from __future__ import annotations

import io

import pytest

from estimator import estimate, read_scenario
from estimator.member.compare import result_label, result_line
from estimator.io.report.comparison import build_comparison_report
from tests.ui.sections import opened
from ui.form.form import ADVANCED_OPEN

COMPARE = "pages/1_Comparar.py"
TEACHER = {"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 3000}


def compared(app, scenarios: list[dict], lang: str = "es"):
    app.session_state["comparison"] = scenarios
    app.switch_page(COMPARE).run()
    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    assert not app.exception
    return app


def pdf_text(scenarios: list[dict], lang: str) -> str:
    from pypdf import PdfReader

    pdf = build_comparison_report([read_scenario(s, lang) for s in scenarios], lang)
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_net_while_contributing_is_on_the_page_as_in_the_report(app, lang):
    scenarios = [TEACHER, TEACHER | {"age": 54}]
    compared(app, scenarios, lang)
    answer = estimate(read_scenario(TEACHER, lang), lang)
    line = f"{result_label('net', lang)}: {result_line('net', answer, lang)}"
    assert "1,980.00" in line
    captions = [c.value.replace("\\$", "$") for c in app.caption]
    assert captions.count(line) == 2, captions
    assert result_line("net", answer, lang) in pdf_text(scenarios, lang)


def test_headline_ages_are_whole_months_as_everywhere():
    """58 years and 8 months sent as a decimal (58.666…) is 58 years and 8 months, not 7."""
    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT, TIMEOUT

    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    app.run()
    scenario = {"plan": "ley447", "age": 58 + 8 / 12, "service_years": 25, "average_salary": 36000}
    compared(app, [scenario, scenario | {"age": 54 + 8 / 12}])
    labels = [m.label for m in app.metric]
    assert labels == ["Pensión mensual a los 58 años y 8 meses", "Pensión mensual a los 54 años y 8 meses"], labels


MERIT = {"plan": "ley447", "age": 60, "service_years": 31, "average_salary": 36000}  # 75% × AC: an assumption (§3)
RULE_18_2 = MERIT | {"service_years": 21}  # F(AC, S), no assumption
BOARD = {"plan": "ley1", "age": 58, "service_years": 27, "average_salary": 40000,
         "assumptions": {"reduction_factor": 0.8}}  # the counselor's factor replaces the 6% a year


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_amount_says_which_assumptions_entered_it_on_the_page_as_in_the_report(app, lang):
    """RULES.md §0: every assumption that entered an amount is marked as one, with its figure and whose it is;
    the page and the report print the same line, and the report's notice ("the assumptions shown above") is
    true of the comparison too."""
    scenarios = [RULE_18_2, MERIT, BOARD]
    compared(app, scenarios, lang)
    label = result_label("assumptions", lang)
    expected = {
        "es": ["ninguno", "Pensión por mérito a los 55 o más = 75% (valor por defecto del estimador)",
               "Factor de reducción de la Junta para el caso (si el consejero lo tiene) = 0.8 "
               "(cifra entrada por usted o su consejero)"],
        "en": ["none", "Merit pension at 55 or older = 75% (the estimator's default)",
               "The Board's reduction factor for the case (when the counselor has it) = 0.8 "
               "(a figure entered by you or your counselor)"],
    }[lang]
    lines = [result_line("assumptions", estimate(read_scenario(s, lang), lang), lang) for s in scenarios]
    assert lines == expected
    captions = [c.value.replace("\\$", "$") for c in app.caption]
    for line in lines:
        assert f"{label}: {line}" in captions, captions
    text = pdf_text(scenarios, lang)
    assert label in text and all(line in text for line in lines[1:])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_amounts_without_a_salary_growth_are_in_today_s_dollars(lang):
    from estimator.words.catalog import t

    text = pdf_text([MERIT, MERIT | {"age": 62}], lang)
    assert t("report.compare_intro", lang) in text and t("report.compare_intro_grown", lang) not in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_report_says_the_defaults_were_used_as_the_page_does(app, lang):
    from html import escape

    from estimator.words.catalog import t

    scenarios = [MERIT, MERIT | {"age": 62}]
    compared(app, scenarios, lang)
    row, value = t("compare.assumptions", lang), t("compare.assumptions_default", lang)
    shown = " ".join(h.value for h in app.get("html"))
    assert f"<dt>{escape(row)}</dt><dd>{escape(value)}</dd>" in shown, shown
    assert f"{row} {value} {value}" in pdf_text(scenarios, lang)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_scenario_whose_average_was_projected_names_the_salary_growth_on_the_page_and_in_the_report(app, lang):
    """RULES.md §0: the example member with a salary growth of 2% entered; the average at 58 takes salaries
    projected at 2% a year, so the estimate page marks the growth. A scenario added from the form's button, and
    a variant added on the comparison page (60, one year added), carry only the average in the contract's
    inputs: each still names the growth behind it, on the page and in the comparison report."""
    from html import escape

    from estimator.member.compare import Compared
    from estimator.words.assumptions import assumption_label, assumption_stated
    from estimator.words.catalog import t

    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    app.text_input(key="growth_pct_text").set_value("2").run()
    growth = assumption_stated("salary_growth", 0.02, True, lang, with_source=False)
    assert "= 2%" in growth
    app.button(key="add_to_compare").click().run()
    app.switch_page(COMPARE).run()
    app.text_input(key="variant_age").set_value("60").run()
    app.text_input(key="variant_extra").set_value("1").run()
    app.button(key="variant_add").click().run()
    assert not app.exception and len(app.session_state["comparison"]) == 2
    label = result_label("assumptions", lang)
    lines = [c.value.replace("\\$", "$") for c in app.caption if c.value.startswith(label)]
    assert len(lines) == 2 and all(growth in line for line in lines), lines
    # an entered figure: in the inputs too, not "the estimator's defaults"
    row, defaults = assumption_label("salary_growth", lang), t("compare.assumptions_default", lang)
    shown = " ".join(h.value for h in app.get("html"))
    assert shown.count(f"<dt>{escape(row)}</dt><dd>2%</dd>") == 2 and escape(defaults) not in shown, shown
    compared = [Compared.of_entry(e, lang) for e in app.session_state["comparison"]]
    pdf = build_comparison_report(compared, lang)
    from pypdf import PdfReader

    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert text.count(growth) == 2, text
    assert f"{row} 2% 2%" in text and defaults not in text
    # RULES.md §7: only a growth of 0% keeps the amounts in today's dollars, and the report's intro says which
    assert t("report.compare_intro_grown", lang) in text and t("report.compare_intro", lang) not in text
