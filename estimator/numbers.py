"""Exact arithmetic, rounding and display of amounts.

The rules compute with `Fraction` (exact), and round half up to cents exactly where RULES.md §0
says. The grid path (`projection`) runs the same rule functions on exact rational arrays (`RArray`).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from .rational import RArray

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
        return Fraction(Decimal(repr(value)))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError("not a finite number")
        return Fraction(value)
    raise TypeError(f"not a number: {type(value).__name__}")


def round_cents(value: Fraction) -> Decimal:
    """Round half up to cents (RULES.md §0), exactly."""
    cents = math.floor(value * 100 + Fraction(1, 2))
    return (Decimal(cents) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


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


def percent(value: Any) -> str:
    """0.015 → 1.5%"""
    return f"{number(to_fraction(value) * 100 if not isinstance(value, Fraction) else value * 100, 4)}%"


def years_months(value: Fraction) -> tuple[int, int]:
    """Completed years and months of a span in years (55.0833 → 55 years 1 month)."""
    months = math.floor(to_fraction(value) * 12 + Fraction(1, 1000))
    return months // 12, months % 12


def lesser(a: Any, b: Any) -> Any:
    if isinstance(a, RArray) or isinstance(b, RArray):
        return RArray.minimum(a, b)
    return min(a, b)


def greater(a: Any, b: Any) -> Any:
    if isinstance(a, RArray) or isinstance(b, RArray):
        return RArray.maximum(a, b)
    return max(a, b)


def pick(condition: Any, when_true: Any, when_false: Any) -> Any:
    """when_true where condition holds, else when_false (cell by cell on the grid)."""
    if isinstance(condition, np.ndarray):
        return RArray.where(condition, when_true, when_false)
    return when_true if condition else when_false
