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

Pure Python, no user interface: the command line (`python -m estimator average`, `cli/average.py`) and
the app's upload both call `read_history`, so both read a file the same way. By job: `decoding` (size,
encoding, lines), `cells` (rows and columns), `periods`, `amounts`, `history` (the file as a whole, fit
for the plan, and its average).
"""

from estimator.io.salary_file.decoding import MAX_BYTES, MAX_ROWS, SalaryFileError
from estimator.io.salary_file.history import PLANS, Salary, SalaryHistory, read_history, read_salaries

__all__ = ["MAX_BYTES", "MAX_ROWS", "PLANS", "Salary", "SalaryFileError", "SalaryHistory", "read_history",
           "read_salaries"]
