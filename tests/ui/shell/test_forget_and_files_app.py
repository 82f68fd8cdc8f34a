"""AppTest: *Borrar todo* forgets everything, on every page and after every later rerun; saved-data files
are read once and the uploader emptied; hostile files are refused on both pages with one message naming
the field, quoted as plain text, and nothing on screen changes."""

from __future__ import annotations

import re
import tomllib
from datetime import date

import pytest

from tests.conftest import ROOT
from ui.form.saved import dump_inputs
from ui.form.example import example
from ui.shell.text import ui_text
from tests.amounts import amounts
from tests.ui.form.test_saved_files import label_of
from tests.markdown_links import read
from tests.ui.sections import opened, uploader
from ui.form.form import ADVANCED_OPEN

HOSTILE = ROOT / "tests" / "data" / "hostile_files"
EXPECTED = tomllib.loads((HOSTILE / "expected.toml").read_text())
REFUSED = sorted(name for name, case in EXPECTED.items() if not case.get("accepted"))
ACCEPTED = sorted(name for name, case in EXPECTED.items() if case.get("accepted"))
COMPARE = "pages/1_Comparar.py"
# The previous member: distinctive figures, looked for everywhere after clearing.
SALARY, BIRTH = 43210.98, date(1971, 3, 9)
TRACES = ("43210.98", "43,210.98", "43210,98", "1971-03-09", "09/03/1971", "1971, 3, 9", "date(1971, 3, 9)")


def member_file() -> bytes:
    return dump_inputs(example(date.today()) | {"average_annual": SALARY, "birth_date": BIRTH, "service_years": 24})


def unescaped(text: str) -> str:
    return read(text)


def boxes(at) -> dict:
    """Everything the form shows: its text boxes, choices and switches."""
    shown = {t.key: t.value for t in at.text_input}
    shown |= {w.key: w.value for w in [*at.radio, *at.checkbox, *at.toggle, *at.selectbox]}
    return shown


def session_dump(at) -> str:
    """Every value the session holds, the widgets' internal states included."""
    state = at.session_state._state._state
    parts = [state._old_state, state._new_session_state, state._new_widget_state.states]
    return " ".join(repr(part) for part in parts)


def screen_text(at) -> str:
    kinds = ("markdown", "caption", "text", "error", "warning", "success", "info", "metric", "text_input",
             "number_input", "date_input")
    texts = []
    for kind in kinds:
        for element in at.get(kind):
            texts += [str(getattr(element, attr, "")) for attr in ("value", "label", "body")]
    return " ".join(texts)


def assert_forgotten(at) -> None:
    assert not at.exception
    found = [trace for trace in TRACES if trace in session_dump(at) or trace in screen_text(at)]
    assert not found, f"the previous member's data is still there: {found}"
    assert at.session_state["average_annual"] == 36000.0 and at.session_state["birth_date"] == date(1970, 2, 15)
    if any(t.key == "average_annual_text" for t in at.text_input):  # on the estimate page
        assert at.text_input(key="average_annual_text").value == "36,000.00"
        assert at.text_input(key="birth_date_text").value == "15/02/1970"
    assert at.session_state["comparison"] == []


def load(at, name: str, content: bytes) -> None:
    uploader(at, "saved_upload").set_value((name, content, "application/json")).run()
    assert not at.exception


def test_a_saved_file_is_read_once_and_the_uploader_emptied(app):
    load(app, "miembro.json", member_file())
    assert app.text_input(key="average_annual_text").value == "43,210.98"
    assert app.text_input(key="birth_date_text").value == "09/03/1971"
    assert [unescaped(s.value) for s in app.success] == ["Se cargaron los datos guardados de «miembro.json»."]
    assert uploader(app, "saved_upload").key == "saved_upload_1"  # a new, empty uploader
    # the member then changes a figure: later reruns never apply the file again
    app.text_input(key="average_annual_text").set_value("40,000").run()
    app.toggle(key="session_mode").set_value(True).run()
    assert app.text_input(key="average_annual_text").value == "40,000"
    assert not app.success  # the note was shown once


def test_clearing_asks_first_and_cancel_keeps_everything(app):
    load(app, "miembro.json", member_file())
    app.button(key="clear_session").click().run()
    question = [w.value for w in app.sidebar.warning]
    assert question and "¿Borrar todos los datos de este participante?" in question[0]
    assert app.text_input(key="average_annual_text").value == "43,210.98"
    app.button(key="clear_cancel").click().run()
    assert not app.sidebar.warning
    assert app.text_input(key="average_annual_text").value == "43,210.98"
    app.segmented_control(key="lang").set_value("en").run()
    app.button(key="clear_session").click().run()
    assert "Clear all of this member's data?" in app.sidebar.warning[0].value
    assert [b.label for b in app.sidebar.button] == ["Yes, clear everything", "Cancel"]


def test_clearing_forgets_the_member_after_every_later_rerun(app):
    load(app, "miembro.json", member_file())
    app.button(key="add_to_compare").click().run()
    assert all(trace in session_dump(app) + screen_text(app) for trace in ("43210.98", "43,210.98", "09/03/1971"))
    old = uploader(app, "saved_upload")
    app.button(key="clear_session").click().run()
    app.button(key="clear_confirm").click().run()
    assert_forgotten(app)
    assert any("Se borraron todos los datos" in s.value for s in app.sidebar.success)
    assert uploader(app, "saved_upload").key != old.key  # every uploader is new and empty
    # Streamlit's uploader keeps its file and the browser sends it again on the next rerun: even if the
    # old file reached the new uploader, it was read once already and is never applied again.
    uploader(app, "saved_upload")._files = [("d82e0a28-0000-0000-0000-000000000000", "miembro.json", b"", "")]
    app.toggle(key="session_mode").set_value(True).run()
    assert_forgotten(app)
    app.text_input(key="service_years_text").set_value("26").run()  # type a number
    assert_forgotten(app)
    assert app.text_input(key="service_years_text").value == "26"
    app.switch_page(COMPARE).run()
    assert_forgotten(app)
    assert not amounts(app)


