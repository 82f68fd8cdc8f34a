"""The period of a salary: a year ("2021") or a month ("2021-03"), as people write them (2021-03, 03/2021,
mar-2021, marzo 2021)."""

from __future__ import annotations

import re
import unicodedata


FIRST_YEAR, LAST_YEAR = 1900, 2100
MONTH_NAMES = {
    1: ("enero", "ene", "january", "jan"), 2: ("febrero", "feb", "february"),
    3: ("marzo", "mar", "march"), 4: ("abril", "abr", "april", "apr"), 5: ("mayo", "may"),
    6: ("junio", "jun", "june"), 7: ("julio", "jul", "july"), 8: ("agosto", "ago", "august", "aug"),
    9: ("septiembre", "setiembre", "sep", "sept", "set", "september"), 10: ("octubre", "oct", "october"),
    11: ("noviembre", "nov", "november"), 12: ("diciembre", "dic", "december", "dec"),
}
MONTHS = {name: number for number, names in MONTH_NAMES.items() for name in names}
# ASCII digits only: a period or an amount in other scripts' digits is refused, not converted.
FOUR_DIGITS = re.compile(r"[0-9]{4}")
MONTH_DIGITS = re.compile(r"[0-9]{1,2}")
TWO_PARTS = re.compile(r"(\w+\.?)\s*[-/ ]\s*(\w+\.?)")  # 2021-03, 03/2021, mar-2021, marzo 2021


def _year(text: str) -> int | None:
    if FOUR_DIGITS.fullmatch(text) and FIRST_YEAR <= int(text) <= LAST_YEAR:
        return int(text)
    return None


def _month(text: str) -> int | None:
    if MONTH_DIGITS.fullmatch(text):
        return int(text) if 1 <= int(text) <= 12 else None
    folded = "".join(ch for ch in unicodedata.normalize("NFKD", text.lower().rstrip("."))
                     if not unicodedata.combining(ch))
    return MONTHS.get(folded)


def read_period(cell: str) -> str | None:
    """"2021" (a year) or "2021-03" (a month) from 2021, 2021-03, 2021/3, 03/2021, mar-2021, marzo 2021."""
    year = _year(cell)
    if year is not None:
        return str(year)
    parts = TWO_PARTS.fullmatch(cell)
    if parts is None:
        return None
    first, second = parts.groups()
    if _year(first) is not None:
        return read_year_month(first, second)
    return read_year_month(second, first)


def read_year_month(year_text: str, month_text: str) -> str | None:
    year, month = _year(year_text), _month(month_text)
    return f"{year}-{month:02d}" if year is not None and month is not None else None
