"""Salary histories as spreadsheets and payroll systems export them (CONTRACT.md, *Salary history →
average*).

A member's salaries arrive as a file someone saved from Excel, LibreOffice or a payroll system: one
amount a line, or a period and an amount; commas, semicolons, tabs or spaces between columns (a year
typed by hand, spaces, and an amount: `2016 $38,500.00`); a header row;
quoted cells; `$` and thousands separators in the Puerto Rico style (`31,000.00`) or the Spanish one
(`31.000,00`); CRLF; a byte-order mark. This module reads all of those, and refuses — naming the row
— everything it cannot read with certainty: a wrong salary would silently give a wrong pension, so a
number that could be read two ways is settled by the rest of the file or refused, never guessed, and an
amount far below the file's other amounts (a likely slip, RULES.md §0 *Plausibility*) is refused, not
averaged.

Pure Python, no user interface: the command line (`python -m estimator average`) and the app's upload
both call `read_history`, so both read a file the same way.
"""

from __future__ import annotations

import csv
import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .averages import Average, average_from_history, window
from .models import LARGEST_NUMBER
from .numbers import exact_money, round_cents
from .plans import PLAN_IDS, plan as plan_of
from .system_text import os_error_text
from .texts import t

MAX_BYTES = 1024 * 1024   # the app's upload limit (server.maxUploadSize = 1 MB)
MAX_ROWS = 2000           # rows with content: a 50-year career of monthly salaries is 600
MAX_LINE = 250            # characters in one line: a period and an amount need a few dozen
MAX_CELL = 60             # characters in one cell (a long header such as "Salario anual bruto (USD)" fits)
MAX_DECIMALS = 6          # digits after a decimal point (cents need 2; spreadsheets may show more)
FIRST_YEAR, LAST_YEAR = 1900, 2100
PLANS = PLAN_IDS
# An amount under this share of the median of the file's other amounts is far more likely a slip (31.000
# read as $31.00 beside 30,500.00) than a salary: refused, naming its row (RULES.md §0, *Plausibility*).
# A zero is written on purpose (a year without pay) and is read as zero.
PLAUSIBLE_SHARE = Fraction(1, 10)

DOT, COMMA = "dot", "comma"   # 31,000.00 (Puerto Rico) and 31.000,00 (Spanish)
STYLE_EXAMPLE = {DOT: "31,000.00", COMMA: "31.000,00"}


class SalaryFileError(ValueError):
    """Why a file gives no salary history: `field` is "row N" (its line in the file) or "file"."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


@dataclass(frozen=True)
class Salary:
    row: int                 # line in the file, from 1
    period: str | None       # "2021" or "2021-03", when the file gives one
    amount: Decimal          # exactly as written, in dollars


@dataclass(frozen=True)
class SalaryHistory:
    plan: str
    salaries: tuple[Salary, ...]
    used: tuple[int, ...]    # rows of the salaries the plan's average takes
    average: Average         # annual (government plans) or the monthly M rounded to cents (teachers)

    def contract_dict(self) -> dict:
        """The `average` command's answer (CONTRACT.md): amounts as JSON numbers, the average to cents."""
        return {
            "plan": self.plan,
            "count": len(self.salaries),
            "salaries": [{"row": s.row, "period": s.period, "amount": float(s.amount)} for s in self.salaries],
            "used": list(self.used),
            "average": float(round_cents(self.average.value)),
        }

    def chronological(self) -> list[Salary]:
        """The salaries oldest first when the file gives periods (a projection grows the latest one),
        else in the file's order."""
        if all(s.period for s in self.salaries):
            return sorted(self.salaries, key=lambda s: s.period)
        return list(self.salaries)


# -- the file as a whole ------------------------------------------------------------------------

