"""The counselor's tools in a real browser: the PDF report, and the member's data saved to a file and loaded back.

Downloads are real downloads (`page.expect_download()`): the bytes are those the browser saves.
"""

from __future__ import annotations

import io
import json
import re

import pytest

from playwright.sync_api import Download, Locator, Page, TimeoutError, expect

from .conftest import PAGE_STATE
from .test_app_browser import MONEY, amount_shown, date_input, number_input, open_app, opened, type_number

pytestmark = pytest.mark.browser

LOADED = "Se cargaron los datos guardados de «estimador-datos.json»."
DAMAGED = "El archivo está dañado: no es JSON válido. Use un archivo descargado con «Descargar los datos»."


def saved_data_section(page: Page):
    """Open the "Guardar o cargar los datos" expander and return it."""
    section = page.get_by_test_id("stExpander").filter(has_text="Guardar o cargar los datos")
    opened(section, "Guardar o cargar los datos", section.get_by_role("button", name="Descargar los datos de este participante"))
    return section


def download(page: Page, button: Locator, server) -> Download:
    """Click a download button and return the browser's download; if none comes, say what the page showed and
    what the server said."""
    app = page.get_by_test_id("stApp")
    for _ in range(2):  # a click that lands while a run redraws the button is lost: made again once the run is over
        expect(app).to_have_attribute("data-test-script-state", "notRunning")
        try:
            with page.expect_download() as started:
                button.click()
            return started.value
        except TimeoutError:
            continue
    pytest.fail(f"{button} gave no download, clicked twice; the page {page.evaluate(PAGE_STATE)}; the server's log "
                f"ends with:\n{server.output()[-4000:]}", pytrace=False)


def upload(page: Page, name: str, content: bytes) -> None:
    """Choose a file in the "Cargar datos guardados" uploader, as the file dialog would (once it is drawn alone:
    after a file is read it is replaced by an empty one), once the page's run is over: a person's file dialog
    takes longer than a run. A file chosen while a run is still drawing the page can be lost by Streamlit's
    uploader (seen on a loaded machine: the file was sent, 204, and the page never asked for the run that reads
    it; docs/testing.md)."""
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    chooser = page.locator(".st-key-saved_upload input[type=file]")
    expect(chooser).to_have_count(1)
    chooser.set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": content})


def test_the_report_downloads_as_a_pdf_with_the_amount_and_the_rule(page, app_server):
    from pypdf import PdfReader

    open_app(page, app_server.url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    amount = value.inner_text()

    report = download(page, page.get_by_role("button", name="Descargar el informe (PDF)"), app_server)

    assert report.suggested_filename == "estimado-pension-es.pdf"
    data = report.path().read_bytes()
    assert data.startswith(b"%PDF")
    text = "\n".join(pdf_page.extract_text() for pdf_page in PdfReader(io.BytesIO(data)).pages)
    assert amount in text
    assert "Regla 18.2" in text


def test_saved_data_comes_back_exactly_and_a_damaged_file_changes_nothing(page, app_server):
    open_app(page, app_server.url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    amount = value.inner_text()
    service = number_input(page, "service_years", "años")
    expect(service).to_have_value("27")
    section = saved_data_section(page)

    saved = download(page, section.get_by_role("button", name="Descargar los datos de este participante"),
                     app_server).path().read_bytes()
    inputs = json.loads(saved)["inputs"]
    assert (inputs["service_years"], inputs["average_annual"], inputs["birth_date"]) == (27, 36000.0, "1970-02-15")

    type_number(service, "20")
    expect(value).not_to_have_text(amount)
    upload(page, "estimador-datos.json", saved)
    expect(section.get_by_text(LOADED)).to_be_visible()
    expect(service).to_have_value("27")
    expect(value).to_have_text(amount)

    type_number(service, "25")
    expect(value).not_to_have_text(amount)
    expect(value).to_have_text(MONEY)
    changed = value.inner_text()
    upload(page, "datos.json", b"not json")
    expect(section.get_by_role("alert").filter(has_text=DAMAGED)).to_be_visible()
    expect(section.get_by_text(LOADED)).to_have_count(0)
    expect(service).to_have_value("25")
    expect(value).to_have_text(changed)
    expect(number_input(page, "average_annual", "Retribución promedio anual ($)")).to_have_value("36,000.00")
    expect(date_input(page, "Fecha de nacimiento")).to_have_value("15/02/1970")
    expect(page).to_have_url(re.compile(r"/$"))


def pdf_text(download_: Download) -> str:
    from pypdf import PdfReader

    data = download_.path().read_bytes()
    assert data.startswith(b"%PDF")
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


def test_the_report_carries_what_was_typed_just_before_the_click(page, app_server):
    """A salary and a name typed without Enter, and the report clicked at once: each PDF has the amount the page
    then shows and the name just typed — never the state before (each of several rounds)."""
    open_app(page, app_server.url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    salary = number_input(page, "average_annual", "Retribución promedio anual ($)")
    extras = page.get_by_test_id("stExpander").filter(has_text="Para el informe (opcional)")
    name = opened(extras, "Para el informe (opcional)", extras.get_by_role("textbox", name="Nombre de la persona"))
    button = page.get_by_role("button", name="Descargar el informe (PDF)")
    seen = set()
    for typed_salary, typed_name in (("50,000.00", "Ana Uno"), ("41,000.00", "Beto Dos"), ("63,500.00", "Carla Tres")):
        before = value.inner_text()
        salary.fill(typed_salary)  # no Enter: the click commits it
        report = download(page, button, app_server)
        expect(value).not_to_have_text(before)
        expect(value).to_have_text(MONEY)
        shown = value.inner_text()
        text = pdf_text(report)
        assert shown in text and before not in text, (shown, before)
        seen.add(shown)
        name.fill(typed_name)  # no Enter, no Tab
        text = pdf_text(download(page, button, app_server))
        assert f"Preparado para: {typed_name}" in text, text[:300]
        assert shown in text
    assert len(seen) == 3


def test_every_click_right_after_enter_gives_the_file_with_several_browsers(browser, app_server):
    """Four members at once, each pressing Enter on a new salary and clicking the report at once, twice: every
    click gives a PDF (none lost), each with the amount its own page then shows; the server logs no traceback."""
    contexts = [browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True) for _ in range(4)]
    try:
        pages = [context.new_page() for context in contexts]
        for tab in pages:
            open_app(tab, app_server.url)
            expect(amount_shown(tab)).to_have_text(MONEY)
        for round_ in range(2):
            for index, tab in enumerate(pages):
                field = number_input(tab, "average_annual", "Retribución promedio anual ($)")
                field.fill(f"{40_000 + 1_000 * index + 500 * round_:,}.00")
                field.press("Enter")
            reports = [download(tab, tab.get_by_role("button", name="Descargar el informe (PDF)"), app_server)
                       for tab in pages]
            for tab, report in zip(pages, reports):
                shown = amount_shown(tab).inner_text()
                assert shown in pdf_text(report)
        assert "Traceback" not in app_server.output()
    finally:
        for context in contexts:
            context.close()
