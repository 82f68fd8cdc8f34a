"""The keyboard's path through the estimate page, on a laptop and a phone, in Spanish and English: from the top, the
skip link, then the form's first field (on a phone, the button that opens the sidebar in between), then every field
in reading order, with no help button in between; each field's help is its accessible description and is shown
under it while the keyboard is on it; the "?" still opens the help for the mouse.

Before, the first field took 13 presses of Tab on a laptop and 14 on a phone: the sidebar's controls, the main area,
two heading links and a help button came first, and a help button before every field after it.
"""

from __future__ import annotations

import re

import pytest

from playwright.sync_api import Page, expect

from ui.form.fields import FIELD
from ui.form.member import entry_help
from ui.shell.text import ui_text

from .test_look import settled
from .test_validation_browser import SCREENS, example_amount, open_page

pytestmark = pytest.mark.browser

SKIP_LINK = "stSkipToContent"
# The example member's fields in reading order, each by the key of the container it is in, and the catalog key of
# its help (None: a choice with no help).
FIELDS_IN_ORDER = [("system", "input.system_help"), ("entry_date_text", "entry_date"),
                   ("group", "input.group_help"), ("birth_date_text", "input.birth_date_help"), ("status", None),
                   ("service_years_text", "input.service_help"), ("service_months_text", "input.service_help"),
                   ("salary_mode", None), ("average_annual_text", "input.average_annual_help"),
                   ("retire_years_text", "input.retire_help"), ("retire_months_text", "input.retire_help"),
                   ("coordinated", "input.coordinated_help"), ("social_security_text", "input.social_security_help"),
                   ("june_1960", "input.june_1960_help"), ("refunded", "input.refunded_help"),
                   ("disability", "limits.disability_help"), ("both_systems", "limits.both_systems_help")]
SHOWN_HELP = ".field-help-shown"  # ui/shell/field_help.py


def help_words(key: str | None, lang: str) -> str | None:
    if key == "entry_date":  # its words name the dates of the plan's scope
        return entry_help(FIELD["system"].default, lang)
    return key and ui_text(key, lang)


def focused_in(page: Page) -> str:
    """Where the focus is: the key of the field's container, or Streamlit's test id of the control."""
    return page.evaluate("""() => {
      const e = document.activeElement;
      const keyed = e.closest('[class*="st-key-"]');
      const key = keyed && [...keyed.classList].find((c) => c.startsWith("st-key-"));
      return key ? key.slice("st-key-".length) : (e.closest("[data-testid]")?.dataset.testid ?? e.tagName);
    }""")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_tab_reaches_the_first_field_next_and_each_field_says_its_help(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    example_amount(page, screen)
    settled(page)
    last = page.locator(".st-key-both_systems input")  # the form drawn whole, its help tied
    expect(last).to_have_accessible_description(help_words("limits.both_systems_help", lang))
    # every kind of element's code loaded: until then an element is a placeholder with no control to reach
    expect(page.get_by_test_id("stMain").get_by_test_id("stSkeleton")).to_have_count(0)

    page.locator("body").press("Tab")
    assert focused_in(page) == SKIP_LINK
    before_the_form = ["stExpandSidebarButton"] if screen == "phone" else []  # the phone's closed sidebar: its button
    for control in before_the_form:
        page.keyboard.press("Tab")
        assert focused_in(page) == control
    shown = page.locator(SHOWN_HELP)
    # The first field at the 2nd press on a laptop, the 3rd on a phone; then every field, one press each.
    for presses, (key, help_key) in enumerate(FIELDS_IN_ORDER, start=len(before_the_form) + 2):
        page.keyboard.press("Tab")
        assert focused_in(page) == key, f"press {presses}: {key} expected"
        words = help_words(help_key, lang)
        focused = page.locator(":focus")
        if words is None:
            expect(shown).to_be_hidden()
            continue
        expect(focused).to_have_accessible_description(re.compile(re.escape(words)))
        expect(shown).to_be_visible()
        expect(shown).to_contain_text(words)
    page.keyboard.press("Escape")  # hides the words, as a tooltip
    expect(shown).to_be_hidden()


def test_the_help_button_still_opens_the_help_for_the_mouse(new_page, app_url):
    page = open_page(new_page, app_url, "laptop", "es")
    example_amount(page, "laptop")
    button = page.locator(".st-key-group [data-testid='stTooltipHoverTarget']")
    button.hover()
    expect(page.get_by_test_id("stTooltipContent")).to_have_text(ui_text("input.group_help", "es"))
    expect(page.locator(SHOWN_HELP)).to_be_hidden()  # the keyboard's words only for the keyboard
