"""The salary history table as the form holds it: its longest, the plan's window, and the rows as the
member sees them (Streamlit's table editor keeps pending edits apart from the stored rows)."""

from __future__ import annotations

from estimator.averages import window
from estimator.salary_file import MAX_ROWS

CSV_MAX_ROWS = MAX_ROWS  # a salary history's longest, typed, uploaded or saved


def history_size(plan: str) -> int:
    return window(plan)


def apply_editor_changes(rows: list[float | None], changes: dict | None, column: str = "salary") -> list[float | None]:
    """The salary table as the member sees it: the stored rows with the table editor's pending changes
    (edited, deleted and added rows, Streamlit's data-editor state) applied."""
    if not changes:
        return list(rows)
    values = list(rows)
    for index, edit in (changes.get("edited_rows") or {}).items():
        position = int(index)
        if 0 <= position < len(values) and column in edit:
            values[position] = _salary_cell(edit[column])
    deleted = {int(i) for i in changes.get("deleted_rows") or []}
    values = [v for i, v in enumerate(values) if i not in deleted]
    values += [_salary_cell(added.get(column)) for added in changes.get("added_rows") or []]
    return values


def _salary_cell(value) -> float | None:
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if number != number else number  # NaN: an empty cell
