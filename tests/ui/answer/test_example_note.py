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
