"""Properties that hold for every valid scenario (hypothesis)."""

import json
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator import ScenarioError, estimate, read_scenario
from estimator.io.cli import answer_line
from estimator.calculation.grid import grid
from estimator.calculation.situation import Situation, scenario_at
from tests.strategies import scenarios, valid_scenarios
from tests.conftest import examples

SETTINGS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(valid_scenarios())
def test_any_valid_scenario_is_answered(scenario):
    answer = estimate(scenario)
    data = answer.contract_dict()
    json.dumps(data)
    if not data["covered"]:  # not covered: no number at all (RULES.md §0)
        assert data["monthly_pension"] is data["annual_pension"] is data["monthly_paid_at_start"] is None
        assert not data["eligible"] and data["reasons"]
        return
    assert data["monthly_pension"] >= 0
    assert data["eligible"] == (data["rule"] is not None)
    if data["eligible"]:
        assert data["monthly_pension"] > 0 or scenario.plan == "teachers"
        assert data["steps"]
        if scenario.plan != "teachers":
            assert data["monthly_pension"] >= 500
    else:
        assert data["monthly_pension"] == 0 and data["reasons"]


@SETTINGS
@given(valid_scenarios(), st.decimals(0, 50000, places=2))
def test_the_amount_never_falls_when_only_the_average_rises(scenario, raise_by):
    field = "average_salary" if scenario.average_salary is not None else "average_monthly_salary"
    richer = scenario.model_copy(update={field: getattr(scenario, field) + Fraction(raise_by)})
    before, after = estimate(scenario, find_earliest=False), estimate(richer, find_earliest=False)
    if not before.covered:
        assert not after.covered and after.monthly_pension is None
        return
    assert after.rule is not None or before.rule is None
    assert after.monthly_pension >= before.monthly_pension
    if before.coordination is not None:
        assert after.coordination.monthly_pension_from_65 >= before.coordination.monthly_pension_from_65


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_scenarios(whole_months=True), st.lists(st.integers(0, 36), min_size=1, max_size=4),
       st.lists(st.integers(0, 120), min_size=1, max_size=3), st.sampled_from([0, Fraction(3, 100)]))
def test_the_grid_equals_the_one_scenario_path_in_every_cell(today, age_steps, extra_months, growth):
    situation = Situation(today, salary_growth=Fraction(growth))
    ages = sorted({today.age + Fraction(m, 12) * 4 for m in age_steps})
    extras = sorted({Fraction(m, 12) for m in extra_months})
    result = grid(situation, ages, extras)
    for i, age in enumerate(ages):
        for j, extra in enumerate(extras):
            answer = estimate(scenario_at(situation, age, extra), find_earliest=False)
            assert result.rule_at(i, j) == answer.rule
            # a cell the rules do not cover holds 0 on the grid; the answer has no number at all
            assert result.monthly[i, j] == float(answer.monthly_pension or 0)
            assert result.annual[i, j] == float(answer.annual_pension or 0)
            assert bool(result.minimum_applied[i, j]) == answer.minimum_applied
            if answer.coordination is not None:
                assert result.coordinated_monthly[i, j] == float(answer.coordination.monthly_pension_from_65)
            assert result.paid_monthly[i, j] == float(answer.monthly_paid_at_start or 0)
            contribution = answer.contribution.monthly if answer.contribution is not None else 0
            if result.contribution_monthly is not None:
                assert result.contribution_monthly[i, j] == float(contribution)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8)


@SETTINGS
@given(scenarios(), st.sampled_from(["plan", "group", "age", "separation_age", "service_years", "average_salary",
                                      "coordinated", "social_security_monthly", "assumptions", "extra"]), json_values)
def test_any_invalid_input_gets_a_clear_error_never_an_exception(data, field, value):
    data = dict(data)
    data[field] = value
    try:
        read_scenario(data)
    except ScenarioError as error:
        assert error.field and len(error.message) > 15
    line = json.dumps(data)
    answer, ok = answer_line(line, "en")
    assert ok == ("error" not in answer)
    if not ok:
        assert answer["error"]["message"]
