"""The quick path of an answer agrees with the full one (docs/performance.md, the command line).

An answer chooses on every rule evaluated without text, a formula several rules read (`rules.shared`) is
computed once per member's facts and parameters, the search skips the age already evaluated, sets aside a rule
that fails on who the member is and counts its candidate ages in whole units, whole months and cents are found
in integers, figures are printed from their numerators and denominators, and spans are looked up by value.
Each is checked here against the slow way: every rule on its own facts, with its formulas, every rule at every
age, the candidate ages, months and cents in Fractions. The rules compute on gmpy2's `mpq`: quantities
compute and compare as the Fractions of the same values do.
"""

import math
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest
from gmpy2 import mpq
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from estimator.calculation.choice import evaluate, evaluations_at, facts_of, most_favourable, rules_of, why_no_pension
from estimator.arithmetic.quantity import Q
from estimator.arithmetic.display import exact_money, exact_number, exact_years, shown_exactly, whole_cents_exactly
from estimator.arithmetic.exact import exact as exact_value, less, less_after, to_fraction, whole_cents, whole_months
from estimator.law.parameters import params_for
from estimator.calculation.answer import Earliest
from estimator.calculation.law_day import law_of
from estimator.calculation.search import candidate_ages, earliest_eligibility, threshold_values
from estimator.calculation.scenario import read_scenario
from estimator.calculation.situation import Situation, scenario_at
from estimator.words.catalog import _span, span
from tests.conftest import examples
from tests.strategies import valid_scenarios

# No time limit on an example: these machines are shared (a slow example is not a failure).
relaxed = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _values(evaluation):
    factor = None if evaluation.factor is None else evaluation.factor.v
    return evaluation.applies, evaluation.amount.v, factor, [c.met for c in evaluation.outcome.conditions]


@relaxed
@given(valid_scenarios())
def test_every_rule_without_text_gives_what_it_gives_alone_with_its_formulas(s):
    plain, params = params_for(s.plan, s.assumptions.given(), explain=False), params_for(s.plan, s.assumptions.given())
    quick = evaluations_at(s, plain)
    together = facts_of(s)  # one member's facts, read by every rule with both parameter sets, as an answer does
    for rule, chosen_quickly in zip(rules_of(s.plan), quick):
        alone = evaluate(rule, facts_of(s), params)  # facts of its own: nothing computed for another rule
        assert _values(chosen_quickly) == _values(alone), rule.id
        evaluate(rule, together, plain)
        with_others = evaluate(rule, together, params)
        assert (with_others.amount.v, with_others.amount.text) == (alone.amount.v, alone.amount.text), rule.id
        assert with_others.amount.assumed == alone.amount.assumed and with_others.amount.cites == alone.amount.cites
    chosen = most_favourable(quick)
    assert (chosen is None) == (most_favourable([evaluate(r, facts_of(s), params) for r in rules_of(s.plan)]) is None)


@relaxed
@given(valid_scenarios())
def test_the_search_that_skips_the_age_evaluated_finds_what_the_full_search_finds(s):
    now = evaluations_at(s)
    if most_favourable(now) is not None:
        return
    quick = earliest_eligibility(s, now=now)
    assert quick == _every_rule_at_every_age(s) == earliest_eligibility(s)


def test_the_search_evaluates_no_age_before_the_first_at_which_a_rule_could_apply(monkeypatch):
    """A teacher of 40 with 5 years of service: no rule can apply before 20 more years of service (the fewest any rule
    asks, 25), so the candidate ages 47, 50 and 55 are not evaluated; the age found (60, ¶A.3) is the full search's."""
    from estimator.calculation import search

    s = read_scenario({"plan": "teachers", "age": 40, "service_years": 5, "average_monthly_salary": 3000})
    evaluated = []

    def facts_at_age(*args, **kwargs):
        evaluated.append(kwargs["at"][0])
        return facts_of(*args, **kwargs)
    monkeypatch.setattr(search, "facts_of", facts_at_age)
    found = earliest_eligibility(s, now=evaluations_at(s))
    assert found == _every_rule_at_every_age(s)
    assert evaluated == [60]


