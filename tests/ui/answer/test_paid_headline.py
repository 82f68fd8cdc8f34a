"""The amount shown is the amount paid (RULES.md §0): a Plan Coordinado member (Ley 447) whose pension starts at
67 is paid the coordinated amount from the first month; the answer, the explorer, the comparison, the lifetime
table, the charts and both reports show that same amount, with the pension under the rule only as the
reference beside it."""

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from estimator import estimate
from estimator.member.same_ages import difference_by_age, payments_compared
from estimator.member.lifetime import payment_runs
from estimator.arithmetic.display import money
from estimator.io.report import build_comparison_report, build_report
from tests.amounts import amounts
from tests.ui.answer.test_app import typed
from tests.estimator.report.test_report import pdf_text
from ui.answer.explorer_data import cell, explorer_data
from ui.form.fields import form_values
from ui.form.member import build_member
from ui.form.example import example

@pytest.fixture(scope="module")
def member():
    today = date.today()  # the day the tests run, as the app's (not the day the module was imported)
    values = form_values(example(today))  # Ley 447, Plan Coordinado, 27 years today, $36,000 a year
    member, errors = build_member(replace(values, retire_years=67, retire_months=0), today, "es")
    assert not errors
    return member


@pytest.fixture(scope="module")
def answer(member):
    answer = member.answer("es")
    # coordination changes the amount from the start: the paid amount is not the pension under the rule
    assert answer.coordination is not None and answer.monthly_paid_at_start == answer.coordination.monthly_pension_from_65
    assert answer.monthly_paid_at_start < answer.monthly_pension
    return answer


def test_the_answer_page_shows_the_paid_amount(app, answer):
    typed(app, "retire_years", "67")
    assert not app.exception
    assert amounts(app)[0].value == money(answer.monthly_paid_at_start)
    assert money(answer.monthly_pension) in " ".join(c.value.replace("\\$", "$") for c in app.caption)  # reference


def test_the_explorer_cell_is_the_paid_amount(member, answer):
    data = explorer_data(member.situation, member.planned_age, "es")
    at = cell(data, 67 * 12, 0)
    assert at["monthly"] == money(answer.monthly_paid_at_start)
    assert at["reference"] == money(answer.monthly_pension)


def test_the_comparison_compares_what_is_paid_at_the_same_ages(member, answer):
    # the same member starting at 60 is paid the merit pension itself until 65, then the coordinated amount; at 67,
    # the coordinated amount from the first month. RULES.md §0: compared at the same ages, never the first months'
    # difference alone: from 60 to 67 only the first is paid (the pension, then from 65 the coordinated amount), and
    # from 67 both pay the coordinated amount (the same service and average: the same amount)
    at_60 = member.scenario.model_copy(update={"age": Fraction(60), "separation_age": Fraction(60)})
    base = estimate(at_60)
    assert base.monthly_pension == answer.monthly_pension and base.monthly_paid_at_start == base.monthly_pension
    said = difference_by_age(payments_compared(at_60, base), payments_compared(member.scenario, answer), "es")
    assert said == (f"De los 60 años a los 65 años (60 meses): solo cobra el escenario 1, {money(base.monthly_pension)} "
                    f"al mes; de los 65 años a los 67 años (24 meses): solo cobra el escenario 1, "
                    f"{money(base.coordination.monthly_pension_from_65)} al mes; desde los 67 años: la misma cantidad")
    text = pdf_text(build_comparison_report([at_60, member.scenario], "es"))
    assert money(answer.monthly_paid_at_start) in text
    assert money(base.monthly_paid_at_start - answer.monthly_paid_at_start) not in text  # no bare first-month change


def test_the_lifetime_runs_pay_the_paid_amount_from_the_start(answer):
    runs = payment_runs(answer, Fraction(67), Fraction(85))
    assert runs[0].pension == answer.monthly_paid_at_start and runs[0].months == 18 * 12


def test_the_charts_data_show_the_paid_amount(member, answer):
    from ui.answer import charts

    chart = charts.age_chart(member, "es")
    label = next(k for k in chart.rows[0] if k not in ("Edad",) and "mensual" in k.lower())
    at_67 = [row for row in chart.rows if row[next(iter(row))] == 67.0]
    assert at_67 and at_67[0][label] == float(answer.monthly_paid_at_start)
    heat = charts.heat_chart(member, "es")
    assert money(answer.monthly_paid_at_start) in heat.alt


def test_the_report_headline_is_the_paid_amount(member, answer):
    text = pdf_text(build_report(member.scenario, "es", member=member))
    headline = text.split("Resumen", 1)[1][:200]
    assert money(answer.monthly_paid_at_start) in headline and money(answer.monthly_pension) not in headline
