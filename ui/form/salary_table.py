"""The salary history as the member types or pastes it: a text box read by the same reader as a salary
file (`estimator.io.salary_file`), so "$31,000", "31.000,00", a year before each salary or a block pasted
from a spreadsheet are understood alike, and anything else is refused with its row.

The salaries themselves stay in the session under `history_rows` (amounts, oldest first: what the
scenario, the saved file and the report use), their periods beside them under `PERIODS` (what the member
typed before each amount, kept by the saved file); the box keeps the text under `HISTORY_BOX`. `sync_history`
ties the two at the start of each run, as `ui.form.entry.sync` does for the other boxes: rows set elsewhere (a
loaded file, the file upload, clearing, the average repeated when the member first opens the history)
are written into the box, and the box's text is read into the rows — or, when it cannot be read, the
rows stay as they were and the reader's message says which row to correct and what is accepted.
"""

from __future__ import annotations

from typing import Any, MutableMapping

from estimator import MAX_ROWS, money, read_history, SalaryFileError, SalaryHistory, window

from ui.form.fields import salary_ceiling
from ui.shell.text import ui_text

CSV_MAX_ROWS = MAX_ROWS  # a salary history's longest, typed, uploaded or saved
HISTORY_BOX = "history_text"        # the box's text
HISTORY_SHOWN = "history_shown"     # the rows the box was last written from or read into
PREFILLED = "history_prefilled"     # the rows are the member's average repeated, not salaries of theirs
PERIODS = "history_periods"         # each row's period ("2021", "2021-03") or None, as the box last read them
MAX_BOX_CHARS = 100_000             # far more than 2,000 salaries with their periods


def history_size(plan: str) -> int:
    return window(plan)


def rows_text(rows: list[float | None], periods: list[str | None] | None = None) -> str:
    """The box's text for rows set by the app: one amount a line, after its period (and a tab) when the rows
    come with one, as the reader reads it back."""
    if not periods or len(periods) != len(rows):
        periods = [None] * len(rows)
    return "\n".join((f"{period}\t" if period else "") + f"{row:,.2f}"
                     for row, period in zip(rows, periods) if row is not None)


def history_text(history: SalaryHistory) -> str:
    """The box's text for a file's salaries: each with its period when the file gives one (tab between
    them, as a spreadsheet pastes), oldest first."""
    salaries = history.chronological()
    return rows_text([float(s.amount) for s in salaries], [s.period for s in salaries])


def read_for_form(raw: bytes, plan: str, lang: str) -> SalaryHistory:
    """The command line's reading of a history, held also to the form's own largest salary."""
    history = read_history(raw, plan, lang)
    high = salary_ceiling(plan)
    for salary in history.salaries:
        if salary.amount > high:
            raise SalaryFileError(f"row {salary.row}", ui_text("salary_file.above_form", lang, row=salary.row,
                                                               amount=money(salary.amount), high=money(high)))
    return history


def sync_history(state: MutableMapping[str, Any], plan: str | None, lang: str) -> tuple[SalaryHistory | None, str | None]:
    """Tie the box to the rows (see the module's docstring). Returns what the box holds, read, and the
    reader's message when it cannot be used."""
    rows = list(state.get("history_rows") or [])
    if HISTORY_BOX not in state or state.get(HISTORY_SHOWN) != rows:
        state[HISTORY_BOX] = rows_text(rows, state.get(PERIODS))  # set by the app: the box shows it
        state[HISTORY_SHOWN] = rows
    if plan is None:
        return None, None
    text = state[HISTORY_BOX] or ""
    if len(text) > MAX_BOX_CHARS:
        return None, ui_text("check.history_box_long", lang, limit=f"{MAX_BOX_CHARS:,}")
    try:
        history = read_for_form(text.encode("utf-8"), plan, lang)
    except SalaryFileError as problem:
        return None, problem.message
    read = [float(s.amount) for s in history.chronological()]
    state[PERIODS] = [s.period for s in history.chronological()]
    if read != rows:  # the member changed the box: it holds the member's own salaries now
        state["history_rows"] = state[HISTORY_SHOWN] = read
        state.pop(PREFILLED, None)
    return history, None
