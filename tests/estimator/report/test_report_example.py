"""An amount partly built on the example member's inputs says so, in the steps and in the report: the app passes
which inputs are still the example's (`Member.example_inputs`), and neither says "as entered" of them."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from estimator import read_scenario
from estimator.explanation.engine import EXAMPLE_INPUTS, example_inputs_named
from estimator.member.member import Member
from estimator.io.report import build_report
from estimator.words.catalog import LANGUAGES, t
from tests.estimator.report.test_report import pdf_text

TEACHER = {"plan": "teachers", "age": 58, "service_years": 28, "average_monthly_salary": 2500}


def member(*example: str) -> Member:
    teacher = Member.of_scenario(read_scenario(TEACHER), today=date(2026, 11, 29))
    return replace(teacher, example_inputs=frozenset(example))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_average_still_the_examples_is_said_so_in_its_step(lang):
    entered = member().answer(lang).steps[0].formula
    example = member("average_salary", "birth_date").answer(lang).steps[0].formula
    assert entered == t("step.given", lang)
    assert example == t("step.example", lang) != entered


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_report_names_the_inputs_still_the_examples(lang):
    named = example_inputs_named({"average_salary", "birth_date"}, lang)
    text = pdf_text(build_report(None, lang, member=member("average_salary", "birth_date"),
                                 generated_on=date(2026, 11, 29)))
    said = " ".join(t("report.example_inputs", lang, fields=named).split())
    assert said in text
    assert t("example_input.birth_date", lang) in named and t("example_input.average_salary", lang) in named
    plain = pdf_text(build_report(None, lang, member=member(), generated_on=date(2026, 11, 29)))
    assert said not in plain and said.split(":")[0] not in plain


def test_every_example_input_is_named_in_both_languages():
    for lang in LANGUAGES:
        assert all(t(f"example_input.{name}", lang) for name in EXAMPLE_INPUTS)
