"""Saved scenarios: the member's inputs as a file, and back, exactly — validated on load.

The file is JSON: {"format": "estimador-pension/inputs", "version": 1, "inputs": {...}}, the inputs
being the form's values (dates as YYYY-MM-DD) and the salary history.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from estimator.models import EARLIEST_WORKING_AGE, GROUPS

from .member import FormValues, apply_editor_changes
from .text import ui_text

FORMAT = "estimador-pension/inputs"
VERSION = 1
MAX_FILE_BYTES = 200_000


class SavedInputs(BaseModel):
    """The form's values, strictly typed: a file that does not fit is refused, never guessed at."""

    model_config = ConfigDict(extra="forbid", hide_input_in_errors=True)  # no member data in any message

    system: Literal["government", "teachers"]
    entry_date: date | None
    group: Literal[GROUPS]  # type: ignore[valid-type]
    birth_date: date | None
    status: Literal["active", "separated"]
    separation_date: date | None
    service_years: int | None = Field(ge=0, le=80)
    service_months: int | None = Field(ge=0, le=11)
    salary_mode: Literal["average", "history"]
    average_annual: float | None = Field(ge=0)
    average_monthly: float | None = Field(ge=0)
    history_rows: list[float | None] = Field(default_factory=list, max_length=2000)
    retire_years: int | None = Field(ge=EARLIEST_WORKING_AGE, le=100)
    retire_months: int | None = Field(ge=0, le=11)
    coordinated: bool
    social_security: float | None = Field(ge=0)
    shortfall: bool
    june_1960: bool
    refunded: bool
    disability: bool
    both_systems: bool
    freeze: bool
    growth_pct: float | None
    reduction_mode: Literal["assumed", "board"]
    reduction_per_year_pct: float | None = Field(ge=0, le=100)
    board_factor: float | None = Field(ge=0, le=1)
    contribution_rate_pct: float | None = Field(ge=0, le=100)
    merit_55_pct: float | None = Field(ge=0, le=100)
    merit_under_55_pct: float | None = Field(ge=0, le=100)


class SavedFile(BaseModel):
    model_config = ConfigDict(extra="forbid", hide_input_in_errors=True)

    format: Literal["estimador-pension/inputs"]
    version: Literal[1]
    inputs: SavedInputs


def dump_inputs(state: dict[str, Any]) -> bytes:
    """The current inputs as a file (what the member typed, nothing derived)."""
    values = {name: state.get(name) for name in SavedInputs.model_fields}
    values["history_rows"] = apply_editor_changes(state.get("history_rows") or [], state.get("history_editor"))
    saved = SavedFile(format=FORMAT, version=VERSION, inputs=SavedInputs.model_validate(values))
    return saved.model_dump_json(indent=2).encode("utf-8")


def load_inputs(raw: bytes, lang: str) -> tuple[dict[str, Any] | None, str | None]:
    """The inputs of a saved file, or a message saying why the file cannot be used."""
    if len(raw) > MAX_FILE_BYTES:
        return None, ui_text("saved.too_big", lang)
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        return None, ui_text("saved.damaged", lang)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None, ui_text("saved.foreign", lang)
    try:
        saved = SavedFile.model_validate(data)
    except ValidationError as exc:
        loc = [str(part) for part in exc.errors()[0]["loc"]]
        where = ".".join(loc[1:] if loc[:1] == ["inputs"] else loc) or "?"
        return None, ui_text("saved.invalid", lang, field=where)
    return saved.inputs.model_dump(), None


def values_from_saved(inputs: dict[str, Any]) -> FormValues:
    """The form values of a loaded file (its salary history included)."""
    values = dict(inputs)
    values["history"] = values.pop("history_rows")
    return FormValues(**values)


def apply_saved(state: dict[str, Any], raw: bytes, lang: str) -> bool:
    """Put a saved file's inputs into the session (all of them, or none), with a note saying which."""
    inputs, error = load_inputs(raw, lang)
    if error:
        state["saved_note"] = ("error", error)
        return False
    state["history_rows"] = inputs.pop("history_rows")
    state.pop("history_editor", None)
    state.update(inputs)
    state["saved_note"] = ("success", ui_text("saved.loaded", lang))
    return True
