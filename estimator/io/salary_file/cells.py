"""Rows and columns: commas, semicolons or tabs between cells (or a period, spaces and an amount, typed by
hand), quoted cells, a header row; each row's period and amount cell."""

from __future__ import annotations

import csv
import re

from estimator.words.catalog import t
from estimator.io.salary_file.amounts import amount_readings, plain_amount, readings_of
from estimator.io.salary_file.decoding import MAX_CELL, SalaryFileError, quoted_cell
from estimator.io.salary_file.periods import date_order, read_period, read_year_month


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
YEAR_COMMA_CENTS = re.compile(r"[0-9]+,[0-9]{1,2}")      # 2021,50: a year and $50, or $2,021.50


def _spaced(line: str) -> tuple[str, str] | None:
    """(period, amount cell) of a line written by hand as a period, spaces (or a tab) and an amount
    ("2016 $38,500.00", "2016-03   2500"); None for any other line."""
    first, _, rest = SPACES.sub(" ", line.strip(" \t\u00a0")).partition(" ")
    period = read_period(first)
    if period is None or not rest or not readings_of(plain_amount(rest)):
        return None
    return period, rest


def spaced_entries(lines: list[tuple[int, str]], lang: str) -> list[tuple[int, str | None, str]] | None:
    """The entries of a file whose every row (after a header, if any) is a period, spaces and an amount."""
    if _is_header(SPACES.split(lines[0][1].strip(" \t\u00a0"))):
        lines = lines[1:]
    entries = []
    for row, line in lines:
        found = _spaced(line)
        if found is None:
            return None
        entries.append((row, SPACES.sub(" ", line.strip(" \t\u00a0")).partition(" ")[0], found[1]))
    order = date_order([(row, first) for row, first, _ in entries], lang) if entries else None
    return [(row, read_period(first, order), amount) for row, first, amount in entries] or None


def check_spaced_rows(lines: list[tuple[int, str]], lang: str) -> None:
    """In a file whose rows are mostly a period, spaces and an amount, the first row that is not, named
    with what is wrong in it (its period or its amount)."""
    data = lines[1:] if _is_header(SPACES.split(lines[0][1].strip(" \t\u00a0"))) else lines
    if sum(_spaced(line) is not None for _, line in data) * 2 <= len(data):
        return
    for row, line in data:
        if _spaced(line) is not None:
            continue
        first, _, rest = SPACES.sub(" ", line.strip(" \t\u00a0")).partition(" ")
        if read_period(first) is None:
            raise SalaryFileError(f"row {row}", t("salary_file.spaced_period", lang, row=row, value=quoted_cell(line),
                                                  period=quoted_cell(first)))
        amount_readings(row, rest, lang)  # says why the amount is not one (text, a negative, decimals)
        raise SalaryFileError(f"row {row}", t("salary_file.not_amount", lang, row=row, value=quoted_cell(rest)))


def entries_of(lines: list[tuple[int, str]], lang: str) -> list[tuple[int, str | None, str]]:
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
    order = date_order([(row, cells[0]) for row, cells in data if width == 2 and len(cells) == 2], lang)
    entries = []
    for row, cells in data:
        period = None
        if width == 2 and len(cells) == width:
            period = read_period(cells[0], order)
        elif width == 3 and len(cells) == width:
            period = read_year_month(cells[0], cells[1])
        if delimiter == "," and (len(cells) != width or (width > 1 and period is None)):
            _check_comma_in_amount(row, text_of[row], lang)
        if len(cells) != width:
            raise SalaryFileError(f"row {row}", t("salary_file.column_count", lang, row=row, count=len(cells),
                                                  width=width))
        if width > 1 and period is None:
            shown = cells[0] if width == 2 else f"{cells[0]} {cells[1]}"
            raise SalaryFileError(f"row {row}", t("salary_file.not_period", lang, row=row, value=quoted_cell(shown)))
        entries.append((row, period, cells[-1]))
    return entries


def _check_comma_in_amount(row: int, line: str, lang: str) -> None:
    """A row such as `2021,31,000.00`: a period, then an amount whose thousands comma was taken for a
    column break. Said as such, rather than as a row with too many columns."""
    period, _, rest = line.partition(",")
    amount = rest.strip().strip('"')
    if read_period(period.strip().strip('"')) is not None and "," in amount and readings_of(plain_amount(amount)):
        raise SalaryFileError(f"row {row}", t("salary_file.comma_in_amount", lang, row=row, value=quoted_cell(line)))


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
    as_amount = [bool(cells) and len(cells) == 1 and bool(readings_of(plain_amount(cells[0])))
                 for _, cells in whole]
    if sum(as_amount) > sum(as_columns):
        return whole
    if all(as_columns) and all(cells and YEAR_COMMA_CENTS.fullmatch(cells[0]) for _, cells in whole):
        row, cells = whole[0]
        period, amount = split[0][1][0], split[0][1][-1]
        raise SalaryFileError(f"row {row}", t("salary_file.columns_or_decimals", lang, row=row,
                                              value=quoted_cell(cells[0]), period=period, amount=amount))
    return split


def _period_shaped(cells: list[str]) -> bool:
    if len(cells) == 2:
        return read_period(cells[0]) is not None
    return len(cells) == 3 and read_year_month(cells[0], cells[1]) is not None
