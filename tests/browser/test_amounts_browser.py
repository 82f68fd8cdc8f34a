"""An amount box reads numbers as salary files are read, in a real browser, on a laptop and a phone, in Spanish
and English: "42.000" (thousands or decimals) is asked about under the field with both readings and no amount
shows; the Spanish style "42.000,00" is read as $42,000.00, the same answer as "42,000"."""

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
ASKED = {"es": "«42.000» se puede leer de dos maneras: 42,000.00 o 42.00",
         "en": '"42.000" can be read two ways: 42,000.00 or 42.00'}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_an_amount_that_reads_two_ways_is_asked_about_and_the_spanish_style_is_read(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    _, example = example_amount(page, screen)
    salary = page.locator(".st-key-average_annual_text").get_by_role("textbox", name=LABEL[lang], exact=True)
    message = page.locator(".st-key-average_annual_text + [data-testid='stElementContainer']").get_by_role("alert")

    salary.fill("42,000")
    salary.press("Enter")
    amount = answer_amount(page, screen)
    expect(amount).not_to_have_text(example)  # $42,000 a year, not the example's $36,000
    expect(amount).to_have_text(MONEY)
    settled(page)
    plain = amount.inner_text()

    salary.fill("42.000")
    salary.press("Enter")
    expect(message).to_contain_text(ASKED[lang])
    assert message.bounding_box()["y"] > salary.bounding_box()["y"], "the message is under its field"
    expect(headline(page)).to_have_count(0)
    settled(page)
    assert not MONEY.search(page.evaluate(SHOWN_OUTSIDE_ALERTS)), "no amount while the figure is in doubt"
    expect(salary).to_have_value("42.000")
    if SHOTS:
        message.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/two-ways-{screen}-{lang}.png")

    salary.fill("42.000,00")
    salary.press("Enter")
    expect(message).to_have_count(0)
    expect(answer_amount(page, screen)).to_have_text(plain)  # the same figure, the same answer
