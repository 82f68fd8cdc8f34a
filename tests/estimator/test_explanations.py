"""Explanations a member can check with a calculator (CONTRACT.md, *Steps* and *Texts*).

Every step's formula, evaluated exactly as printed, gives its printed value: to the cent for
amounts, to 0.00005 for factors. Reasons, labels and citations use years and months, the law's
own citations and no seed codes. Each fault found by hand has a test named after it.
"""

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator import estimate, read_scenario
from estimator.arithmetic.display import money
from estimator.words.catalog import t
from tests.formula import evaluate
from tests.strategies import valid_scenarios
from tests.conftest import examples

FACTOR_LABELS = {t(key, lang) for key in ("step.factor_assumed", "step.factor_counselor") for lang in ("es", "en")}
MARKERS = {t("step.given", lang) for lang in ("es", "en")}
# Seed codes and file names must never reach a person: "000 ¶A.1", "002 Regla", "001 (c)", "RULES.md".
# A seed file's number ("000 ¶C"), never the digits of an amount ("$3,000.00")
SEED_CODE = re.compile(r"(?<![\d,.])00[0-4](?!\d|[,.]\d)|¶|RULES\.md|assumptions\.|\.toml")
# A decimal number of years: "12.58 años", "62.42 years", "edad de separación 45.33".
DECIMAL_YEARS = re.compile(r"\d+\.\d+\s*(años|years?)\b|\b(tiene|has|tendría|edad de separación|separation age|age|los|at)\s+\d+\.\d+(?![\d%])")


def check_steps(answer) -> None:
    for step in answer.steps:
        if step.formula in MARKERS:
            continue
        printed = evaluate(step.formula)
        tolerance = Fraction(5, 100000) if step.label in FACTOR_LABELS else Fraction(1, 200)
        assert abs(printed - Fraction(str(step.value))) <= tolerance, (step.label, step.formula, step.value)
        assert "<" not in step.formula and ">" not in step.formula


def check_texts(answer) -> None:
    for text in [*answer.reasons, *(s.label for s in answer.steps), *(s.cite for s in answer.steps)]:
        assert not SEED_CODE.search(text), text
        assert not DECIMAL_YEARS.search(text), text
    used = {a.name for a in answer.assumptions_used}
    assert {s.assumption for s in answer.steps if s.assumption} <= used


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_scenarios(), st.sampled_from(["es", "en"]))
def test_every_step_reproduces_from_what_is_printed(scenario, lang):
    answer = estimate(scenario, lang)
    check_steps(answer)
    check_texts(answer)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_scenarios(whole_months=True), st.sampled_from(["es", "en"]))
def test_every_step_reproduces_in_whole_months_as_the_app_gives_them(scenario, lang):
    answer = estimate(scenario, lang)
    check_steps(answer)
    check_texts(answer)
    for step in answer.steps:  # service of 25 years 1 month is "301 ÷ 12", never "25.08"
        assert not re.search(r"\d+\.\d*[1-9]\d* (?![%$])", step.formula.replace("$", "$ ")) or "$" in step.formula


def answer(lang="es", **fields):
    data = {"plan": "ley1", "age": 62, "service_years": 25, "average_salary": 40000} | fields
    return estimate(read_scenario(data), lang)


def steps_by_formula(a):
    return {s.formula: s for s in a.steps}


def test_years_within_a_millionth_of_a_whole_month_are_that_month():
    # 25.0833333333 lies within 0.000001 of 301/12: read as 25 years 1 month (CONTRACT.md), printed so:
    # 1.5% × $40,000.00 × (25 + 1 ÷ 12) = $15,050.00 exactly.
    a = answer(separation_age=55.0833333333, service_years=25.0833333333)
    rule_step = a.steps[1]
    assert rule_step.formula == "1.5% × $40,000.00 × (25 + 1 ÷ 12)" and rule_step.value == 15050.0
    check_steps(a)


def test_years_not_near_a_whole_month_stay_as_typed():
    # 25.08 is 25 years and 0.96 of a month: not a whole month, read as typed. 1.5% × 40,000 × 25.08 = 15,048.
    a = answer(separation_age=55.08, service_years=25.08)
    assert a.steps[1].formula == "1.5% × $40,000.00 × 25.08" and a.steps[1].value == 15048.0
    check_steps(a)