def read_history(raw: bytes, plan: str, lang: str = "es") -> SalaryHistory:
    """The salaries of a file and the plan's average of them (RULES.md §7), or a SalaryFileError
    naming the row or the count."""
    if plan not in PLANS:
        raise ValueError(f"plan must be one of {', '.join(PLANS)}")
    salaries = read_salaries(raw, lang)
    _check_periods_fit(plan, salaries, lang)
    size = window(plan)
    if len(salaries) < size:
        key = f"salary_file.too_few_{plan_of(plan).amount_unit}"
        raise SalaryFileError("file", t(key, lang, count=len(salaries), size=size))
    average = average_from_history(plan, [Fraction(s.amount) for s in salaries], lang)
    used = tuple(salaries[i].row for i in average.used)
    return SalaryHistory(plan, tuple(salaries), used, average)


def read_salaries(raw: bytes, lang: str = "es") -> list[Salary]:
    """Every salary of the file in its order, each with its row and period; any doubt is an error."""
    lines = _content_lines(_decode(raw, lang), lang)
    if not lines:
        raise SalaryFileError("file", t("salary_file.empty", lang))
    spaced = _spaced_entries(lines)  # every row a period, spaces and an amount, as typed by hand
    try:
        entries = spaced or _entries(lines, lang)
        if not entries:
            raise SalaryFileError("file", t("salary_file.empty", lang))
        if len(entries) > MAX_ROWS:
            raise SalaryFileError("file", t("salary_file.too_many_rows", lang, limit=MAX_ROWS))
        amounts = _settle_amounts(entries, lang)
    except SalaryFileError:
        if spaced is None:
            _check_spaced_rows(lines, lang)  # a file mostly typed with spaces: the row that is not, named
        raise
    salaries = [Salary(row, period, amounts[row]) for row, period, _ in entries]
    _check_periods(salaries, lang)
    _check_plausible(entries, amounts, lang)
    return salaries


def _decode(raw: bytes, lang: str) -> str:
    """The file's text: bounded in size, UTF-8 with or without a byte-order mark, not a workbook."""
    if len(raw) > MAX_BYTES:
        raise SalaryFileError("file", t("salary_file.too_big", lang))
    if raw.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):  # .xlsx/.ods (zip) and .xls
        raise SalaryFileError("file", t("salary_file.workbook", lang))
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise SalaryFileError("file", t("salary_file.utf16", lang))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        row = before.count(b"\n") + 1
        raise SalaryFileError(f"row {row}", t("salary_file.not_utf8", lang, row=row)) from None
    if "\x00" in text:
        if text.count("\x00") * 3 >= len(text):  # every other byte: UTF-16 saved without its mark
            raise SalaryFileError("file", t("salary_file.utf16", lang))
        row = text[:text.index("\x00")].replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
        raise SalaryFileError(f"row {row}", t("salary_file.nul", lang, row=row))
    return text.removeprefix("\ufeff")


def _content_lines(text: str, lang: str) -> list[tuple[int, str]]:
    """(row, line) of every line with content, bounded in count and length before any parsing.
    Rows count every line of the file (CRLF, LF or CR), so "row N" is what an editor shows."""
    lines: list[tuple[int, str]] = []
    for row, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        if not line.strip(" \t,;\"'\u00a0"):
            continue  # blank, or a spreadsheet's empty row (",,")
        if len(line) > MAX_LINE:
            raise SalaryFileError(f"row {row}", t("salary_file.line_too_long", lang, row=row,
                                                  length=len(line), limit=MAX_LINE))
        lines.append((row, line))
        if len(lines) > MAX_ROWS + 1:  # one more for a header
            raise SalaryFileError("file", t("salary_file.too_many_rows", lang, limit=MAX_ROWS))
    return lines


# -- rows and columns ---------------------------------------------------------------------------

def _split(line: str, delimiter: str) -> list[str] | None:
    """One line's cells (quotes honoured), trimmed, trailing empty cells dropped; None when its quotes
    do not close."""
    try:
        cells = next(csv.reader([line], delimiter=delimiter, strict=True, skipinitialspace=True))
    except csv.Error:
        return None
    cells = [cell.strip(" \t\u00a0") for cell in cells]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _checked(row: int, cells: list[str] | None, lang: str) -> list[str]:
    if cells is None:
        raise SalaryFileError(f"row {row}", t("salary_file.quotes", lang, row=row))
    if any(len(cell) > MAX_CELL for cell in cells):
        raise SalaryFileError(f"row {row}", t("salary_file.cell_too_long", lang, row=row, limit=MAX_CELL))
    return cells


