"""The saved file's schema: {"format": "estimador-pension/inputs", "version": 1, "inputs": {...}}, strictly
typed and built from the form's field table (`ui/form/fields.py`), each value held to the range the form itself
accepts (`BOUNDS`, `date_range`; a salary of the history to the plan's: a month's for teachers, a year's
for government employees). A file that does not fit is refused, never guessed at (`ui/form/saved.py` says why).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, create_model,
                      model_validator)
from pydantic_core import PydanticCustomError

from ui.form import fields as table
from ui.form.fields import FIELDS, NUMBERS, OLDEST_AGE, salary_ceiling
from ui.form.salary_table import CSV_MAX_ROWS, PERIODS

FORMAT = "estimador-pension/inputs"
VERSION = 1
MAX_FILE_BYTES = 200_000


def _range(field: table.Field) -> tuple[int | float, int | float, bool]:
    cast = int if field.kind == "whole" else float
    return cast(field.low), cast(field.high), field.above_low


# Each number's range: the form's own (ui/form/fields.py), so a file holds nothing the form would refuse —
# (lowest, highest, the lowest itself refused). A history's salary: at most the form's largest average
# (and, for a teacher, the largest monthly one: `salary_ceiling`).
BOUNDS: dict[str, tuple[int | float, int | float, bool]] = {f.key: _range(f) for f in FIELDS if f.kind in NUMBERS}
MONEY = {f.key for f in FIELDS if f.kind in ("money", "salaries")}


def date_range(today: date) -> tuple[date, date]:
    """The dates the form takes: from the birth date of a member of the form's oldest age, to today."""
    try:
        oldest = today.replace(year=today.year - OLDEST_AGE)
    except ValueError:  # 29 February
        oldest = today.replace(year=today.year - OLDEST_AGE, day=28)
    return oldest, today


def _within(field: table.Field) -> Any:
    low, high, above_low = _range(field)
    return Field(gt=low, le=high) if above_low else Field(ge=low, le=high)


def _read_date(value: Any) -> date:
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise PydanticCustomError("date_type", "a date written YYYY-MM-DD")


def _in_form_range(value: date) -> date:
    oldest, latest = date_range(date.today())
    if not oldest <= value <= latest:
        raise PydanticCustomError("date_range", "a date the form accepts")
    return value


def _not_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise PydanticCustomError("int_type", "a whole number")
    return value


def _within_plan(value: float, info: ValidationInfo) -> float:
    """A salary of the history at most the largest the form takes for the file's system (a month for a teacher)."""
    high = float(salary_ceiling(info.data.get("system")))
    if value > high:
        raise PydanticCustomError("less_than_equal", "Input should be less than or equal to {le}", {"le": high})
    return value


Day = Annotated[date, BeforeValidator(_read_date), AfterValidator(_in_form_range)]
# A salary's period as the salary reader gives it (estimator/salary_file.py): a year, or a year and month.
Period = Annotated[str, Field(pattern=r"^\d{4}(-(0[1-9]|1[0-2]))?$")]
STRICT = ConfigDict(extra="forbid", strict=True, hide_input_in_errors=True)  # no member data in messages


def _saved_as(field: table.Field) -> tuple[Any, Any]:
    """How the file holds a field: its JSON type, its range, and whether it may be left out."""
    if field.kind == "choice":
        return Literal[field.options], ...
    if field.kind == "flag":
        return bool, ...
    if field.kind == "date":
        return Day | None, ...
    if field.kind == "salaries":
        salary = Annotated[float, _within(field), AfterValidator(_within_plan)]
        return list[salary | None], Field(default_factory=list, max_length=CSV_MAX_ROWS)
    return (int if field.kind == "whole" else float) | None, _within(field)


def _periods_fit(inputs: BaseModel) -> BaseModel:
    """The periods, when given, are one a salary of the history."""
    periods, rows = getattr(inputs, PERIODS), inputs.history_rows
    if periods and len(periods) != len(rows):
        raise PydanticCustomError("periods_count", "one period a salary", {"periods": len(periods), "rows": len(rows)})
    return inputs


def saved_model(fields: tuple[table.Field, ...] = FIELDS) -> type[BaseModel]:
    """The saved file's inputs, strictly typed (a file that does not fit is refused, never guessed at):
    one value a field, in the table's order, and the history's periods."""
    periods = (list[Period | None], Field(default_factory=list, max_length=CSV_MAX_ROWS))
    model = create_model("SavedInputs", __config__=STRICT, __module__=__name__,
                         __doc__="The form's values, strictly typed: a file that does not fit is refused, never "
                                 "guessed at.", **{f.key: _saved_as(f) for f in fields}, **{PERIODS: periods})
    return create_model("SavedInputs", __base__=model, __module__=__name__,
                        __validators__={"periods_fit": model_validator(mode="after")(_periods_fit)})


SavedInputs = saved_model()


class SavedFile(BaseModel):
    model_config = STRICT

    format: Literal["estimador-pension/inputs"]
    version: Annotated[Literal[1], BeforeValidator(_not_bool)]
    inputs: SavedInputs
