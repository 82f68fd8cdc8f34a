"""Projection and averages: the charts' numbers come from the same rules as a single answer."""

from fractions import Fraction

import numpy as np
import pytest

from estimator import estimate, read_scenario
from estimator.calculation.averages import HistoryError, average_from_history
from estimator.calculation.grid import grid
from estimator.calculation.situation import Situation, average_at, scenario_at
from estimator.law.registry import plan
from tests.conftest import sampled


def test_published_teachers_history_gives_the_published_average():
    # 5 × 1,800 + 7 × 1,900 + 24 × 2,005 = 9,000 + 13,300 + 48,120 = 70,420; ÷ 36 = 1,956.111… → 1,956.11
    history = [1800] * 5 + [1900] * 7 + [2005] * 24 + [1500] * 12
    average = average_from_history("teachers", history)
    assert average.value == Fraction("1956.11")
    assert len(average.used) == 36 and all(i < 36 for i in average.used)  # the 1,500 months are not used
    # the sum written out, equal months counted, so a calculator reproduces it from what is printed
    assert average.step.formula == "(24 × $2,005.00 + 7 × $1,900.00 + 5 × $1,800.00) ÷ 36"


@pytest.mark.parametrize("plan, size, expected", [
    # highest 3 of 30,000 31,000 29,000 35,000 28,000 → (35,000 + 31,000 + 30,000) ÷ 3 = 32,000
    ("ley447", 3, Fraction(32000)),
    # highest 5: all of them → 153,000 ÷ 5 = 30,600
    ("ley1", 5, Fraction(30600)),
])
def test_government_averages(plan, size, expected):
    average = average_from_history(plan, [30000, 31000, 29000, 35000, 28000])
    assert average.value == expected
    assert len(average.used) == size


def test_short_or_bad_histories_say_what_is_accepted():
    with pytest.raises(HistoryError, match="36"):
        average_from_history("teachers", [2000] * 35)
    with pytest.raises(HistoryError, match="2"):
        average_from_history("ley447", [30000, -1, 30000], lang="en")
    with pytest.raises(HistoryError):
        average_from_history("ley1", [30000, "abc", 1, 2, 3])


def test_future_salaries_grow_and_enter_the_average():
    today = read_scenario({"plan": "ley447", "age": 50, "service_years": 20, "average_salary": 1})
    situation = Situation(today, salary_history=(Fraction(30000),) * 3, salary_growth=Fraction(1, 10))
    # two more years: 33,000 and 36,300 join; top 3 = (36,300 + 33,000 + 30,000) ÷ 3 = 33,100
    assert average_at(situation, Fraction(52)).value == Fraction(33100)
    # at 52.5 only the whole years count
    assert average_at(situation, Fraction(105, 2)).value == Fraction(33100)


def test_scenario_at_grows_service_for_members_in_service_only():
    active = Situation(read_scenario({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 40000}))
    moved = scenario_at(active, Fraction(55), Fraction(2))
    assert (moved.age, moved.separation_age, moved.service_years) == (55, 55, 27)
    left = Situation(read_scenario({"plan": "ley1", "age": 50, "separation_age": 45, "service_years": 20,
                                    "average_salary": 40000}))
    moved = scenario_at(left, Fraction(65), Fraction(1))
    assert (moved.age, moved.separation_age, moved.service_years) == (65, 45, 21)


CASES = [
    {"plan": "ley447", "age": 45, "service_years": 20, "average_salary": 30000, "coordinated": True,
     "social_security_monthly": 700},
    {"plan": "ley447", "group": "police", "age": 44, "service_years": 18, "average_salary": 52000},
    {"plan": "ley447", "age": 56, "separation_age": 50, "service_years": 24, "average_salary": 30000,
     "in_system_june_1960": True},
    {"plan": "ley1", "age": 40, "service_years": 12, "average_salary": 48000.40},
    {"plan": "ley1", "group": "firefighter", "age": 35, "service_years": 10, "average_salary": 41000},
    {"plan": "teachers", "age": 40, "service_years": 15, "average_monthly_salary": 1956.11},
    {"plan": "teachers", "age": 40, "service_years": 15, "average_monthly_salary": 2500,
     "contribution_shortfall": True},
]


