"""The first stop of the Tab key, Streamlit's skip link, speaks the page's language, on a laptop and a phone."""

from __future__ import annotations

import pytest

from playwright.sync_api import expect

from .test_validation_browser import SCREENS, example_amount, open_page

pytestmark = pytest.mark.browser

SKIP = {"es": "Saltar al contenido principal", "en": "Skip to main content"}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_skip_link_speaks_the_pages_language(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    example_amount(page, screen)
    page.locator("body").press("Tab")
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("data-testid", "stSkipToContent")
    expect(focused).to_have_text(SKIP[lang])
    expect(page.get_by_test_id("stSkipToContent")).to_have_text(SKIP[lang])
