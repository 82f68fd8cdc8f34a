"""The report shows what is paid (RULES.md §0, §4): its by-age table gives what the System pays from the first month,
the pension under the rule only as a labelled reference, and the summary carries the total from 65 with Social
Security when the member gave it, as the page does."""

import re
from datetime import date

import pytest

from estimator import build_report, read_scenario
from tests.estimator.report.test_report import pdf_text

# Ley 447, $42,000 a year, Plan Coordinado, Social Security $1,400, 61 with 33 years: merit 75% × 42,000 ÷ 12 =
# $2,625.00 until 65; from 65 CF = 1% × 6,600 × 20 + 1.5% × 6,600 × 13 + 1.5% × 35,400 × 20 + 2% × 35,400 × 13
# = 22,431 ÷ 12 = $1,869.25; with Social Security 1,869.25 + 1,400.00 = $3,269.25 a month.
# Starting at 65 with 37 years: CF = 1,320 + 1,683 + 10,620 + 12,036 = 25,659 ÷ 12 = $2,138.25 from the first month.
MEMBER = {"plan": "ley447", "age": 61, "service_years": 33, "average_salary": 42000, "coordinated": True,
          "social_security_monthly": 1400}


@pytest.mark.parametrize("lang, total", [("es", "$1,869.25 del Sistema + $1,400.00 del Seguro Social = $3,269.25"),
                                         ("en", "$1,869.25 from the System + $1,400.00 from Social Security = $3,269.25")])
def test_the_report_carries_the_total_from_65_and_the_amounts_paid_by_age(lang, total):
    text = pdf_text(build_report(read_scenario(MEMBER), lang, generated_on=date(2026, 12, 4)))
    assert total in text
    table = text.split("Los mismos números de la gráfica:" if lang == "es" else "The chart's numbers:")[1]
    # at 65 the System pays the coordinated amount; the pension under the rule is the reference beside it
    row_65 = re.search(r"\b65 (Pensión por mérito|Merit pension)[^$]*(\$[\d,]+\.\d\d) — (\$[\d,]+\.\d\d)", table)
    assert row_65 and (row_65.group(2), row_65.group(3)) == ("$2,138.25", "$2,625.00"), table[:600]
    assert ("Pensión según la regla (referencia, no se paga)" if lang == "es"
            else "Pension under the rule (reference, not paid)") in table
