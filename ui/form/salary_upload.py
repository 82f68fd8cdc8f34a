"""The salary file upload of the history table: read by the same reader as the command line
(`estimator.io.salary_file`), shown before it is used.

A file replaces what the member typed, so nothing changes on upload: the page shows what it read —
each row with its period and amount, and which salaries the plan's average takes — and only *Usar estos
salarios* puts them in the table. A file that cannot be read gets its row's message, and the table keeps
what it had. Everything quoted from the file is shown as plain text (`ui.shell.plain`, `st.dataframe`), never
as markdown: a cell such as `![p](http://x/p.png)` shows as those characters.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import streamlit as st

from estimator import (growth_change, money, plan_info as plan_of, round_cents, SalaryFileError, SalaryHistory,
                       to_fraction)

from ui.form.salary_table import HISTORY_BOX, HISTORY_SHOWN, PREFILLED, history_text, read_for_form
from ui.shell.field_help import FieldHelp
from ui.shell.look import table
from ui.shell.plain import alert, one_line, plain
from ui.shell.text import ui_text
from ui.shell.uploads import refused_note, take_new_files, uploader_key

if TYPE_CHECKING:
    import pandas as pd

UPLOAD = "history_upload"        # the uploader's name (its widget key carries a generation)
PENDING = "salary_file_pending"  # {"name", "raw"}: the file read, waiting for the member's choice
NOTE = "salary_file_note"        # (kind, message) shown once, after the choice


def salary_upload(lang: str, plan: str, described: FieldHelp) -> None:
    """The uploader, the preview of a file waiting to be used (or its error), and what a future
    retirement adds to the history."""
    state = st.session_state
    key = uploader_key(state, UPLOAD)
    with st.container(key=UPLOAD):  # a fixed name for the page (the uploader's own key changes)
        st.file_uploader(ui_text("input.history_upload", lang), type=["csv", "txt", "tsv"], key=key,
                         help=described(ui_text("salary_file.upload_help", lang), UPLOAD), on_change=_uploaded, args=(key,))
    note = state.pop(NOTE, None)
    if note:
        alert(*note)
    refused_note(state, UPLOAD, lang)
    pending = state.get(PENDING)
    if pending:
        _preview(pending, plan, lang)
    if state.get("status", "active") == "active":
        st.caption(plain(projection_note(plan, state.get("growth_pct") or 0, lang)))


def _uploaded(key: str) -> None:
    """Runs before the page is drawn: the new file waits in the session (its bytes, at most 1 MB, so
    it is read again in the language and for the plan on screen); the uploader is emptied."""
    for name, raw in take_new_files(st.session_state, key)[:1]:
        st.session_state[PENDING] = {"name": one_line(name, limit=60), "raw": raw}


def _preview(pending: dict, plan: str, lang: str) -> None:
    tx = lambda k, **kw: ui_text(f"salary_file.{k}", lang, **kw)  # noqa: E731
    st.markdown(f"**{plain(tx('preview_heading', name=pending['name']))}**")
    try:
        history = read_for_form(pending["raw"], plan, lang)
    except SalaryFileError as problem:
        alert("error", problem.message)
        st.caption(tx("nothing_changed"))
        st.button(tx("discard"), key="salary_file_discard", on_click=_discard)
        return
    table(preview_table(history, lang), "salary_file_preview", hide_index=True)  # redrawn at session mode's size
    alert("info", summary(history, lang))
    use, discard = st.columns(2)
    use.button(tx("use"), key="salary_file_use", type="primary", on_click=_use, args=(plan, lang))
    discard.button(tx("discard"), key="salary_file_discard", on_click=_discard)


def preview_table(history: SalaryHistory, lang: str) -> pd.DataFrame:
    """What the file holds, row by row, as plain cells: its row, its period (when the file gives
    periods), the amount, and whether the plan's average takes it."""
    tx = lambda k: ui_text(f"salary_file.{k}", lang)  # noqa: E731
    used = set(history.used)
    columns = {tx("col_row"): [s.row for s in history.salaries]}
    if any(s.period for s in history.salaries):
        columns[tx("col_period")] = [s.period or "" for s in history.salaries]
    columns[tx("col_amount")] = [money(s.amount) for s in history.salaries]
    columns[tx("col_used")] = [tx("used_yes") if s.row in used else "" for s in history.salaries]
    import pandas as pd  # only when a file is shown: the first screen needs no pandas

    return pd.DataFrame(columns)


def summary(history: SalaryHistory, lang: str, used: Fraction | None = None, age: str = "") -> str:
    """One sentence: how many salaries were read, which rows the average takes, and the average; and, when the
    rule uses another average (`used`, at the start `age`: the salaries added up to then), that one beside it."""
    rows = row_list(history.used)
    key = f"summary_{plan_of(history.plan).amount_unit}"
    read = money(round_cents(history.average.value))
    if used is not None and money(round_cents(used)) != read:
        key, extra = f"{key}_used", {"used": money(round_cents(used)), "age": age}
    else:
        extra = {}
    return ui_text(f"salary_file.{key}", lang, count=len(history.salaries), size=len(history.used), rows=rows,
                   average=read, **extra)


def row_list(rows: tuple[int, ...]) -> str:
    """Row numbers as a person reads them: a run of four or more as its ends ("1–36"), others one by one."""
    runs: list[list[int]] = []
    for row in rows:
        if runs and row == runs[-1][-1] + 1:
            runs[-1].append(row)
        else:
            runs.append([row])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) >= 4 else ", ".join(map(str, run)) for run in runs)


def projection_note(plan: str, growth_pct: float, lang: str) -> str:
    """What a later retirement adds to the history, said plainly: the salaries of the years (months)
    still to work, the last salary grown by the growth assumption."""
    unit = "month" if plan_of(plan).monthly else "year"
    if not growth_pct:
        return ui_text(f"salary_file.projection_zero_{unit}", lang)
    change = growth_change(to_fraction(growth_pct) / 100, lang, "salary_file.projection", ui_text)
    return ui_text(f"salary_file.projection_{unit}", lang, change=change)


def _use(plan: str, lang: str) -> None:
    """Runs before the page is drawn: the file's salaries replace the table, oldest first when the file
    gives periods (a later retirement grows the last, most recent one)."""
    state = st.session_state
    pending = state.pop(PENDING, None)
    if not pending:
        return
    try:
        history = read_for_form(pending["raw"], plan, lang)
    except SalaryFileError as problem:
        state[NOTE] = ("error", problem.message)
        return
    rows = [float(s.amount) for s in history.chronological()]
    state["history_rows"] = state[HISTORY_SHOWN] = rows
    state[HISTORY_BOX] = history_text(history)  # the box shows the file's rows, periods included
    state.pop(PREFILLED, None)
    state[NOTE] = ("success", ui_text("salary_file.applied", lang, count=len(history.salaries),
                                      average=money(round_cents(history.average.value))))


def _discard() -> None:
    st.session_state.pop(PENDING, None)
