"""Salary files uploaded as a person would: a good one is shown as read and fills the history when the
member says so; a bad one gets a clear message and nothing the member entered is lost."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_app_browser import MONEY, amount_shown, number_input, open_app

pytestmark = pytest.mark.browser


def to_history(page: Page) -> None:
    page.get_by_text("Entrar mi historial de salarios").click()
    expect(page.get_by_text("O suba un archivo CSV", exact=True)).to_be_visible()


def upload(page: Page, name: str, content: bytes) -> None:
    uploader = page.locator(".st-key-history_upload input[type=file]")
    uploader.set_input_files({"name": name, "mimeType": "text/csv", "buffer": content})


def test_a_good_csv_replaces_the_history_and_the_amount(page, app_url):
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    before = amount_shown(page).inner_text()
    to_history(page)
    # the 3 highest of 40,000 / 41,000 / 42,000 / 20,000 average 41,000: more than the example's 36,000
    upload(page, "salarios.csv", b"year,salary\n2022,40000\n2023,41000\n2024,42000\n2021,20000\n")
    # first what was read, and nothing replaced yet
    expect(page.get_by_text("Lo que se leyó del archivo «salarios.csv»")).to_be_visible()
    expect(page.get_by_test_id("stAlert").filter(has_text="(filas 2, 3, 4)")).to_be_visible()
    expect(amount_shown(page)).to_have_text(before)
    page.get_by_role("button", name="Usar estos salarios").click()
    expect(page.get_by_text("Se pusieron en la lista los 4 salarios del archivo", exact=False)).to_be_visible()
    # the box shows the file's salaries with their years, oldest first, to be corrected by hand if need be
    expect(page.locator(".st-key-history_text textarea")).to_have_value(
        "2021\t20,000.00\n2022\t40,000.00\n2023\t41,000.00\n2024\t42,000.00")
    expect(amount_shown(page)).not_to_have_text(before)


@pytest.mark.parametrize("name, content, words", [
    ("formula.csv", b"salary\n=HYPERLINK(\"x\")\n", "no tiene un salario válido"),
    ("utf16.csv", "salario\n30000\n".encode("utf-16"), "UTF-8"),
    ("empty.csv", b"", "No hay salarios"),
    ("huge.csv", b"salary\n" + b"30000\n" * 100_000, "2000 filas"),
], ids=["formula", "utf16", "empty", "100000-rows"])
def test_a_bad_csv_is_explained_and_nothing_is_lost(page, app_url, name, content, words):
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    before = amount_shown(page).inner_text()
    to_history(page)
    upload(page, name, content)
    expect(page.get_by_test_id("stAlert").filter(has_text=words)).to_be_visible()
    expect(amount_shown(page)).to_have_text(before)  # the history is unchanged
    expect(number_input(page, "service_years", "años")).to_have_value("27")


def test_a_file_over_the_upload_limit_is_refused_and_the_app_keeps_running(page, app_url):
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    before = amount_shown(page).inner_text()
    to_history(page)
    upload(page, "diez-megas.csv", b"salary\n" + b"30000.00\n" * (10 * 1024 * 1024 // 9))  # 10 MB
    # Streamlit refuses it in the browser, before it reaches the app (server.maxUploadSize = 1 MB); its English
    # words are replaced by the page's, for screen readers (an alert) and on hover (ui/shell/page_hints.py)
    uploader = page.locator(".st-key-history_upload")
    refused = "No se aceptó este archivo. Se acepta un archivo de hasta 1 MB"
    expect(uploader.get_by_role("alert")).to_contain_text(refused)
    expect(uploader.get_by_role("button", name="Quitar el archivo")).to_have_count(1)
    said = uploader.get_by_test_id("stFileUploader").evaluate("e => getComputedStyle(e, '::after').content")
    assert refused in said, said  # and shown under the uploader, without hovering
    uploader.get_by_test_id("stFileChip").hover()
    expect(page.get_by_test_id("stTooltipErrorContent")).to_contain_text(refused)
    assert "must be" not in uploader.text_content() and "must be" not in page.locator("body").inner_text()
    expect(amount_shown(page)).to_have_text(before)
    expect(number_input(page, "service_years", "años")).to_have_value("27")


def test_a_file_with_a_name_too_long_is_refused_and_the_earlier_note_goes(page, app_url):
    """Streamlit's server refuses a file whose name fills the request's header (about 2,000 accented
    letters): the page says what is accepted, a short name among it, and no longer says the file before it
    was loaded."""
    from tests.browser.test_counselor import saved_data_section
    from tests.browser.test_file_text_links_browser import choose, saved_file

    open_app(page, app_url)
    expander = saved_data_section(page)
    choose(page, "saved_upload", [("bien.json", saved_file())], "application/json")
    loaded = expander.get_by_test_id("stAlert").filter(has_text="Se cargaron los datos guardados de «bien.json»")
    expect(loaded).to_be_visible()
    choose(page, "saved_upload", [("ñ" * 2000 + ".json", saved_file())], "application/json")
    expect(expander.get_by_role("alert").filter(has_text="con un nombre corto")).to_be_attached()
    said = expander.get_by_test_id("stFileUploader").evaluate("e => getComputedStyle(e, '::after').content")
    assert "con un nombre corto" in said, said
    expect(loaded).to_be_hidden()
