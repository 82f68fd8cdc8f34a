"""What a member types, checked by the app, in a real browser: on a laptop (1366×900) and a phone (390×844),
in Spanish and English.

A refused salary (negative, emptied, absurd) leaves no amount anywhere on screen, the message in the page's
language right under the field (an alert, so screen readers announce it), and none of Streamlit's English
widget texts. On the phone the sidebar starts closed and the answer is on the first screen.
"""

from __future__ import annotations

import re

import pytest

from playwright.sync_api import Page, expect

from .conftest import TIMEOUT_MS
from .test_look import settled
from .test_app_browser import amount_shown, headline

pytestmark = pytest.mark.browser

MONEY = re.compile(r"\$\d{1,3}(,\d{3})*\.\d{2}")
SCREENS = {"laptop": (1366, 900), "phone": (390, 844)}
QUERY = {"es": "", "en": "?lang=English"}
LABEL = {"es": "Retribución promedio anual ($)", "en": "Annual average pay ($)"}
# Streamlit's own English texts that must never reach the member.
ENGLISH_CHROME = ("Number is outside", "Choose an option", "Date set outside", "Drag and drop", "per file",
                  "Browse files", "Please enter")
# (typed, message in Spanish, in English)
REFUSALS = [
    ("-5", "La retribución promedio anual debe ser mayor que $0 y de hasta $1,000,000.00 al año",
     "The annual average pay must be more than $0 and at most $1,000,000.00 a year"),
    ("", "Escriba la retribución promedio anual.", "Enter the annual average pay."),
    ("99,999,999", "La retribución promedio anual debe ser mayor que $0 y de hasta $1,000,000.00 al año",
     "The annual average pay must be more than $0 and at most $1,000,000.00 a year"),
]
FIX = {"es": "Para ver el estimado, corrija: salario promedio.", "en": "To see the estimate, correct: average salary."}
# Every text the page shows outside its alerts (the messages may quote an accepted range in dollars).
SHOWN_OUTSIDE_ALERTS = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] [data-testid="stMarkdownContainer"]')]
  .filter(e => !e.closest('[data-testid="stAlert"]') && e.getClientRects().length > 0)
  .map(e => e.innerText).join("\\n")"""


def open_page(new_page, app_url: str, screen: str, lang: str) -> Page:
    """The app in a new tab of that screen's size, its browser set to the page's language (fixture `new_page`)."""
    page = new_page(*SCREENS[screen], "es-PR" if lang == "es" else "en-US")
    page.goto(f"{app_url}/{QUERY[lang]}")
    expect(page.get_by_test_id("stApp")).to_be_visible()
    return page


def answer_amount(page: Page, screen: str):
    """The amount as the member sees it first: the summary above the form on a phone, the headline beside it."""
    if screen == "phone":
        return page.locator(".st-key-summary strong").first
    return amount_shown(page)


def example_amount(page: Page, screen: str):
    """The amount as the member sees it first, once the example member's is shown, and its text."""
    amount = answer_amount(page, screen)
    expect(amount).to_have_text(MONEY)
    return amount, amount.inner_text()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_refused_salaries_show_a_message_under_the_field_and_no_amount(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    amount, example = example_amount(page, screen)
    salary = page.locator(".st-key-average_annual_text").get_by_role("textbox", name=LABEL[lang], exact=True)
    expect(salary).to_have_value("36,000.00")
    message = page.locator(".st-key-average_annual_text + [data-testid='stElementContainer']").get_by_role("alert")

    for typed, spanish, english in REFUSALS:
        salary.fill(typed)
        salary.press("Enter")
        expect(message).to_be_visible()
        expect(message).to_contain_text(spanish if lang == "es" else english)
        assert message.bounding_box()["y"] > salary.bounding_box()["y"], "the message is under its field"
        expect(headline(page)).to_have_count(0)
        expect(page.locator(".js-plotly-plot")).to_have_count(0)
        expect(page.get_by_text(FIX[lang])).to_be_visible()
        settled(page)  # the run has ended: nothing of the previous answer is left, even faded
        shown = page.evaluate(SHOWN_OUTSIDE_ALERTS)
        assert not MONEY.search(shown), f"an amount on screen while the salary is refused: {shown!r}"
        body = page.locator("body").inner_text()
        assert not [text for text in ENGLISH_CHROME if text in body]
        expect(salary).to_have_value(typed)  # what was typed stays, and so does the rest
        expect(page.locator(".st-key-service_years_text input")).to_have_value("27")

    salary.fill("36,000")
    salary.press("Enter")
    expect(message).to_have_count(0)
    expect(amount).to_have_text(example)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_on_a_phone_the_sidebar_is_closed_and_the_answer_on_the_first_screen(new_page, app_url, lang):
    page = open_page(new_page, app_url, "phone", lang)
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    amount = answer_amount(page, "phone")
    expect(amount).to_have_text(MONEY)
    expect(page.locator(".st-key-summary")).to_contain_text(re.compile(r"Regla 18\.2"))
    assert amount.bounding_box()["y"] + amount.bounding_box()["height"] <= 1.5 * SCREENS["phone"][1]
    # It follows the member's changes.
    before = amount.inner_text()
    service = page.locator(".st-key-service_years_text input")
    service.fill("30")
    service.press("Enter")
    expect(amount).not_to_have_text(before)
    expect(amount).to_have_text(MONEY)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_on_a_laptop_the_sidebar_is_open(new_page, app_url, lang):
    page = open_page(new_page, app_url, "laptop", lang)
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "false")
    expect(page.locator(".st-key-summary")).to_be_hidden()  # the answer is beside the form already


