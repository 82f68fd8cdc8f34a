"""The command line's bad input (CONTRACT.md: "the message says in plain words what is wrong and what is
accepted"), in both languages: the field at fault is named, what it accepts is said, English text quotes as
English does, and an example given in a message is a value the field accepts."""

from __future__ import annotations

import json
import re
from datetime import date

import pytest

from estimator.io.cli.estimate import answer_line

GOOD = {"plan": "ley1", "age": 60, "service_years": 20, "average_salary": 30000}


def error_of(line: str | dict, lang: str) -> dict:
    answer, ok = answer_line(line if isinstance(line, str) else json.dumps(line), lang)
    assert not ok and "error" in answer, answer
    return answer["error"]


@pytest.mark.parametrize("lang, accepted", [("es", "se acepta una edad de 14 años o más"),
                                            ("en", "an age of 14 years or more is accepted")])
@pytest.mark.parametrize("age", [0, 10, 13.9])
def test_an_age_below_working_age_is_the_ages_fault(age, lang, accepted):
    error = error_of({**GOOD, "age": age, "service_years": 0}, lang)
    assert error["field"] == "age"
    assert accepted in error["message"]
    assert "-" not in error["message"], "no negative limit"


@pytest.mark.parametrize("lang, accepted", [("es", "edad de separación de 14 años o más"),
                                            ("en", "separation age of 14 years or more is accepted")])
def test_a_separation_age_below_working_age_is_that_fields_fault(lang, accepted):
    error = error_of({**GOOD, "separation_age": 10, "service_years": 0}, lang)
    assert error["field"] == "separation_age" and accepted in error["message"]


def test_service_too_long_for_a_real_age_still_names_the_service():
    error = error_of({**GOOD, "age": 30, "service_years": 20}, "en")
    assert error["field"] == "service_years" and "at most 16 years is accepted" in error["message"]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("plan", ['"\\ud800"', '"ley9"', "7"])
def test_a_plan_that_is_not_one_says_which_are_accepted(plan, lang):
    line = json.dumps({**GOOD, "plan": "PLAN"}).replace('"PLAN"', plan)
    error = error_of(line, lang)
    assert error["field"] == "plan"
    assert all(f'"{p}"' in error["message"] for p in ("teachers", "ley447", "ley1")), error["message"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_start_dates_format_example_is_a_day_it_accepts(lang):
    error = error_of({**GOOD, "start_date": "01/02/2030"}, lang)
    assert error["field"] == "start_date"
    example = re.search(r'"(\d{4}-\d{2}-\d{2})"', error["message"]).group(1)
    assert date.fromisoformat(example) >= date.today()
    answer, ok = answer_line(json.dumps({**GOOD, "start_date": example}), lang)
    assert ok, answer


def test_english_quotes_a_repeated_name_as_english_does():
    error = error_of('{"plan":"ley1","age":60,"age":61,"service_years":20,"average_salary":30000}', "en")
    assert '"age"' in error["message"] and "«" not in error["message"]


@pytest.mark.parametrize("lang, words", [("es", "se acepta una fecha hasta hoy"), ("en", "a date up to today")])
def test_a_future_entry_date_is_refused_with_what_is_accepted(lang, words):
    error = error_of({**GOOD, "plan": "ley1", "entry_date": f"{date.today().year + 4}-01-01"}, lang)
    assert error["field"] == "entry_date" and words in error["message"]
    assert date.today().isoformat() in error["message"]
    answer, ok = answer_line(json.dumps({**GOOD, "entry_date": date.today().isoformat()}), lang)
    assert ok, answer  # today is accepted (a ley1 member from 1990 on; out of scope, answered as such)