def test_the_browser_resending_an_already_read_file_does_not_bring_it_back(app):
    load(app, "miembro.json", member_file())
    file_id = app.session_state["uploads_handled"][-1]
    app.button(key="clear_session").click().run()
    app.button(key="clear_confirm").click().run()
    uploader(app, "saved_upload")._files = [(file_id, "miembro.json", member_file(), "application/json")]
    app.toggle(key="session_mode").set_value(True).run()
    assert_forgotten(app)


def test_clearing_on_the_comparison_page_forgets_on_every_page(app):
    load(app, "miembro.json", member_file())
    app.button(key="add_to_compare").click().run()
    app.switch_page(COMPARE).run()
    assert len(amounts(app)) == 1
    app.button(key="clear_session").click().run()
    app.button(key="clear_confirm").click().run()
    assert not amounts(app) and app.session_state["comparison"] == []
    app.switch_page("app.py").run()
    assert_forgotten(app)


@pytest.mark.parametrize("name", REFUSED)
def test_a_hostile_file_changes_nothing_on_the_estimate_page(app, name):
    opened(app, ADVANCED_OPEN)  # its boxes compared too
    before, amount = boxes(app), [m.value for m in amounts(app)]
    load(app, name, (HOSTILE / name).read_bytes())
    errors = [e.value for e in app.error]
    assert len(errors) == 1, errors  # one message
    message = unescaped(errors[0])
    assert message.startswith(f"No se cargó nada de «{name}»:")
    case = EXPECTED[name]
    if "field" in case:
        assert label_of(case["field"], "es") in message  # as the form names it
    assert case["words"][0] in message
    assert not re.search(r"(?<!\\)[\[\]()!<>]", errors[0].replace("\\\\", "")), "shown as plain text"
    assert boxes(app) == before and [m.value for m in amounts(app)] == amount  # nothing changed
    assert uploader(app, "saved_upload").key == "saved_upload_1"


@pytest.mark.parametrize("name", REFUSED)
def test_a_hostile_file_is_not_added_to_the_comparison(app, name):
    app.switch_page(COMPARE).run()
    app.segmented_control(key="lang").set_value("en").run()
    uploader(app, "compare_upload").set_value([(name, (HOSTILE / name).read_bytes(), "application/json")]).run()
    assert not app.exception
    errors = [unescaped(e.value) for e in app.error]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"\"{name}\" was not added to the comparison:")
    case = EXPECTED[name]
    if "field" in case:
        assert label_of(case["field"], "en") in errors[0]
    assert case["words"][1] in errors[0]
    assert app.session_state["comparison"] == [] and not amounts(app)


@pytest.mark.parametrize("name", ACCEPTED)
def test_a_case_the_rules_do_not_answer_gets_no_number_on_either_page(app, name):
    content = (HOSTILE / name).read_bytes()
    load(app, name, content)
    assert not amounts(app)  # the estimate page: who can answer, never a number
    limit = ui_text(EXPECTED[name]["limit"], "es")
    assert any(limit in m.value for m in app.markdown)
    app.switch_page(COMPARE).run()
    uploader(app, "compare_upload").set_value([(name, content, "application/json")]).run()
    errors = [unescaped(e.value) for e in app.error]
    assert errors == [f"No se añadió «{name}» a la comparación: {limit}"]
    assert app.session_state["comparison"] == [] and not amounts(app)


def test_a_refund_is_not_offered_to_the_comparison_and_a_refund_file_shows_who_can_answer(app):
    app.button(key="add_to_compare").click().run()
    app.checkbox(key="refunded").check().run()
    assert not [b for b in app.button if b.key == "add_to_compare"]  # no number to compare
    assert len(app.session_state["comparison"]) == 1
    refund = dict(app.session_state["comparison"][0], refunded=True)
    app.session_state["comparison"].append(refund)  # as an older session could hold it
    app.switch_page(COMPARE).run()
    assert len(amounts(app)) == 1  # the first scenario only
    assert any(ui_text("limits.refunded", "es") in m.value for m in app.markdown)
    assert any(ui_text("limits.not_covered", "es") in w.value for w in app.warning)


def test_the_comparison_takes_at_most_four_files_and_names_the_rest(app):
    app.switch_page(COMPARE).run()
    files = [(f"escenario-{n}.json", dump_inputs(example(date.today()) | {"service_years": 20 + n}), "application/json")
             for n in range(1, 6)]
    uploader(app, "compare_upload").set_value(files).run()
    assert not app.exception
    assert len(app.session_state["comparison"]) == 4 and len(amounts(app)) == 4
    assert [unescaped(s.value) for s in app.success] == ["Se añadieron 4 escenarios de los archivos."]
    assert [unescaped(e.value) for e in app.error] == [
        ("No se añadió «escenario-5.json» a la comparación: la comparación tiene lugar para 4 escenarios como "
         "máximo. Quite uno para añadir otro.")]
    assert uploader(app, "compare_upload").key == "compare_upload_1"
    app.toggle(key="session_mode").set_value(True).run()  # later reruns add nothing again
    assert len(app.session_state["comparison"]) == 4 and not app.error
