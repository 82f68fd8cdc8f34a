"""The salary history typed or pasted in the form's box is read exactly as a salary file is
(`estimator.io.salary_file`): the same table of files (tests/data/salary_files/cases.toml), pasted, gives
the same salaries or the same refusal naming the same row; and in the app (AppTest) a refused history
leaves no amount, says which line to correct, and keeps everything typed."""

from __future__ import annotations

import json

import pytest

from estimator.io.salary_file import SalaryFileError, read_history
from tests.estimator.cli.test_salary_files import CASES, case_id, raw_of
from ui.form.fields import salary_ceiling
from ui.form.salary_table import HISTORY_BOX, HISTORY_SHOWN, MAX_BOX_CHARS, sync_history
from tests.amounts import amounts
from tests.ui.shell.test_forget_and_files_app import load
from ui.form.saved import SavedInputs, dump_inputs


def pasted(raw: bytes) -> str | None:
    """The text a member would paste from this file (a text box holds text: no byte-order mark, and the
    browser turns CRLF into LF), or None for a file that is not text (a workbook, UTF-16, Latin-1)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "\x00" in text or len(text) > MAX_BOX_CHARS:
        return None
    return text.removeprefix("\ufeff").replace("\r\n", "\n")


TEXT_CASES = [case for case in CASES if pasted(raw_of(case)) is not None]


def test_most_files_of_the_table_can_be_pasted():
    assert len(TEXT_CASES) >= len(CASES) - 6, [case_id(c) for c in CASES if c not in TEXT_CASES]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("case", TEXT_CASES, ids=case_id)
def test_pasting_a_file_reads_as_the_file(case, lang):
    text = pasted(raw_of(case))
    state = {"history_rows": [], HISTORY_SHOWN: [], HISTORY_BOX: text}
    history, problem = sync_history(state, case["plan"], lang)
    try:
        expected = read_history(raw_of(case), case["plan"], lang)
    except SalaryFileError as refusal:
        assert history is None and problem == refusal.message  # the same words, naming the same row
        assert state["history_rows"] == []                      # nothing replaced
        return
    too_large = [s for s in expected.salaries if s.amount > salary_ceiling(case["plan"])]
    if too_large:  # the form's own largest salary, also said with its row
        assert history is None and f" {too_large[0].row} " in problem
        return
    assert problem is None
    assert history.contract_dict() == expected.contract_dict()
    assert state["history_rows"] == [float(s.amount) for s in expected.chronological()]


def test_rows_set_by_the_app_are_written_into_the_box_and_read_back():
    state = {"history_rows": [31000.0, 32000.5, 33000.0]}
    history, problem = sync_history(state, "ley447", "es")
    assert problem is None and state[HISTORY_BOX] == "31,000.00\n32,000.50\n33,000.00"
    assert state["history_rows"] == [31000.0, 32000.5, 33000.0]
    # a loaded file changes the rows: the box follows, whatever it held
    state["history_rows"] = [40000.0, 41000.0, 42000.0]
    state[HISTORY_BOX] = "texto a medias"
    sync_history(state, "ley447", "es")
    assert state[HISTORY_BOX] == "40,000.00\n41,000.00\n42,000.00"


def test_a_refused_box_keeps_its_text_and_the_last_salaries():
    state = {"history_rows": [31000.0, 32000.0, 33000.0]}
    sync_history(state, "ley447", "es")
    state[HISTORY_BOX] = "31000\n32000\n-5"
    history, problem = sync_history(state, "ley447", "es")
    assert history is None and "fila 3" in problem and "negativo" in problem
    assert state[HISTORY_BOX] == "31000\n32000\n-5"
    assert state["history_rows"] == [31000.0, 32000.0, 33000.0]


def test_an_overlong_paste_is_refused_before_it_is_read():
    state = {"history_rows": [], HISTORY_SHOWN: [], HISTORY_BOX: "31000\n" * (MAX_BOX_CHARS // 6 + 1)}
    history, problem = sync_history(state, "ley447", "en")
    assert history is None and f"{MAX_BOX_CHARS:,}" in problem


# ---- in the app -----------------------------------------------------------------------------------

@pytest.fixture
def history_app(app):
    app.radio(key="salary_mode").set_value("history").run()
    assert not app.exception
    return app


def box(at):
    return at.text_area(key=HISTORY_BOX)


def test_the_history_starts_from_the_average_and_says_so(app):
    amount = amounts(app)[0].value
    app.radio(key="salary_mode").set_value("history").run()
    # the example member (Ley 447, average $36,000.00): the 3 highest annual salaries, so 3 lines
    assert box(app).value == "36,000.00\n36,000.00\n36,000.00"
    assert any("repetido 3 veces" in i.value and "no son salarios suyos" in i.value for i in app.info)
    assert amounts(app)[0].value == amount  # (3 × 36,000.00) ÷ 3 = 36,000.00: the same amount as typed


def test_a_pasted_spreadsheet_is_read_like_a_file(history_app):
    at = history_app
    before = amounts(at)[0].value
    # years out of order, "$" and thousands commas, tabs as a spreadsheet pastes them
    box(at).set_value("Año\tSalario\n2023\t$33,000.50\n2021\t$31,000\n2022\t$32,000.00\n").run()
    assert not at.exception and not at.error
    assert at.session_state["history_rows"] == [31000.0, 32000.0, 33000.5]  # oldest first
    # (33,000.50 + 32,000.00 + 31,000.00) ÷ 3 = 96,000.50 ÷ 3 = 32,000.1666… → $32,000.17
    assert any("$32,000.17" in c.value.replace("\\", "") and "filas 2, 3, 4" in c.value.replace("\\", "")
               for c in at.caption)
    assert not any("repetido" in i.value for i in at.info)  # the member's own salaries now
    assert amounts(at)[0].value != before
    assert box(at).value.startswith("Año\tSalario")  # the text stays as pasted


def test_spanish_style_amounts_are_read_too(history_app):
    at = history_app
    box(at).set_value("31.000,00\n32.000,00\n33.000,00").run()
    assert not at.error and at.session_state["history_rows"] == [31000.0, 32000.0, 33000.0]


@pytest.mark.parametrize("lang, text, words", [
    ("es", "31000\nabc\n33000", ["fila 2", "abc", "31,000.00"]),
    ("es", "31000\n32000", ["3", "hay 2"]),
    ("es", "31000\n32000\n-33000", ["fila 3", "negativo"]),
    ("es", "31000\n32000\n33000\n\n2000000", ["fila 5", "$1,000,000.00"]),
    ("en", "31000\nabc\n33000", ["Row 2", "abc"]),
    ("en", "", ["no salaries"]),
])
def test_a_refused_history_shows_no_amount_and_says_which_line(history_app, lang, text, words):
    at = history_app
    at.segmented_control(key="lang").set_value(lang).run()
    service = at.text_input(key="service_years_text").value
    box(at).set_value(text).run()
    assert not at.exception
    assert not amounts(at), "no amount beside a refused history"
    message = " ".join(e.value for e in at.error).replace("\\", "")
    for word in words:
        assert word in message, (word, message)
    assert box(at).value == text and at.text_input(key="service_years_text").value == service
    # corrected, the amount is back
    box(at).set_value("31000\n32000\n33000").run()
    assert not at.error and amounts(at)


def test_a_file_used_fills_the_box_with_its_periods(history_app):
    at = history_app
    uploader = next(u for u in at.file_uploader if u.key.startswith("history_upload"))
    uploader.set_value(("s.csv", "Año;Salario\n2022;41.000,00\n2021;40.000,00\n2023;42.000,50\n".encode(),
                        "text/csv")).run()
    at.button(key="salary_file_use").click().run()
    assert box(at).value == "2021\t40,000.00\n2022\t41,000.00\n2023\t42,000.50"
    assert at.session_state["history_rows"] == [40000.0, 41000.0, 42000.5]
    box(at).set_value("2021\t40,000.00\n2022\t41,000.00\n2023\t45,000.00").run()  # then corrected by hand
    assert not at.error and at.session_state["history_rows"] == [40000.0, 41000.0, 45000.0]


def session_inputs(at) -> dict:
    """What *Descargar los datos* writes from: the session's values of the saved file's fields."""
    return {name: at.session_state[name] for name in SavedInputs.model_fields if name in at.session_state}


def test_the_periods_typed_are_kept_by_the_saved_file(history_app):
    """What the member typed beside each salary comes back from a saved file as typed (oldest first)."""
    at = history_app
    typed = "2021\t40,000.00\n2022\t41,000.00\n2023\t42,000.50"
    box(at).set_value("2023\t42,000.50\n2021\t40,000\n2022\t41,000").run()
    saved = json.loads(dump_inputs(session_inputs(at)))
    assert saved["inputs"]["history_periods"] == ["2021", "2022", "2023"]
    assert saved["inputs"]["history_rows"] == [40000.0, 41000.0, 42000.5]
    amount = amounts(at)[0].value
    at.button(key="clear_session").click().run()
    at.button(key="clear_confirm").click().run()
    load(at, "historial.json", json.dumps(saved).encode())
    assert box(at).value == typed and not at.error
    assert amounts(at)[0].value == amount
    # Without periods (the average repeated, or amounts alone) the file has none, as before.
    box(at).set_value("40,000\n41,000\n42,000.50").run()
    assert "history_periods" not in json.loads(dump_inputs(session_inputs(at)))["inputs"]


def test_borrar_todo_forgets_the_typed_history(history_app):
    at = history_app
    box(at).set_value("2021\t51,234.00\n2022\t52,345.00\n2023\t53,456.00").run()
    at.button(key="clear_session").click().run()
    at.button(key="clear_confirm").click().run()
    assert not at.exception
    assert at.session_state["history_rows"] == [] and at.radio(key="salary_mode").value == "average"
    at.radio(key="salary_mode").set_value("history").run()
    assert "51,234" not in box(at).value and box(at).value == "36,000.00\n36,000.00\n36,000.00"


def test_rows_the_average_takes_are_listed_as_a_person_reads_them():
    from ui.form.salary_upload import row_list
    assert row_list(tuple(range(1, 37))) == "1–36"          # a teacher's 36 months
    assert row_list((2, 3, 4)) == "2, 3, 4"                 # a short run stays whole
    assert row_list((1, 2, 3, 4, 5, 9, 11, 12, 13, 14)) == "1–5, 9, 11–14"


def test_the_average_repeated_follows_a_change_of_system_until_the_member_replaces_it(history_app):
    at = history_app
    assert box(at).value == "36,000.00\n36,000.00\n36,000.00"  # Ley 447: 3 annual salaries
    at.radio(key="system").set_value("teachers").run()
    # a teacher's average is monthly, of 36 months: the example's $2,500.00 a month, 36 times, and said so
    assert box(at).value == "\n".join(["2,500.00"] * 36)
    assert not at.error and amounts(at)
    assert any("repetido 36 veces" in i.value for i in at.info)
    box(at).set_value("\n".join(["2,600.00"] * 36)).run()  # the member's own salaries now: kept
    at.radio(key="system").set_value("government").run()
    assert box(at).value == "\n".join(["2,600.00"] * 36)


def test_the_average_repeated_follows_the_average_typed_until_replaced(history_app):
    at = history_app
    at.radio(key="salary_mode").set_value("average").run()
    at.text_input(key="average_annual_text").set_value("40,000").run()
    at.radio(key="salary_mode").set_value("history").run()
    assert box(at).value == "40,000.00\n40,000.00\n40,000.00"
