"""After *Borrar todo*, on a laptop and a phone, in Spanish and English: the explorer's screen-reader
announcement no longer reads the previous member's amount, the page is scrolled to its top, and the focus is
on the form's first field (not dropped on the page's body)."""

from __future__ import annotations

import pytest

from playwright.sync_api import expect

from ui.shell.text import ui_text

from .test_clearing import confirm_clearing, sidebar
from .test_validation_browser import SCREENS, example_amount, open_page

pytestmark = pytest.mark.browser

# How far the page is scrolled: the largest scroll of the main area and every element around it.
SCROLLED = """() => { let most = document.scrollingElement ? document.scrollingElement.scrollTop : 0;
  for (let area = document.querySelector('[data-testid="stMain"]'); area; area = area.parentElement) {
    most = Math.max(most, area.scrollTop); }
  return most; }"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_clearing_forgets_the_announcement_and_starts_at_the_top_of_the_form(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    example_amount(page, screen)
    slider = page.locator(".explorer input.age")
    slider.focus()
    slider.press("ArrowRight")
    live = page.locator(".explorer [aria-live=polite]")
    expect(live).to_contain_text("$")  # what a screen reader heard about this member
    heard = live.inner_text()
    page.locator(".explorer").scroll_into_view_if_needed()
    page.mouse.wheel(0, 1500)
    page.wait_for_function(f"({SCROLLED})() > 200")  # scrolled well down

    if screen == "phone":
        page.get_by_test_id("stExpandSidebarButton").click()
    sidebar(page).get_by_role("button", name=ui_text("app.clear", lang)).click()
    confirm_clearing(page, ui_text("clear.confirm", lang), ui_text("clear.done", lang), [])

    expect(live).not_to_contain_text(heard)
    expect(live).to_have_text("")
    page.wait_for_function(f"({SCROLLED})() === 0")
    focused = page.evaluate("() => !!document.activeElement.closest('.st-key-system')")
    assert focused, page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
