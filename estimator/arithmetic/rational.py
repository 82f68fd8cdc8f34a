"""Exact rational arrays for the grid: integer numerators over one shared denominator.

The rules run unchanged on these (they only add, subtract, multiply, compare, and take min/max),
so every cell of the grid is computed exactly, as the one-scenario path computes it with `mpq`.
Numerators are int64 while the values fit, and Python integers (object arrays) when they would not.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import reduce
from typing import Any

import numpy as np
from gmpy2 import mpq

SAFE = 2 ** 62  # below this, an int64 product or sum cannot overflow


def _limit(num: np.ndarray) -> int:
    if num.size == 0:
        return 0
    if num.dtype == object:
        return max(abs(int(x)) for x in num.flat)
    return int(np.abs(num).max())


def _exact(num: np.ndarray) -> np.ndarray:
    return num if num.dtype == object else num.astype(object)


def _ratio(value: Any) -> tuple[int, int]:
    """A scalar's numerator and denominator as Python ints (an `mpq`'s are gmpy2 integers)."""
    if type(value) is mpq:
        return int(value.numerator), int(value.denominator)
    fraction = Fraction(value)
    return fraction.numerator, fraction.denominator


def _array(value: Any) -> np.ndarray:
    """An integer array; 0-d results of object arithmetic come back as plain ints."""
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, (int, np.integer)):
        return np.array(int(value), dtype=object if abs(int(value)) >= SAFE else np.int64)
    return np.asarray(value)


class RArray:
    __slots__ = ("num", "den")
    __array_priority__ = 1000  # numpy defers to our reflected operators

    def __init__(self, num: Any, den: int = 1):
        num = _array(num)
        if num.dtype != object and num.dtype.kind != "i":
            raise TypeError("numerators must be integers")
        self.num = num.astype(np.int64) if num.dtype != object else num
        self.den = int(den)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def of(cls, value: Any) -> "RArray":
        if isinstance(value, RArray):
            return value
        if isinstance(value, np.ndarray) and value.dtype.kind in "iub":
            return cls(value.astype(np.int64), 1)
        if isinstance(value, np.ndarray):
            return cls.from_fractions(value)
        number, denominator = _ratio(value)
        return cls(np.array(number, dtype=object if abs(number) >= SAFE else np.int64), denominator)

    @classmethod
    def from_fractions(cls, values: Any) -> "RArray":
        values = np.asarray(values, dtype=object)
        ratios = [_ratio(v) for v in values.flat]
        den = reduce(math.lcm, (d for _, d in ratios), 1)
        nums = [n * (den // d) for n, d in ratios]
        big = any(abs(n) >= SAFE for n in nums)
        num = np.array(nums, dtype=object if big else np.int64).reshape(values.shape)
        return cls(num, den)

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _times(num: np.ndarray, factor: int) -> np.ndarray:
        if factor == 1:
            return num
        if num.dtype != object and (abs(factor) >= SAFE or _limit(num) * abs(factor) >= SAFE):
            num = _exact(num)
        return _array(num * factor)

    def _reduced(self) -> "RArray":
        if self.den == 1:
            return self
        if self.num.dtype == object:
            g = reduce(math.gcd, (int(x) for x in self.num.flat), self.den)
        else:
            g = math.gcd(int(np.gcd.reduce(self.num, axis=None)) if self.num.size else 0, self.den)
        if g > 1:
            num = _exact(self.num) if g >= SAFE else self.num
            return RArray(_array(num // g), self.den // g)
        return self

    @staticmethod
    def _align(a: Any, b: Any) -> tuple[np.ndarray, np.ndarray, int]:
        a, b = RArray.of(a), RArray.of(b)
        den = math.lcm(a.den, b.den)
        return RArray._times(a.num, den // a.den), RArray._times(b.num, den // b.den), den

    @staticmethod
    def _sum(x: np.ndarray, y: np.ndarray, sign: int) -> np.ndarray:
        if x.dtype != object and y.dtype != object and _limit(x) + _limit(y) >= SAFE:
            x = _exact(x)
        return _array(x + y if sign > 0 else x - y)

    # -- arithmetic --------------------------------------------------------------------------
    def __add__(self, other: Any) -> "RArray":
        x, y, den = RArray._align(self, other)
        return RArray(RArray._sum(x, y, 1), den)._reduced()

    __radd__ = __add__

    def __sub__(self, other: Any) -> "RArray":
        x, y, den = RArray._align(self, other)
        return RArray(RArray._sum(x, y, -1), den)._reduced()

    def __rsub__(self, other: Any) -> "RArray":
        return RArray.of(other) - self

    def __mul__(self, other: Any) -> "RArray":
        other = RArray.of(other)
        x, y = self.num, other.num
        if x.dtype != object and y.dtype != object and _limit(x) * _limit(y) >= SAFE:
            x = _exact(x)
        return RArray(_array(x * y), self.den * other.den)._reduced()

    __rmul__ = __mul__

    # -- comparisons (plain bool arrays) ----------------------------------------------------
    def _compare(self, other: Any):
        x, y, _ = RArray._align(self, other)
        return x, y

    def __ge__(self, other):
        x, y = self._compare(other)
        return np.asarray(x >= y, dtype=bool)

    def __gt__(self, other):
        x, y = self._compare(other)
        return np.asarray(x > y, dtype=bool)

    def __le__(self, other):
        x, y = self._compare(other)
        return np.asarray(x <= y, dtype=bool)

    def __lt__(self, other):
        x, y = self._compare(other)
        return np.asarray(x < y, dtype=bool)

    __hash__ = None  # type: ignore[assignment]

    # -- selection ---------------------------------------------------------------------------
    @staticmethod
    def cellwise(function, a: Any, b: Any) -> "RArray":
        """`function` of the two arrays' numerators over their common denominator (a choice of one cell or
        the other: `np.where`, `np.minimum`, `np.maximum`)."""
        x, y, den = RArray._align(a, b)
        if x.dtype != y.dtype:
            x, y = _exact(x), _exact(y)
        return RArray(function(x, y), den)._reduced()

    @staticmethod
    def minimum(a: Any, b: Any) -> "RArray":
        return RArray.cellwise(np.minimum, a, b)

    @staticmethod
    def maximum(a: Any, b: Any) -> "RArray":
        return RArray.cellwise(np.maximum, a, b)

    # -- out ---------------------------------------------------------------------------------
    def broadcast_to(self, shape: tuple[int, ...]) -> "RArray":
        return RArray(np.broadcast_to(self.num, shape), self.den)

    def cents_half_up(self) -> np.ndarray:
        """Round half up to whole cents, exactly: floor(value × 100 + 1/2), as integers."""
        num = self.num if self.den < SAFE // 4 else _exact(self.num)
        num = self._sum(self._times(num, 200), _array(self.den), 1)
        if num.dtype != object and 2 * self.den >= SAFE:
            num = _exact(num)
        return _array(num // (2 * self.den))

    def to_float(self) -> np.ndarray:
        if self.num.dtype == object:
            return np.array([float(Fraction(int(n), self.den)) for n in self.num.flat]).reshape(self.num.shape)
        return self.num / self.den

    @property
    def shape(self) -> tuple[int, ...]:
        return self.num.shape