def _every_rule_at_every_age(s):
    """The search the slow way: the member's own age evaluated too, each candidate age's scenario built, and every
    rule evaluated there (no rule set aside)."""
    if why_no_pension(s):
        return None
    params = law_of(s, explain=False)
    for age in candidate_ages(s):
        later = scenario_at(Situation(s), age)
        chosen = most_favourable(evaluations_at(later, params))
        if chosen is not None:
            return Earliest(age=float(age), rule=chosen.rule.id, service_years=float(later.service_years))
    return None


@relaxed
@given(valid_scenarios(), st.sampled_from([100, 70, Fraction(1301, 12)]))
def test_the_candidate_ages_counted_in_whole_units_are_those_counted_in_fractions(s, horizon):
    expected = {s.age} | {age for age in threshold_values(s.plan, "years_of_age") if age > s.age}
    if not s.left_service_early:
        for years in threshold_values(s.plan, "years_of_service"):
            if years >= s.service_years:
                expected |= {s.age + years - s.service_years, s.age + years - s.service_years + Fraction(1, 12)}
    assert candidate_ages(s, horizon) == sorted(age for age in expected if age <= horizon)


fractions = st.fractions(min_value=-10 ** 6, max_value=10 ** 6)


def _mpq(value: Fraction) -> mpq:
    return mpq(value.numerator, value.denominator)


def _same(got, expected):
    """The same Fraction: type, numerator and denominator, Python ints (lowest terms, positive denominator)."""
    return type(got) is Fraction and type(got.numerator) is int and (got.numerator, got.denominator) == (
        expected.numerator, expected.denominator)


@relaxed
@given(st.one_of(fractions, st.integers(-1000, 1000)), st.one_of(fractions, st.integers(-1000, 1000)),
       st.booleans())
def test_exact_numbers_compared_by_cross_products_compare_as_fractions_do(a, b, as_mpq):
    x, y = (_mpq(Fraction(a)), _mpq(Fraction(b))) if as_mpq else (a, b)
    assert less(x, y) == (Fraction(a) < Fraction(b))
    assert less(x, x) is False  # the same figure, answered without arithmetic


@relaxed
@given(fractions, st.integers(0, 100), fractions)
def test_a_figure_less_a_whole_gap_is_compared_by_cross_products_as_fractions_compare_it(a, gap, b):
    assert less_after(a, gap, b) == (a - gap < b)
    assert less_after(_mpq(a), gap, _mpq(b)) == (a - gap < b)


@relaxed
@given(fractions, fractions)
def test_quantities_compare_as_their_exact_values(a, b):
    x, y = Q(_mpq(a)), Q(_mpq(b))
    assert (x >= y, x > y, x < y, x <= y) == (a >= b, a > b, a < b, a <= b)
    assert (Q(1) >= Q(mpq(1)), Q(mpq(1, 3)) < Q(1), Q(Fraction(1, 3)) < Q(mpq(1, 2))) == (True, True, True)


# Spans near a whole month (a client's 25.083333333333332), on both sides of the tolerance, and any other.
near_a_month = st.builds(lambda months, off: Fraction(months, 12) + off, st.integers(0, 1440),
                         st.fractions(min_value=Fraction(-2, 10 ** 6), max_value=Fraction(2, 10 ** 6)))


