"""Amounts and figures as people read them: money in Puerto Rico's format, and every figure of a formula printed
exactly, with the digits it has (RULES.md §0, *Shown to people*; CONTRACT.md, *Steps*)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Callable

from gmpy2 import mpq

from estimator.arithmetic.exact import CENT, exact, ratio, round_cents, whole_cents

RATIONALS = (mpq, Fraction)  # exact values: what the rules compute (mpq) and a scenario's fields (Fractions)


def money(value: Any) -> str:
    """Puerto Rico format: $1,234.56 (the same in Spanish and English)."""
    amount = round_cents(value) if type(value) in RATIONALS else Decimal(str(value))
    amount = amount.quantize(CENT, rounding=ROUND_HALF_UP)
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def number(value: Any, places: int = 2) -> str:
    """A plain number, without trailing zeros: 30, 27.5, 55.08."""
    if isinstance(value, int):
        return str(value)
    if type(value) in RATIONALS:
        n, denominator = ratio(value)
        if denominator == 1:
            return str(n)
        d = Decimal(n) / Decimal(denominator)
    else:
        d = value if isinstance(value, Decimal) else Decimal(str(float(value)))
    text = f"{d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


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


def _terminating(value: Any) -> bool:
    """Whether `value` has a finite decimal expansion (its denominator is 2^a × 5^b)."""
    return _places(ratio(value)[1]) is not None


def _unsigned_digits(numerator: int, denominator: int, digits: int, grouped: bool = True) -> str:
    """The exact decimal digits of |numerator ÷ denominator| with `digits` after the point (as many as it
    takes, or more), its thousands grouped or not."""
    scaled = abs(numerator) * 10 ** digits // denominator  # exact: the denominator divides
    if digits == 0:
        return f"{scaled:,}" if grouped else str(scaled)
    whole, rest = divmod(scaled, 10 ** digits)
    return f"{whole:,}.{rest:0{digits}d}" if grouped else f"{whole}.{rest:0{digits}d}"


def exact_number(value: Any, grouped: bool = False) -> str:
    """A number printed so that a calculator gets it back exactly: 25, 27.5, 25.0833333333 as typed,
    and a figure with no finite decimal as a division (25 years 1 month: "301 ÷ 12")."""
    n, d = ratio(value)
    places = _places(d)
    if places is not None:
        return ("-" if n < 0 else "") + _unsigned_digits(n, d, places, grouped)
    return f"{n} ÷ {d}"


# RULES.md §0: no number is printed with more digits than it has, nor with more than this many decimals.
MOST_SHOWN_DECIMALS = 6


def shown_exactly(value: Any) -> bool:
    """Whether a factor prints exactly in at most MOST_SHOWN_DECIMALS decimals (0.825)."""
    return 10 ** MOST_SHOWN_DECIMALS % ratio(value)[1] == 0  # n/d in lowest terms: d divides 10^6


def whole_cents_exactly(value: Any) -> bool:
    """Whether an amount is a whole number of cents: the only dollar figures a formula prints."""
    return 100 % ratio(value)[1] == 0  # n/d in lowest terms: d divides 100


def carried(value: Any, formula: str, then: "Callable[[Any], Any] | None" = None) -> str:
    """How a later formula writes an earlier step's amount (CONTRACT.md, *Steps*). An amount that is a whole
    number of cents, by its value. Otherwise by the value its step printed, to the cent, when the next step
    (`then`, from this amount to its result) gives the same cent from it as from the exact amount; else by the
    step's own formula, in parentheses. So no dollar figure in a formula has more than two decimals, every one
    is an input, a constant of the law or a value a step printed, and the amount itself is rounded once, at
    the end (RULES.md §0)."""
    if whole_cents_exactly(value):
        return exact_money(value)
    shown = mpq(whole_cents(value), 100)  # the step's value, to the cent (compared in whole cents)
    if then is not None and whole_cents(then(shown)) == whole_cents(then(value)):
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
    n, d = ratio(value)
    twelve_n = 12 * n
    if twelve_n % d or _places(d) is not None:  # not a whole number of months, or a finite decimal
        return exact_number(value)
    whole, rest = divmod(twelve_n // d, 12)
    return f"{whole} + {rest} ÷ 12" if whole else f"{rest} ÷ 12"


def exact_money(value: Any) -> str:
    """An amount printed so that it reproduces: $1,234.56; $12,345.675 when a rule gives a fraction
    of a cent; "$100,000.00 ÷ 3" when no finite decimal gives it."""
    n, d = ratio(value)
    places = _places(d)
    if places is not None:
        return ("-" if n < 0 else "") + "$" + _unsigned_digits(n, d, max(places, 2))
    divisor = d // math.gcd(100, d)  # the denominator of value × 100
    return f"{exact_money(mpq(n * divisor, d))} ÷ {divisor}"


def exact_percent(value: Any) -> str:
    """A share as a percentage that reproduces: 0.015 → 1.5%; a share with no finite decimal as a
    division ("1 ÷ 3")."""
    hundredfold = exact(value) * 100
    if _terminating(hundredfold):
        return f"{exact_number(hundredfold)}%"
    return exact_number(value)


