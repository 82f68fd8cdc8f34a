"""The salary history typed or pasted, in a real browser, at 1366×900 and 390×844, in Spanish and English:
a line the reader cannot use leaves no amount on screen and a message under the box naming the line; what
was pasted stays; Streamlit's typing hint speaks the page's language; on a phone the answer line stays in
sight while the member works in the box, and number boxes ask for a number keyboard."""

from __future__ import annotations

import re

import pytest

from playwright.sync_api import expect

from .test_look import settled
from .test_app_browser import headline
from .test_validation_browser import ENGLISH_CHROME, MONEY, SCREENS, SHOWN_OUTSIDE_ALERTS, answer_amount, open_page

pytestmark = pytest.mark.browser

HISTORY = {"es": "Entrar mi historial de salarios", "en": "Enter my salary history"}
BAD = "Año\tSalario\n2021\t$31,000\n2022\tabc\n2023\t33.000,50"   # line 3 is not an amount
GOOD = "Año\tSalario\n2021\t$31,000\n2022\t$32,000.00\n2023\t$33,000.50"
SAID = {"es": ("fila 3", "«abc»", "31,000.00"), "en": ("Row 3", '"abc"', "31,000.00")}
READ = {"es": "Se leyeron 3 salarios", "en": "3 salaries were read"}
# (33,000.50 + 32,000.00 + 31,000.00) ÷ 3 = 96,000.50 ÷ 3 = 32,000.1666… → $32,000.17 a year
AVERAGE = "$32,000.17"
HINT = {"es": "Ctrl+Intro", "en": "Ctrl+Enter"}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_pasted_history_is_read_like_a_file_and_a_bad_line_withholds_the_amount(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    expect(answer_amount(page, screen)).to_have_text(MONEY)
    page.locator(".st-key-salary_mode").get_by_text(HISTORY[lang], exact=True).click()
    box = page.locator(".st-key-history_text textarea")
    expect(box).to_have_value("36,000.00\n36,000.00\n36,000.00")  # the average repeated, and said so
    expect(page.get_by_text("36,000.00) repetido 3 veces" if lang == "es" else "36,000.00) repeated 3 times")
           ).to_be_visible()

    box.fill(BAD)
    hint = page.locator(".st-key-history_text [data-testid='InputInstructions']")
    expect(hint).to_be_visible()
    said = hint.evaluate("e => getComputedStyle(e, '::after').content")
    assert HINT[lang] in said, said
    if lang == "es":
        assert "Press" not in page.locator("body").inner_text()
    box.press("Control+Enter")

    message = page.locator(".st-key-history_text + [data-testid='stElementContainer']").get_by_role("alert")
    expect(message).to_be_visible()
    for words in SAID[lang]:
        expect(message).to_contain_text(words)
    assert message.bounding_box()["y"] > box.bounding_box()["y"], "the message is under the box"
    expect(headline(page)).to_have_count(0)
    settled(page)  # the run has ended: nothing of the previous answer is left, even faded
    shown = page.evaluate(SHOWN_OUTSIDE_ALERTS)
    assert not MONEY.search(shown), f"an amount on screen while the history is refused: {shown!r}"
    body = page.locator("body").inner_text()
    assert not [text for text in ENGLISH_CHROME if text in body]
    expect(box).to_have_value(BAD)  # what was pasted stays
    expect(page.locator(".st-key-service_years_text input")).to_have_value("27")
    if screen == "phone":  # the answer line says what to correct, and is in sight beside the box
        summary = page.locator(".st-key-summary")
        expect(summary).to_contain_text("historial de salarios" if lang == "es" else "salary history")
        top = summary.bounding_box()["y"]
        assert 0 <= top < SCREENS["phone"][1] / 4, top

    box.fill(GOOD)
    box.press("Control+Enter")
    expect(message).to_have_count(0)
    expect(page.get_by_text(re.compile(re.escape(READ[lang]) + ".*" + re.escape(AVERAGE)))).to_be_visible()
    expect(answer_amount(page, screen)).to_have_text(MONEY)


def test_number_boxes_ask_a_phone_for_its_number_keyboard(new_page, app_url):
    page = open_page(new_page, app_url, "phone", "es")
    expect(answer_amount(page, "phone")).to_have_text(MONEY)
    for key in ("service_years_text", "service_months_text", "average_annual_text", "retire_years_text"):
        expect(page.locator(f".st-key-{key} input")).to_have_attribute("inputmode", "decimal")
    expect(page.locator(".st-key-birth_date_text input")).not_to_have_attribute("inputmode", "decimal")


def test_number_boxes_drawn_later_ask_for_the_number_keyboard_too(new_page, app_url):
    """The comparison page's variant boxes are drawn by a later run, on another page: the watcher names what is
    added, and only that (it no longer looks over the whole page at every change)."""
    from .test_app_browser import opened

    page = open_page(new_page, app_url, "laptop", "es")
    expect(answer_amount(page, "laptop")).to_have_text(MONEY)
    page.locator(".st-key-add_to_compare button").click()
    page.get_by_test_id("stSidebar").get_by_role("link", name="Comparar escenarios").click()
    variant = page.get_by_test_id("stExpander").filter(has_text="Añadir una variante")
    age = opened(variant, "Añadir una variante", variant.get_by_role("textbox", name="Edad de retiro"))
    expect(age).to_have_attribute("inputmode", "decimal")
    expect(variant.get_by_role("textbox", name="Servicio adicional (años)")).to_have_attribute("inputmode", "decimal")