@relaxed
@given(st.one_of(near_a_month, st.fractions(min_value=0, max_value=120)))
def test_whole_months_are_found_as_fractions_find_them(years):
    nearest = round(years * 12)
    expected = nearest if abs(years - Fraction(nearest, 12)) < Fraction(1, 10 ** 6) else int(years * 12 // 1)
    assert whole_months(years) == expected


half_cents = st.integers(-10 ** 6, 10 ** 6).map(lambda k: Fraction(2 * k + 1, 200))  # exactly half a cent over


@relaxed
@given(st.one_of(half_cents, st.fractions(min_value=-10 ** 9, max_value=10 ** 9)))
def test_cents_are_rounded_half_up_as_fractions_round_them(amount):
    expected = math.floor(amount * 100 + Fraction(1, 2))
    assert whole_cents(amount) == whole_cents(_mpq(amount)) == expected and type(whole_cents(_mpq(amount))) is int



# Fractions of any size and sign, and the small ones a line carries (ages, rates, cents).
any_fraction = st.one_of(st.fractions(), st.fractions(max_denominator=10 ** 4),
                         st.builds(Fraction, st.integers(-10 ** 30, 10 ** 30), st.integers(1, 10 ** 12)))


@relaxed
@given(any_fraction, any_fraction)
@example(Fraction(3, 200), Fraction(2043272, 100))
@example(Fraction(-5, 6), Fraction(5, 6))
@example(Fraction(7), Fraction(0))
def test_quantities_compute_what_fractions_compute(a, b):
    x, y = Q(_mpq(a)), Q(_mpq(b))
    assert all(to_fraction(got.v) == expected for got, expected in ((x + y, a + b), (x - y, a - b), (x * y, a * b)))
    if b:
        assert to_fraction((x / y).v) == a / b
    else:
        with pytest.raises(ZeroDivisionError):
            x / y
    assert (Q(a, "a") * Q(b, "b")).text == "a × b" and (x + Q(1)).v == a + 1  # a formula; an int beside an mpq
    assert to_fraction((Q(a) + y).v) == a + b  # a scenario's Fraction beside an mpq


def _finite_decimal(value: Fraction) -> bool:
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return denominator == 1


@relaxed
@given(st.one_of(any_fraction, st.integers(-2400, 2400).map(lambda months: Fraction(months, 12))))
@example(Fraction(1, 5))
@example(Fraction(-7, 8))
@example(Fraction(123456789, 100))
@example(Fraction(301, 12))
@example(Fraction(1, 3))
@example(Fraction(-25))
@example(Fraction(1, 2 ** 40))
def test_figures_printed_and_read_in_integers_are_what_fractions_give(value):
    months = value * 12
    if _finite_decimal(value):
        places = next(k for k in range(10 ** 4) if (value * 10 ** k).denominator == 1)
        with localcontext(prec=2000):  # exact: the value has a finite decimal
            exact = Decimal(value.numerator) / Decimal(value.denominator)
            assert exact_number(value) == f"{exact:.{places}f}" and exact_years(value) == exact_number(value)
            assert exact_number(value, grouped=True) == f"{exact:,.{places}f}"
            assert exact_money(value) == ("-" if value < 0 else "") + f"${abs(exact):,.{max(places, 2)}f}"
    elif months.denominator == 1:
        whole, rest = divmod(months.numerator, 12)
        assert exact_years(value) == (f"{whole} + {rest} ÷ 12" if whole else f"{rest} ÷ 12")
    else:
        assert exact_years(value) == exact_number(value) == f"{value.numerator} ÷ {value.denominator}"
    assert whole_cents_exactly(value) == ((value * 100).denominator == 1)
    assert shown_exactly(value) == ((value * 10 ** 6).denominator == 1)
    as_mpq = _mpq(value)  # what the rules compute with prints as the Fraction of its value
    assert (exact_number(as_mpq), exact_years(as_mpq), exact_money(as_mpq)) == (
        exact_number(value), exact_years(value), exact_money(value))
    if math.isfinite(as_float := float(value)):
        assert _same(to_fraction(as_float), Fraction(Decimal(repr(as_float))))
        assert exact_value(as_float) == Fraction(Decimal(repr(as_float)))
    as_decimal = Decimal(value.numerator) / Decimal(value.denominator)
    assert _same(to_fraction(as_decimal), Fraction(as_decimal))
    assert _same(to_fraction(_mpq(Fraction(as_decimal))), Fraction(as_decimal))


@relaxed
@given(st.fractions(min_value=0, max_value=120), st.sampled_from(["es", "en"]))
def test_a_span_looked_up_by_numerator_and_denominator_is_the_span_of_its_value(years, lang):
    span(float(years), lang)  # a float of the same value looked up first does not stand in for it
    assert span(years, lang) == _span.__wrapped__(years, lang)
    assert span(years, lang) == _span.__wrapped__(years, lang)  # and again, from the cache