@pytest.mark.parametrize("data", CASES, ids=lambda d: f"{d['plan']}-{d.get('group', 'general')}")
def test_grid_equals_single_answers_over_a_chart_sized_grid(data):
    situation = Situation(read_scenario(data), salary_growth=Fraction(2, 100))
    today = situation.today.age
    ages = [today + Fraction(m, 12) for m in range(0, 12 * 35, 7)]
    extras = [Fraction(m, 12) for m in range(0, 12 * 6, 5)]
    result = grid(situation, ages, extras)
    cells = [(i, j) for i in range(len(ages)) for j in range(len(extras))]
    for i, j in sampled(cells):
        answer = estimate(scenario_at(situation, ages[i], extras[j]), find_earliest=False)
        assert (result.rule_at(i, j), result.monthly[i, j]) == (answer.rule, float(answer.monthly_pension))
        if answer.coordination is not None:
            assert result.coordinated_monthly[i, j] == float(answer.coordination.monthly_pension_from_65)
        assert result.paid_monthly[i, j] == float(answer.monthly_paid_at_start)
        assert (result.contribution_monthly is not None) == plan(data["plan"]).contribution
        if result.contribution_monthly is not None:  # 000 ¶B: until 55, none under ¶C
            assert result.contribution_monthly[i, j] == float(answer.contribution.monthly if answer.contribution else 0)
        growth = {"salary_growth"} if average_at(situation, ages[i], "es").steps and answer.eligible else set()
        assert assumed_at(result, i, j) == pension_assumptions(answer) | growth, (ages[i], extras[j])


def assumed_at(result, i: int, j: int) -> set[str]:
    return {name for name, cells in result.assumed.items() if cells[i, j]}


def pension_assumptions(answer) -> set[str]:
    """The assumptions the one-scenario answer lists for the pension and what is paid from 65: all of them but
    the teachers' contribution rate, which enters only the net amount while contributing (not a grid's)."""
    return {used.name for used in answer.assumptions_used} - {"teachers_contribution_rate"}


MERIT = {"merit_pct_55_plus", "merit_pct_under_55"}
# Each named assumption on both sides of where it enters (RULES.md §3, §6, §7), with the assumptions some cell
# reads; a projected average adds the salary growth (with a history, a growth of 0% is still the figure used).
ASSUMPTION_CASES = [
    pytest.param({"plan": "ley447", "age": 50, "service_years": 26, "average_salary": 40000}, {}, MERIT,
                 id="merit 65% then 75% at 55"),
    pytest.param({"plan": "ley447", "age": 52, "service_years": 22, "average_salary": 40000,
                  "assumptions": {"merit_pct_55_plus": 0.8, "early_reduction_per_year": 0.05}}, {},
                 MERIT | {"early_reduction_per_year"}, id="18.6(a) reduced, then 18.2 and merit, figures entered"),
    pytest.param({"plan": "ley447", "age": 52, "service_years": 22, "average_salary": 40000,
                  "assumptions": {"reduction_factor": 0.9}}, {}, MERIT | {"reduction_factor"},
                 id="the Board's factor"),
    pytest.param({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 30000}, {},
                 {"early_reduction_per_year"}, id="ley1 (c) reduced, then (a)"),
    pytest.param({"plan": "ley447", "age": 50, "service_years": 20, "average_salary": 30000, "coordinated": True,
                  "assumptions": {"early_reduction_per_year": 0.04}}, {}, MERIT | {"early_reduction_per_year"},
                 id="coordinated from 65"),
    pytest.param({"plan": "teachers", "age": 45, "service_years": 22, "average_monthly_salary": 2500}, {}, set(),
                 id="teachers: the law's percentages"),
    pytest.param({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 30000},
                 {"salary_history": (Fraction(28000), Fraction(29000), Fraction(30000), Fraction(31000),
                                     Fraction(30000))}, {"early_reduction_per_year"}, id="a salary history"),
]


