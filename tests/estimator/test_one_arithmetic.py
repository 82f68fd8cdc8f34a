"""One date arithmetic in every view (RULES.md §0, "Ages and dates: one arithmetic" and "The amount shown is the
amount paid"): the form's start age, the explorer's ages, the earliest eligibility and the key dates name the same
age by the same day, with the same service and the same amount; a key date headlines what is paid from then."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from estimator import build_report, estimate, read_scenario
from estimator.arithmetic.dates import add_months, age_on, date_at
from estimator.calculation.choice import evaluations_at, most_favourable
from estimator.calculation.situation import Situation, first_age_with_service, scenario_at, start_day
from estimator.member.member import Member
from estimator.member.timeline import first_day, key_date_lines, key_dates
from tests.conftest import examples
from tests.estimator.report.test_report import pdf_text
from ui.answer.explorer_data import cell, explorer_data

TODAY = date(2026, 12, 5)
BIRTH = date(1974, 11, 10)  # 52 years today; 53 on 10 November 2027, 53 and 1 month on 10 December 2027
POLICE = {"plan": "ley1", "group": "police", "service_years": 29, "average_salary": 38000,
          "entry_date": "1997-12-01"}
TEACHER = {"plan": "teachers", "service_years": 29, "average_monthly_salary": 3150, "entry_date": "1997-08-01"}
AT_53, AT_53_1 = Fraction(53), Fraction(53 * 12 + 1, 12)


def _member(data: dict, planned: Fraction) -> Member:
    return Member(Situation(read_scenario({"age": age_on(BIRTH, TODAY), **data})), planned, BIRTH, TODAY)


def _explorer(member: Member, age: Fraction) -> dict:
    return cell(explorer_data(member.situation, member.planned_age, "es"), int(age * 12), 0)


def test_the_police_officers_start_age_and_key_date_name_the_same_day_and_amount():
    # 29 years today (5 December 2026): 30 years on 5 December 2027, between the monthly birthdays of 10 November
    # (53 years, 29 years 11 months of service: no pension) and 10 December (53 years 1 month: inciso (b), 65% of
    # 38,000 ÷ 12 = 2,058.33).
    member = _member(POLICE, AT_53)
    answer = member.answer("es")
    assert not answer.eligible and answer.earliest.rule == "ley1.b65"
    assert Fraction(answer.earliest.age).limit_denominator(12) == AT_53_1
    assert member.first_date(AT_53_1) == date(2027, 12, 10) == start_day(member.situation, AT_53_1)
    first = member.key_dates()[0]
    assert (first.kind, first.rule, first.age, first.when, first.service_years, first.monthly_pension) == (
        "paid", "ley1.b65", AT_53_1, date(2027, 12, 10), 30, Decimal("2058.33"))
    assert member.answer_at(AT_53_1).monthly_paid_at_start == first.monthly_pension
    # the sentence may add the day the condition is met: 30 years on 5 December 2027, between the two
    assert member.service_met_on(AT_53_1, "ley1.b65") == (30, date(2027, 12, 5))
    assert member.service_met_on(Fraction(55), "ley1.b75") is None  # met on a monthly birthday: nothing to add
    assert _explorer(member, AT_53)["rule"] is None  # the explorer at 53: no pension, as the form says
    assert _explorer(member, AT_53_1)["monthly"] == "$2,058.33"


def test_the_report_adds_the_day_the_service_is_completed_as_the_page_does():
    # the police officer above: no pension at 53; from 53 years 1 month (10 December 2027), 30 years completed on
    # 5 December 2027, between the two monthly birthdays
    member = _member(POLICE, AT_53)
    for lang, said in (("es", "Cumple 30 años de servicio el 5 de diciembre de 2027; la pensión empieza el día en "
                               "que cumple los 53 años y 1 mes."),
                       ("en", "The member completes 30 years of service on December 5, 2027; the pension starts on "
                              "the day they turn 53 years 1 month.")):
        text = pdf_text(build_report(member.scenario, lang, member=member, generated_on=TODAY))
        assert said in text


def test_the_teachers_explorer_answer_and_key_dates_agree_at_53():
    # At 53 (10 November 2027) 29 years 11 months: inciso 3, 1.8% × 3,150 × 29 11/12 = 1,696.28; the 30 years of
    # inciso 1 (75% × 3,150 = 2,362.50) start on 10 December 2027, at 53 years and 1 month.
    member = _member(TEACHER, AT_53)
    answer = member.answer("es")
    assert (answer.rule, answer.monthly_pension) == ("teachers.A3", Decimal("1696.28"))
    assert _explorer(member, AT_53)["monthly"] == "$1,696.28"
    ones = [d for d in member.key_dates() if d.rule == "teachers.A1"]
    assert [(d.kind, d.age, d.when, d.monthly_pension) for d in ones] == [
        ("paid", AT_53_1, date(2027, 12, 10), Decimal("2362.50"))]
    assert member.answer_at(AT_53_1).monthly_pension == Decimal("2362.50")
    assert _explorer(member, AT_53_1)["monthly"] == "$2,362.50"
    assert all(d.age != AT_53 for d in member.key_dates())  # no key date says "at 53" with another amount


def test_a_key_date_headlines_what_is_paid_and_a_rule_that_pays_less_only_as_such():
    # At 65 (10 November 2039, 41 years 11 months) inciso (a) is first met: 1.5% × 38,000 × 41 11/12 ÷ 12 =
    # 1,991.04; inciso (b) at 75% pays 2,375.00 there, as the form's answer at 65 does.
    member = _member(POLICE, Fraction(65))
    at_65 = [d for d in member.key_dates() if d.age == 65]
    assert [(d.kind, d.rule, d.monthly_pension, d.pays_less) for d in at_65] == [
        ("paid", "ley1.b75", Decimal("2375.00"), False), ("rule", "ley1.a", Decimal("1991.04"), True)]
    assert member.answer("es").monthly_paid_at_start == Decimal("2375.00")
    for lang, paid, less in (("es", "— $2,375.00 al mes; también cumpliría con", "$1,991.04 al mes, que paga menos"),
                             ("en", "— $2,375.00 a month; you would also qualify under", "$1,991.04 a month, which pays less")):
        line = next(line for line in key_date_lines(member.key_dates(), lang, TODAY) if "2039" in line)
        assert paid in line and less in line and line.index("2,375.00") < line.index("1,991.04")


def test_a_reports_scenario_alone_says_its_earliest_age_and_key_date_on_one_day():
    # On the command line a report's scenario is the member at its start age, 65, with 9 years 11 months; born
    # 15 March 1966 it starts on 15 March 2031. Its service grows with age, as its answer counts it: 10 years at
    # 65 years 1 month, 15 April 2031 — the earliest age and the key date say that age and that day.
    scenario = read_scenario({"plan": "ley1", "age": 65, "service_years": Fraction(119, 12), "average_salary": 30000})
    birth = date(1966, 3, 15)
    earliest = estimate(scenario).earliest
    assert Fraction(earliest.age).limit_denominator(12) == Fraction(65 * 12 + 1, 12)
    dates = key_dates(Situation(scenario), birth, planned_age=scenario.age, today=TODAY)
    assert [(d.kind, d.age, d.when, d.service_years, d.monthly_pension) for d in dates] == [
        ("paid", Fraction(65 * 12 + 1, 12), date(2031, 4, 15), 10, Decimal("500.00"))]  # the minimum
    assert first_day(dates) == date(2031, 4, 15)


@settings(max_examples=examples(60), deadline=None)
@given(birth=st.dates(date(1961, 1, 1), date(1980, 12, 31)), today=st.dates(date(2026, 12, 1), date(2028, 3, 31)),
       plan=st.sampled_from(["ley447", "ley1", "teachers"]), group=st.sampled_from(["general", "police"]),
       service_months=st.integers(5 * 12, 30 * 12))
def test_the_search_and_the_key_dates_find_the_first_start_age_the_form_answers(birth, today, plan, group,
                                                                                 service_months):
    """The earliest eligibility and the first key date are the first start age (today's, then each monthly
    birthday) at which the form's scenario for that age has a pension; the service there is what the form counts."""
    data = {"plan": plan, "age": age_on(birth, today), "service_years": Fraction(service_months, 12)}
    data.update({"average_monthly_salary": 3000} if plan == "teachers" else {"average_salary": 40000, "group": group})
    situation = Situation(read_scenario(data), birth=birth, on=today)
    first = None
    for months in range(int(situation.today.age * 12), 70 * 12 + 1):  # the slow way: every start age
        later = scenario_at(situation, Fraction(months, 12))
        if most_favourable(evaluations_at(later)) is not None:
            first = later
            break
    member = Member(situation, situation.today.age, birth, today)
    earliest = member.answer("es").earliest
    dates = [d for d in member.key_dates() if d.kind == "paid" and d.age <= 70]
    if first is None:
        assert (earliest is None or earliest.age > 70) and not dates
        return
    if first.age > situation.today.age:
        assert Fraction(earliest.age).limit_denominator(12) == first.age
        assert Fraction(earliest.service_years).limit_denominator(12) == first.service_years
    assert (dates[0].age, dates[0].service_years) == (first.age, first.service_years)
    assert dates[0].when == max(today, date_at(birth, first.age))


@settings(max_examples=examples(200), deadline=None)
@given(birth=st.dates(date(1956, 1, 1), date(1980, 12, 31)), today=st.dates(date(2026, 12, 1), date(2028, 3, 31)),
       service_months=st.integers(0, 30 * 12), years=st.integers(1, 40))
def test_the_first_start_age_with_a_service_is_the_monthly_birthday_on_or_after_the_day_it_is_reached(
        birth, today, service_months, years):
    situation = Situation(read_scenario({"plan": "ley1", "age": age_on(birth, today),
                                         "service_years": Fraction(service_months, 12), "average_salary": 40000}),
                          birth=birth, on=today)
    age = first_age_with_service(situation, Fraction(years))
    reached = add_months(today, max(0, years * 12 - service_months))  # the day the service is reached
    assert scenario_at(situation, age).service_years >= years
    assert start_day(situation, age) >= reached
    if age > situation.today.age:  # a month earlier starts before it is reached
        earlier = age - Fraction(1, 12)
        assert scenario_at(situation, earlier).service_years < years and start_day(situation, earlier) < reached
