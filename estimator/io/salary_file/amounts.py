"""The amount of a salary: `$` and thousands separators in the Puerto Rico style (`31,000.00`) or the
Spanish one (`31.000,00`). A cell that reads two ways is settled by the file's other amounts or refused;
an amount far below the others (a likely slip, RULES.md §0 *Plausibility*) is refused, not averaged."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from estimator.calculation.scenario import LARGEST_NUMBER
from estimator.arithmetic.display import exact_money
from estimator.arithmetic.exact import round_cents
from estimator.words.catalog import t
from estimator.io.salary_file.decoding import SalaryFileError, quoted_cell


MAX_DECIMALS = 6          # digits after a decimal point (cents need 2; spreadsheets may show more)
# An amount under this share of the median of the file's other amounts is far more likely a slip (31.000
# read as $31.00 beside 30,500.00) than a salary: refused, naming its row (RULES.md §0, *Plausibility*).
# A zero is written on purpose (a year without pay) and is read as zero.
PLAUSIBLE_SHARE = Fraction(1, 10)
DOT, COMMA = "dot", "comma"   # 31,000.00 (Puerto Rico) and 31.000,00 (Spanish)
NEGATIVE = re.compile(r"[-−‒–]\s*\$?\s*(.+)|\(\s*\$?\s*(.+?)\s*\)|\$?\s*(.+?)\s*-")
# The two ways of writing an amount: integer part plain or grouped by thousands, then decimals.
PATTERNS = {
    DOT: re.compile(r"([0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)(?:\.([0-9]+))?"),
    COMMA: re.compile(r"([0-9]+|[0-9]{1,3}(?:\.[0-9]{3})+)(?:,([0-9]+))?"),
}
MOST_DECIMALS = {DOT: MAX_DECIMALS, COMMA: 3}  # a decimal comma carries cents (3 digits: see _settle)


def plain_amount(cell: str) -> str:
    """The number of a cell without its dollar sign and spaces around it."""
    text = cell.strip()
    for sign in ("US$", "$"):
        if text.startswith(sign):
            return text[len(sign):].strip()
    return text


def readings_of(text: str, decimals_checked: bool = True) -> dict[str, Decimal]:
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


def settle_amounts(entries: list[tuple[int, str | None, str]], lang: str) -> dict[int, Decimal]:
    """Each row's amount. A cell that reads two ways (`31,000`: 31000 or 31; `31.000`: 31 or 31000)
    takes the way the file's other amounts are written; a file written both ways, or with only
    undecided cells, is refused at its row."""
    readings: dict[int, dict[str, Decimal]] = {}
    for row, _, cell in entries:
        readings[row] = amount_readings(row, cell, lang)
    cells = {row: cell for row, _, cell in entries}
    evidence = [(row, next(iter(found))) for row, found in readings.items() if len(found) == 1]
    style = evidence[0][1] if evidence else None
    for row, other in evidence:
        if other != style:
            first = evidence[0][0]
            raise SalaryFileError(f"row {row}", t("salary_file.mixed_styles", lang, row=row, value=quoted_cell(cells[row]),
                                                  first=first, first_value=quoted_cell(cells[first])))
    amounts: dict[int, Decimal] = {}
    for row, found in readings.items():
        values = set(found.values())
        if len(values) == 1:
            amounts[row] = values.pop()
        elif style is not None:
            amounts[row] = found[style]
        else:
            raise SalaryFileError(f"row {row}", t("salary_file.ambiguous", lang, row=row, value=quoted_cell(cells[row]),
                                                  one=_plain(found[DOT]), other=_plain(found[COMMA])))
        if amounts[row] > LARGEST_NUMBER:
            raise SalaryFileError(f"row {row}", t("salary_file.too_large", lang, row=row, value=quoted_cell(cells[row])))
    return amounts


def check_plausible(entries: list[tuple[int, str | None, str]], amounts: dict[int, Decimal], lang: str) -> None:
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
        other = max(readings_of(plain_amount(cells[row])).values())
        if Fraction(amount) >= median * PLAUSIBLE_SHARE or (len(others) < 3 and other == amount):
            continue
        key = "salary_file.implausible_two_ways" if other != amount else "salary_file.implausible"
        raise SalaryFileError(f"row {row}", t(key, lang, row=row, value=quoted_cell(cells[row]), amount=_plain(amount),
                                              median=_plain(round_cents(median)), other=_plain(other)))


def amount_readings(row: int, cell: str, lang: str) -> dict[str, Decimal]:
    """The readings of one amount cell; text, a negative amount or too many decimals is an error.
    Style evidence only comes from cells with a separator: "31000" reads the same both ways."""
    text = plain_amount(cell)
    negative = NEGATIVE.fullmatch(text)
    if negative:
        number = next(g for g in negative.groups() if g is not None)
        if readings_of(number, decimals_checked=False):
            raise SalaryFileError(f"row {row}", t("salary_file.negative", lang, row=row, value=quoted_cell(cell)))
    found = readings_of(text)
    if not found:
        if readings_of(text, decimals_checked=False):
            raise SalaryFileError(f"row {row}", t("salary_file.too_precise", lang, row=row, value=quoted_cell(cell),
                                                  places=MAX_DECIMALS))
        raise SalaryFileError(f"row {row}", t("salary_file.not_amount", lang, row=row, value=quoted_cell(cell)))
    return found


def _plain(value: Decimal) -> str:
    """An amount as the app writes it, for a message: $31.00, $31,000.00, $31.125."""
    return exact_money(Fraction(value))
