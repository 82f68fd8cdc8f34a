"""Exact arithmetic and rounding: numbers as typed made exact, and rounded half up to cents exactly where RULES.md
§0 says. The grid (`calculation.grid`) runs the same rule functions on exact rational arrays (`RArray`)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from estimator.arithmetic.arrays import is_array, is_rational_array


# -- Fraction arithmetic without Fraction's dispatch -------------------------------------------
# A line's rules multiply and add a few dozen Fractions. `Fraction`'s own operators first ask what the other
# operand is (abstract-class checks) and build the result through its general constructor; these take two
# Fractions and do what its `_add`, `_sub`, `_mul` and `_div` do, giving the same result in lowest terms with
# a positive denominator (a rational has one such form, so the result is the very same value).

_bare = object.__new__


CENT = Decimal("0.01")


def to_fraction(value: Any) -> Fraction:
    """Exact value of a number as typed: floats through their shortest repr, never their binary value."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("not a finite number")
        value = Decimal(repr(value))
    elif not isinstance(value, Decimal):
        raise TypeError(f"not a number: {type(value).__name__}")
    elif not value.is_finite():
        raise ValueError("not a finite number")
    return fraction_of(*value.as_integer_ratio())  # what Fraction(Decimal) does: lowest terms, denominator > 0


def whole_cents(value: Any) -> int:
    """floor(value × 100 + 1/2): an amount in whole cents, rounded half up (RULES.md §0), exactly. A Fraction
    n/d in integers, (200n + d) // 2d: every answer rounds several."""
    if type(value) is Fraction:
        return (200 * value.numerator + value.denominator) // (2 * value.denominator)
    return math.floor(value * 100 + Fraction(1, 2))


def round_cents(value: Fraction) -> Decimal:
    """Round half up to cents (RULES.md §0), exactly."""
    return (Decimal(whole_cents(value)) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


def fraction_of(numerator: int, denominator: int) -> Fraction:
    """A Fraction already in lowest terms with a positive denominator, made without checking it again."""
    made = _bare(Fraction)
    made._numerator, made._denominator = numerator, denominator
    return made


def plus(a: Any, b: Any, sign: int = 1) -> Any:
    """a + b (a − b with `sign` −1): two Fractions by `fraction_plus`, other numbers by their own operators."""
    if type(a) is Fraction is type(b):
        return fraction_plus(a, b, sign)
    return a + b if sign == 1 else a - b


def fraction_plus(a: Fraction, b: Fraction, sign: int = 1) -> Fraction:
    """a + b (a − b with `sign` −1), exactly."""
    na, da, nb, db = a._numerator, a._denominator, sign * b._numerator, b._denominator
    g = math.gcd(da, db)
    if g == 1:
        return fraction_of(na * db + da * nb, da * db)
    s = da // g
    t = na * (db // g) + nb * s
    g2 = math.gcd(t, g)
    if g2 == 1:
        return fraction_of(t, s * db)
    return fraction_of(t // g2, s * (db // g2))


def fraction_times(a: Fraction, b: Fraction) -> Fraction:
    """a × b, exactly."""
    na, da, nb, db = a._numerator, a._denominator, b._numerator, b._denominator
    g1 = math.gcd(na, db)
    if g1 > 1:
        na, db = na // g1, db // g1
    g2 = math.gcd(nb, da)
    if g2 > 1:
        nb, da = nb // g2, da // g2
    return fraction_of(na * nb, db * da)


def fraction_over(a: Fraction, b: Fraction) -> Fraction:
    """a ÷ b, exactly: a × 1/b (ZeroDivisionError for b = 0, as Fraction says)."""
    nb, db = b._numerator, b._denominator
    if nb == 0:
        raise ZeroDivisionError(f"Fraction({db}, 0)")
    return fraction_times(a, fraction_of(db, nb) if nb > 0 else fraction_of(-db, -nb))


def less(a: Fraction, b: Fraction) -> bool:
    """a < b for two Fractions, by their cross products (as `Fraction` compares them, without its dispatch)."""
    return a.numerator * b.denominator < b.numerator * a.denominator


def lesser(a: Any, b: Any) -> Any:
    if type(a) is Fraction is type(b):  # one scenario's figures: as `min` picks, without Fraction's dispatch
        return b if b._numerator * a._denominator < a._numerator * b._denominator else a
    if is_rational_array(a) or is_rational_array(b):
        from estimator.arithmetic.rational import RArray
        return RArray.minimum(a, b)
    return min(a, b)


def greater(a: Any, b: Any) -> Any:
    if type(a) is Fraction is type(b):  # as `max` picks
        return b if a._numerator * b._denominator < b._numerator * a._denominator else a
    if is_rational_array(a) or is_rational_array(b):
        from estimator.arithmetic.rational import RArray
        return RArray.maximum(a, b)
    return max(a, b)


def pick(condition: Any, when_true: Any, when_false: Any) -> Any:
    """when_true where condition holds, else when_false (cell by cell on the grid)."""
    if is_array(condition):
        from estimator.arithmetic.rational import RArray
        return RArray.where(condition, when_true, when_false)
    return when_true if condition else when_false


# CONTRACT.md: a number of years within this of a whole number of months is that many months.
WHOLE_MONTH_TOLERANCE = Fraction(1, 10 ** 6)


def _nearest_month(years: Fraction) -> int | None:
    """The whole number of months `years` stands for, when it lies within the tolerance of one. In integers
    (every line reads two or three spans): for years = n/d, the nearest month m is 12n/d rounded as `round`
    does (a half to even), and |years − m/12| < tolerance is |12n − m·d| × its denominator < 12d × its
    numerator."""
    twelve_n, d = 12 * years.numerator, years.denominator
    nearest, rest = divmod(twelve_n, d)
    if 2 * rest > d or (2 * rest == d and nearest % 2):
        nearest += 1
    tolerance = WHOLE_MONTH_TOLERANCE
    close = abs(twelve_n - nearest * d) * tolerance.denominator < 12 * d * tolerance.numerator
    return nearest if close else None


def whole_months_or_exact(value: Any) -> Fraction:
    """Years as the command line reads them: 25.083333333333332 (what a client sends for 25 years
    1 month) is exactly 301/12; a number not that close to a whole month stays as typed."""
    exact = to_fraction(value)
    months = _nearest_month(exact)
    return exact if months is None else Fraction(months, 12)


def whole_months(value: Any) -> int:
    """The completed months of a span given in years. A span typed as a decimal that stands for a
    whole number of months (25.0833333333 for 25 years 1 month) counts that month."""
    exact = to_fraction(value)
    months = _nearest_month(exact)
    return months if months is not None else math.floor(exact * 12)
