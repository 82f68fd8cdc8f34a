"""A chart's numbers as rows (one per point of its grid) and as a CSV file a spreadsheet opens safely.
"""

from __future__ import annotations

import csv
import io
import math
from typing import TYPE_CHECKING

from ui.answer.chart_words import rule_name
from ui.shell.text import ui_text

if TYPE_CHECKING:
    from estimator import Grid


def rows_to_csv(rows: list[dict]) -> bytes:
    """CSV of the rows; a text cell that a spreadsheet would run as a formula is neutralised."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _safe_cell(v) for k, v in row.items()})
    return out.getvalue().encode("utf-8")


def _safe_cell(value: object) -> object:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def money_columns(lang: str) -> set[str]:
    return {ui_text("chart.col_monthly", lang), ui_text("chart.col_from_65", lang)}


def grid_rows(result: Grid, lang: str, per: str) -> list[dict]:
    age, extra, rule, monthly, from_65 = (ui_text(f"chart.{key}", lang) for key in
                                          ("col_age", "col_extra", "col_rule", "col_monthly", "col_from_65"))
    names = {rule_id: rule_name(rule_id, lang) for rule_id in [None, *result.rule_ids]}
    rows = []
    paid = result.paid_monthly
    for i, at in enumerate(result.ages):
        for j, added in enumerate(result.extras):
            row = {age: round(float(at), 2)}
            if per != "age":
                row[extra] = round(float(added), 2)
            row[rule] = names[result.rule_at(i, j)]
            row[monthly] = float(paid[i, j])
            if result.coordinated_monthly is not None:
                value = result.coordinated_monthly[i, j]
                row[from_65] = None if math.isnan(value) else float(value)
            rows.append(row)
    return rows