def test_whole_months_print_as_years_plus_twelfths():
    # 25 years 1 month = (25 + 1 ÷ 12); 1.5% × $40,000.00 × (25 + 1 ÷ 12) = $15,050.00.
    a = estimate(read_scenario({"plan": "ley1", "age": Fraction(661, 12), "service_years": Fraction(301, 12),
                                "average_salary": 40000}))
    assert a.steps[1].formula == "1.5% × $40,000.00 × (25 + 1 ÷ 12)" and a.steps[1].value == 15050.0
    # Without the reduction, the amount the reasons name: $15,050.00 ÷ 12 = $1,254.17.
    assert a.steps[2].formula == "$15,050.00 ÷ 12" and a.steps[2].value == 1254.17
    assert "Sin reducción sería $1,254.17 al mes" in " ".join(a.reasons)
    # 1 − 6% × (65 − (55 + 1 ÷ 12)) = 1 − 0.06 × 9.91666… = 0.405
    factor = a.steps[3]
    assert factor.formula == "1 − 6% × (65 − (55 + 1 ÷ 12))" and factor.value == pytest.approx(0.405)
    check_steps(a)


def test_a4_with_29_999_years_is_not_printed_as_30():
    a = estimate(read_scenario({"plan": "teachers", "age": 48, "service_years": 29.999, "average_monthly_salary": 2000}))
    assert a.rule == "teachers.A4"
    # 1.8% × $2,000.00 × 29.999 × (1 − 5%) = $1,025.9658 → $1,025.97
    assert a.steps[1].formula == "1.8% × $2,000.00 × 29.999 × (1 − 5%)" and a.steps[1].value == 1025.97
    check_steps(a)


def test_reduction_floored_at_zero_is_written_with_max():
    a = answer(age=55, service_years=25, assumptions={"early_reduction_per_year": 0.2})
    factor = next(s for s in a.steps if s.label in FACTOR_LABELS)
    assert factor.formula == "max(1 − 20% × (65 − 55); 0)" and factor.value == 0
    check_steps(a)


def test_minimum_step_is_written_with_max_not_a_comparison():
    # 1.5% × $5,000.00 × 20 = $1,500.00 a year; ÷ 12 = $125.00; max($125.00; $500.00) = $500.00.
    a = answer(age=65, service_years=20, average_salary=5000)
    assert a.steps[-2].formula == "max($125.00; $500.00)" and a.steps[-2].value == 500.0
    # The annual pension the answer gives is a step's value too: 12 × $500.00 = $6,000.00.
    assert a.steps[-1].formula == "12 × $500.00" and a.steps[-1].value == a.annual_pension == 6000.0
    check_steps(a)


def test_no_decimal_years_in_reasons():
    a = estimate(read_scenario({"plan": "ley447", "age": 50, "service_years": 12.5833333333, "average_salary": 36000}))
    assert not a.eligible
    text = " ".join(a.reasons)
    assert "12 años y 7 meses" in text and "12.58" not in text
    assert a.reasons[0].startswith("Si sigue trabajando, tendría derecho a partir de los 58 años de edad")


def test_error_limit_in_years_and_months_not_a_float():
    from estimator import ScenarioError
    with pytest.raises(ScenarioError) as error:
        read_scenario({"plan": "ley1", "age": 45.4166666667, "service_years": 40, "average_salary": 1})
    assert "31 años y 5 meses" in error.value.message and "31.41" not in error.value.message


def test_merit_percentage_is_named_as_an_assumption():
    a = estimate(read_scenario({"plan": "ley447", "age": 56, "service_years": 30, "average_salary": 40000,
                                "assumptions": {"merit_pct_55_plus": 0.8}}))
    assert a.rule == "ley447.merit"
    assert a.steps[1].assumption == "merit_pct_55_plus"
    assert [(u.name, u.value, u.source) for u in a.assumptions_used] == [("merit_pct_55_plus", 0.8, "entered")]
    assert any("supuesto" in r and "80%" in r for r in a.reasons)
    default = estimate(read_scenario({"plan": "ley447", "age": 56, "service_years": 30, "average_salary": 40000}))
    assert [(u.name, u.source) for u in default.assumptions_used] == [("merit_pct_55_plus", "default")]


