"""The search of `estimator/search.py` and the one "no pension" guard of `estimator/choice.py`."""

from fractions import Fraction

import pytest

from estimator import estimate, read_scenario
from estimator.calculation.choice import COVERED, NO_DEFERRED, OUTSIDE_SCOPE, REFUNDED, why_no_pension
from estimator.calculation.grid import grid
from estimator.calculation.situation import Situation
from estimator.calculation.search import Threshold, threshold_ages
from estimator.member.timeline import key_dates

MEMBER = {"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 40000}


@pytest.mark.parametrize("change, why", [
    ({}, None),
    ({"refunded": True}, REFUNDED),
    ({"entry_date": "2001-03-01"}, OUTSIDE_SCOPE),
    ({"entry_date": "2001-03-01", "refunded": True}, OUTSIDE_SCOPE),  # not covered comes first (RULES.md §1)
    ({"plan": "teachers", "age": 50, "separation_age": 45, "service_years": 26,
      "average_salary": None, "average_monthly_salary": 2000}, NO_DEFERRED),
])
def test_one_guard_answers_alike_for_the_answer_the_grid_and_the_key_dates(change, why):
    s = read_scenario({**MEMBER, **change})
    assert why_no_pension(s) == why
    answer, cells = estimate(s), grid(Situation(s), [s.age, s.age + 10])
    if why is None:
        assert answer.covered and cells.covered and key_dates(Situation(s))
        return
    assert answer.covered is cells.covered is COVERED[why]
    assert not answer.eligible and (cells.rule_index == -1).all()
    assert key_dates(Situation(s)) == [] and answer.earliest is None


def test_threshold_ages_are_the_plan_s_age_thresholds_and_where_service_reaches_its_own():
    """A teacher at 45 with 20 years in service: 47 (¶A.4), 50 (¶A.1, ¶A.3) and 55 (¶B) are age thresholds;
    working on, service reaches 25 (¶A.3, ¶A.4) at 50 and 30 (¶A.1) at 55. Without growing service, only the ages."""
    s = read_scenario({"plan": "teachers", "age": 45, "service_years": 20, "average_monthly_salary": 2000})
    found = threshold_ages(Situation(s), Fraction(45), Fraction(56))
    assert {(t.age, t.kind, t.value) for t in found} == {
        (Fraction(47), "age", Fraction(47)), (Fraction(50), "age", Fraction(50)), (Fraction(55), "age", Fraction(55)),
        (Fraction(50), "service", Fraction(25)), (Fraction(55), "service", Fraction(30))}
    left = read_scenario({"plan": "teachers", "age": 45, "separation_age": 44, "service_years": 20,
                          "average_monthly_salary": 2000})
    assert all(t.kind == "age" for t in threshold_ages(Situation(left), Fraction(45), Fraction(56)))
    assert Threshold(Fraction(47), "age", Fraction(47)) not in threshold_ages(Situation(s), Fraction(47), Fraction(56))
