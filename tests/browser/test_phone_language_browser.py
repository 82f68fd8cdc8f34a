"""On a phone the sidebar lies over the page: a language chosen in it closes it, so the page shows in the new
language at once (from Spanish to English and back). On a laptop it stays open beside the page."""

from __future__ import annotations

import pytest

from playwright.sync_api import expect

from .test_validation_browser import SCREENS, example_amount, open_page

pytestmark = pytest.mark.browser

TITLE = {"es": "Su situación", "en": "Your situation"}
OTHER = {"es": "en", "en": "es"}
BUTTON = {"es": "Español", "en": "English"}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_language_chosen_in_the_sidebar_closes_it_on_a_phone(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    example_amount(page, screen)
    page.wait_for_function("() => !!window.__pageHintsWatcher")
    sidebar = page.get_by_test_id("stSidebar")
    if screen == "phone":
        page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    other = OTHER[lang]
    sidebar.get_by_role("radio", name=BUTTON[other], exact=True).click()
    expect(page.get_by_test_id("stMain").get_by_role("heading", name=TITLE[other])).to_be_visible()
    expect(sidebar).to_have_attribute("data-collapsed", "true" if screen == "phone" else "false")
    if screen == "phone":
        expect(page.get_by_test_id("stExpandSidebarButton")).to_be_visible()
