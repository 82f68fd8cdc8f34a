"""Exact arithmetic, rounding and display of amounts.

The rules compute with `Fraction` (exact), and round half up to cents exactly where RULES.md §0
says. The grid path (`projection`) runs the same rule functions on exact rational arrays (`RArray`).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Callable

from .arrays import is_array, is_rational_array

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


def money(value: Any) -> str:
    """Puerto Rico format: $1,234.56 (the same in Spanish and English)."""
    amount = Decimal(str(value)) if not isinstance(value, Fraction) else round_cents(value)
    amount = amount.quantize(CENT, rounding=ROUND_HALF_UP)
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def number(value: Any, places: int = 2) -> str:
    """A plain number, without trailing zeros: 30, 27.5, 55.08."""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        d = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        d = value if isinstance(value, Decimal) else Decimal(str(float(value)))
    text = f"{d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text






# -- Fraction arithmetic without Fraction's dispatch -------------------------------------------
# A line's rules multiply and add a few dozen Fractions. `Fraction`'s own operators first ask what the other
# operand is (abstract-class checks) and build the result through its general constructor; these take two
# Fractions and do what its `_add`, `_sub`, `_mul` and `_div` do, giving the same result in lowest terms with
# a positive denominator (a rational has one such form, so the result is the very same value).

_bare = object.__new__


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
        from .rational import RArray
        return RArray.minimum(a, b)
    return min(a, b)


def greater(a: Any, b: Any) -> Any:
    if type(a) is Fraction is type(b):  # as `max` picks
        return b if a._numerator * b._denominator < b._numerator * a._denominator else a
    if is_rational_array(a) or is_rational_array(b):
        from .rational import RArray
        return RArray.maximum(a, b)
    return max(a, b)


def pick(condition: Any, when_true: Any, when_false: Any) -> Any:
    """when_true where condition holds, else when_false (cell by cell on the grid)."""
    if is_array(condition):
        from .rational import RArray
        return RArray.where(condition, when_true, when_false)
    return when_true if condition else when_false


# -- exact figures, for formulas a calculator reproduces (CONTRACT.md, *Steps*) ------------------

def _places(denominator: int) -> int | None:
    """The decimals a fraction with this denominator (in lowest terms) takes: the larger power of 2 or 5 in
    it; None when it has another prime factor, and so no finite decimal (integer steps only)."""
    twos = (denominator & -denominator).bit_length() - 1  # the lowest set bit: the power of 2
    denominator >>= twos
    fives = 0
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def _terminating(value: Fraction) -> bool:
    """Whether `value` has a finite decimal expansion (its denominator is 2^a × 5^b)."""
    return _places(value.denominator) is not None


def _unsigned_digits(value: Fraction, digits: int, grouped: bool = True) -> str:
    """The exact decimal digits of |value| with `digits` after the point (as many as it takes, or more), its
    thousands grouped or not."""
    scaled = abs(value.numerator) * 10 ** digits // value.denominator  # exact: the denominator divides
    if digits == 0:
        return f"{scaled:,}" if grouped else str(scaled)
    whole, rest = divmod(scaled, 10 ** digits)
    return f"{whole:,}.{rest:0{digits}d}" if grouped else f"{whole}.{rest:0{digits}d}"


def exact_number(value: Any, grouped: bool = False) -> str:
    """A number printed so that a calculator gets it back exactly: 25, 27.5, 25.0833333333 as typed,
    and a figure with no finite decimal as a division (25 years 1 month: "301 ÷ 12")."""
    exact = to_fraction(value)
    places = _places(exact.denominator)
    if places is not None:
        return ("-" if exact.numerator < 0 else "") + _unsigned_digits(exact, places, grouped)
    return f"{exact.numerator} ÷ {exact.denominator}"


# RULES.md §0: no number is printed with more digits than it has, nor with more than this many decimals.
MOST_SHOWN_DECIMALS = 6


def shown_exactly(value: Any) -> bool:
    """Whether a factor prints exactly in at most MOST_SHOWN_DECIMALS decimals (0.825)."""
    return 10 ** MOST_SHOWN_DECIMALS % to_fraction(value).denominator == 0  # n/d in lowest terms: d divides 10^6


def whole_cents_exactly(value: Any) -> bool:
    """Whether an amount is a whole number of cents: the only dollar figures a formula prints."""
    return 100 % to_fraction(value).denominator == 0  # n/d in lowest terms: d divides 100


def carried(value: Fraction, formula: str, then: "Callable[[Fraction], Fraction] | None" = None) -> str:
    """How a later formula writes an earlier step's amount (CONTRACT.md, *Steps*). An amount that is a whole
    number of cents, by its value. Otherwise by the value its step printed, to the cent, when the next step
    (`then`, from this amount to its result) gives the same cent from it as from the exact amount; else by the
    step's own formula, in parentheses. So no dollar figure in a formula has more than two decimals, every one
    is an input, a constant of the law or a value a step printed, and the amount itself is rounded once, at
    the end (RULES.md §0)."""
    if whole_cents_exactly(value):
        return exact_money(value)
    shown = Fraction(round_cents(value))
    if then is not None and round_cents(then(shown)) == round_cents(then(value)):
        return exact_money(shown)
    return formula if enclosed(formula) else f"({formula})"


def enclosed(text: str) -> bool:
    """Whether `text` is one group in parentheses, "(a × b)", not "(a) × (b)"."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and index < len(text) - 1:
            return False
    return True


def exact_years(value: Any) -> str:
    """A number of years as a formula prints it: 25, 27.5, and a whole number of months with no finite
    decimal as what it is, "25 + 1 ÷ 12" (25 years 1 month), never 25.083333333333332 (RULES.md §0)."""
    exact = to_fraction(value)
    twelve_n, d = 12 * exact.numerator, exact.denominator
    if twelve_n % d or _terminating(exact):  # not a whole number of months, or a finite decimal
        return exact_number(exact)
    whole, rest = divmod(twelve_n // d, 12)
    return f"{whole} + {rest} ÷ 12" if whole else f"{rest} ÷ 12"


def exact_money(value: Any) -> str:
    """An amount printed so that it reproduces: $1,234.56; $12,345.675 when a rule gives a fraction
    of a cent; "$100,000.00 ÷ 3" when no finite decimal gives it."""
    exact = to_fraction(value)
    places = _places(exact.denominator)
    if places is not None:
        return ("-" if exact.numerator < 0 else "") + "$" + _unsigned_digits(exact, max(places, 2))
    divisor = (exact * 100).denominator
    return f"{exact_money(exact * divisor)} ÷ {divisor}"


def step_money(value: float) -> str:
    """A step's amount as its `value` holds it, with the digits it has: $7,856.10, $4,355.9934."""
    return exact_money(Decimal(repr(value)))


def exact_percent(value: Any) -> str:
    """A share as a percentage that reproduces: 0.015 → 1.5%; a share with no finite decimal as a
    division ("1 ÷ 3")."""
    exact = to_fraction(value)
    if _terminating(exact * 100):
        return f"{exact_number(exact * 100)}%"
    return exact_number(exact)


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
