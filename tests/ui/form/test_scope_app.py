"""Scope by date of first entry in the app (RULES.md §1): both systems are asked the date; a member these
rules do not describe gets no number, only the law that governs them and who can compute it."""

import pytest

from tests.amounts import amounts
from tests.markdown_links import read as shown_text
from ui.shell.text import ui_text
from tests.ui.answer.test_app import text_of, typed


def teacher(app):
    """Born 15/02/1970, 12 years today; at 73 the service is past 25 years (Sección A, inciso 3)."""
    app.radio(key="system").set_value("teachers").run()
    typed(app, "service_years", "12")
    typed(app, "retire_years", "73")
    return app


def government(app):
    """Born 15/02/1970, 20 years today, starting at 65: a pension under either government plan."""
    typed(app, "service_years", "20")
    typed(app, "retire_years", "65")
    return app


def warnings_and_bullets(app) -> str:
    return " ".join(w.value for w in app.warning) + " " + text_of(app)


@pytest.mark.parametrize("entry, covered", [("31/12/1999", True), ("01/01/2000", False)])
def test_government_entry_from_1_january_2000_is_not_covered(app, entry, covered):
    government(app)
    typed(app, "entry_date", entry)
    assert not app.exception
    shown = warnings_and_bullets(app)
    if covered:
        assert amounts(app), "an amount for an entry before 1 January 2000"
        assert "Ley 1-1990" in shown
    else:
        assert not amounts(app), "no number for a member of the savings-account program"
        assert "Ley 305-1999" in shown and "Administración de los Sistemas de Retiro" in shown
        assert not [h for h in app.subheader if h.value == ui_text("explorer.heading", "es")], "no explorer"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_entry_outside_the_rules_is_said_first_even_with_a_service_to_correct(app, lang):
    """A first entry in 2001 settles that these rules do not describe the member, whatever else is typed (here 40
    years of service, more than the time since that entry): the
    answer says so at once (the law that governs them, who can answer; no number), and the service longer than
    the time since that entry keeps its own message under its box, both in the member's language."""
    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    government(app)
    typed(app, "service_years", "40")  # longer than the time since 2001 for decades to come
    typed(app, "entry_date", "01/03/2001")
    assert not app.exception
    shown = warnings_and_bullets(app)
    assert not amounts(app)
    assert ui_text("limits.not_covered", lang) in shown
    assert "Ley 305-1999" in shown and "Administración de los Sistemas de Retiro" in shown
    assert any("01/03/2001" in shown_text(e.value) for e in app.error), "the service still says what is wrong"
    typed(app, "service_years", "20")  # corrected: the same answer, now from the member's own scenario
    assert not amounts(app) and "Ley 305-1999" in warnings_and_bullets(app)


@pytest.mark.parametrize("entry, covered", [("31/07/2014", True), ("01/08/2014", False)])
def test_teachers_are_asked_the_entry_date_and_from_1_august_2014_are_not_covered(app, entry, covered):
    teacher(app)
    assert app.text_input(key="entry_date_text"), "a teacher is asked the date of first entry"
    typed(app, "entry_date", entry)
    assert not app.exception
    shown = warnings_and_bullets(app)
    if covered:
        assert amounts(app)
    else:
        assert not amounts(app)
        assert "Ley 160-2013" in shown and "Sistema de Retiro para Maestros" in shown


@pytest.mark.parametrize("entry, plan_words", [("31/03/1990", "Ley 447"), ("01/04/1990", "Ley 1-1990")])
def test_the_entry_date_decides_the_government_plan_at_1_april_1990(app, entry, plan_words):
    government(app)
    typed(app, "entry_date", entry)
    assert not app.exception
    assert any(plan_words in c.value for c in app.caption)
    assert amounts(app)


def test_the_not_covered_answer_speaks_english_too(app):
    app.segmented_control(key="lang").set_value("en").run()
    government(app)
    typed(app, "entry_date", "01/02/2015")
    assert not amounts(app)
    assert "Retirement Savings Account Program" in warnings_and_bullets(app)


def test_a_scenario_outside_the_scope_is_not_added_to_the_comparison_and_shows_no_number(app):
    from ui.comparison.compare import scenario_limits
    from estimator import read_scenario

    outside = read_scenario({"plan": "ley1", "age": 60, "service_years": 20, "average_salary": 36000,
                             "entry_date": "2003-05-01"})
    limits = scenario_limits(outside, "es")
    assert limits and "Ley 305-1999" in limits[0]
    app.session_state["comparison"] = [outside.contract_dict()]
    app.switch_page("pages/1_Comparar.py").run()
    assert not app.exception
    assert not amounts(app) and any("Ley 305-1999" in m.value for m in app.markdown)
