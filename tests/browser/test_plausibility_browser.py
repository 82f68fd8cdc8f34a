"""Plausibility (RULES.md §0), in a real browser, on a laptop and a phone, in Spanish and English: a government
annual average of $3,500 (a monthly salary in the annual box) or $420,000 (an extra digit) is named under the
field, no amount shows anywhere until the member confirms that very figure, and confirming it shows one."""

from __future__ import annotations

import os

import pytest

from playwright.sync_api import expect

from .test_look import settled
from .test_validation_browser import (LABEL, MONEY, SCREENS, SHOWN_OUTSIDE_ALERTS, answer_amount, example_amount,
                                      open_page)
from .test_app_browser import headline

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the screens for a person to look at
# (typed, words of the message, the confirmation's label), by language
SLIPS = {
    "es": [("3,500", ["$3,500.00", "$9,000.00", "salario mensual en la casilla del anual"], "Sí, $3,500.00 es correcto"),
           ("420,000", ["$420,000.00", "$250,000.00", "un dígito de más"], "Sí, $420,000.00 es correcto")],
    "en": [("3,500", ["$3,500.00", "$9,000.00", "monthly salary in the annual box"], "Yes, $3,500.00 is right"),
           ("420,000", ["$420,000.00", "$250,000.00", "an extra digit"], "Yes, $420,000.00 is right")],
}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_likely_slip_is_confirmed_before_any_amount_shows(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    example_amount(page, screen)
    salary = page.locator(".st-key-average_annual_text").get_by_role("textbox", name=LABEL[lang], exact=True)
    message = page.locator(".st-key-average_annual_text + [data-testid='stElementContainer']").get_by_role("alert")
    for typed, words, confirm in SLIPS[lang]:
        salary.fill(typed)
        salary.press("Enter")
        expect(message).to_be_visible()
        for word in words:
            expect(message).to_contain_text(word)
        assert message.bounding_box()["y"] > salary.bounding_box()["y"], "the message is under its field"
        expect(headline(page)).to_have_count(0)
        settled(page)
        shown = page.evaluate(SHOWN_OUTSIDE_ALERTS)
        assert not MONEY.search(shown.replace(confirm, "")), f"an amount on screen before confirming: {shown!r}"
        box = page.get_by_role("checkbox", name=confirm, exact=True)
        expect(box).to_have_count(1)
        if SHOTS:
            message.scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/slip-{typed.replace(',', '')}-{screen}-{lang}.png", full_page=False)
        box.check(force=True)  # Streamlit draws its own box over the input
        expect(message).to_have_count(0)
        expect(answer_amount(page, screen)).to_have_text(MONEY)
        expect(salary).to_have_value(typed)  # what was typed stays
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/slip-confirmed-{screen}-{lang}.png", full_page=False)
