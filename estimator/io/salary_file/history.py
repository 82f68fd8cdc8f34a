"""The file as a whole: every salary with its row and period, all of one kind and each period once, fit for
the plan, and the plan's average of them (RULES.md §7)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from estimator.calculation.averages import Average, average_from_history, window
from estimator.arithmetic.exact import round_cents
from estimator.law.registry import PLAN_IDS, plan as plan_of
from estimator.words.catalog import t
from estimator.io.salary_file.amounts import check_plausible, settle_amounts
from estimator.io.salary_file.cells import check_spaced_rows, entries_of, spaced_entries
from estimator.io.salary_file.decoding import MAX_ROWS, SalaryFileError, content_lines, decode


PLANS = PLAN_IDS


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
    lines = content_lines(decode(raw, lang), lang)
    if not lines:
        raise SalaryFileError("file", t("salary_file.empty", lang))
    spaced = spaced_entries(lines, lang)  # every row a period, spaces and an amount, as typed by hand
    try:
        entries = spaced or entries_of(lines, lang)
        if not entries:
            raise SalaryFileError("file", t("salary_file.empty", lang))
        if len(entries) > MAX_ROWS:
            raise SalaryFileError("file", t("salary_file.too_many_rows", lang, limit=MAX_ROWS))
        amounts = settle_amounts(entries, lang)
    except SalaryFileError:
        if spaced is None:
            check_spaced_rows(lines, lang)  # a file mostly typed with spaces: the row that is not, named
        raise
    salaries = [Salary(row, period, amounts[row]) for row, period, _ in entries]
    _check_periods(salaries, lang)
    check_plausible(entries, amounts, lang)
    return salaries


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
