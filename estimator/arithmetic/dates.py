"""Ages and dates, one arithmetic (RULES.md §0, Ages and dates): an age is completed months ÷ 12; a month
is completed on the same day of a later month, and when that month has no such day (born on the 29th–31st),
on the first day of the month after (born 29 February: 1 March in a common year)."""

from __future__ import annotations

import calendar
import math
from datetime import date
from fractions import Fraction


def months_between(start: date, end: date) -> int:
    """Completed months from `start` to `end` (negative when `end` comes first)."""
    return (end.year - start.year) * 12 + (end.month - start.month) - (end.day < start.day)


def age_on(birth: date, on: date) -> Fraction:
    """Age in completed months ÷ 12."""
    return Fraction(months_between(birth, on), 12)


def add_months(start: date, months: int) -> date:
    """The day `months` whole months after `start` are completed (see the module's docstring)."""
    year, month = divmod(start.month - 1 + months, 12)
    year += start.year
    if start.day > calendar.monthrange(year, month + 1)[1]:  # no such day: the first of the month after
        year, month = (year + 1, 0) if month == 11 else (year, month + 1)
        return date(year, month + 1, 1)
    return date(year, month + 1, start.day)


def date_at(birth: date, age: Fraction) -> date:
    """The first day on which a person born on `birth` has reached `age` (in whole months), as `age_on`
    counts it."""
    return add_months(birth, math.ceil(Fraction(age) * 12))


def birthday(birth: date, age: int) -> date:
    """The day a person born on `birth` turns `age` (29 February → 1 March in a common year, as ages count)."""
    return date_at(birth, Fraction(age))