@pytest.mark.parametrize("data, history, names", ASSUMPTION_CASES)
@pytest.mark.parametrize("growth", [Fraction(0), Fraction(2, 100)], ids=["growth 0%", "growth 2%"])
def test_each_cell_of_the_grid_knows_the_assumptions_its_amount_read(data, history, names, growth):
    """RULES.md §0: an amount shown at another age or with added service (the explorer, the charts) marks the
    assumptions that entered it. The grid knows them cell by cell: the same as the answer for that scenario
    lists, the growth of a projected average included (as the answer at the planned age lists it)."""
    situation = Situation(read_scenario(data), salary_growth=growth, **history)
    today = situation.today.age
    ages = [today + Fraction(m, 12) for m in range(0, 12 * 20, 5)]
    extras = [Fraction(y) for y in range(0, 11, 3)]
    result = grid(situation, ages, extras)
    seen = set()
    for i, j in [(i, j) for i in range(len(ages)) for j in range(len(extras))]:
        explained = average_at(situation, ages[i])
        answer = estimate(scenario_at(situation, ages[i], extras[j]), find_earliest=False,
                          average_assumptions=explained.assumptions)
        expected = pension_assumptions(answer) if answer.eligible else set()
        assert assumed_at(result, i, j) == expected, (ages[i], extras[j], answer.rule)
        seen |= expected
    assert seen == names | ({"salary_growth"} if growth or history else set())


def test_a_half_cent_tie_rounds_up_on_the_grid_too():
    # G = 1.5% × 48,000.40 × 10 = 7,200.06 → 600.005 a month: exactly half a cent, rounds up to 600.01
    situation = Situation(read_scenario({"plan": "ley1", "age": 65, "service_years": 10, "average_salary": 48000.40}))
    result = grid(situation, [Fraction(65)], [Fraction(0)])
    assert result.monthly[0, 0] == 600.01
    assert result.annual[0, 0] == 7200.06


def test_not_covered_and_refunded_grids_have_no_amounts():
    teacher_left = Situation(read_scenario({"plan": "teachers", "age": 50, "separation_age": 45,
                                            "service_years": 26, "average_monthly_salary": 2000}))
    result = grid(teacher_left, [Fraction(50), Fraction(55)])
    assert not result.covered and (result.monthly == 0).all()
    refunded = Situation(read_scenario({"plan": "ley1", "age": 65, "service_years": 20, "average_salary": 1,
                                        "refunded": True}))
    assert (grid(refunded, [Fraction(65)]).rule_index == -1).all()


def test_projection_refuses_ages_that_are_not_whole_months():
    situation = Situation(read_scenario({"plan": "ley1", "age": 65, "service_years": 20, "average_salary": 1}))
    with pytest.raises(ValueError, match="months"):
        grid(situation, [Fraction(651, 10)])


def test_a_frozen_situation_adds_no_service_while_working_on():
    from datetime import date
    from estimator.calculation.freeze import freeze_for, frozen
    # in service today (29/11/2026) with 27 years; 13 years 4 months since 30/06/2013 → 13 years 8 months at the freeze
    today = read_scenario({"plan": "ley447", "age": Fraction(681, 12), "service_years": 27, "average_salary": 36000})
    situation = frozen(Situation(today), date(1970, 2, 15), date(2026, 11, 29))
    assert freeze_for("ley447").date == date(2013, 6, 30)
    assert situation.today.service_years == 27 - Fraction(13 * 12 + 4, 12)
    later = scenario_at(situation, Fraction(60))
    assert later.service_years == situation.today.service_years and later.separation_age == 60
    result = grid(situation, [Fraction(681, 12), Fraction(60)])
    assert result.rule_at(1, 0) == estimate(later).rule


@pytest.mark.parametrize("plan", ["teachers", "ley447", "ley1"])
def test_the_projection_s_quick_average_equals_the_history_average(plan):
    from estimator.calculation.facts import top_mean
    from estimator.calculation.averages import window
    salaries = [Fraction(n, 100) for n in (300000, 312345, 298765, 305555, 299999, 310001)] * 7
    assert top_mean(plan, salaries, window(plan)) == average_from_history(plan, salaries).value


# ---- the average at a later age, explained -------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from estimator.arithmetic.display import exact_money
from estimator.arithmetic.exact import round_cents
from tests.formula import evaluate  # noqa: E402
from tests.conftest import examples  # noqa: E402


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=st.sampled_from(["teachers", "ley447", "ley1"]), with_history=st.booleans(),
       cents=st.lists(st.integers(min_value=100_000, max_value=900_000), min_size=36, max_size=60),
       growth=st.sampled_from([Fraction(0), Fraction(1, 100), Fraction(25, 1000), Fraction(3, 100)]),
       months_ahead=st.integers(min_value=0, max_value=15 * 12))
