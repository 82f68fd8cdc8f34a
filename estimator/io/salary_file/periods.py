"""The period of a salary: a year ("2021") or a month ("2021-03"), as people write them (2021-03, 03/2021,
mar-2021, marzo 2021), or a full date, which is its month (2021-01-31, 31/01/2021). A date whose day and month
could change places (01/02/2021) is settled by the file's other dates or refused, never guessed."""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from estimator.words.catalog import t
from estimator.io.salary_file.decoding import SalaryFileError, quoted_cell


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
ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")  # 2021-01-31
FULL_DATE = re.compile(r"([0-9]{1,2})\s*([/.\-])\s*([0-9]{1,2})\s*\2\s*([0-9]{4})")  # 31/01/2021, 01/31/2021
DAY_FIRST, MONTH_FIRST = "day_first", "month_first"
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


def read_period(cell: str, order: str | None = None) -> str | None:
    """"2021" (a year) or "2021-03" (a month) from 2021, 2021-03, 2021/3, 03/2021, mar-2021, marzo 2021, or a full
    date's month, its day and month in `order` (None: either, for telling a period column by its shape)."""
    year = _year(cell)
    if year is not None:
        return str(year)
    months = date_months(cell)
    if months:
        return months.get(order) if order else next(iter(months.values()))
    parts = TWO_PARTS.fullmatch(cell)
    if parts is None:
        return None
    first, second = parts.groups()
    if _year(first) is not None:
        return read_year_month(first, second)
    return read_year_month(second, first)


def date_months(cell: str) -> dict[str, str]:
    """The month ("2021-01") a full date gives, by the order of its day and month: both orders for 2021-01-31
    (the year first: always year, month, day), one for 31/01/2021, two months for 01/02/2021, none for text."""
    if iso := ISO_DATE.fullmatch(cell):
        year, month, day = (int(part) for part in iso.groups())
        return dict.fromkeys((DAY_FIRST, MONTH_FIRST), f"{year}-{month:02d}") if _real(year, month, day) else {}
    if (full := FULL_DATE.fullmatch(cell)) is None or _year(full.group(4)) is None:
        return {}
    first, second, year = int(full.group(1)), int(full.group(3)), int(full.group(4))
    months = {DAY_FIRST: (second, first), MONTH_FIRST: (first, second)}
    return {order: f"{year}-{month:02d}" for order, (month, day) in months.items() if _real(year, month, day)}


def _real(year: int, month: int, day: int) -> bool:
    try:
        return FIRST_YEAR <= date(year, month, day).year <= LAST_YEAR
    except ValueError:
        return False


def date_order(cells: list[tuple[int, str]], lang: str) -> str:
    """The order of day and month in the file's full dates: the one its dates that read one way only show
    (31/01/2021: day first); dates showing both orders, or only dates that read two months, are refused at
    their row."""
    only = {DAY_FIRST: [], MONTH_FIRST: []}
    both = []
    for row, cell in cells:
        months = date_months(cell)
        if len(months) == 1:
            only[next(iter(months))].append(row)
        elif len(set(months.values())) == 2:
            both.append((row, cell, months))
    if only[DAY_FIRST] and only[MONTH_FIRST]:
        day, month = only[DAY_FIRST][0], only[MONTH_FIRST][0]
        text = dict(cells)
        raise SalaryFileError(f"row {month}", t("salary_file.date_orders", lang, row=month, value=quoted_cell(text[month]),
                                                first=day, first_value=quoted_cell(text[day])))
    if only[MONTH_FIRST]:
        return MONTH_FIRST
    if not only[DAY_FIRST] and both:
        row, cell, months = both[0]
        raise SalaryFileError(f"row {row}", t("salary_file.date_two_months", lang, row=row, value=quoted_cell(cell),
                                              one=months[DAY_FIRST], other=months[MONTH_FIRST]))
    return DAY_FIRST


def read_year_month(year_text: str, month_text: str) -> str | None:
    year, month = _year(year_text), _month(month_text)
    return f"{year}-{month:02d}" if year is not None and month is not None else None
