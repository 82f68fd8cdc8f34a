"""Built once per set of arguments, for the rest of the test run: a report's PDF takes a third of a second of
CPU and several tests read the same one. What is kept must be immutable (bytes, text, tuples of them), so
that sharing it changes nothing a test sees."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import wraps


def _plain(value):
    if isinstance(value, (date, Decimal, Fraction)):
        return repr(value)
    raise TypeError(type(value).__name__)  # an object whose repr may not tell two of them apart: not kept


def once(build):
    """`build(*args, **options)`, called once for each distinct set of arguments (compared as JSON; dates,
    decimals and fractions by their repr). Arguments of any other kind are built each time."""
    built = {}

    @wraps(build)
    def cached(*args, **options):
        try:
            key = json.dumps([args, options], sort_keys=True, default=_plain)
        except TypeError:
            return build(*args, **options)
        if key not in built:
            built[key] = build(*args, **options)
        return built[key]

    return cached
