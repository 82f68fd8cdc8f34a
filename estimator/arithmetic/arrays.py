"""Telling the grid's arrays from one scenario's numbers, by their type, without importing numpy.

One scenario's answer computes with exact rationals (`mpq`) and never makes an array; only the grid
(`grid.py`) does, with numpy and the exact rational arrays of `rational.py`. So the functions both share ask
here whether a value is an array, and import numpy only on the grid's branch: the command line answers without
loading it (≈60 ms of a one-line run's start-up). One scenario's values are plain numbers (a truth value, an
integer, an exact rational, a Decimal amount); anything else is one of the grid's arrays (bools, cents, `RArray`).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from gmpy2 import mpq

SCALARS = frozenset({bool, int, mpq, Fraction, Decimal})


def is_array(value: Any) -> bool:
    """Whether `value` is one of the grid's arrays rather than one scenario's number."""
    return type(value) not in SCALARS
