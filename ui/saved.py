"""Saved scenarios: the member's inputs as a file, and back, exactly — read with care, validated on load.

The file is JSON: {"format": "estimador-pension/inputs", "version": 1, "inputs": {...}}, the inputs
being the form's values (dates as YYYY-MM-DD) and the salary history, with the period typed before each
salary when the member gave them (`history_periods`, left out when none was: older files load as before).

`load_inputs` is the one reader for every file a person uploads as saved inputs (the estimate page's
*Cargar datos guardados* and the comparison page's files). Before any JSON is parsed it refuses a file
over `MAX_FILE_BYTES` and one nested deeper than `MAX_DEPTH` (a scan of the text); the parser refuses
duplicate keys and marks NaN, ±Infinity and numbers too long to be a figure; the schema (`SavedInputs`,
built from the form's field table, `ui/fields.py`) is strict (true or false for a yes/no, a number for a
number, "YYYY-MM-DD" for a date, no unknown keys) and holds each value to the range the form itself
accepts (`BOUNDS`, `date_range`; a salary of the history to the plan's: a month's for teachers, a year's
for government employees). Any problem is one message, in the page's language, naming the field;
nothing is applied. Messages are plain text that may quote the file (a key's name): show them with
`ui.plain.alert`, never as markdown.
"""

from __future__ import annotations

import json
import math
import re
from datetime import date, datetime
from functools import partial
from typing import Annotated, Any, Literal, MutableMapping, Union, get_args, get_origin

import streamlit as st
from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, ValidationInfo,
                      create_model, model_validator)
from pydantic_core import PydanticCustomError

from estimator.numbers import money

from . import fields as table
from .fields import FIELDS, NUMBERS, OLDEST_AGE, PLACES, FormValues, form_values, salary_ceiling
from .plain import alert, one_line
from .salary_table import CSV_MAX_ROWS, HISTORY_SHOWN, PERIODS, PREFILLED
from .text import catalog, ui_text
from .uploads import take_new_files, uploader_key

FORMAT = "estimador-pension/inputs"
VERSION = 1
MAX_FILE_BYTES = 200_000
MAX_DEPTH = 4  # the file {…}, its inputs {…}, the salary history […], and one level to spare


def _range(field: table.Field) -> tuple[int | float, int | float, bool]:
    cast = int if field.kind == "whole" else float
    return cast(field.low), cast(field.high), field.above_low


# Each number's range: the form's own (ui/fields.py), so a file holds nothing the form would refuse —
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


def dump_inputs(state: MutableMapping[str, Any] | dict[str, Any]) -> bytes:
    """The current inputs as a file (what the member typed, nothing derived). Never fails: a value the
    form would refuse is written as it is, and refused with its reason when the file is loaded."""
    values = {name: _json_value(state.get(name)) for name in SavedInputs.model_fields
              if name not in ("history_rows", PERIODS)}
    values["history_rows"] = rows = [_json_value(row) for row in state.get("history_rows") or []]
    periods = state.get(PERIODS) or []
    if any(periods) and len(periods) == len(rows):  # the periods the member typed, kept with their salaries
        values[PERIODS] = list(periods)
    saved = {"format": FORMAT, "version": VERSION, "inputs": values}
    return json.dumps(saved, indent=2, ensure_ascii=False, allow_nan=False).encode("utf-8")