NOT_NAMES = {"nan", "null", "none", "na", "n/a", "inf", "infinity"}  # a spreadsheet's empty or bad number


def _is_header(cells: list[str] | None) -> bool:
    """A header names its columns: letters and no digit (a row with digits is data, and is read).
    `nan`, `null` and the like are a missing number, not a name: that row is refused, not skipped."""
    filled = [c for c in cells or [] if c]
    return bool(filled) and all(any(ch.isalpha() for ch in c) and not any(ch.isdigit() for ch in c)
                                and c.lower() not in NOT_NAMES for c in filled)


SPACES = re.compile(r"[ \t\u00a0]+")


def _spaced(line: str) -> tuple[str, str] | None:
    """(period, amount cell) of a line written by hand as a period, spaces (or a tab) and an amount
    ("2016 $38,500.00", "2016-03   2500"); None for any other line."""
    first, _, rest = SPACES.sub(" ", line.strip(" \t\u00a0")).partition(" ")
    period = _period(first)
    if period is None or not rest or not _readings(_plain_amount(rest)):
        return None
    return period, rest


def _spaced_entries(lines: list[tuple[int, str]]) -> list[tuple[int, str | None, str]] | None:
    """The entries of a file whose every row (after a header, if any) is a period, spaces and an amount."""
    if _is_header(SPACES.split(lines[0][1].strip(" \t\u00a0"))):
        lines = lines[1:]
    entries = []
    for row, line in lines:
        found = _spaced(line)
        if found is None:
            return None
        entries.append((row, *found))
    return entries or None


def _check_spaced_rows(lines: list[tuple[int, str]], lang: str) -> None:
    """In a file whose rows are mostly a period, spaces and an amount, the first row that is not, named
    with what is wrong in it (its period or its amount)."""
    data = lines[1:] if _is_header(SPACES.split(lines[0][1].strip(" \t\u00a0"))) else lines
    if sum(_spaced(line) is not None for _, line in data) * 2 <= len(data):
        return
    for row, line in data:
        if _spaced(line) is not None:
            continue
        first, _, rest = SPACES.sub(" ", line.strip(" \t\u00a0")).partition(" ")
        if _period(first) is None:
            raise SalaryFileError(f"row {row}", t("salary_file.spaced_period", lang, row=row, value=_shown(line),
                                                  period=_shown(first)))
        _amount_readings(row, rest, lang)  # says why the amount is not one (text, a negative, decimals)
        raise SalaryFileError(f"row {row}", t("salary_file.not_amount", lang, row=row, value=_shown(rest)))


def _entries(lines: list[tuple[int, str]], lang: str) -> list[tuple[int, str | None, str]]:
    """(row, period, amount cell) of each salary row, the header left out (commas, semicolons or tabs)."""
    text = "".join(line for _, line in lines)
    delimiter = "\t" if "\t" in text else ";" if ";" in text else ","
    table = [(row, _split(line, delimiter)) for row, line in lines]
    if delimiter == ",":
        table = _comma_table(lines, table, lang)
    if _is_header(table[0][1]):
        table = table[1:]
    data = [(row, _checked(row, cells, lang)) for row, cells in table]
    if not data:
        return []
    widths = [len(cells) for _, cells in data]
    width = max(set(widths), key=lambda w: (widths.count(w), w))  # the usual width; an odd row is the error
    if width not in (1, 2, 3):
        raise SalaryFileError("file", t("salary_file.columns", lang, count=width))
    text_of = dict(lines)
    entries = []
    for row, cells in data:
        period = None
        if width == 2 and len(cells) == width:
            period = _period(cells[0])
        elif width == 3 and len(cells) == width:
            period = _year_month(cells[0], cells[1])
        if delimiter == "," and (len(cells) != width or (width > 1 and period is None)):
            _check_comma_in_amount(row, text_of[row], lang)
        if len(cells) != width:
            raise SalaryFileError(f"row {row}", t("salary_file.column_count", lang, row=row, count=len(cells),
                                                  width=width))
        if width > 1 and period is None:
            shown = cells[0] if width == 2 else f"{cells[0]} {cells[1]}"
            raise SalaryFileError(f"row {row}", t("salary_file.not_period", lang, row=row, value=_shown(shown)))
        entries.append((row, period, cells[-1]))
    return entries


