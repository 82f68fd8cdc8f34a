"""The example member the page opens on, said to be an example until the member changes an input: a figure
on the first screen must never be taken for the member's own. Once the member changes anything, each input
still holding the example's value is marked as the example's — under its field, above the amount, in the
summary, the steps and the report — until it is changed or confirmed."""

from __future__ import annotations

from datetime import date
from typing import Any, MutableMapping

import streamlit as st

from estimator import age_on, example_inputs_named

from ui.form.fields import example_values, shown_fields
from ui.shell.look import kept_places
from ui.shell.text import ui_text

CHANGED = "inputs_changed"  # set once any input differs from the example member's; cleared with the member
VIEWS = ("freeze",)  # another view of the same member's figures (the amount with benefits frozen), not their data
# The inputs an amount can still take from the example member: where the form marks it, its name for the estimator
# (`estimator.engine.EXAMPLE_INPUTS`), and the form's fields that hold it (all of them the example's, or it is not).
STILL_EXAMPLE = (("entry_date", "entry_date", ("entry_date",)), ("birth_date", "birth_date", ("birth_date",)),
                 ("service", "service_years", ("service_years", "service_months")),
                 ("average", "average_salary", ("average_annual",)),
                 ("average", "average_salary", ("average_monthly",)),
                 ("retire", "age", ("retire_years", "retire_months")),
                 ("coordinated", "coordinated", ("coordinated",)))
CONFIRMED = "example_values_confirmed"  # the places whose example value the member said is theirs
MARK_PLACES = 2  # a mark under a field: its words and its button


def example(today: date) -> dict[str, Any]:
    """The example member's inputs (ui/form/fields.py): a government employee who entered in 1989 (Ley 447), in
    the Plan Coordinado, planning to retire at 58; the planned age moves on once the example member is past 58."""
    values = example_values()  # lists of its own, never shared by sessions
    birth = values["birth_date"]
    values["retire_years"] = max(values["retire_years"], int(age_on(birth, today)) + 1)  # the next birthday's age
    return values


def showing_example(state: MutableMapping[str, Any], today: date) -> bool:
    """True until the member changes any input (after the form's text boxes are read: `read_form`);
    the freeze view shows the example's figures still. Changing a value back does not make the member an
    example again."""
    if not state.get(CHANGED) and any(state.get(key) != value for key, value in example(today).items()
                                       if key not in VIEWS):
        state[CHANGED] = True
    return not state.get(CHANGED)


def example_note(slot, state: MutableMapping[str, Any], today: date, lang: str) -> None:
    """"An example" in `slot` (above the answer and the form, on a phone's first screen too) while the
    inputs are the example member's."""
    if showing_example(state, today):
        slot.info(ui_text("app.example", lang), icon="ℹ️")


def still_example(state: MutableMapping[str, Any], values: Any, today: date) -> dict[str, str]:
    """Once the member changed some input: the form's places whose shown fields all still hold the example
    member's value and were not confirmed, each with the estimator's name of that input. Nothing while the whole
    page is the example (the note above says so)."""
    if showing_example(state, today):
        return {}
    shown, values_of_example = {f.key for f in shown_fields(values)}, example(today)
    confirmed = set(state.get(CONFIRMED) or ())
    return {place: name for place, name, keys in STILL_EXAMPLE if place not in confirmed
            and all(key in shown and state.get(key) == values_of_example[key] for key in keys)}


def confirm(*places: str) -> None:
    """Before the rerun: these places' example values are the member's own."""
    st.session_state[CONFIRMED] = sorted(set(st.session_state.get(CONFIRMED) or ()) | set(places))


def example_mark(still: dict[str, str], place: str, lang: str) -> None:
    """Under a field still holding the example's value: said, with a button to keep it as the member's. Its two
    places (the words, the button) are drawn under every such field, marked or not (an empty one shows nothing),
    so that a mark going does not move the fields below it in the page's tree: one being typed in would lose what
    it holds. Two elements, not a container holding them: a container is one more block that every run sends and
    the browser draws again, under each of up to seven fields (docs/performance.md, "Fewer blocks")."""
    if place not in still:
        kept_places(MARK_PLACES)
        return
    st.caption(ui_text("example_values.field", lang))
    st.button(ui_text("example_values.keep_field", lang, field=example_inputs_named({still[place]}, lang)),
              key=f"keep_example_{place}", on_click=confirm, args=(place,), type="secondary")


def example_warning(still: dict[str, str], lang: str) -> None:
    """Beside the amount: which of its inputs are still the example's, and a button to keep them all."""
    if not still:
        return
    # No container around the two: it would be one more block for every run to send and the browser to draw.
    st.warning(ui_text("example_values.headline", lang, fields=named(still, lang)), icon=":material/edit:")
    st.button(ui_text("example_values.keep_all", lang), key="keep_example_values", on_click=confirm,
              args=tuple(still))


def named(still: dict[str, str], lang: str) -> str:
    """The inputs still the example's, in words."""
    return example_inputs_named(set(still.values()), lang)