def test_the_average_at_a_later_age_is_explained_by_steps_that_reproduce(plan, with_history, cents, growth,
                                                                          months_ahead):
    """The answer's first steps are the average the pension uses at that age: every projected salary the
    average takes is a step of its own (the latest salary raised by the growth assumption, marked as one),
    the average adds exactly those salaries, and a calculator reproduces each from what is printed."""
    salaries = tuple(Fraction(c, 100) for c in cents)
    typed = {"average_monthly_salary": 2500} if plan == "teachers" else {"average_salary": 36000}
    today = read_scenario({"plan": plan, "age": 50, "service_years": 20, **typed})
    situation = Situation(today, salary_history=salaries if with_history else None, salary_growth=growth)
    age = Fraction(50 * 12 + months_ahead, 12)
    scenario = scenario_at(situation, age)
    used = scenario.average_monthly_salary if plan == "teachers" else scenario.average_salary
    explained = average_at(situation, age, "es")
    assert explained.value == used
    if not explained.steps:  # the average as entered, which the answer's own step says
        assert not with_history and used == Fraction(typed.popitem()[1])
        return
    *projected, average = explained.steps
    for step in explained.steps:
        assert round_cents(evaluate(step.formula)) == round_cents(Fraction(str(step.value))), step
    assert evaluate(average.formula) == used or (plan == "teachers" and round_cents(evaluate(average.formula)) == used)
    assert all(step.assumption == "salary_growth" for step in projected)
    for step in projected:  # each projected salary is one the average adds
        assert exact_money(Fraction(str(step.value))) in average.formula
    names = [a.name for a in explained.assumptions]
    assert names == (["salary_growth"] if projected else [])
    if projected:
        assert explained.assumptions[0].value == float(growth)


def test_a_later_retirement_with_a_history_prints_the_average_the_pension_uses():
    # 31,000 / 32,000 / 33,000.50 until today, one more year at 0% growth: 33,000.50 again.
    # (2 × 33,000.50 + 32,000.00) ÷ 3 = 98,001.00 ÷ 3 = 32,667.00 — the figure the pension's formula uses
    today = read_scenario({"plan": "ley447", "age": 56, "service_years": 27, "average_salary": 1})
    situation = Situation(today, salary_history=(Fraction(31000), Fraction(32000), Fraction("33000.5")))
    explained = average_at(situation, Fraction(57), "es")
    answer = estimate(scenario_at(situation, Fraction(57)), "es", average_steps=explained.steps,
                      average_assumptions=explained.assumptions)
    assert [s.formula for s in answer.steps[:2]] == ["$33,000.50 × 100%", "(2 × $33,000.50 + $32,000.00) ÷ 3"]
    assert answer.steps[1].value == 32667.0 and "$32,667.00" in answer.steps[2].formula
    assert ("salary_growth", 0.0, "default") in [(a.name, a.value, a.source) for a in answer.assumptions_used]


@pytest.mark.parametrize("lang, words", [("es", "con 1.5% de disminución por año"), ("en", "lowered 1.5% a year")])
def test_a_growth_below_zero_is_said_as_a_fall_in_the_steps(lang, words):
    # 20,000 / 20,000 / 40,000 until today, two more years at -1.5%: 40,000 × 98.5% = 39,400.00 and
    # 40,000 × 98.5% × 98.5% = 38,809.00, both above 20,000, so the average of the 3 highest takes them:
    # (40,000.00 + 39,400.00 + 38,809.00) ÷ 3 = 118,209.00 ÷ 3 = 39,403.00
    today = read_scenario({"plan": "ley447", "age": 56, "service_years": 27, "average_salary": 1})
    situation = Situation(today, salary_history=(Fraction(20000), Fraction(20000), Fraction(40000)),
                          salary_growth=Fraction(-15, 1000))
    explained = average_at(situation, Fraction(58), lang)
    projected = [step for step in explained.steps if step.assumption == "salary_growth"]
    assert [(step.formula, step.value) for step in projected] == [
        ("$40,000.00 × 98.5%", 39400.0), ("$40,000.00 × 98.5% × 98.5%", 38809.0)]
    assert all(words in step.label and "-1.5%" not in step.label for step in projected)
    assert explained.steps[-1].value == 39403.0


