"""The app's salary file upload, headless (AppTest): what the file holds is shown before it is used;
a file that cannot be read is refused with its row, and nothing the member typed changes."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from tests.amounts import amounts

TIMEOUT = 90
GOOD = "Año;Salario\n2021;40.000,00\n2022;41.000,00\n2023;\"42.000,50\"\n2020;20.000\n".encode()
# (40,000 + 41,000 + 42,000.50) ÷ 3 = 123,000.50 ÷ 3 = 41,000.1666… → $41,000.17 a year; 2020 (row 5) left out
BAD = b"Salario\n40000\n![p](http://x/p.png)\n42000\n"


@pytest.fixture
def history_app():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    at.radio(key="salary_mode").set_value("history").run()
    assert not at.exception
    return at


def upload(at: AppTest, raw: bytes, name: str = "salarios.csv") -> AppTest:
    uploader = next(u for u in at.file_uploader if u.key.startswith("history_upload"))
    return uploader.set_value((name, raw, "text/csv")).run()


def test_a_file_is_shown_with_its_periods_and_the_salaries_averaged_before_it_is_used(history_app):
    at = history_app
    before_rows = list(at.session_state["history_rows"])
    before_amount = amounts(at)[0].value
    upload(at, GOOD)
    assert not at.exception and not at.error
    preview = next(d.value for d in at.dataframe if "Período" in d.value.columns)
    assert preview["Fila"].tolist() == [2, 3, 4, 5]
    assert preview["Período"].tolist() == ["2021", "2022", "2023", "2020"]
    assert preview["Salario"].tolist() == ["$40,000.00", "$41,000.00", "$42,000.50", "$20,000.00"]
    assert preview["En el promedio"].tolist() == ["sí", "sí", "sí", ""]
    assert any("filas 2" in i.value and "41" in i.value and "000" in i.value for i in at.info)
    assert any("Si la pensión comienza más adelante" in c.value for c in at.caption)  # the projection, said
    # nothing replaced yet
    assert at.session_state["history_rows"] == before_rows and amounts(at)[0].value == before_amount

    at.button(key="salary_file_use").click().run()
    assert not at.exception
    assert at.session_state["history_rows"] == [20000.0, 40000.0, 41000.0, 42000.5]  # oldest first
    assert any("4 salarios" in s.value for s in at.success)
    assert amounts(at)[0].value != before_amount
    assert not [d for d in at.dataframe if "Período" in d.value.columns]  # the preview is gone


def test_a_bad_file_names_its_row_and_nothing_changes(history_app):
    at = history_app
    before_rows = list(at.session_state["history_rows"])
    before_amount = amounts(at)[0].value
    before_service = at.text_input(key="service_years_text").value
    upload(at, BAD)
    assert not at.exception
    message = " ".join(e.value for e in at.error)
    assert "fila 3" in message
    # the cell is quoted as plain text: every markdown mark escaped, so no image is drawn
    assert "\\!\\[p\\]\\(http\u2060\\:\\/\\/x\\/p\\.png\\)" in message  # and no link (ui/shell/plain.py)
    assert not [b for b in at.button if b.key == "salary_file_use"]
    assert at.session_state["history_rows"] == before_rows and amounts(at)[0].value == before_amount
    assert at.text_input(key="service_years_text").value == before_service
    at.button(key="salary_file_discard").click().run()
    assert not at.error


def test_discarding_a_file_keeps_the_table(history_app):
    at = history_app
    before_rows = list(at.session_state["history_rows"])
    upload(at, GOOD)
    at.button(key="salary_file_discard").click().run()
    assert at.session_state["history_rows"] == before_rows
    assert not [d for d in at.dataframe if "Período" in d.value.columns]


def test_the_preview_speaks_english(history_app):
    at = history_app
    at.segmented_control(key="lang").set_value("en").run()
    upload(at, GOOD)
    preview = next(d.value for d in at.dataframe if "Period" in d.value.columns)
    assert preview["In the average"].tolist() == ["yes", "yes", "yes", ""]
    assert [b.label for b in at.button if b.key == "salary_file_use"] == ["Use these salaries"]
