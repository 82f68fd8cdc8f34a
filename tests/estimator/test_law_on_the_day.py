"""The law read on the day it applies: an estimate reads each value in force on the day its pension starts,
a future start the law of that day (each value's `from` in the law files); the grid reads each age by its own
day, and the report says which day's law it used.

No value of today's law files takes effect after today, so these tests give the law one for a while: a later
law (invented here) that raises Chapter 2's minimum to $600 from 1 January 2040."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from estimator import estimate, read_scenario
from estimator.law import parameters
from estimator.arithmetic.dates import age_on
from estimator.member.member import Member
from estimator.calculation.scenario import ScenarioError
from estimator.law.law_file import DatedValue
from estimator.io.report import build_report
from estimator.words.catalog import date_words
from tests.estimator.report.test_report import pdf_text

RAISED_FROM = date(2040, 1, 1)
CACHES = ("_law_on", "_defaults_on", "_shared_params", "law_key")


def _clear() -> None:
    for name in CACHES:
        getattr(parameters, name).cache_clear()


@pytest.fixture
def minimum_raised_in_2040(monkeypatch):
    real = parameters.law

    def law(plan: str):
        entries = dict(real(plan))
        if "minimum_monthly_pension" in entries:
            entry = entries["minimum_monthly_pension"]
            later = DatedValue.model_validate({"from": RAISED_FROM, "value": Decimal(600), "cite": "001 (a)"})
            entries["minimum_monthly_pension"] = entry.model_copy(update={"values": entry.values + (later,)})
        return entries

    _clear()
    monkeypatch.setattr(parameters, "law", law)
    yield
    monkeypatch.undo()
    _clear()  # nothing of the invented law stays cached for the other tests


# Ley 1-1990 (a) at 65 with 10 years: 1.5% × $20,000.00 × 10 = $3,000.00 a year, $250.00 a month: the minimum.
LINE = {"plan": "ley1", "age": 65, "service_years": 10, "average_salary": 20000}


@pytest.mark.parametrize("start, minimum", [
    (None, "500.00"),                                  # no day: today's law
    (date(2039, 1, 1), "500.00"),
    (date(2039, 12, 31), "500.00"),                    # the day before the later value takes effect
    (RAISED_FROM, "600.00"),                           # the day it does
])
def test_an_estimate_reads_the_law_in_force_on_the_day_its_pension_starts(minimum_raised_in_2040, start, minimum):
    answer = estimate(read_scenario({**LINE, "start_date": start and start.isoformat()}))
    assert answer.monthly_pension == Decimal(minimum) and answer.minimum_applied
    assert answer.law_on == (start or date.today())
    assert f"max($250.00; ${minimum})" in [step.formula for step in answer.steps]


class _Midnight(date):
    """A clock read as 31 December 2039 ends: the first reading is that day, every later one the next."""

    readings = 0

    @classmethod
    def today(cls) -> date:
        _Midnight.readings += 1
        return date(2039, 12, 31) if _Midnight.readings == 1 else RAISED_FROM


def test_an_answer_begun_at_midnight_reads_one_days_law_throughout(minimum_raised_in_2040, monkeypatch):
    """The clock is read once an answer: the law it computes with and the day it says it read are the same day,
    however the clock moves meanwhile (the amount by the $500 minimum of 31 December, said to be that day's)."""
    from estimator.calculation import freeze, law_day
    from estimator.explanation import engine, reasons

    scenario = read_scenario(LINE)
    _Midnight.readings = 0
    for module in (engine, law_day, reasons, freeze):
        monkeypatch.setattr(module, "date", _Midnight)
    monkeypatch.setattr(parameters, "Date", _Midnight)
    answer = estimate(scenario)
    assert answer.law_on == date(2039, 12, 31)
    assert answer.monthly_pension == Decimal("500.00") and "max($250.00; $500.00)" in [s.formula for s in answer.steps]


def test_the_grid_reads_each_age_by_the_law_of_its_own_day(minimum_raised_in_2040):
    """Born 1 September 1974, a pension at 65 starts on 1 September 2039 (a $500 minimum) and at 65 years
    6 months on 1 March 2040 ($600): the grid's rows follow, each equal to its one-scenario answer."""
    birth, today = date(1974, 9, 1), date.today()
    member = Member.of_scenario(read_scenario({"plan": "ley1", "age": age_on(birth, today), "service_years": 10,
                                               "average_salary": 10000}), birth_date=birth, today=today)
    ages = [Fraction(65), Fraction(131, 2)]
    result = member.grid(ages)
    assert list(result.monthly[:, 0]) == [500.0, 600.0]
    assert list(result.minimum_applied[:, 0]) == [True, True]
    for row, age in enumerate(ages):
        answer = member.answer_at(age)
        assert float(answer.monthly_pension) == result.monthly[row, 0]
        assert answer.law_on == max(date(2039, 9, 1) if age == 65 else date(2040, 3, 1), today)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_report_says_which_days_law_it_read(lang):
    start = date(2040, 3, 1)
    pdf = build_report(read_scenario({**LINE, "start_date": start.isoformat()}), lang)
    assert date_words(start, lang) in pdf_text(pdf)


def test_a_start_date_in_the_past_is_refused_with_what_is_accepted():
    with pytest.raises(ScenarioError) as error:
        read_scenario({**LINE, "start_date": "2001-01-01"}, "en")
    assert error.value.field == "start_date"
    assert "today" in error.value.message and date.today().isoformat() in error.value.message
