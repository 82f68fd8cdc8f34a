"""One table of the form's inputs (`ui/form/fields.py`): the example member, the form values, the text boxes the
app reads and the saved file's strict model are all built from it, so a field added to the table is in
every one of them."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from decimal import Decimal

import pytest
from pydantic import ValidationError

from ui.answer.formatting import FORM_ORDER
from ui.form import entry
from ui.form.example import example
from ui.form.fields import (FIELDS, MAX_MONTHLY_SALARY, PLACES, Field, FormValues, example_values, form_values,
                            form_values_class, shown_fields)
from ui.form.form import ADVANCED, ADVANCED_OPEN, PLACED
from ui.form.member import FIELD_OF, REQUIRED
from ui.form.salary_table import HISTORY_BOX, PERIODS
from ui.form.saved import BOUNDS, LABELS, SavedInputs, dump_inputs, load_inputs, saved_model
from ui.shell.text import catalog

KEYS = {f.key for f in FIELDS}


def test_the_example_the_saved_model_and_the_form_values_have_the_tables_fields():
    assert set(example_values()) == KEYS and set(SavedInputs.model_fields) == KEYS | {PERIODS}  # and the periods
    assert list(SavedInputs.model_fields) == [f.key for f in FIELDS] + [PERIODS]  # the file's order, and its first error's
    assert {f.name for f in dataclasses.fields(FormValues)} == {f.name for f in FIELDS} | {"problems"}
    assert set(entry.SPECS) == {f.key for f in FIELDS if f.typed}
    assert set(BOUNDS) == {f.key for f in FIELDS if f.kind in ("whole", "number", "money", "salaries")}
    assert set(REQUIRED) <= set(entry.SPECS)


def test_a_field_added_to_the_table_is_in_the_example_the_saved_model_and_the_form_values():
    added = Field("extra_years", "whole", 0, 3, ("input.years",), place="service", low=Decimal(0), high=Decimal(10),
                  sample="3")
    fields = (*FIELDS, added)
    values = example_values(fields)
    assert values["extra_years"] == 3
    cls = form_values_class(fields)
    assert cls().extra_years == 0 and form_values(values, fields, cls).extra_years == 3
    model = saved_model(fields)
    assert set(model.model_fields) == KEYS | {"extra_years", PERIODS}
    saved = json.loads(dump_inputs(example(date.today())))["inputs"]
    assert model.model_validate(saved | {"extra_years": 3}).extra_years == 3
    for wrong in ("3", 3.0, True, 11, -1):  # strict: a whole number, in its range
        with pytest.raises(ValidationError):
            model.model_validate(saved | {"extra_years": wrong})
    with pytest.raises(ValidationError):
        model.model_validate(saved)  # required, as every value but the salary history
    with pytest.raises(ValidationError):
        model.model_validate(saved | {"extra_years": 3, "unknown": 1})


def test_every_field_says_where_its_message_shows_and_has_its_words():
    places = {place.name for place in PLACES}
    assert tuple(FORM_ORDER) == tuple(place.name for place in PLACES) and set(PLACED) == places
    assert set(ADVANCED) <= places and set(FIELD_OF.values()) <= places
    for lang in ("es", "en"):
        words = catalog(lang)
        for f in FIELDS:
            assert all(label in words for label in f.label), f.key
            assert (f.place in places) == (f.typed or f.kind == "salaries"), f.key
            if f.typed:
                assert f"check.what.{f.key}" in words
            if f.typed and f.kind != "date":
                assert f"check.range.{f.key}" in words
            if f.to.startswith("assumptions."):  # a named assumption's box: its help beside its label
                assert f"input.{f.place}_help" in words, f.key
        for place in PLACES:
            assert f"check.name.{place.name}" in words and LABELS[place.name] == place.label
    assert all(f.options and f.default in f.options and f.example in f.options for f in FIELDS if f.kind == "choice")


def test_the_example_hands_out_lists_of_its_own():
    first, second = example(date.today()), example(date.today())
    first["history_rows"].append(1.0)
    assert second["history_rows"] == [] and example_values()["history_rows"] == []


def saved_file(**inputs) -> bytes:
    data = json.loads(dump_inputs(example(date.today())))
    data["inputs"].update(inputs)
    return json.dumps(data).encode()


@pytest.mark.parametrize("lang, words", [("es", "fila 2"), ("en", "row 2")])
def test_a_teachers_saved_salary_is_held_to_the_forms_monthly_bound(lang, words):
    high = float(MAX_MONTHLY_SALARY)
    teacher = {"system": "teachers", "salary_mode": "history"}
    inputs, message = load_inputs(saved_file(**teacher, history_rows=[3000.0, high + 0.01]), lang)
    assert inputs is None and words in message and "$83,333.33" in message and "1,000,000" not in message
    assert load_inputs(saved_file(**teacher, history_rows=[3000.0, high]), lang)[1] is None
    # the same salary is a year's for a government employee: accepted up to $1,000,000.00
    government = {"system": "government", "salary_mode": "history"}
    assert load_inputs(saved_file(**government, history_rows=[3000.0, 90000.0]), lang)[1] is None
    inputs, message = load_inputs(saved_file(**teacher, history_rows=[3000.0, 2_000_000.0]), lang)
    assert inputs is None and "$83,333.33" in message


# The conditions the table's `shown` names, each as the inputs that make it (over the example member's).
CONDITIONS = {
    "Ley 447, coordinated": {},
    "Ley 447, not coordinated, separated": {"coordinated": False, "status": "separated",
                                            "separation_date": date(2020, 6, 30)},
    "Ley 447, the board's factor": {"reduction_mode": "board"},
    "Ley 447, salary history": {"salary_mode": "history"},
    "Ley 1-1990": {"entry_date": date(2000, 1, 1)},
    "no date of first entry yet (no plan)": {"entry_date": None},
    "no plan, salary history chosen": {"entry_date": None, "salary_mode": "history"},
    "teachers": {"system": "teachers", "average_monthly": 2500.0},
    "teachers, salary history": {"system": "teachers", "average_monthly": 2500.0, "salary_mode": "history"},
}


def _widget_key(field: Field) -> str:
    """The key of the widget the form draws for a field of the table."""
    return HISTORY_BOX if field.kind == "salaries" else entry.box_key(field.key) if field.typed else field.key


@pytest.mark.parametrize("condition", CONDITIONS)
def test_the_form_draws_exactly_the_fields_the_table_shows(app, condition):
    inputs = example(date.today()) | CONDITIONS[condition]
    for key, value in CONDITIONS[condition].items():
        app.session_state[key] = value
    app.run()
    assert not app.exception
    kinds = ("text_input", "text_area", "radio", "checkbox", "selectbox", "toggle")
    first = {w.key for kind in kinds for w in getattr(app, kind)}  # *Avanzado* as the page opens
    was_open = app.session_state[ADVANCED_OPEN]  # opened by a message about one of its fields
    app.session_state[ADVANCED_OPEN] = True
    app.run()
    drawn = {w.key for kind in kinds for w in getattr(app, kind)}
    table = {_widget_key(f) for f in FIELDS}
    shown = {_widget_key(f) for f in shown_fields(form_values(inputs))}
    assert drawn & table == shown, condition
    if was_open:
        assert first == drawn
    else:  # closed, the section draws none of its fields, and every other field as open
        assert first < drawn and not first & {_widget_key(f) for f in FIELDS if f.place in ADVANCED}
    assert len(shown) < len(table)  # the table leaves some fields out in every condition
