"""*Borrar todo* in a real browser: a member's figures are saved with the app's own download button, loaded
back, and cleared (with the confirmation); then the previous member is nowhere — not in the page's text, its
inputs, its uploaders' file chips, the browser's storage or the address — right after, and after the next
reruns (session mode switched, a number typed, the comparison page opened). A file whose names carry
markdown is shown as plain text."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import ROOT

from .test_app_browser import MONEY, amount_shown, date_input, number_input, open_app, type_date, type_number
from .test_counselor import download, upload

pytestmark = pytest.mark.browser

SALARY, BIRTH = "43,210.98", "09/03/1971"
TRACES = ["43,210.98", "43210.98", "43210,98", "43.210,98", "09/03/1971", "1971-03-09", "9/3/1971", "03/09/1971",
          "March 9, 1971", "9 de marzo de 1971"]

EVERYTHING = """() => {
  const storage = s => Object.keys(s).map(k => k + '=' + s.getItem(k)).join('\\n');
  return {
    text: document.body.innerText,
    hidden: document.body.textContent,
    inputs: Array.from(document.querySelectorAll('input, textarea, select')).map(e => e.value).join('\\n'),
    titles: Array.from(document.querySelectorAll('[title], [aria-label], [aria-valuetext]'))
      .map(e => [e.title, e.getAttribute('aria-label'), e.getAttribute('aria-valuetext')].join(' ')).join('\\n'),
    local: storage(window.localStorage),
    session: storage(window.sessionStorage),
    url: location.href,
  };
}"""


def sidebar(page: Page):
    return page.get_by_test_id("stSidebar")


def saved_data_section(page: Page):
    """The "Guardar o cargar los datos" expander, opened (if it is not open already)."""
    section = page.get_by_test_id("stExpander").filter(has_text="Guardar o cargar los datos")
    button = section.get_by_role("button", name="Descargar los datos de este participante")
    if not button.is_visible():
        section.get_by_text("Guardar o cargar los datos").click()
    expect(button).to_be_visible()
    return section


def clear_everything(page: Page) -> None:
    """Borrar todo, then the confirmation."""
    sidebar(page).get_by_role("button", name="Borrar todo para el próximo participante").click()
    expect(sidebar(page).get_by_text("¿Borrar todos los datos de este participante?")).to_be_visible()
    sidebar(page).get_by_role("button", name="Sí, borrar todo").click()
    expect(sidebar(page).get_by_text("Se borraron todos los datos del participante", exact=False)).to_be_visible()


def assert_nowhere(page: Page, traces: list[str]) -> None:
    expect(page.get_by_test_id("stFileChip")).to_have_count(0)
    seen = page.evaluate(EVERYTHING)
    found = {where: [t for t in traces if t in text] for where, text in seen.items()}
    found = {where: hits for where, hits in found.items() if hits}
    assert not found, f"the previous member is still in the browser: {found}"
    assert re.fullmatch(r"http://[^/]+/[\w/]*(\?lang=(English|Espa%C3%B1ol))?", seen["url"]), seen["url"]


def test_borrar_todo_forgets_a_loaded_member_everywhere(page, app_server):
    open_app(page, app_server.url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    example_amount = value.inner_text()
    salary = number_input(page, "average_annual", "Retribución promedio anual ($)")

    # The member's figures, saved with the app's own button
    type_date(page, "Fecha de nacimiento", BIRTH)
    expect(value).not_to_have_text(example_amount)  # each change answered before the next is typed
    expect(value).to_have_text(MONEY)
    with_birth_date = value.inner_text()
    type_number(salary, SALARY)
    expect(value).not_to_have_text(with_birth_date)
    expect(value).to_have_text(MONEY)
    member_amount = value.inner_text()
    section = saved_data_section(page)
    saved = download(page, section.get_by_role("button", name="Descargar los datos de este participante"),
                     app_server).path().read_bytes()
    assert (json.loads(saved)["inputs"]["average_annual"], json.loads(saved)["inputs"]["birth_date"]) == \
        (43210.98, "1971-03-09")

    # Cleared, then loaded back: the file is read once and the uploader emptied
    clear_everything(page)
    expect(value).to_have_text(example_amount)
    section = saved_data_section(page)
    upload(page, "miembro.json", saved)
    expect(section.get_by_text("Se cargaron los datos guardados de «miembro.json».")).to_be_visible()
    expect(salary).to_have_value(SALARY)
    expect(date_input(page, "Fecha de nacimiento")).to_have_value(BIRTH)
    expect(value).to_have_text(member_amount)
    expect(page.get_by_test_id("stFileChip")).to_have_count(0)

    # Borrar todo: nothing of the member anywhere, now and after the next reruns
    traces = TRACES + [member_amount]
    clear_everything(page)
    expect(value).to_have_text(example_amount)
    expect(salary).to_have_value("36,000.00")
    assert_nowhere(page, traces)
    section = saved_data_section(page)  # the download is the example member's now
    again = download(page, section.get_by_role("button", name="Descargar los datos de este participante"),
                     app_server).path().read_bytes()
    assert json.loads(again)["inputs"]["average_annual"] == 36000.0
    assert not [trace for trace in traces if trace in again.decode()]

    size = value.evaluate("element => getComputedStyle(element).fontSize")
    sidebar(page).get_by_text("Modo de sesión (letra grande)").click()
    expect(value).not_to_have_css("font-size", size)  # the session-mode run has happened
    expect(value).to_have_text(example_amount)
    assert_nowhere(page, traces)

    service = number_input(page, "service_years", "años")
    type_number(service, "26")
    expect(value).not_to_have_text(example_amount)
    expect(value).to_have_text(MONEY)
    expect(salary).to_have_value("36,000.00")
    expect(date_input(page, "Fecha de nacimiento")).to_have_value("15/02/1970")
    assert_nowhere(page, traces)

    sidebar(page).get_by_role("link", name="Comparar escenarios").click()
    expect(page.get_by_role("heading", name="Comparar escenarios", level=1)).to_be_visible()
    expect(page.get_by_text("Todavía no hay escenarios", exact=False)).to_be_visible()
    assert_nowhere(page, traces)


def test_names_from_a_file_are_shown_as_plain_text(page, app_server):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page, app_server.url)
    expect(amount_shown(page)).to_have_text(MONEY)
    section = saved_data_section(page)
    content = (ROOT / "tests" / "data" / "hostile_files" / "markdown-image-key.json").read_bytes()
    upload(page, "[Llame](https:x).json", content)
    alert = section.get_by_role("alert")
    expect(alert).to_contain_text("No se cargó nada de «[Llame](https:x).json»")
    expect(alert).to_contain_text("«![p](http://host/pixel.png)» no es un dato del estimador")
    expect(alert.locator("img, a")).to_have_count(0)
    assert not [url for url in requests if "host/pixel" in url or url.startswith("https://x")]