def _check_comma_in_amount(row: int, line: str, lang: str) -> None:
    """A row such as `2021,31,000.00`: a period, then an amount whose thousands comma was taken for a
    column break. Said as such, rather than as a row with too many columns."""
    period, _, rest = line.partition(",")
    amount = rest.strip().strip('"')
    if _period(period.strip().strip('"')) is not None and "," in amount and _readings(_plain_amount(amount)):
        raise SalaryFileError(f"row {row}", t("salary_file.comma_in_amount", lang, row=row, value=_shown(line)))


def _comma_table(lines: list[tuple[int, str]], split: list[tuple[int, list[str] | None]],
                 lang: str) -> list[tuple[int, list[str] | None]]:
    """A file with commas and no other delimiter: columns split by commas, or one amount a line with
    commas inside the numbers (`31,000.00`, `1850,50`)? The header decides when there is one; else the
    reading that fits more rows (columns on a tie). A file where every row fits both ("2021,50": the
    year 2021 with $50, or $2,021.50) is refused, naming its first row."""
    whole = [(row, _split(line, "\t")) for row, line in lines]  # the line as one cell (no tab in this file)
    if _is_header(split[0][1]):
        return split if len(split[0][1]) >= 2 else whole
    as_columns = [cells is not None and _period_shaped(cells) for _, cells in split]
    as_amount = [bool(cells) and len(cells) == 1 and bool(_readings(_plain_amount(cells[0])))
                 for _, cells in whole]
    if sum(as_amount) > sum(as_columns):
        return whole
    if all(as_columns) and all(cells and YEAR_COMMA_CENTS.fullmatch(cells[0]) for _, cells in whole):
        row, cells = whole[0]
        period, amount = split[0][1][0], split[0][1][-1]
        raise SalaryFileError(f"row {row}", t("salary_file.columns_or_decimals", lang, row=row,
                                              value=_shown(cells[0]), period=period, amount=amount))
    return split


def _period_shaped(cells: list[str]) -> bool:
    if len(cells) == 2:
        return _period(cells[0]) is not None
    return len(cells) == 3 and _year_month(cells[0], cells[1]) is not None


# -- periods ------------------------------------------------------------------------------------

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
YEAR_COMMA_CENTS = re.compile(r"[0-9]+,[0-9]{1,2}")      # 2021,50: a year and $50, or $2,021.50
NEGATIVE = re.compile(r"[-−‒–]\s*\$?\s*(.+)|\(\s*\$?\s*(.+?)\s*\)|\$?\s*(.+?)\s*-")


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


def _period(cell: str) -> str | None:
    """"2021" (a year) or "2021-03" (a month) from 2021, 2021-03, 2021/3, 03/2021, mar-2021, marzo 2021."""
    year = _year(cell)
    if year is not None:
        return str(year)
    parts = TWO_PARTS.fullmatch(cell)
    if parts is None:
        return None
    first, second = parts.groups()
    if _year(first) is not None:
        return _year_month(first, second)
    return _year_month(second, first)


def _year_month(year_text: str, month_text: str) -> str | None:
    year, month = _year(year_text), _month(month_text)
    return f"{year}-{month:02d}" if year is not None and month is not None else None


