"""Exact arithmetic and rounding: numbers as typed made exact, and rounded half up to cents exactly where RULES.md
§0 says. The rules compute on gmpy2's exact rationals (`mpq`, GMP's): a scenario's fields are Fractions (its
model's), and each figure a rule reads is made an `mpq` once, where it becomes a quantity (`quantity.leaf`,
`Params`). The grid (`calculation.grid`) runs the same rule functions on exact rational arrays (`RArray`)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gmpy2 import mpq

from estimator.arithmetic.arrays import is_array

CENT = Decimal("0.01")


def ratio(value: Any) -> tuple[int, int]:
    """The exact value of a number as typed, as its numerator and denominator in lowest terms (a positive
    denominator), Python ints: floats through their shortest repr, never their binary value."""
    kind = type(value)  # by type first: an `isinstance` of Fraction asks its abstract base classes
    if kind is mpq:
        return int(value.numerator), int(value.denominator)
    if kind is Fraction:
        return value.numerator, value.denominator
    if isinstance(value, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(value, int):
        return int(value), 1
    if isinstance(value, Fraction):
        return value.numerator, value.denominator
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("not a finite number")
        value = Decimal(repr(value))
    elif not isinstance(value, Decimal):
        raise TypeError(f"not a number: {type(value).__name__}")
    elif not value.is_finite():
        raise ValueError("not a finite number")
    return value.as_integer_ratio()


def exact(value: Any) -> mpq:
    """A number's exact value as the rules compute with it (see `ratio`)."""
    return value if type(value) is mpq else mpq(*ratio(value))


def to_fraction(value: Any) -> Fraction:
    """A number's exact value as a Fraction: what the scenario and answer models hold (see `ratio`)."""
    return value if type(value) is Fraction else Fraction(*ratio(value))


def whole_cents(value: Any) -> int:
    """floor(value × 100 + 1/2): an amount in whole cents, rounded half up (RULES.md §0), exactly. For n/d in
    integers, (200n + d) // 2d. A float by its binary value, scaled by 100 in floats."""
    if isinstance(value, float):
        return math.floor(value * 100 + Fraction(1, 2))
    n, d = ratio(value)
    return (200 * n + d) // (2 * d)  # Python ints: what the answer's models and JSON hold


def dollars(cents: Any) -> Any:
    """Whole cents in dollars: a Decimal to the cent for one scenario; for the grid's arrays of cents, the
    float of each two-decimal amount (the same float the contract prints), which its charts draw."""
    if is_array(cents):
        import numpy as np
        return np.asarray(cents, dtype=np.float64) / 100
    return (Decimal(cents) / 100).quantize(CENT)


def round_cents(value: Any) -> Decimal:
    """Round half up to cents (RULES.md §0), exactly."""
    return dollars(whole_cents(value))


def less(a: Any, b: Any) -> bool:
    """a < b for two exact numbers (Fractions, `mpq`s or ints), by the cross products of their numerators and
    (positive) denominators: Fraction's own `<` first asks whether the other is a `numbers.Rational`, an abstract
    class slow to ask, and a scenario's figures are compared several times a line. A figure is never less than
    itself: a separation age that is the age (a member retiring from service) is answered without arithmetic."""
    return a is not b and a.numerator * b.denominator < b.numerator * a.denominator


def less_after(a: Any, gap: int, b: Any) -> bool:
    """a − gap < b for two exact numbers and a whole `gap`, by cross products as `less` (no difference made)."""
    return (a.numerator - gap * a.denominator) * b.denominator < b.numerator * a.denominator


def lesser(a: Any, b: Any) -> Any:
    """The lesser of two amounts (the first when equal, as `min` picks); cell by cell on the grid."""
    if is_array(a) or is_array(b):
        from estimator.arithmetic.rational import RArray
        return RArray.minimum(a, b)
    return b if b < a else a


def greater(a: Any, b: Any) -> Any:
    """The greater of two amounts (the first when equal, as `max` picks); cell by cell on the grid."""
    if is_array(a) or is_array(b):
        from estimator.arithmetic.rational import RArray
        return RArray.maximum(a, b)
    return b if a < b else a


# CONTRACT.md: a number of years within this of a whole number of months is that many months.
WHOLE_MONTH_TOLERANCE = Fraction(1, 10 ** 6)


def _nearest_month(years: Any) -> int | None:
    """The whole number of months `years` stands for, when it lies within the tolerance of one. In integers
    (every line reads two or three spans): for years = n/d, the nearest month m is 12n/d rounded as `round`
    does (a half to even), and |years − m/12| < tolerance is |12n − m·d| × its denominator < 12d × its
    numerator."""
    n, d = ratio(years)
    twelve_n = 12 * n
    nearest, rest = divmod(twelve_n, d)
    if 2 * rest > d or (2 * rest == d and nearest % 2):
        nearest += 1
    tolerance = WHOLE_MONTH_TOLERANCE
    close = abs(twelve_n - nearest * d) * tolerance.denominator < 12 * d * tolerance.numerator
    return nearest if close else None


def whole_months_or_exact(value: Any) -> Fraction:
    """Years as the command line reads them: 25.083333333333332 (what a client sends for 25 years
    1 month) is exactly 301/12; a number not that close to a whole month stays as typed."""
    typed = to_fraction(value)
    months = _nearest_month(typed)
    return typed if months is None else Fraction(months, 12)


def whole_months(value: Any) -> int:
    """The completed months of a span given in years. A span typed as a decimal that stands for a
    whole number of months (25.0833333333 for 25 years 1 month) counts that month."""
    months = _nearest_month(value)
    if months is not None:
        return months
    n, d = ratio(value)
    return 12 * n // d