@pytest.mark.parametrize("growth, es, en", [(Fraction(2, 100), "con 2% de aumento por año", "raised 2% a year"),
                                            (Fraction(-15, 1000), "con 1.5% de disminución por año", "lowered 1.5% a year"),
                                            (0.025, "con 2.5% de aumento por año", "raised 2.5% a year")])
def test_how_salaries_change_is_said_with_the_figure_without_its_sign(growth, es, en):
    from estimator.calculation.growth import growth_change

    assert (growth_change(growth, "es"), growth_change(growth, "en")) == (es, en)


def dated(data: dict, **changes) -> Situation:
    """A member with dates (the page's case), born 15/03/1968, today 29/11/2026, as `changes` make it."""
    from datetime import date
    fields = {"birth": date(1968, 3, 15), "on": date(2026, 11, 29), **changes}
    return Situation(read_scenario(data), **fields)


TIMED = {"plan": "ley447", "age": Fraction(56 * 12 + 8, 12), "service_years": 10, "average_salary": 36000,
         "coordinated": True, "social_security_monthly": 900}


@pytest.mark.parametrize("other", [
    pytest.param({**TIMED, "average_salary": 41000}, id="another salary"),
    pytest.param({**TIMED, "group": "police"}, id="another group"),
    pytest.param({**TIMED, "social_security_monthly": 1200}, id="another Social Security benefit"),
])
def test_a_grid_reuses_the_timing_of_its_ages_only_where_dates_status_and_service_are_the_same(other):
    """The ages' timing (start day, separation age, service, salary periods) reads no salary: a grid given the
    timing of another salary, group or benefit equals the grid computed whole; every cell checked."""
    from estimator.calculation.grid import age_timing
    first, second = dated(TIMED), dated(other)
    ages = [first.today.age + Fraction(m, 12) for m in range(0, 12 * 14, 1)]
    extras = [Fraction(y) for y in range(11)]
    kept = age_timing(first, ages)
    assert kept.fits(second, ages)
    assert age_timing(second, ages, kept) is kept
    reused, whole = grid(second, ages, extras, kept), grid(second, ages, extras)
    for name in ("rule_index", "monthly", "annual", "coordinated_monthly", "at_start", "minimum_applied"):
        np.testing.assert_array_equal(getattr(reused, name), getattr(whole, name), err_msg=name)  # NaN: no rule


@pytest.mark.parametrize("change", [
    pytest.param({"data": {**TIMED, "service_years": 11}}, id="service"),
    pytest.param({"data": {**TIMED, "separation_age": 55}}, id="left service"),
    pytest.param({"data": {**TIMED, "age": Fraction(56 * 12 + 9, 12)}}, id="age today"),
    pytest.param({"data": {**TIMED, "plan": "ley1"}}, id="plan"),
    pytest.param({"birth": None}, id="no birth date"),
    pytest.param({"accrues": False}, id="frozen"),
])
def test_a_timing_kept_for_other_dates_status_or_service_is_computed_again(change):
    """Each thing the timing reads, changed: the kept timing does not fit, and the grid computes its own (the same
    cells as the grid computed whole)."""
    from datetime import date
    from estimator.calculation.grid import age_timing
    changed = Situation(read_scenario(change.get("data", TIMED)), on=date(2026, 11, 29),
                        **{"birth": date(1968, 3, 15), **{k: v for k, v in change.items() if k != "data"}})
    ages = [Fraction(57) + Fraction(m, 12) for m in range(0, 12 * 8, 1)]
    kept = age_timing(dated(TIMED), ages)
    assert not kept.fits(changed, ages)
    assert not kept.fits(dated(TIMED), ages[1:])  # other ages
    assert age_timing(changed, ages, kept) is not kept
    reused, whole = grid(changed, ages, [Fraction(0), Fraction(2)], kept), grid(changed, ages, [Fraction(0), Fraction(2)])
    assert (reused.rule_index == whole.rule_index).all() and (reused.monthly == whole.monthly).all()
