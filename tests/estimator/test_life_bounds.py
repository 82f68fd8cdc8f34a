"""Ages and service stay within a life: the command line refuses an age past the form's oldest (100), with a
message saying what is accepted, where it once answered ages up to 1e9 with amounts that had lost their cents."""

from __future__ import annotations

import json

import pytest

from estimator.io.cli import answer_line
from estimator.calculation.scenario import OLDEST_AGE
from ui.form.fields import FIELD

LINE = {"plan": "ley1", "service_years": 20, "average_salary": 30000}


@pytest.mark.parametrize("age", [1e9, 1000, 101, 100.5])
@pytest.mark.parametrize("lang, words", [("es", "se acepta una edad de hasta 100 años"),
                                         ("en", "an age up to 100 is accepted")])
def test_an_age_beyond_a_life_is_refused_saying_what_is_accepted(age, lang, words):
    answer, ok = answer_line(json.dumps(LINE | {"age": age}), lang)
    assert not ok and answer["error"]["field"] == "age"
    assert words in answer["error"]["message"]


def test_the_oldest_age_is_answered_and_is_the_forms():
    answer, ok = answer_line(json.dumps(LINE | {"age": 100, "separation_age": 70}), "es")
    assert ok and answer["monthly_pension"] == 750.0  # 1.5% × $30,000 × 20 = $9,000 a year ÷ 12
    assert FIELD["retire_years"].high == OLDEST_AGE == 100
