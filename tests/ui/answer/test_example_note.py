"""The example member is said to be an example, in both languages, until the member changes an input; the
next member (after clearing) sees the example said again."""

from __future__ import annotations

import pytest

from tests.ui.answer.test_app import box, typed
from ui.shell.text import ui_text


def notes(at) -> list[str]:
    return [i.value for i in at.info if i.value == ui_text("app.example", "es") or i.value == ui_text("app.example", "en")]


@pytest.mark.parametrize("lang, word", [("es", "Ejemplo"), ("en", "Example")])
def test_the_example_member_is_said_to_be_an_example(app, lang, word):
    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    assert notes(app) == [ui_text("app.example", lang)] and word in notes(app)[0]


def test_the_note_goes_once_an_input_changes_and_stays_gone(app):
    assert len(notes(app)) == 1  # said first: "gone" below could not fail without it
    before = box(app, "service_years")
    typed(app, "service_years", "20")
    assert not app.exception and notes(app) == []
    typed(app, "service_years", before)  # back to the example's value: the member's own data now
    assert notes(app) == []


def test_the_freeze_view_of_the_example_is_still_the_example(app):
    app.button(key="freeze_offer").click().run()
    assert app.session_state["freeze"] is True and len(notes(app)) == 1


def test_a_choice_is_a_change_too(app):
    assert len(notes(app)) == 1
    app.radio(key="salary_mode").set_value("history").run()
    assert notes(app) == []


def test_the_next_member_sees_the_example_said_again(app):
    typed(app, "service_years", "20")
    app.button(key="clear_session").click().run()
    app.button(key="clear_confirm").click().run()
    assert not app.exception and len(notes(app)) == 1


def still_said(at) -> list[str]:
    """The warnings under the amount that name inputs still the example's."""
    start = ui_text("example_values.headline", "es", fields="").split(":")[0]
    return [w.value for w in at.warning if w.value.startswith(start)]


def test_once_an_input_changes_the_inputs_still_the_examples_are_named_until_kept(app):
    assert still_said(app) == []  # the whole page is the example: the note above says so, no list
    app.radio(key="system").set_value("teachers").run()
    said = still_said(app)
    assert len(said) == 1 and "salario promedio" in said[0] and "fecha de nacimiento" in said[0]
    assert app.button(key="keep_example_average").label == "Es mi dato: mantener salario promedio"
    typed(app, "average_monthly", "2,600")  # changed: no longer the example's
    assert "salario promedio" not in still_said(app)[0] and "fecha de nacimiento" in still_said(app)[0]
    app.button(key="keep_example_birth_date").click().run()
    assert "fecha de nacimiento" not in still_said(app)[0]
    app.button(key="keep_example_values").click().run()
    assert not app.exception and still_said(app) == []
    assert "keep_example_service" not in [b.key for b in app.button]


def test_the_next_member_has_nothing_confirmed(app):
    typed(app, "service_years", "20")
    app.button(key="keep_example_values").click().run()
    app.button(key="clear_session").click().run()
    app.button(key="clear_confirm").click().run()
    typed(app, "service_years", "21")
    assert "fecha de nacimiento" in still_said(app)[0]
