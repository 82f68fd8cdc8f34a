"""Every printed figure traceable, with the digits it has, and whole months read as whole months
(RULES.md §0, *Shown to people*; CONTRACT.md, *Steps* and years).

Over generated scenarios sent as a client sends them (years as float(k/12), amounts in cents): every
dollar figure in a formula is an input, a constant of the law or an earlier step's value as printed, with
two decimals; every amount the answer gives, and every dollar figure in its reasons, is a step's value; no
number carries more than 6 decimals; and the answer is the one for the exact months.
"""

import re
from decimal import Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator import estimate, read_scenario
from estimator.calculation.scenario import GROUPS
from estimator.arithmetic.display import money
from estimator.words.catalog import step_value, t
from estimator.calculation.plausibility import BOUNDS
from tests.formula import evaluate
from tests.conftest import examples

SETTINGS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
cents = lambda high: st.decimals(min_value="0.01", max_value=high, places=2)  # noqa: E731
DOLLARS = re.compile(r"\$\d{1,3}(?:,\d{3})*(?:\.\d+)?")
NUMBER = re.compile(r"\d[\d,]*(?:\.(\d+))?")
# The law's own dollar figures: the coordination's $6,600 (004 ¶B) and the $500 minimum (001 (a)); and
# nothing, the part of an average below $6,600 that is in excess of it.
CONSTANTS = {"$6,600.00", "$500.00", "$0.00"}
# The plausibility bounds (RULES.md §0), which a likely slip's reason names; no formula uses them.
SLIP_BOUNDS = {money(bound) for bound in BOUNDS.values()}


@st.composite
def client_lines(draw):
    """A contract input line with years in whole months, as exact twelfths and as a client's floats."""
    plan = draw(st.sampled_from(["teachers", "ley447", "ley1"]))
    age = draw(st.integers(40 * 12, 80 * 12))
    separation = draw(st.integers(30 * 12, age)) if draw(st.booleans()) else age
    service = draw(st.integers(0, separation - 14 * 12))
    exact = {"plan": plan, "age": Fraction(age, 12), "separation_age": Fraction(separation, 12),
             "service_years": Fraction(service, 12)}
    if plan == "teachers":
        exact["average_monthly_salary"] = draw(cents(12000))
    else:
        exact["average_salary"] = draw(cents(150000))
        exact["group"] = draw(st.sampled_from(GROUPS))
        exact["coordinated"] = draw(st.booleans())
        if draw(st.booleans()):
            exact["social_security_monthly"] = draw(cents(4000))
        if draw(st.booleans()):
            exact["assumptions"] = {"early_reduction_per_year": draw(st.decimals("0.01", "0.1", places=3))}
    sent = {k: float(v) if isinstance(v, Fraction) else v for k, v in exact.items()}
    return exact, sent


def inputs_printed(line: dict) -> set[str]:
    amounts = [line.get(k) for k in ("average_salary", "average_monthly_salary", "social_security_monthly")]
    return {money(a) for a in amounts if a is not None} | {f"${Decimal(a):,}" for a in amounts if a is not None}


@SETTINGS
@given(client_lines(), st.sampled_from(["es", "en"]))
def test_every_dollar_figure_is_an_input_a_constant_or_an_earlier_steps_value(lines, lang):
    exact, _ = lines
    answer = estimate(read_scenario(exact), lang)
    allowed = CONSTANTS | inputs_printed(exact)
    for step in answer.steps:
        for figure in DOLLARS.findall(step.formula):
            assert figure in allowed, (figure, step.formula, sorted(allowed))
            assert len(figure.partition(".")[2]) == 2, (figure, step.formula)
        allowed.add(step_value(step.label, step.value, lang))


@SETTINGS
@given(client_lines(), st.sampled_from(["es", "en"]))
def test_every_amount_the_answer_gives_is_a_steps_value(lines, lang):
    """The monthly and annual pension, what is paid from 65, the contribution and every dollar figure of a
    reason were each printed by a step (a reason's "Sin reducción sería $X al mes" included)."""
    exact, _ = lines
    answer = estimate(read_scenario(exact), lang)
    printed = {money(step.value) for step in answer.steps} | CONSTANTS | inputs_printed(exact)
    said = printed | (SLIP_BOUNDS if answer.likely_slip is not None else set())
    if answer.eligible:
        assert {money(answer.monthly_pension), money(answer.annual_pension)} <= printed
    if answer.coordination is not None:
        assert money(answer.coordination.monthly_pension_from_65) in printed
        assert any("Plan Coordinado" in reason for reason in answer.reasons), answer.reasons
    for reason in answer.reasons:
        for figure in DOLLARS.findall(reason):
            assert figure in said, (figure, reason)


