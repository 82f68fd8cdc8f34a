"""The member object (estimator/member.py) and the one date arithmetic (estimator/dates.py): ages in completed
months, a month completed on the same day of a later month or, when that month has no such day, on the first
of the month after (RULES.md §0, Ages and dates)."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estimator import estimate, read_scenario
from estimator.arithmetic.dates import add_months, age_on, birthday, date_at, months_between
from estimator.member.lifetime import payment_runs
from estimator.member.member import Member
from estimator.calculation.grid import grid
from estimator.calculation.situation import Situation, first_age_with_service, scenario_at
from tests.conftest import examples

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize("birth, months, day", [
    (date(1972, 2, 29), 55 * 12, date(2027, 3, 1)),      # no 29 February in 2027: 1 March
    (date(1972, 2, 29), 56 * 12, date(2028, 2, 29)),     # a leap year: the day itself
    (date(1972, 2, 28), 55 * 12, date(2027, 2, 28)),
    (date(1972, 3, 1), 55 * 12, date(2027, 3, 1)),
    (date(1971, 1, 31), 58 * 12 + 1, date(2029, 3, 1)),  # no 31 February: 1 March
    (date(1971, 3, 31), 58 * 12 + 1, date(2029, 5, 1)),  # no 31 April: 1 May
    (date(1971, 4, 30), 58 * 12 + 10, date(2030, 3, 1)),  # no 30 February
    (date(1972, 1, 30), 56 * 12 + 1, date(2028, 3, 1)),  # no 30 February, even in a leap year
    (date(1972, 1, 29), 56 * 12 + 1, date(2028, 2, 29)),  # a leap year has the 29th
    (date(1971, 12, 31), 58 * 12 + 2, date(2030, 3, 1)),  # across the year's end
])
def test_a_month_is_completed_on_the_same_day_or_the_first_of_the_month_after(birth, months, day):
    assert add_months(birth, months) == date_at(birth, Fraction(months, 12)) == day
    assert months_between(birth, day) == months and age_on(birth, day) == Fraction(months, 12)
    assert months_between(birth, day - timedelta(days=1)) == months - 1  # the day before: not yet
    if months % 12 == 0:
        assert birthday(birth, months // 12) == day


def test_months_between_counts_backwards_too():
    assert months_between(date(2026, 5, 31), date(2026, 3, 1)) == -3  # -2 months and 30 days: -3 completed
    assert birthday(date(2026, 2, 28), -100) == date(1926, 2, 28)


def _member(birth: date, **data) -> Member:
    scenario = read_scenario({"age": age_on(birth, TODAY), **data})
    return Member(Situation(scenario, salary_growth=Fraction(3, 100)), Fraction(60), birth, TODAY)


LEY447 = {"plan": "ley447", "service_years": Fraction(25 * 12 + 3, 12), "average_salary": 40000,
          "entry_date": date(1989, 1, 1)}


@pytest.mark.parametrize("birth, day", [
    (date(1972, 2, 28), date(2027, 2, 28)),
    (date(1972, 2, 29), date(2027, 3, 1)),  # 55 in a common year: 1 March, the day after 28 February
    (date(1972, 3, 1), date(2027, 3, 1)),
])
def test_a_key_date_by_age_falls_on_either_side_of_the_month_boundary(birth, day):
    # Regla 18.6(a) (55 years of age, 25 of service) is first met at 55: service is 25 years 3 months already.
    first = _member(birth, **LEY447).key_dates()[0]
    assert (first.rule, first.age, first.when) == ("ley447.18.6a", 55, day)
    assert age_on(birth, day - timedelta(days=1)) < 55


@pytest.mark.parametrize("birth, day, service", [
    (date(1971, 1, 31), date(2031, 10, 1), Fraction(30 * 12 + 1, 12)),  # no 31 September: 1 October
    (date(1971, 4, 30), date(2031, 9, 30), Fraction(30)),
    (date(1972, 2, 29), date(2031, 9, 29), Fraction(30)),
])
def test_a_key_date_by_service_is_the_first_monthly_birthday_once_the_service_is_reached(birth, day, service):
    # 25 years 3 months of service on 1 December 2026: 30 years 4 years 9 months later, on 1 September 2031; the
    # pension starts on the next monthly birthday (RULES.md §0), with the service the form gives that start age.
    member = _member(birth, **LEY447)
    merit = next(d for d in member.key_dates() if d.rule == "ley447.merit")
    assert (merit.kind, merit.when, merit.service_years) == ("paid", day, service)
    assert merit.age == age_on(birth, day) == first_age_with_service(member.situation, Fraction(30))
    assert member.at(merit.age).service_years == service


def test_a_member_who_left_waits_for_the_age_itself():
    birth = date(1972, 2, 29)
    member = _member(birth, plan="ley1", separation_age=age_on(birth, date(2015, 6, 30)), service_years=20,
                     average_salary=40000, entry_date=date(1995, 1, 1))
    assert [(d.rule, d.when) for d in member.key_dates()] == [("ley1.d", date(2037, 3, 1))]  # 65 in 2037
    assert member.at(Fraction(65)).service_years == 20  # waiting: no service added


def test_the_member_answers_with_the_projection_and_keeps_its_answers():
    birth = date(1971, 1, 31)
    member = _member(birth, **LEY447)
    situation = member.situation
    assert member.scenario == scenario_at(situation, Fraction(60))
    # in service: the service grows by the whole months from today (1 December 2026) to the 58th birthday
    # (31 January 2029): 25 months, the 26th is completed on 1 February (RULES.md §0: counted from today, not from
    # the last monthly birthday, which would give 58 − 55 years 10 months = 26); plus the 2 years asked for
    assert situation.today.age == Fraction(55 * 12 + 10, 12)
    assert member.at(Fraction(58), Fraction(2)).service_years == LEY447["service_years"] + Fraction(25, 12) + 2
    answer = member.answer("es")
    explained = member.explained("es")  # the average at 60 is projected at 3% a year: its steps are in the answer
    assert explained is not None and all(step in answer.steps for step in explained.steps)
    again = estimate(member.scenario, "es", average_steps=explained.steps,
                     average_assumptions=explained.assumptions, situation=member.situation)
    assert answer.monthly_pension == again.monthly_pension and answer.earliest == again.earliest
    assert member.answer("es") is answer and member.answer_at(Fraction(60), "es") is answer  # worked out once
    assert member.answer("en") is not answer and member.answer("en").monthly_pension == answer.monthly_pension
    at_62 = member.answer_at(Fraction(62), "es")
    assert at_62.monthly_pension == estimate(scenario_at(situation, Fraction(62)), find_earliest=False).monthly_pension
    assert member.key_dates() is member.key_dates()
    assert member.first_date(Fraction(55)) == min(d.when for d in member.key_dates() if d.kind == "paid")


def test_the_members_grid_and_payment_runs_are_the_projections():
    member = _member(date(1971, 4, 30), **LEY447)
    ages = [Fraction(58), Fraction(60), Fraction(62)]
    assert (member.grid(ages).monthly == grid(member.situation, ages).monthly).all()
    runs = member.payment_runs(Fraction(60), Fraction(85), "es")
    assert runs == payment_runs(member.answer("es"), Fraction(60), Fraction(85))
    assert sum(run.months for run in runs) == 25 * 12


def test_a_member_of_a_scenario_starts_at_its_age():
    scenario = read_scenario({**LEY447, "age": 58})
    member = Member.of_scenario(scenario, today=TODAY)
    assert member.planned_age == 58 and member.scenario == scenario_at(Situation(scenario), Fraction(58))
    assert member.key_dates()[0].when is None  # no birth date: ages, no dates


# --- the service at a start age, counted from today on any day (RULES.md §0) --------------------------------

def _later(start: date, months: int) -> date:
    """`months` whole months after `start`, written here apart from estimator/dates.py: the same day of the
    month, or the first of the month after when that month has no such day."""
    year, month = start.year + (start.month - 1 + months) // 12, (start.month - 1 + months) % 12 + 1
    try:
        return date(year, month, start.day)
    except ValueError:
        return date(year + month // 12, month % 12 + 1, 1)


def _whole_months(start: date, end: date) -> int:
    """Months completed from `start` to `end`, by stepping a month at a time."""
    months = 0
    while _later(start, months + 1) <= end:
        months += 1
    return months


@settings(max_examples=examples(200), deadline=None)
@given(birth=st.dates(date(1956, 1, 1), date(1980, 12, 31)), today=st.dates(date(2026, 12, 1), date(2028, 3, 31)),
       service_months=st.integers(10 * 12, 30 * 12), ahead=st.integers(1, 8 * 12))
def test_the_service_at_a_start_age_is_counted_from_today_on_any_day(birth, today, service_months, ahead):
    """Working on until the pension starts at an age, the service is today's plus the whole months from today to
    the day that age is reached, never from the last monthly birthday."""
    age_months = _whole_months(birth, today)
    member = Member(Situation(read_scenario({"plan": "ley447", "age": Fraction(age_months, 12),
                                             "service_years": Fraction(service_months, 12),
                                             "average_salary": 40000})),
                    Fraction(age_months + ahead, 12), birth, today)
    start = _later(birth, age_months + ahead)  # the day the start age is reached
    assert member.scenario.service_years == Fraction(service_months + _whole_months(today, start), 12)
    cells = member.grid([member.planned_age])  # the grid counts the same service as the answer
    answer = estimate(member.scenario)
    assert cells.rule_at(0, 0) == answer.rule and cells.monthly[0, 0] == float(answer.monthly_pension)


# A comparison keeps each scenario as the contract's inputs, which have no salary history and no growth; what
# the average rests on travels with it (estimator.compare.Compared).
COMPARED_CASES = [
    pytest.param({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 30000}, {}, id="an average"),
    pytest.param({"plan": "ley447", "age": 50, "service_years": 26, "average_salary": 40000,
                  "assumptions": {"merit_pct_55_plus": 0.8}}, {}, id="merit, a figure entered"),
    pytest.param({"plan": "teachers", "age": 45, "service_years": 22, "average_monthly_salary": 2500}, {},
                 id="a teacher"),
    pytest.param({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 30000},
                 {"salary_history": (Fraction(28000), Fraction(29000), Fraction(30000), Fraction(31000),
                                     Fraction(30000))}, id="a salary history"),
]


@pytest.mark.parametrize("data, history", COMPARED_CASES)
@pytest.mark.parametrize("growth", [Fraction(0), Fraction(3, 100)], ids=["growth 0%", "growth 3%"])
def test_a_compared_scenario_lists_the_assumptions_the_estimate_page_lists(data, history, growth):
    """RULES.md §0: a scenario added to the comparison (at any age, with added service or not) marks the same
    assumptions, with the same figures and whose they are, as the answer the estimate page gives for it — the
    salary growth included when a projected salary entered its average, though the contract's inputs carry
    only the average — and keeps them through the session's copy."""
    from estimator.member.compare import Compared

    member = Member(Situation(read_scenario(data), salary_growth=growth, **history), Fraction(data["age"]))
    seen_growth = False
    for months in (0, 5, 12 * 5, 12 * 12 + 7):
        age = member.situation.today.age + Fraction(months, 12)
        expected = member.answer_at(age).assumptions_used
        for extra in (Fraction(0), Fraction(3)):
            kept = Compared.of_entry(member.compared_at(age, extra).entry())
            assert kept.scenario.contract_dict() == member.at(age, extra).contract_dict()
            answer = kept.answer("es")
            if extra == 0:
                assert answer.assumptions_used == expected, age
            else:  # added service changes the rule, never the average: its growth is marked alike
                assert (("salary_growth" in {a.name for a in answer.assumptions_used})
                        == ("salary_growth" in {a.name for a in expected})), age
        seen_growth |= any(a.name == "salary_growth" for a in expected)
    # the growth enters once a year still to work is projected: always with a history, else only above 0%
    assert seen_growth == bool(history or growth)
