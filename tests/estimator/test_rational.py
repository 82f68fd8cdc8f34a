"""Exact rational arrays (the grid's numbers) agree with Fraction, small and huge."""

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gmpy2 import mpq

from estimator.arithmetic.quantity import pick
from estimator.arithmetic.rational import RArray
from tests.conftest import examples

fractions = st.fractions(max_denominator=10 ** 20).filter(lambda f: abs(f) < 10 ** 20) | st.fractions(max_denominator=1200)
columns = st.lists(fractions, min_size=1, max_size=6)


def as_fractions(array: RArray) -> list[Fraction]:
    return [Fraction(int(n), array.den) for n in np.broadcast_to(array.num, array.shape).flat]


@settings(max_examples=examples(300), deadline=None)
@given(columns, columns, fractions)
def test_operations_agree_with_fraction(xs, ys, k):
    n = min(len(xs), len(ys))
    xs, ys = xs[:n], ys[:n]
    a, b = RArray.from_fractions(np.array(xs, dtype=object)), RArray.from_fractions(np.array(ys, dtype=object))
    assert as_fractions(a + b) == [x + y for x, y in zip(xs, ys)]
    assert as_fractions(a - b) == [x - y for x, y in zip(xs, ys)]
    assert as_fractions(a * b) == [x * y for x, y in zip(xs, ys)]
    assert as_fractions(k - a) == [k - x for x in xs]
    assert as_fractions(k * a) == [k * x for x in xs]
    assert list(a >= b) == [x >= y for x, y in zip(xs, ys)]
    assert list(a < k) == [x < k for x in xs]
    assert list(k > a) == [k > x for x in xs]
    assert as_fractions(RArray.minimum(a, k)) == [min(x, k) for x in xs]
    assert as_fractions(RArray.maximum(a, b)) == [max(x, y) for x, y in zip(xs, ys)]
    mask = np.array([i % 2 == 0 for i in range(n)])
    assert as_fractions(pick(mask, a, b)) == [x if m else y for x, y, m in zip(xs, ys, mask)]
    exact_k = mpq(k.numerator, k.denominator)  # one scenario's exact number, on either side of an array
    assert as_fractions(exact_k * a) == as_fractions(a * exact_k) == [k * x for x in xs]
    assert as_fractions(exact_k - a) == [k - x for x in xs] and list(exact_k > a) == [k > x for x in xs]
    assert as_fractions(pick(mask, exact_k, a)) == [k if m else x for x, m in zip(xs, mask)]


@settings(max_examples=examples(300), deadline=None)
@given(columns)
def test_cents_round_half_up_exactly(xs):
    import math
    a = RArray.from_fractions(np.array(xs, dtype=object))
    assert [int(c) for c in a.cents_half_up().flat] == [math.floor(x * 100 + Fraction(1, 2)) for x in xs]


def test_half_cent_rounds_up():
    assert int(RArray.of(Fraction("600.005")).cents_half_up()) == 60001
    assert int(RArray.of(Fraction("600.00499999")).cents_half_up()) == 60000
