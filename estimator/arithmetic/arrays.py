"""Telling the grid's arrays from one scenario's numbers, without importing numpy.

One scenario's answer computes with Fractions and never makes an array; only the grid (`grid.py`) does,
with numpy and the exact rational arrays of `rational.py`. So the functions both share ask here whether a value is
an array, and import numpy only on the grid's branch: the command line answers without loading it (≈60 ms of a
one-line run's start-up). A value can be an array only once its module has been imported, hence `sys.modules`.
"""

from __future__ import annotations

import sys
from typing import Any


def is_array(value: Any) -> bool:
    """Whether `value` is a numpy array (a grid's bools or cents)."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.ndarray)


def is_rational_array(value: Any) -> bool:
    """Whether `value` is an exact rational array (`rational.RArray`, a grid's amounts)."""
    rational = sys.modules.get(f"{__package__}.rational")
    return rational is not None and isinstance(value, rational.RArray)
