"""Lifetime totals and break-even ages."""

from decimal import Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator import estimate, read_scenario
from estimator.member.lifetime import break_even, payment_runs, total_of
from estimator.member.payments import payments_of
from tests.strategies import valid_scenarios
from tests.conftest import examples


def answer(**data):
    return estimate(read_scenario(data), find_earliest=False)


def test_totals_count_months_and_the_change_at_65():
    # ley447 merit at 60: 1,875.00 a month; from 65 coordinated: 1,167.50 (CF = 14,010 ÷ 12)
    a = answer(plan="ley447", age=60, service_years=30, average_salary=30000, coordinated=True)
    paid = payments_of(a, Fraction(60))
    assert paid.paid_at(Fraction(64)) == a.monthly_pension
    assert str(paid.paid_at(Fraction(65))) == "1167.50"
    # 5 years × 12 × 1,875.00 + 1 year × 12 × 1,167.50 = 112,500 + 14,010 = 126,510.00
    assert str(total_of(payment_runs(a, Fraction(60), Fraction(66)))) == "126510.00"


def test_teachers_net_amount_until_55():
    # A1 at 52 with M = 2,000: 1,500.00, net 1,320.00 until 55 (9% = 180.00)
    a = answer(plan="teachers", age=52, service_years=30, average_monthly_salary=2000)
    # 36 months × 1,320 + 12 × 1,500 = 47,520 + 18,000 = 65,520.00
    assert str(total_of(payment_runs(a, Fraction(52), Fraction(56)))) == "65520.00"


def test_break_even_between_reduced_now_and_unreduced_later():
    # ley1 (c) at 60 with 30 years, AC 40,000: 18,000 × 0.7 = 12,600 → 1,050.00
    # ley1 (d)/(a) at 65 with 35 years (working on): 21,000 → 1,750.00
    now = answer(plan="ley1", age=60, service_years=30, average_salary=40000)
    later = answer(plan="ley1", age=65, service_years=35, average_salary=40000)
    age = break_even((now, Fraction(60)), (later, Fraction(65)))
    # by 65: 60 × 1,050 = 63,000 ahead; the gap closes at 700 a month → 90 months → 72.5,
    # when both totals are equal: 90 × 1,750 = 157,500 = 150 × 1,050
    assert age == Fraction(145, 2)
    assert break_even((now, Fraction(60)), (now, Fraction(65))) is None  # the same amount later never catches up


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_scenarios(whole_months=True), st.integers(0, 40), st.booleans())
def test_the_runs_shown_add_up_to_the_total_month_by_month(scenario, years, with_ss):
    """What the lifetime view prints as "84 × $1,395.00 + 240 × $1,317.31" is the month-by-month sum."""
    a = estimate(scenario, find_earliest=False)
    start = Fraction(scenario.age)
    until = start + years
    social_security = Fraction(1800) if with_ss else None
    runs = payment_runs(a, start, until, social_security)
    months = [start + Fraction(m, 12) for m in range(years * 12)]
    paid = payments_of(a, start, social_security)
    by_month = sum((paid.at(age).income if paid.at(age) else Decimal("0.00") for age in months), Decimal("0.00"))
    assert sum((run.total for run in runs), Decimal("0.00")) == by_month
    assert sum(run.months for run in runs) == (len(months) if paid.pays else 0)  # nothing paid: no run
    assert all(earlier.end == later.start for earlier, later in zip(runs, runs[1:]))  # no gap, no overlap
    assert all((e.pension, e.kind, e.social_security) != (l.pension, l.kind, l.social_security)
               for e, l in zip(runs, runs[1:]))  # each run is as long as it can be
    if not with_ss or a.coordination is None:  # Social Security is counted only beside a coordinated pension
        assert total_of(payment_runs(a, start, until)) == by_month


def test_a_teachers_runs_say_net_then_pension():
    # A1 at 52 with M = 2,000: 36 × 1,320.00 (net of the 9% contribution until 55) + 12 × 1,500.00 = 65,520.00
    a = answer(plan="teachers", age=52, service_years=30, average_monthly_salary=2000)
    runs = payment_runs(a, Fraction(52), Fraction(56))
    assert [(r.months, str(r.pension), r.kind) for r in runs] == [(36, "1320.00", "net"), (12, "1500.00", "pension")]