def _check_periods(salaries: list[Salary], lang: str) -> None:
    """All years or all months, each period once: two pays of one month (say, biweekly pay slips) would
    otherwise count as two monthly salaries."""
    seen: dict[str, int] = {}
    first = next((s for s in salaries if s.period), None)
    for salary in salaries:
        if salary.period is None:
            continue
        if len(salary.period) != len(first.period):
            raise SalaryFileError(f"row {salary.row}", t("salary_file.mixed_periods", lang, row=salary.row,
                                  period=salary.period, first=first.row, first_period=first.period))
        if salary.period in seen:
            raise SalaryFileError(f"row {salary.row}", t("salary_file.repeated_period", lang, row=salary.row,
                                  period=salary.period, first=seen[salary.period]))
        seen[salary.period] = salary.row


def _check_periods_fit(plan: str, salaries: list[Salary], lang: str) -> None:
    """Teachers average monthly salaries, the government plans annual ones: a file whose periods say
    otherwise would be off by twelve."""
    first = salaries[0]  # the periods are all of one kind (checked when read)
    if first.period is None:
        return
    monthly = len(first.period) > 4
    if plan_of(plan).monthly and not monthly:
        raise SalaryFileError(f"row {first.row}", t("salary_file.annual_for_teachers", lang, row=first.row,
                                                    period=first.period))
    if not plan_of(plan).monthly and monthly:
        raise SalaryFileError(f"row {first.row}", t("salary_file.monthly_for_government", lang,
                                                    row=first.row, period=first.period))


# -- amounts ------------------------------------------------------------------------------------

# The two ways of writing an amount: integer part plain or grouped by thousands, then decimals.
PATTERNS = {
    DOT: re.compile(r"([0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)(?:\.([0-9]+))?"),
    COMMA: re.compile(r"([0-9]+|[0-9]{1,3}(?:\.[0-9]{3})+)(?:,([0-9]+))?"),
}
MOST_DECIMALS = {DOT: MAX_DECIMALS, COMMA: 3}  # a decimal comma carries cents (3 digits: see _settle)


def _plain_amount(cell: str) -> str:
    """The number of a cell without its dollar sign and spaces around it."""
    text = cell.strip()
    for sign in ("US$", "$"):
        if text.startswith(sign):
            return text[len(sign):].strip()
    return text


def _readings(text: str, decimals_checked: bool = True) -> dict[str, Decimal]:
    """The values `text` has under each way of writing it (none, one, or two that may differ)."""
    found: dict[str, Decimal] = {}
    for style, pattern in PATTERNS.items():
        match = pattern.fullmatch(text)
        if match is None:
            continue
        whole, decimals = match.groups()
        if decimals_checked and decimals is not None and len(decimals) > MOST_DECIMALS[style]:
            continue
        digits = whole.replace("," if style == DOT else ".", "")
        found[style] = Decimal(f"{digits}.{decimals}" if decimals else digits)
    return found


def _settle_amounts(entries: list[tuple[int, str | None, str]], lang: str) -> dict[int, Decimal]:
    """Each row's amount. A cell that reads two ways (`31,000`: 31000 or 31; `31.000`: 31 or 31000)
    takes the way the file's other amounts are written; a file written both ways, or with only
    undecided cells, is refused at its row."""
    readings: dict[int, dict[str, Decimal]] = {}
    for row, _, cell in entries:
        readings[row] = _amount_readings(row, cell, lang)
    cells = {row: cell for row, _, cell in entries}
    evidence = [(row, next(iter(found))) for row, found in readings.items() if len(found) == 1]
    style = evidence[0][1] if evidence else None
    for row, other in evidence:
        if other != style:
            first = evidence[0][0]
            raise SalaryFileError(f"row {row}", t("salary_file.mixed_styles", lang, row=row, value=_shown(cells[row]),
                                                  first=first, first_value=_shown(cells[first])))
    amounts: dict[int, Decimal] = {}
    for row, found in readings.items():
        values = set(found.values())
        if len(values) == 1:
            amounts[row] = values.pop()
        elif style is not None:
            amounts[row] = found[style]
        else:
            raise SalaryFileError(f"row {row}", t("salary_file.ambiguous", lang, row=row, value=_shown(cells[row]),
                                                  one=_plain(found[DOT]), other=_plain(found[COMMA])))
        if amounts[row] > LARGEST_NUMBER:
            raise SalaryFileError(f"row {row}", t("salary_file.too_large", lang, row=row, value=_shown(cells[row])))
    return amounts