@pytest.mark.parametrize("lang", ["es", "en"])
def test_dates_and_uploaders_speak_the_pages_language(new_page, app_url, lang):
    page = open_page(new_page, app_url, "laptop", lang)
    expect(answer_amount(page, "laptop")).to_have_text(MONEY)
    birth = page.locator(".st-key-birth_date_text input")
    expect(birth).to_have_attribute("placeholder", "dd/mm/aaaa" if lang == "es" else "dd/mm/yyyy")
    birth.fill("31/02/1970")
    birth.press("Enter")
    alert = page.locator(".st-key-birth_date_text + [data-testid='stElementContainer']").get_by_role("alert")
    expect(alert).to_contain_text("Esa fecha no existe" if lang == "es" else "That date does not exist")
    birth.fill("15/02/1970")
    birth.press("Enter")
    expect(alert).to_have_count(0)
    expect(answer_amount(page, "laptop")).to_have_text(MONEY)

    heading = "Guardar o cargar los datos" if lang == "es" else "Save or load the data"
    expect(page.get_by_text(heading, exact=True)).to_have_count(1)  # the rerun has finished drawing
    section = page.get_by_test_id("stExpander").filter(has_text=heading)
    section.get_by_text(heading).click()
    dropzone = section.get_by_test_id("stFileUploaderDropzone")
    expect(dropzone).to_be_visible()
    expect(section.get_by_text(re.compile(r"\.json .*200 KB"))).to_be_visible()  # format and limit, localized
    shown = dropzone.inner_text()
    assert not [text for text in ENGLISH_CHROME + ("Upload", "1MB") if text in shown], shown
    # The button's name (what it shows and what a screen reader says) is the page's, drawn by its style.
    expect(dropzone.locator("button")).to_have_accessible_name("Elegir archivo" if lang == "es" else "Choose file")


# A counselor's check across fields: 27 years of service cannot fit since a first entry in 2020.
SERVICE_TOO_LONG = {"es": "El servicio (27 años) es mayor que el tiempo desde su primera entrada al Sistema (01/03/2020)",
                    "en": "The service (27 years) is longer than the time from your first entry into the System (01/03/2020)"}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_service_that_cannot_fit_since_entry_withholds_the_amount(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    amount, example = example_amount(page, screen)
    entry = page.locator(".st-key-entry_date_text input")
    entry.fill("01/03/2020")
    entry.press("Enter")
    service = page.locator(".st-key-service_years_text input")
    message = page.get_by_test_id("stMain").get_by_role("alert").filter(has_text=SERVICE_TOO_LONG[lang])
    expect(message).to_be_visible()
    assert message.bounding_box()["y"] > service.bounding_box()["y"], "the message is under the service"
    expect(headline(page)).to_have_count(0)
    settled(page)
    shown = page.evaluate(SHOWN_OUTSIDE_ALERTS)
    assert not MONEY.search(shown), f"an amount on screen while the service is refused: {shown!r}"
    expect(service).to_have_value("27")  # nothing typed is lost
    entry.fill("01/08/1989")
    entry.press("Enter")
    expect(message).to_have_count(0)
    expect(amount).to_have_text(example)
