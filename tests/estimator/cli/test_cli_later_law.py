"""RULES.md §8 on the command line: an answer whose separation — the start date (`start_date` or today) less the
years between `separation_age` and `age` — falls after a freeze date says which later law froze those accruals
(`later_law`, CONTRACT.md), in the answer's language; on or before that date, or with no amount, it says nothing."""

import json

import pytest

from tests.estimator.cli.test_cli import run

GOVERNMENT = {"plan": "ley447", "service_years": 25, "average_salary": 40000}


def answer(fields: dict, lang: str = "es") -> dict:
    proc, [one] = run([json.dumps(fields)], "--lang", lang)
    assert proc.returncode == 0, one
    return one


@pytest.mark.parametrize("lang, words", [("es", "Una ley posterior los congeló (Ley 3-2013: congeló la acumulación "
                                                 "de los empleados del gobierno al 30 de junio de 2013)"),
                                         ("en", "A later law froze them (Ley 3-2013: froze the government "
                                                 "employees' accruals at 30 June 2013)")])
def test_a_member_in_service_today_is_told_of_the_freeze(lang, words):
    one = answer(GOVERNMENT | {"age": 60}, lang)
    assert one["eligible"] is True
    assert list(one)[-2:] == ["likely_slip", "later_law"]  # the contract's order
    assert one["later_law"]["law"] == "Ley 3-2013" and one["later_law"]["date"] == "2013-06-30"
    assert words in one["later_law"]["message"]


# Starting on 30 June 2040 at 70, having left at 43: separated 27 years earlier, on the freeze day itself.
@pytest.mark.parametrize("start, said", [("2040-06-30", False), ("2040-07-01", True)])
def test_the_separation_day_decides(start, said):
    one = answer(GOVERNMENT | {"age": 70, "separation_age": 43, "start_date": start})
    assert one["eligible"] is True
    assert (one["later_law"] is not None) is said


def test_a_member_who_left_long_before_the_freeze_is_not_told():
    one = answer(GOVERNMENT | {"age": 60, "separation_age": 45})  # left 15 years ago: about 2011
    assert one["eligible"] is True and one["later_law"] is None


def test_a_teacher_reads_the_plan_of_adjustment():
    one = answer({"plan": "teachers", "age": 55, "service_years": 30, "average_monthly_salary": 3000}, "en")
    assert one["later_law"]["law"] == "Plan de Ajuste (Título III de PROMESA)"
    assert one["later_law"]["date"] == "2022-03-15"
    assert "15 March 2022" in one["later_law"]["message"]


@pytest.mark.parametrize("fields", [
    GOVERNMENT | {"age": 40, "service_years": 10},                        # no rule gives a pension at 40
    GOVERNMENT | {"age": 60, "refunded": True},                           # refunded: no pension
    GOVERNMENT | {"plan": "ley1", "age": 60, "entry_date": "2003-05-01"},  # not covered: no amount at all
])
def test_no_amount_no_notice(fields):
    one = answer(fields)
    assert one["eligible"] is False and one["later_law"] is None
