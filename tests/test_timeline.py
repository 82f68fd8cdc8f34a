"""Key dates: the first date under each rule, and the change at 65."""

from datetime import date
from fractions import Fraction

from estimator import read_scenario
from estimator.timeline import age_on, date_at, key_dates


def test_ages_are_completed_months():
    assert age_on(date(1976, 5, 31), date(2026, 5, 30)) == Fraction(599, 12)
    assert age_on(date(1976, 5, 31), date(2026, 5, 31)) == 50
    assert date_at(date(1976, 5, 31), Fraction(50)) == date(2026, 5, 31)
    assert date_at(date(1976, 1, 31), Fraction(601, 12)) == date(2026, 2, 28)  # no 31 February


def test_each_rule_first_date_working_on_and_the_change_at_65():
    # 50 today with 22 years: 18.6(a) at 55 (27 years): 9,000 + 600 × 7 = 13,200 × 0.82 = 10,824 → 902.00
    # merit at 58 (30 years): 75% × 30,000 → 1,875.00; 18.2 also at 58: 9,000 + 6,000 = 15,000 → 1,250.00
    s = read_scenario({"plan": "ley447", "age": 50, "service_years": 22, "average_salary": 30000, "coordinated": True})
    dates = key_dates(s, date(1976, 5, 31), planned_age=Fraction(58))
    assert [(d.kind, d.rule, d.age, str(d.monthly_pension)) for d in dates] == [
        ("rule", "ley447.18.6a", 55, "902.00"),
        ("rule", "ley447.merit", 58, "1875.00"),
        ("rule", "ley447.18.2", 58, "1250.00"),
        # CF at 30 years = 14,010 (see golden cases) → 1,167.50 from 65
        ("coordination", "ley447.merit", 65, "1167.50"),
    ]
    assert dates[0].when == date(2031, 5, 31) and dates[0].reduced
    assert dates[-1].when == date(2041, 5, 31)


def test_a_member_who_left_waits_for_the_deferred_rule():
    s = read_scenario({"plan": "ley1", "age": 50, "separation_age": 45, "service_years": 15, "average_salary": 40000})
    dates = key_dates(s)
    assert [(d.rule, d.age, d.deferred) for d in dates] == [("ley1.d", 65, True)]


def test_no_key_dates_where_no_pension_is_possible():
    assert key_dates(read_scenario({"plan": "teachers", "age": 50, "separation_age": 45, "service_years": 26,
                                    "average_monthly_salary": 2000})) == []
    assert key_dates(read_scenario({"plan": "ley1", "age": 50, "service_years": 15, "average_salary": 1,
                                    "refunded": True})) == []
