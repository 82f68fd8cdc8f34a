"""Key dates: the first date under each rule, and the change at 65."""

from datetime import date, timedelta
from fractions import Fraction

import pytest

from estimator import read_scenario
from estimator.calculation.freeze import frozen
from estimator.calculation.situation import Situation
from estimator.arithmetic.dates import age_on, date_at
from estimator.member.timeline import key_date_lines, key_dates


def test_ages_are_completed_months():
    assert age_on(date(1976, 5, 31), date(2026, 5, 30)) == Fraction(599, 12)
    assert age_on(date(1976, 5, 31), date(2026, 5, 31)) == 50
    assert date_at(date(1976, 5, 31), Fraction(50)) == date(2026, 5, 31)
    # no 31 February: the month is completed on 1 March, the day age_on counts it
    assert date_at(date(1976, 1, 31), Fraction(601, 12)) == date(2026, 3, 1)
    assert age_on(date(1976, 1, 31), date(2026, 2, 28)) == Fraction(600, 12)


def test_each_rule_first_date_working_on_and_the_change_at_65():
    # 50 today with 22 years: 18.6(a) at 55 (27 years): 9,000 + 600 × 7 = 13,200 × 0.82 = 10,824 → 902.00
    # merit at 58 (30 years): 75% × 30,000 → 1,875.00; 18.2 also at 58: 9,000 + 6,000 = 15,000 → 1,250.00
    s = read_scenario({"plan": "ley447", "age": 50, "service_years": 22, "average_salary": 30000, "coordinated": True})
    dates = key_dates(Situation(s), date(1976, 5, 31), planned_age=Fraction(58), today=date(2026, 5, 31))  # 50 today
    assert [(d.kind, d.rule, d.age, str(d.monthly_pension), d.pays_less) for d in dates] == [
        ("paid", "ley447.18.6a", 55, "902.00", False),
        ("paid", "ley447.merit", 58, "1875.00", False),  # what is paid from 58
        ("rule", "ley447.18.2", 58, "1250.00", True),  # first met then too, and pays less
        # CF at 30 years = 14,010 (see golden cases) → 1,167.50 from 65
        ("coordination", "ley447.merit", 65, "1167.50", False),
    ]
    assert dates[0].when == date(2031, 5, 31) and dates[0].reduced
    assert dates[-1].when == date(2041, 5, 31)


def test_a_member_who_left_waits_for_the_deferred_rule():
    s = read_scenario({"plan": "ley1", "age": 50, "separation_age": 45, "service_years": 15, "average_salary": 40000})
    dates = key_dates(Situation(s))
    assert [(d.rule, d.age, d.deferred) for d in dates] == [("ley1.d", 65, True)]


def test_no_key_dates_where_no_pension_is_possible():
    assert key_dates(Situation(read_scenario({"plan": "teachers", "age": 50, "separation_age": 45,
                                              "service_years": 26, "average_monthly_salary": 2000}))) == []
    assert key_dates(Situation(read_scenario({"plan": "ley1", "age": 50, "service_years": 15, "average_salary": 1,
                                              "refunded": True}))) == []


@pytest.mark.parametrize("birth, age, day", [
    (date(1972, 2, 29), Fraction(53), date(2025, 3, 1)),    # born 29 February: 1 March in a common year
    (date(1972, 2, 29), Fraction(52), date(2024, 2, 29)),   # and 29 February in a leap year
    (date(1970, 8, 31), Fraction(56, 1) + Fraction(1, 12), date(2026, 10, 1)),  # no 30 September's 31st
    (date(1970, 5, 30), Fraction(56, 1) + Fraction(9, 12), date(2027, 3, 2) - timedelta(days=1)),  # 1 March 2027
    (date(1970, 1, 15), Fraction(56), date(2026, 1, 15)),
])
def test_the_date_of_an_age_is_the_day_age_on_first_counts_it(birth, age, day):
    assert date_at(birth, age) == day
    assert age_on(birth, day) == age
    assert age_on(birth, day - timedelta(days=1)) < age  # the app's own age says: not yet, the day before


def test_no_key_date_is_before_today_and_a_rule_met_today_is_met_today():
    # Born 12 May 1970, 56 years 6 months today (1 December 2026: the last monthly birthday was 12 November),
    # a teacher with 30 years: A1 is met today, not on 12 November.
    today = date(2026, 12, 1)
    birth = date(1970, 5, 12)
    s = read_scenario({"plan": "teachers", "age": age_on(birth, today), "service_years": 30,
                       "average_monthly_salary": 2000})
    dates = key_dates(Situation(s), birth, today=today)
    assert dates and all(d.when >= today for d in dates)
    assert dates[0].when == today
    assert key_date_lines(dates, "es", today=today)[0].startswith("Hoy, 1 de diciembre de 2026, ya cumple")


def test_a_service_date_counts_the_service_from_today_and_starts_on_the_next_monthly_birthday():
    # 28 years 10 months of service today, 1 December 2026; born 12 May 1970: the 30 years are complete on
    # 1 February 2028 (14 months from today), not on 12 January 2028 (14 months from the last monthly birthday);
    # a pension starts on a monthly birthday (RULES.md §0): 12 February 2028, at 57 years and 9 months.
    today = date(2026, 12, 1)
    birth = date(1970, 5, 12)
    s = read_scenario({"plan": "teachers", "age": age_on(birth, today), "service_years": Fraction(346, 12),
                       "average_monthly_salary": 2000})
    situation = Situation(s, birth=birth, on=today)  # the member with dates, as the app builds it
    thirty = next(d for d in key_dates(situation, birth, today=today) if d.rule == "teachers.A1")
    assert thirty.service_years == 30 and thirty.when == date(2028, 2, 12)
    assert age_on(birth, thirty.when) == thirty.age == Fraction(57 * 12 + 9, 12)


def test_the_frozen_service_counts_the_months_between_the_dates():
    # Separated 30 June 2015 with 20 years; frozen at 30 June 2013: 24 months after the freeze, 216 before.
    birth = date(1975, 3, 9)
    separation = date(2015, 6, 30)
    s = read_scenario({"plan": "ley1", "age": age_on(birth, date(2026, 12, 1)),
                       "separation_age": age_on(birth, separation), "service_years": 20, "average_salary": 40000})
    situation = Situation(s)
    assert frozen(situation, birth, date(2026, 12, 1), separation).today.service_years == Fraction(216, 12)
