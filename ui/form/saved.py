"""Saved scenarios: the member's inputs as a file, and back, exactly — read with care, validated on load.

The file is JSON (`ui/form/saved_schema.py`): the inputs being the form's values (dates as YYYY-MM-DD) and the
salary history, with the period typed before each salary when the member gave them (`history_periods`,
left out when none was: older files load as before).

`load_inputs` is the one reader for every file a person uploads as saved inputs (the estimate page's
*Cargar datos guardados* and the comparison page's files). The estimator's JSON reader
(`estimator/json_input.py`, the command line's too) refuses a file over `MAX_FILE_BYTES`, one nested too
deep (a scan of the text, before any parsing) and duplicate keys; NaN, ±Infinity and numbers too long to be
a figure are marked here; the schema is strict (true or false for a yes/no, a number for a number,
"YYYY-MM-DD" for a date, no unknown keys) and holds each value to the range the form itself accepts. Any
problem is one message, in the page's language, naming the field; nothing is applied. Messages are plain
text that may quote the file (a key's name): show them with `ui.shell.plain.alert`, never as markdown.
"""

from __future__ import annotations

import json
import math
from datetime import date
from decimal import Decimal
from functools import partial
from typing import Annotated, Any, Literal, MutableMapping, Union, get_args, get_origin

import streamlit as st
from pydantic import BaseModel, ValidationError

from estimator import DuplicateKey, money, read_json, TooDeep, TooLarge

from ui.form.fields import FIELDS, OPTION_PREFIX, PLACES, FormValues, form_values, salary_ceiling
from ui.form.salary_table import CSV_MAX_ROWS, HISTORY_SHOWN, PERIODS, PREFILLED
from ui.form.saved_schema import (BOUNDS, FORMAT, MAX_FILE_BYTES, MONEY, VERSION, SavedFile, SavedInputs, date_range,
                                  saved_model)
from ui.shell.field_help import FieldHelp
from ui.shell.plain import alert, one_line
from ui.shell.text import catalog, ui_text
from ui.shell.uploads import refused_note, take_new_files, uploader_key

__all__ = ["BOUNDS", "LABELS", "MAX_FILE_BYTES", "SavedFile", "SavedInputs", "apply_saved", "date_range",
           "dump_inputs", "field_name", "load_inputs", "saved_model", "saved_uploader", "values_from_saved"]


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
    """What stands in place of a number no member's figure can be (the schema then refuses it)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind


NOT_FINITE = _Mark("not_finite")  # NaN, Infinity, -Infinity, 1e999
TOO_LONG = _Mark("too_long")      # an integer of more digits than any figure has
LONGEST_INT_DIGITS = 18


def _as_figures(value: Any) -> Any:
    """The reader's exact numbers as the form's figures: a decimal as the float the form holds, an integer
    as an int; a number no figure can be, marked."""
    if isinstance(value, dict):
        return {key: _as_figures(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_figures(item) for item in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value if len(str(value)) <= LONGEST_INT_DIGITS else TOO_LONG
    if isinstance(value, Decimal) and value.is_finite() and value.as_tuple().exponent == 0 \
            and len(value.as_tuple().digits) > LONGEST_INT_DIGITS:
        return TOO_LONG  # an integer literal too long for the reader to hand over as an int
    number = float(value)
    return number if math.isfinite(number) else NOT_FINITE


def load_inputs(raw: bytes, lang: str) -> tuple[dict[str, Any] | None, str | None]:
    """The inputs of a saved file, or one message (plain text, in `lang`) saying why it cannot be used."""
    say = partial(_say, lang)
    try:
        data = _as_figures(read_json(raw, limit=MAX_FILE_BYTES))
    except TooLarge:
        return None, ui_text("saved.too_big", lang)
    except UnicodeDecodeError:
        return None, say("not_text")
    except TooDeep as deep:
        return None, say("too_deep", field=field_name(deep.path[-1:], lang)) if deep.path else say("too_deep_file")
    except DuplicateKey as duplicate:
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
    if get_origin(kind) is Literal and parts[0] in OPTION_PREFIX:  # a choice of the form, as the form names it
        named = (ui_text(f"input.{OPTION_PREFIX[parts[0]]}{option}", lang) for option in get_args(kind))
        return _say(lang, "kind_option", options=", ".join(quoted(name, lang) for name in named))
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
# message shows under (messages from ui.form.member.build_member).
LABELS = ({place.name: place.label for place in PLACES} | {f.key: f.label for f in FIELDS}
          | {PERIODS: ("input.history_salary", "salary_file.col_period")})


def quoted(text: str, lang: str) -> str:
    """A name quoted as the language quotes it: «Fecha de ingreso», "Date of entry"."""
    return f"«{text}»" if lang == "es" else f'"{text}"'


def field_name(parts: list | tuple, lang: str) -> str:
    """A value of the file named as the form labels it («Fecha de ingreso», and the row of a salary), never
    by the file's key; a key the estimator does not know is quoted as it is (shortened, on one line: it
    came from the file)."""
    if not parts:
        return quoted("?", lang)
    key = str(parts[0])
    words = [catalog(lang).get(label) for label in LABELS.get(key, ())]
    if not (words and all(words)):
        return quoted(one_line(key), lang)
    label = quoted(" – ".join(words), lang)
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


def saved_uploader(lang: str, described: FieldHelp) -> None:
    """*Cargar datos guardados*: the file is read once, when it arrives, then the uploader is emptied; a
    note says what was loaded, or why nothing was (shown as plain text: it names the file)."""
    state = st.session_state
    key = uploader_key(state, SAVED_UPLOAD)
    with st.container(key=SAVED_UPLOAD):  # a fixed name for the page (the uploader's own key changes)
        st.file_uploader(ui_text("saved.upload", lang), type=["json"], key=key,
                         help=described(ui_text("saved.upload_help", lang), SAVED_UPLOAD), on_change=_load_saved, args=(lang, key))
    note = state.pop("saved_note", None)
    if note:
        alert(*note)
    refused_note(state, SAVED_UPLOAD, lang)


def _load_saved(lang: str, key: str) -> None:
    """Runs before the page is drawn, so it may set the form's widgets."""
    for name, raw in take_new_files(st.session_state, key)[:1]:
        apply_saved(st.session_state, raw, lang, name)
