"""A page whose server process ended reconnects to a new session that receives only the page's widget values
(ui/shell/reconnect.py, ui/form/restore.py): the new session answers with the member's inputs, never the example's.

The new session is an AppTest run from nothing but the widget values the first session's page holds, as a
browser sends them after reconnecting to another process (tests/browser/test_serving_many.py does it for real
through HAProxy)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT, TIMEOUT
from tests.ui.answer.test_app import amount_values, box, typed


def reconnected(at: AppTest) -> AppTest:
    """A new session (another process's) run with the widget values `at`'s page holds."""
    fresh = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    fresh._run(at._tree.get_widget_states())  # AppTest's own entry for a run with given widget values
    assert not fresh.exception
    return fresh


def test_a_new_session_answers_with_the_inputs_the_page_sent(app):
    typed(app, "service_years", "22")
    typed(app, "average_annual", "41,500")
    app.checkbox(key="coordinated").uncheck().run()
    app.radio(key="status").set_value("separated").run()
    typed(app, "separation_date", "30/06/2020")
    assert not app.exception
    before = amount_values(app)[0]

    again = reconnected(app)
    assert box(again, "service_years") == "22"  # not the example's 27
    assert box(again, "average_annual") == "41,500"
    assert box(again, "separation_date") == "30/06/2020"
    assert again.checkbox(key="coordinated").value is False
    assert again.radio(key="status").value == "separated"
    assert amount_values(again)[0] == before
    typed(again, "service_years", "23")  # the next change moves the amount; changed back, the amount from before
    assert amount_values(again)[0] != before
    typed(again, "service_years", "22")
    assert amount_values(again)[0] == before


def test_a_box_that_cannot_be_read_stays_as_typed_with_its_message(app):
    typed(app, "service_years", "veinte")
    again = reconnected(app)
    assert box(again, "service_years") == "veinte"
    assert any("años" in e.value.lower() or "número" in e.value.lower() for e in again.error)


def test_the_salary_history_comes_back_from_its_box_in_english(app):
    app.segmented_control(key="lang").set_value("en").run()
    app.radio(key="salary_mode").set_value("history").run()
    app.text_area(key="history_text").set_value("2022\t40,000.00\n2023\t41,000.00\n2024\t45,000.00").run()
    assert not app.exception
    before = amount_values(app)[0]
    again = reconnected(app)
    assert again.radio(key="salary_mode").value == "history"
    assert again.text_area(key="history_text").value == "2022\t40,000.00\n2023\t41,000.00\n2024\t45,000.00"
    assert amount_values(again)[0] == before


def test_a_fresh_page_still_opens_on_the_example(app):
    assert box(app, "service_years") == "27"