def test_teachers_contribution_rate_is_labelled_as_an_assumption():
    a = estimate(read_scenario({"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11}), "en")
    contribution = next(s for s in a.steps if s.assumption == "teachers_contribution_rate")
    assert contribution.formula == "9% × $1,956.11" and contribution.value == 176.05
    assert any("assumption" in r and "9%" in r for r in a.reasons)


def test_19_6_floor_is_cited_when_it_sets_the_amount():
    # F = 1.5% × $36,000.00 × 12 = $6,480.00 < 30% × $36,000.00 = $10,800.00: the floor decides.
    a = estimate(read_scenario({"plan": "ley447", "age": 60, "separation_age": 50, "service_years": 12,
                                "average_salary": 36000, "in_system_june_1960": True}))
    assert a.monthly_pension == 900
    assert "Regla 19.6" in a.steps[1].cite
    assert any("Regla 19.6" in r for r in a.reasons)
    # With 24 years F = $10,800 + 2% × $36,000 × 4 = $13,680.00 > $10,800.00: the floor is not cited.
    b = estimate(read_scenario({"plan": "ley447", "age": 60, "separation_age": 50, "service_years": 24,
                                "average_salary": 36000, "in_system_june_1960": True}))
    assert "19.6" not in b.steps[1].cite


def test_ties_say_the_table_order_decided():
    # Police at 58 with 25 years: 18.3 and 18.2 both give F; 18.3 is listed first.
    a = estimate(read_scenario({"plan": "ley447", "group": "police", "age": 58, "service_years": 25,
                                "average_salary": 36000}))
    assert a.rule == "ley447.18.3"
    assert "misma cantidad" in a.reasons[1] and "primero" in a.reasons[1]  # after what is paid and from when


def test_unreduced_amount_is_before_the_minimum():
    # 1.5% × $15,000.00 × 25 = $5,625.00 a year = $468.75 a month unreduced; reduced it is below $500.
    a = answer(age=62, service_years=25, average_salary=15000)
    assert a.minimum_applied
    assert str(a.reduced_from) == "468.75"
    assert any("$468.75" in r for r in a.reasons)


def test_coordination_from_66_never_says_instead_of_an_amount_never_paid():
    a = estimate(read_scenario({"plan": "ley447", "age": 66, "service_years": 25, "average_salary": 36000,
                                "coordinated": True}))
    text = " ".join(a.reasons)
    assert "en lugar de" not in text and "desde el comienzo" in text


@pytest.mark.parametrize("fields, why", [
    # P = $6,000 (the minimum); CF = 1% × $3,000.00 × 10 = $300.00 > P − SS = $6,000.00 − $12,000.00: the
    # System pays $300.00 a year, lifted to the minimum: $500.00 a month from 65.
    ({"age": 60, "service_years": 10, "average_salary": 3000, "social_security_monthly": 1000},
     "la coordinación no afecta la pensión mínima"),
    # P = 1.5% × $60,000.00 × 10 = $9,000.00; CF = 1% × $6,600 × 10 + 1.5% × $53,400 × 10 = $8,670.00;
    # with Social Security $0, P − SS = $9,000.00 > CF: the guarantee keeps min(P; $9,000.00) = $750.00 a month.
    ({"age": 60, "service_years": 10, "average_salary": 60000, "social_security_monthly": 0},
     "la garantía del apartado D lo mantiene"),
])
def test_coordination_says_why_when_nothing_changes(fields, why):
    """RULES.md §4: a coordinated answer says what coordination does, also when the System pays the same."""
    a = estimate(read_scenario({"plan": "ley447", "coordinated": True, **fields}))
    assert a.coordination.monthly_pension_from_65 == a.monthly_pension
    note = next(r for r in a.reasons if r.startswith("Plan Coordinado:"))
    assert why in note and money(a.monthly_pension) in note and "en lugar de" not in note
    assert "plenamente asegurado" in " ".join(a.reasons)


def test_teacher_marked_coordinated_is_told_teachers_are_never_coordinated():
    a = estimate(read_scenario({"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 2000,
                                "coordinated": True}))
    note = next(r for r in a.reasons if "Seguro Social" in r)
    assert "maestros no se coordinan" in note and "1990" not in note


def test_june_1960_note_names_regla_19_6_deferred_pensions():
    a = answer(in_system_june_1960=True)
    note = next(r for r in a.reasons if "19.6" in r)
    assert "diferidas" in note and "anteriores a 1990" not in note


@pytest.mark.parametrize("plan, fields, name", [
    ("teachers", {"age": 52, "service_years": 30, "average_monthly_salary": 2000}, "reduction_factor"),
    ("teachers", {"age": 52, "service_years": 30, "average_monthly_salary": 2000}, "merit_pct_55_plus"),
    ("ley1", {"age": 65, "service_years": 30, "average_salary": 40000}, "teachers_contribution_rate"),
    ("ley1", {"age": 65, "service_years": 30, "average_salary": 40000}, "early_reduction_per_year"),
    ("ley447", {"age": 58, "service_years": 25, "average_salary": 40000}, "merit_pct_under_55"),
])
def test_assumption_overrides_that_do_not_apply_get_a_note(plan, fields, name):
    a = estimate(read_scenario({"plan": plan, **fields, "assumptions": {name: 0.5}}), "en")
    assert any("was not used" in r for r in a.reasons), a.reasons
    assert name not in {u.name for u in a.assumptions_used}


def test_separation_age_never_said_of_a_member_still_working():
    a = answer(age=50, service_years=20)
    text = " ".join(a.reasons)
    # (the title of inciso (c) names the law's own "separación a los 55"; the member's figure never is)
    assert "edad de separación" not in text and "se separó" not in text and "haberse separado" not in text
    assert "retirarse con al menos 65 años de edad (se retiraría a los 50 años)" in text


def test_not_eligible_lists_only_conditions_that_matter_earliest_first():
    a = estimate(read_scenario({"plan": "ley447", "age": 50, "service_years": 20, "average_salary": 36000}))
    assert a.reasons[0].startswith("Si sigue trabajando")
    text = " ".join(a.reasons)
    assert "Policía" not in text and "diferida" not in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_citations_read_as_the_law(lang):
    cites = {s.cite for s in answer(lang).steps}
    assert "Ley 1-1990, inciso (c); Reglamento, Regla 18.6(b), 18.6(c), 18.6(d)" in cites
    teachers = estimate(read_scenario({"plan": "teachers", "age": 52, "service_years": 30,
                                       "average_monthly_salary": 1956.11}), lang)
    assert teachers.steps[1].cite == "Maestros, Sección A, inciso 1"


def test_formula_above_75_percent_is_said_no_cap():
    # RULES.md §3 (no cap): 45 years → 1.5% × $30,000 × 20 + 2% × $30,000 × 25 = $24,000 > 75% × $30,000.
    a = estimate(read_scenario({"plan": "ley447", "age": 62, "service_years": 45, "average_salary": 30000}))
    assert a.rule == "ley447.18.2" and a.monthly_pension == 2000
    assert any("no le ponen tope" in r for r in a.reasons)
    below = estimate(read_scenario({"plan": "ley447", "age": 62, "service_years": 40, "average_salary": 30000}))
    assert not any("tope" in r for r in below.reasons)  # $21,000 < $22,500


def test_deferred_pension_before_58_says_confirm_with_the_system():
    a = estimate(read_scenario({"plan": "ley447", "age": 56, "separation_age": 50, "service_years": 26,
                                "average_salary": 30000}), "en")
    assert a.rule == "ley447.19.1b"
    assert any("Confirm with the System" in r for r in a.reasons)
    later = estimate(read_scenario({"plan": "ley447", "age": 60, "separation_age": 50, "service_years": 26,
                                    "average_salary": 30000}), "en")
    assert not any("Confirm with the System" in r for r in later.reasons)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("line, cite", [
    ({"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11},
     "Maestros, Sección A, inciso 1"),
    ({"plan": "ley447", "age": 58, "service_years": 27, "average_salary": 36000}, "Reglamento, Regla 18.2"),
    ({"plan": "ley1", "age": 65, "service_years": 10, "average_salary": 30000}, "Ley 1-1990, inciso (a)"),
])
def test_the_rule_applied_is_cited_once(line, cite, lang):
    """A teacher's rule is named by its citation: the sentence saying which rule applies does not repeat it."""
    answer = estimate(read_scenario(line, lang), lang)
    chosen = answer.reasons[1]  # after what is paid and from when
    assert chosen.count(cite) == 1, chosen


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=st.sampled_from(["teachers", "ley447", "ley1"]),
       cents=st.lists(st.integers(min_value=0, max_value=8_000_000), min_size=36, max_size=80))
def test_a_salary_historys_average_reproduces_from_its_printed_sum(plan, cents):
    """The average of a history is printed with its salaries added, highest first and equal ones counted, so
    the step reproduces from what is printed (to the cent) and names exactly the salaries it takes."""
    from estimator.calculation.averages import average_from_history

    salaries = [Fraction(c, 100) for c in cents]
    average = average_from_history(plan, salaries, "es")
    step = average.step
    assert abs(evaluate(step.formula) - Fraction(str(step.value))) <= Fraction(1, 200), step
    taken = sorted((salaries[i] for i in average.used), reverse=True)
    assert evaluate(step.formula.rsplit(" ÷ ", 1)[0]) == sum(taken)


def test_a_part_in_excess_is_printed_as_the_difference_it_is():
    """Regla 18.2 and the Coordinated Plan (004 ¶B) count the years "en exceso de los veinte (20) años" and
    the average "en exceso de seis mil seiscientos dólares ($6,600.00)": the formula shows each as the
    difference, so no figure in it comes from nowhere (it printed "× 8.25" and "× $29,400.00")."""
    a = estimate(read_scenario({"plan": "ley447", "age": 58, "service_years": 28.25, "average_salary": 36000,
                                "coordinated": True}))
    formulas = [s.formula for s in a.steps]
    # 1.5% × 36,000 × 20 + 2% × 36,000 × 8.25 = 10,800 + 5,940 = 16,740.00
    assert "1.5% × $36,000.00 × 20 + 2% × $36,000.00 × (28.25 − 20)" in formulas
    # 1% × 6,600 × 20 + 1.5% × 6,600 × 8.25 + 1.5% × 29,400 × 20 + 2% × 29,400 × 8.25
    #   = 1,320 + 816.75 + 8,820 + 4,851 = 15,807.75
    assert ("1% × $6,600.00 × 20 + 1.5% × $6,600.00 × (28.25 − 20) + 1.5% × ($36,000.00 − $6,600.00) × 20"
            " + 2% × ($36,000.00 − $6,600.00) × (28.25 − 20)") in formulas
    check_steps(a)
    # No excess: the years by their value, zero; the average's excess as what gives $0.00 (15 years, an
    # average under $6,600), so no dollar figure comes from nowhere.
    below = estimate(read_scenario({"plan": "ley447", "age": 58, "service_years": 15, "average_salary": 6000,
                                    "coordinated": True}))
    assert ("1% × $6,000.00 × 15 + 1.5% × $6,000.00 × 0 + 1.5% × max($6,000.00 − $6,600.00; $0.00) × 15"
            " + 2% × max($6,000.00 − $6,600.00; $0.00) × 0") in [s.formula for s in below.steps]
    check_steps(below)


@pytest.mark.parametrize("fields, cite", [
    ({"age": 52, "service_years": 30}, "Maestros, Sección A, inciso 1"),
    ({"age": 45, "service_years": 30}, "Maestros, Sección A, inciso 2"),
    ({"age": 52, "service_years": 27}, "Maestros, Sección A, inciso 3"),
    ({"age": 48, "service_years": 27}, "Maestros, Sección A, inciso 4"),
    ({"age": 45, "service_years": 31, "contribution_shortfall": True}, "Maestros, Sección C"),
])
def test_a_teachers_average_cites_the_paragraph_of_the_rule_paid(fields, cite):
    """000 ¶A.1–4 and ¶C each state "el promedio de los treinta y seis (36) salarios más altos": the average's
    step cites the paragraph that pays, as the amount's step does (RULES.md §2, Citations of steps)."""
    a = estimate(read_scenario({"plan": "teachers", "average_monthly_salary": 2000, **fields}))
    assert a.steps[0].cite == cite == a.steps[1].cite.partition("; ")[0]


def test_a_government_average_cites_the_law_that_defines_it_however_it_was_given():
    """RULES.md §7: the average of the highest 3 (Ley 447-1951) or 5 (Ley 1-1990) annual salaries; the same
    citation whether typed or taken from a salary history."""
    from estimator.calculation.averages import average_from_history
    for plan, law in (("ley447", "Ley 447-1951"), ("ley1", "Ley 1-1990")):
        typed = estimate(read_scenario({"plan": plan, "age": 65, "service_years": 30, "average_salary": 30000}))
        history = average_from_history(plan, [30000] * 5, "es")
        assert typed.steps[0].cite == history.step.cite == law