def _json_value(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# --- reading a file a person uploaded ------------------------------------------------------------------

class _Mark:
    """What the parser puts in place of a number no member's figure can be (the schema then refuses it)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind


NOT_FINITE = _Mark("not_finite")  # NaN, Infinity, -Infinity, 1e999
TOO_LONG = _Mark("too_long")      # an integer of more digits than any figure has


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _Duplicate(key)
        found[key] = value
    return found


def _float(text: str) -> float | _Mark:
    value = float(text)
    return value if math.isfinite(value) else NOT_FINITE


def _int(text: str) -> int | _Mark:
    return int(text) if len(text) <= 18 else TOO_LONG


# A JSON string (an unterminated one runs to the end: the scan stays linear) or a bracket.
_TOKEN = re.compile(r'("(?:[^"\\]|\\.)*+(?:"|\\?\Z))(\s*:)?|[\[\]{}]', re.DOTALL)


def _too_deep(text: str) -> list[str] | None:
    """The keys leading to the first place nested deeper than MAX_DEPTH, or None: brackets are counted
    on the text, outside strings, before any parsing (a parser would recurse that deep)."""
    path: list[str | None] = []
    key: str | None = None
    for token in _TOKEN.finditer(text):
        mark = token.group()
        if mark in ("[", "{"):
            path.append(key)
            if len(path) > MAX_DEPTH:
                return [k for k in path if k is not None]
            key = None
        elif mark in ("]", "}"):
            key = path.pop() if path else None
        elif token.group(2):  # a string followed by ":" is an object's key
            key = token.group(1)[1:-1]
    return None


def load_inputs(raw: bytes, lang: str) -> tuple[dict[str, Any] | None, str | None]:
    """The inputs of a saved file, or one message (plain text, in `lang`) saying why it cannot be used."""
    say = partial(_say, lang)
    if len(raw) > MAX_FILE_BYTES:
        return None, ui_text("saved.too_big", lang)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, say("not_text")
    deep = _too_deep(text)
    if deep is not None:
        return None, say("too_deep", field=field_name(deep[-1:], lang)) if deep else say("too_deep_file")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_float=_float, parse_int=_int,
                          parse_constant=lambda _: NOT_FINITE)
    except _Duplicate as duplicate:
        return None, say("duplicate", field=field_name([duplicate.key], lang))
    except (ValueError, RecursionError):
        return None, ui_text("saved.damaged", lang)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None, ui_text("saved.foreign", lang)
    try:
        saved = SavedFile.model_validate(data)
    except ValidationError as exc:
        return None, _problem(exc.errors()[0], data, lang)
    return saved.inputs.model_dump(), None


def _say(lang: str, message: str, /, **values: Any) -> str:
    return ui_text(f"files.{message}", lang, **values)


def _problem(error: dict, data: dict, lang: str) -> str:
    """One message for the first problem pydantic found, naming the field."""
    say = partial(_say, lang)
    loc = tuple(error["loc"])
    parts = loc[1:] if loc[:1] == ("inputs",) and len(loc) > 1 else loc
    field = field_name(parts, lang)
    kind = error["type"]
    value = _value_at(data, loc)
    name = parts[0] if parts else ""
    if kind == "extra_forbidden":
        return say("unknown", field=field)
    if kind == "missing":
        return say("missing", field=field)
    if value is NOT_FINITE:
        return say("not_finite", field=field)
    if (value is TOO_LONG or kind in ("greater_than", "greater_than_equal", "less_than_equal")) and name in BOUNDS:
        low, high, above_low = BOUNDS[name]
        if name == "history_rows":  # the plan's own: a teacher's salaries are monthly
            high = min(high, float(salary_ceiling(_value_at(data, ("inputs", "system")))))
        shown = money if name in MONEY else _figure
        return say("above_range" if above_low else "out_of_range", field=field, low=shown(low), high=shown(high))
    if kind == "date_range":
        return say("date_range", field=field, **dict(zip(("low", "high"), map(_day, date_range(date.today())))))
    if kind == "too_long":
        return say("too_many", field=field, limit=CSV_MAX_ROWS)
    if kind == "periods_count":
        return say("periods_count", field=field_name([PERIODS], lang), **error["ctx"])
    if kind in ("string_pattern_mismatch", "string_type") and name == PERIODS:
        return say("wrong_type", field=field, kind=say("kind_period"))
    expected = _expected(parts, lang)
    return say("wrong_type", field=field, kind=expected) if expected else say("invalid", field=field)


def _value_at(data: Any, loc: tuple) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _expected(parts: tuple, lang: str) -> str | None:
    """What the field holds, in words ("true or false", "a whole number", …)."""
    model = SavedInputs if parts and parts[0] in SavedInputs.model_fields else SavedFile
    info = model.model_fields.get(parts[0]) if parts else None
    if info is None:
        return None
    kind = _strip(info.annotation)
    if len(parts) > 1 and get_origin(kind) is list:  # one row of the history
        kind = _strip(get_args(kind)[0])
    if kind is bool:
        return _say(lang, "kind_bool")
    if kind is int:
        return _say(lang, "kind_int")
    if kind is float:
        return _say(lang, "kind_number")
    if kind is date:
        return _say(lang, "kind_date")
    if get_origin(kind) is Literal:
        return _say(lang, "kind_choice", options=", ".join(str(option) for option in get_args(kind)))
    if get_origin(kind) is list:
        return _say(lang, "kind_list")
    return _say(lang, "kind_object") if isinstance(kind, type) and issubclass(kind, BaseModel) else None


def _strip(annotation: Any) -> Any:
    """The type under `X | None` and `Annotated[X, …]`."""
    while True:
        if get_origin(annotation) is Annotated:
            annotation = get_args(annotation)[0]
        elif get_origin(annotation) in (Union, type(int | None)):
            annotation = next(a for a in get_args(annotation) if a is not type(None))
        else:
            return annotation


def _figure(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}".rstrip("0").rstrip(".")


def _day(value: date) -> str:
    return value.strftime("%d/%m/%Y")


# The form's label for each value of the file, and for each form field a
# message shows under (messages from ui.member.build_member).
LABELS = ({place.name: place.label for place in PLACES} | {f.key: f.label for f in FIELDS}
          | {PERIODS: ("input.history_salary", "salary_file.col_period")})


def field_name(parts: list | tuple, lang: str) -> str:
    """A value of the file named as the form labels it («Fecha de ingreso», and the row of a salary), never
    by the file's key; a key the estimator does not know is quoted as it is (shortened, on one line: it
    came from the file)."""
    if not parts:
        return "«?»"
    key = str(parts[0])
    words = [catalog(lang).get(label) for label in LABELS.get(key, ())]
    if not (words and all(words)):
        return f"«{one_line(key)}»"
    label = f"«{' – '.join(words)}»"
    return _say(lang, "row", name=label, row=parts[1] + 1) if len(parts) > 1 and isinstance(parts[1], int) else label


def values_from_saved(inputs: dict[str, Any]) -> FormValues:
    """The form values of a loaded file (its salary history included)."""
    return form_values(inputs)


def apply_saved(state: MutableMapping[str, Any], raw: bytes, lang: str, name: str = "") -> bool:
    """Put a saved file's inputs into the session (all of them, or none), with a note saying which."""
    inputs, error = load_inputs(raw, lang)
    shown = one_line(name) if name else "—"
    if error:
        state["saved_note"] = ("error", _say(lang, "load_refused", name=shown, reason=error))
        return False
    state["history_rows"] = inputs.pop("history_rows")
    state[PERIODS] = inputs.pop(PERIODS)
    for written_anew in (HISTORY_SHOWN, PREFILLED):  # the history box shows the file's salaries
        state.pop(written_anew, None)
    state.update(inputs)
    state["saved_note"] = ("success", _say(lang, "loaded", name=shown))
    return True


# --- the form's uploader -------------------------------------------------------------------------------

SAVED_UPLOAD = "saved_upload"


def saved_uploader(lang: str) -> None:
    """*Cargar datos guardados*: the file is read once, when it arrives, then the uploader is emptied; a
    note says what was loaded, or why nothing was (shown as plain text: it names the file)."""
    state = st.session_state
    key = uploader_key(state, SAVED_UPLOAD)
    with st.container(key=SAVED_UPLOAD):  # a fixed name for the page (the uploader's own key changes)
        st.file_uploader(ui_text("saved.upload", lang), type=["json"], key=key,
                         help=ui_text("saved.upload_help", lang), on_change=_load_saved, args=(lang, key))
    note = state.pop("saved_note", None)
    if note:
        alert(*note)


def _load_saved(lang: str, key: str) -> None:
    """Runs before the page is drawn, so it may set the form's widgets."""
    for name, raw in take_new_files(st.session_state, key)[:1]:
        apply_saved(st.session_state, raw, lang, name)
