"""A reload, a phone's pull-to-refresh or closing the tab would lose the member (nothing is stored anywhere):
once anything was typed, the browser asks first; before that, and after *Borrar todo*, it does not. On a phone,
whose sidebar starts closed, the page itself says that the data lives only in this tab. Laptop and phone,
Spanish and English."""

from __future__ import annotations

import os

import pytest

from playwright.sync_api import expect

from ui.shell.text import ui_text

from .test_clearing import confirm_clearing, sidebar
from .test_validation_browser import SCREENS, example_amount, open_page

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the screens for a person to look at


def typed_salary(page, screen):
    _, example = example_amount(page, screen)
    # The page asks before leaving from what its hints' code watches: typing before that code has run (a loaded
    # machine draws the answer first) would leave nothing to ask about.
    page.wait_for_function("() => window.__pageHintsWatcher !== undefined")
    salary = page.locator(".st-key-average_annual_text input")
    salary.fill("36,500")
    salary.press("Enter")
    return example


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_leaving_a_page_with_a_members_data_is_asked_first(new_page, app_url, screen, lang):
    untouched = open_page(new_page, app_url, screen, lang)
    example_amount(untouched, screen)
    untouched.locator(".st-key-service_years_text input").focus()  # a click, nothing typed: leaves at once
    with untouched.expect_event("close"):
        untouched.close(run_before_unload=True)

    page = open_page(new_page, app_url, screen, lang)
    typed_salary(page, screen)
    with page.expect_event("dialog") as asked:
        page.close(run_before_unload=True)
    assert asked.value.type == "beforeunload"
    asked.value.dismiss()  # stays: nothing lost
    expect(page.locator(".st-key-average_annual_text input")).to_have_value("36,500")

    if screen == "phone":
        page.get_by_test_id("stExpandSidebarButton").click()
    sidebar(page).get_by_role("button", name=ui_text("app.clear", lang)).click()
    confirm_clearing(page, ui_text("clear.confirm", lang), ui_text("clear.done", lang), [])
    with page.expect_event("close"):  # cleared: nothing of a member left to lose
        page.close(run_before_unload=True)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("path", ["", "Comparar"])  # the pages that hold a member's data
def test_on_a_phone_the_page_says_the_data_lives_only_in_this_tab(new_page, app_url, screen, lang, path):
    page = new_page(*SCREENS[screen], "es-PR" if lang == "es" else "en-US")
    page.goto(f"{app_url}/{path}{'?lang=English' if lang == 'en' else ''}")
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    note = page.get_by_test_id("stMain").locator(".st-key-tab_note")
    if screen == "phone":
        expect(note).to_be_visible()
        expect(note).to_contain_text(ui_text("app.privacy", lang))
        assert note.bounding_box()["y"] < SCREENS["phone"][1] * 2, "near the top of the page"
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/tab-note-{lang}{path}.png")
    else:
        expect(note).to_be_hidden()  # the open sidebar says it beside the page
        expect(sidebar(page).get_by_text(ui_text("app.privacy", lang))).to_be_visible()
