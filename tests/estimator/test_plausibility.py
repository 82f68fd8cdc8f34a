"""RULES.md §0, Plausibility, on the command line: a figure far more likely a slip than a fact is named in
the answer (`likely_slip`) and first among its reasons; with no one to confirm it, the amount is computed
from the figure as given. Both sides of each bound."""

from __future__ import annotations

from decimal import Decimal

import pytest

from estimator import estimate, read_scenario
from estimator.io.cli.estimate import answer_line

TEACHER = {"plan": "teachers", "age": 52, "service_years": 30}
GOVERNMENT = {"plan": "ley1", "age": 65, "service_years": 30}


@pytest.mark.parametrize("line, field", [
    ({**TEACHER, "average_monthly_salary": 10000}, None),            # the bound itself: a fact
    ({**TEACHER, "average_monthly_salary": 10000.01}, "average_monthly_salary"),
    ({**TEACHER, "average_salary": 150000}, None),                   # given a year: no monthly box to slip in
    ({**GOVERNMENT, "average_salary": 9000}, None),
    ({**GOVERNMENT, "average_salary": 3500}, "average_salary"),      # a monthly salary in the annual box
    ({**GOVERNMENT, "average_salary": 8999.99}, "average_salary"),
    ({**GOVERNMENT, "average_monthly_salary": 200}, None),           # given a month: no annual box to slip in
])
def test_a_likely_slip_is_named_on_both_sides_of_its_bound(line, field):
    answer = estimate(read_scenario(line))
    if field is None:
        assert answer.likely_slip is None
        return
    assert answer.likely_slip.field == field
    assert answer.reasons[1] == answer.likely_slip.message  # right after what is paid, or when it would be
    # Still computed as given: 75% × $10,000.01 = $7,500.0075 → $7,500.01; 1.5% × $8,999.99 × 30 = $4,049.9955
    # a year → $337.50 a month → the $500.00 minimum ($3,500 too).
    assert answer.monthly_pension == Decimal({"average_monthly_salary": "7500.01", "average_salary": "500.00"}[field])


@pytest.mark.parametrize("line, field, monthly", [
    # Teachers: below $800 a month, a weekly salary or a missing digit; the bound itself is a fact.
    ({**TEACHER, "average_monthly_salary": 800}, None, "600.00"),               # 75% × $800 = $600.00
    ({**TEACHER, "average_monthly_salary": 799.99}, "average_monthly_salary", "599.99"),  # 599.9925 → 599.99
    ({**TEACHER, "average_monthly_salary": 315}, "average_monthly_salary", "236.25"),  # 75% × $315
    # Government: above $250,000 a year, an extra digit. 1.5% × $420,000 × 30 = $189,000 ÷ 12 = $15,750.00
    ({**GOVERNMENT, "average_salary": 250000}, None, "9375.00"),                # 1.5% × 250,000 × 30 ÷ 12
    ({**GOVERNMENT, "average_salary": 250000.01}, "average_salary", "9375.00"),  # 112,500.0045 ÷ 12 → 9,375.00
    ({**GOVERNMENT, "average_salary": 420000}, "average_salary", "15750.00"),
])
def test_a_figure_too_small_or_too_large_is_named_and_computed_as_given(line, field, monthly):
    answer = estimate(read_scenario(line))
    assert answer.monthly_pension == Decimal(monthly)
    if field is None:
        assert answer.likely_slip is None
        return
    assert answer.likely_slip.field == field and answer.reasons[1] == answer.likely_slip.message


@pytest.mark.parametrize("line, lang, words", [
    ('"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":315', "es", "salario semanal"),
    ('"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":315', "en", "weekly salary"),
    ('"plan":"ley1","age":65,"service_years":30,"average_salary":420000', "es", "un dígito de más"),
    ('"plan":"ley1","age":65,"service_years":30,"average_salary":420000', "en", "an extra digit"),
])
def test_the_new_bounds_are_said_in_the_members_language(line, lang, words):
    answer, ok = answer_line("{" + line + "}", lang)
    assert ok and words in answer["likely_slip"]["message"]
    assert ("$800.00" if "teachers" in line else "$250,000.00") in answer["likely_slip"]["message"]


@pytest.mark.parametrize("lang, words", [("es", "más probablemente un salario anual"),
                                         ("en", "more likely an annual salary")])
def test_the_command_lines_answer_carries_the_slip_in_the_members_language(lang, words):
    answer, ok = answer_line('{"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":24000}', lang)
    assert ok and answer["likely_slip"]["field"] == "average_monthly_salary"
    assert words in answer["likely_slip"]["message"] and "$24,000.00" in answer["likely_slip"]["message"]
    fine, _ = answer_line('{"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":2400}', lang)
    assert fine["likely_slip"] is None
