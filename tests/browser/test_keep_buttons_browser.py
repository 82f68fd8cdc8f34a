"""The "Es mi dato: mantener…" buttons under the example's fields look like buttons (a border around their
words), not like plain text, on a laptop and a phone, in Spanish and English."""

from __future__ import annotations

import os

import pytest

from playwright.sync_api import expect

from .test_validation_browser import SCREENS, example_amount, open_page

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the screens for a person to look at
WORDS = {"es": "Es mi dato: mantener servicio acreditado", "en": "It is mine: keep credited service"}
BORDER = """(button) => { const style = getComputedStyle(button);
  return [parseFloat(style.borderTopWidth), style.borderTopStyle, style.borderTopColor]; }"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_keep_buttons_look_like_buttons(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    example_amount(page, screen)
    salary = page.locator(".st-key-average_annual_text input")  # one figure the member's: the others are marked
    salary.fill("36,500")
    salary.press("Enter")
    button = page.get_by_role("button", name=WORDS[lang], exact=True)
    expect(button).to_be_visible()
    width, style, color = button.evaluate(BORDER)
    assert width >= 1 and style != "none" and not color.endswith(", 0)"), (width, style, color)
    if SHOTS:
        button.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/keep-button-{screen}-{lang}.png")
    button.click()
    expect(button).to_have_count(0)  # kept: the mark goes