def _check_plausible(entries: list[tuple[int, str | None, str]], amounts: dict[int, Decimal], lang: str) -> None:
    """The first amount under PLAUSIBLE_SHARE of the median of the file's other amounts is refused at its
    row, with the other reading of its cell when it had one (31.000: $31.00 or $31,000.00). The median of
    fewer than three amounts is no measure (one mistyped amount moves it): against it, only a cell that
    could be read another way is refused."""
    ordered = sorted(amounts.values())
    cells = {row: cell for row, _, cell in entries}
    for row, amount in amounts.items():
        if amount == 0 or len(ordered) < 2:
            continue
        others = list(ordered)
        others.remove(amount)
        middle = len(others) // 2
        median = Fraction(others[middle]) if len(others) % 2 else Fraction(others[middle - 1] + others[middle]) / 2
        other = max(_readings(_plain_amount(cells[row])).values())
        if Fraction(amount) >= median * PLAUSIBLE_SHARE or (len(others) < 3 and other == amount):
            continue
        key = "salary_file.implausible_two_ways" if other != amount else "salary_file.implausible"
        raise SalaryFileError(f"row {row}", t(key, lang, row=row, value=_shown(cells[row]), amount=_plain(amount),
                                              median=_plain(round_cents(median)), other=_plain(other)))


def _amount_readings(row: int, cell: str, lang: str) -> dict[str, Decimal]:
    """The readings of one amount cell; text, a negative amount or too many decimals is an error.
    Style evidence only comes from cells with a separator: "31000" reads the same both ways."""
    text = _plain_amount(cell)
    negative = NEGATIVE.fullmatch(text)
    if negative:
        number = next(g for g in negative.groups() if g is not None)
        if _readings(number, decimals_checked=False):
            raise SalaryFileError(f"row {row}", t("salary_file.negative", lang, row=row, value=_shown(cell)))
    found = _readings(text)
    if not found:
        if _readings(text, decimals_checked=False):
            raise SalaryFileError(f"row {row}", t("salary_file.too_precise", lang, row=row, value=_shown(cell),
                                                  places=MAX_DECIMALS))
        raise SalaryFileError(f"row {row}", t("salary_file.not_amount", lang, row=row, value=_shown(cell)))
    return found


def _plain(value: Decimal) -> str:
    """An amount as the app writes it, for a message: $31.00, $31,000.00, $31.125."""
    return exact_money(Fraction(value))


def _shown(cell: str) -> str:
    """A cell quoted in a message: short, and without control characters."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in cell)
    return clean if len(clean) <= 30 else clean[:29] + "…"


# -- the command line ---------------------------------------------------------------------------

def run_average(path: str, plan: str, lang: str, out) -> int:
    """`python -m estimator average FILE --plan P`: one JSON object on `out`, the history and its
    average, or `{"error": {"field", "message"}}` with status 1. Never a traceback."""
    try:
        answer, status = read_history(_read_bounded(path, lang), plan, lang).contract_dict(), 0
    except SalaryFileError as problem:
        answer, status = {"error": problem.as_dict()}, 1
    except Exception as exc:  # a failure nobody foresaw: an error answer all the same
        answer, status = {"error": {"field": "file", "message": t("salary_file.internal", lang,
                                                                  detail=type(exc).__name__)}}, 1
    if hasattr(out, "reconfigure"):
        out.reconfigure(encoding="utf-8")  # the answer is UTF-8 JSON, whatever the locale says
    out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    out.flush()
    return status


def _read_bounded(path: str, lang: str) -> bytes:
    """The file's bytes (standard input for "-"), never more than one byte past the size limit."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SalaryFileError("file", t("salary_file.missing", lang, path=path)) from None
    except OSError as exc:
        raise SalaryFileError("file", t("salary_file.cannot_read", lang, path=path,
                                        detail=os_error_text(exc, lang))) from None
