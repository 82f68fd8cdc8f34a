"""The comparison page says what its report says, from one source, with ages counted as everywhere else."""

from __future__ import annotations

import io

import pytest

from estimator import estimate, read_scenario
from estimator.compare import result_label, result_line
from estimator.report.comparison import build_comparison_report

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