@SETTINGS
@given(client_lines(), st.sampled_from(["es", "en"]))
def test_no_number_is_printed_with_more_than_six_decimals(lines, lang):
    _, sent = lines
    answer = estimate(read_scenario(sent), lang)
    for step in answer.steps:
        for decimals in NUMBER.findall(step.formula):
            assert len(decimals) <= 6, step.formula
        assert len(step_value(step.label, step.value, lang).partition(".")[2]) <= 6, step
    for reason in answer.reasons:
        for decimals in NUMBER.findall(reason):
            assert len(decimals) <= 6, reason


@SETTINGS
@given(client_lines())
def test_years_sent_as_floats_of_twelfths_give_the_exact_months_answer(lines):
    exact, sent = lines
    by_months, by_floats = estimate(read_scenario(exact)), estimate(read_scenario(sent))
    assert by_floats.contract_dict() == by_months.contract_dict()
    for step in by_floats.steps:  # each formula still gives its value, to the cent
        if any(ch.isdigit() for ch in step.formula):
            assert abs(evaluate(step.formula) - Fraction(str(step.value))) <= Fraction(1, 200) or "factor" in step.label.lower()


def test_a_year_and_one_month_is_printed_as_what_it_is():
    # 25.083333333333332 (25 years 1 month, as a client sends it): 1.5% × $36,000.00 × (25 + 1 ÷ 12) = $13,545.00
    # (÷ 12 = $1,128.75 without the reduction); × 0.58 = $7,856.10; ÷ 12 = $654.675 → $654.68 (the decimal as
    # typed gave $654.67).
    answer = estimate(read_scenario({"plan": "ley1", "age": 58, "service_years": 25.083333333333332,
                                     "average_salary": 36000}))
    assert [s.formula for s in answer.steps[1:]] == ["1.5% × $36,000.00 × (25 + 1 ÷ 12)", "$13,545.00 ÷ 12",
                                                   "1 − 6% × (65 − 58)", "$13,545.00 × 0.58", "$7,856.10 ÷ 12"]
    assert answer.monthly_pension == Decimal("654.68")


def test_52_years_7_months_of_service_is_not_refused_as_more():
    # separation at 66 years 7 months allows 52 years 7 months of service: sent as floats, still allowed.
    line = {"plan": "ley1", "age": 66.58333333333333, "service_years": 52.583333333333336, "average_salary": 30000}
    assert read_scenario(line).service_years == Fraction(631, 12)


def test_a_later_step_uses_the_minimum_it_printed_in_the_unit_it_needs():
    # F = 1.5% × $3,000.00 × 12 = $540.00 → $45.00 → max($45.00; $500.00) = $500.00; 12 × $500.00 = $6,000.00,
    # the figure the coordination's guarantee then uses: min($6,000.00; $360.00).
    answer = estimate(read_scenario({"plan": "ley447", "age": 66, "service_years": 12, "average_salary": 3000,
                                     "coordinated": True}))
    formulas = [s.formula for s in answer.steps]
    assert formulas.index("12 × $500.00") < formulas.index("min($6,000.00; $360.00)")


def test_no_dollar_figure_in_a_formula_has_more_than_two_decimals():
    """An amount the rule book does not round yet is printed to the cent, its label says so, and the next
    formula uses that figure when it gives the same cent, else the amount's own formula (RULES.md §0: an amount
    is rounded once, at the end; CONTRACT.md, *Steps*)."""
    # 1.5% × $36,000.37 × 25.5 = $13,770.141525, shown as $13,770.14; × 0.58: $7,986.6812 from the figure
    # shown and $7,986.682084… from the exact one, both $7,986.68: the next formula uses the figure shown.
    answer = estimate(read_scenario({"plan": "ley1", "age": 58, "service_years": 25.5, "average_salary": 36000.37}))
    base, _, _, reduced = answer.steps[1:5]
    assert base.value == 13770.14 and t("step.shown_to_cent") in base.label
    assert reduced.formula == "$13,770.14 × 0.58" and reduced.value == 7986.68
    # 1.5% × $36,000.02 × 25.5 = $13,770.00765, shown as $13,770.01; × 0.58: $7,986.6058 → $7,986.61 from the
    # figure shown, but $7,986.604437 → $7,986.60 from the exact one: the formula is carried instead.
    answer = estimate(read_scenario({"plan": "ley1", "age": 58, "service_years": 25.5, "average_salary": 36000.02}))
    reduced, monthly = answer.steps[4:6]
    assert reduced.formula == "(1.5% × $36,000.02 × 25.5) × 0.58" and reduced.value == 7986.60
    assert monthly.formula == "$7,986.60 ÷ 12" and answer.monthly_pension == Decimal("665.55")
