"""The comparison compares what is paid at the same ages (RULES.md §0): the example member (Ley 447, Plan
Coordinado) starting at 61 and at 65 is paid the pension under the rule from 61 to 65 in the first scenario, and
the coordinated amount from 65 in both; the second is never shown as a loss of the first months' difference."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .test_app_browser import ADD_FORM, MONEY, amount_shown, number_input, open_app, type_number
from .test_look import settled

pytestmark = pytest.mark.browser

SHOTS = "/tmp"  # where a run leaves its screenshots, to look at


WORDS = {  # what a person reads and clicks, in each language
    "es": {"path": "", "add": ADD_FORM, "added": "Escenario añadido a la comparación ({count} de 4).", "years": "años",
           "nav": "Comparar escenarios", "from_65": "Desde los 65 años",
           "coordination": "Plan Coordinado: desde los 65 años"},
    "en": {"path": "?lang=English", "add": re.compile(r"^Add the form's scenario"), "years": "years",
           "added": "Scenario added to the comparison ({count} of 4).", "nav": "Compare scenarios",
           "from_65": "From 65 years of age", "coordination": "Plan Coordinado: from 65 years of age"},
}


def add_at(page: Page, age: str, count: int, words: dict) -> None:
    type_number(number_input(page, "retire_years", words["years"]), age)
    add_scenario(page, count, words)


def add_scenario(page: Page, count: int, words: dict) -> None:
    """Add the form's scenario, once its amount shows, as the comparison's `count`-th."""
    expect(amount_shown(page)).to_have_text(MONEY)
    settled(page)
    page.get_by_role("button", name=words["add"]).click()
    expect(page.get_by_text(words["added"].format(count=count))).to_be_visible()
    settled(page)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_waiting_to_65_is_compared_age_by_age_not_as_a_loss(page, app_url, width, height, lang):
    words = WORDS[lang]
    page.set_viewport_size({"width": 1366, "height": 900})  # the form beside the sidebar's link
    open_app(page, app_url, words["path"])
    add_at(page, "61", 1, words)
    add_at(page, "65", 2, words)
    page.get_by_test_id("stSidebar").get_by_role("link", name=words["nav"]).click()
    page.set_viewport_size({"width": width, "height": height})
    columns = page.locator(".st-key-compare_columns [data-testid='stColumn']")
    expect(columns).to_have_count(2)
    settled(page)
    rows = page.locator(".st-key-compare_same_ages tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("48")  # the months only the first scenario is paid
    expect(rows.nth(1)).to_contain_text(words["from_65"])
    expect(rows.nth(1)).to_contain_text(re.compile(r"\(\+\$\d"))  # from 65, the second pays more
    # no badge of a first-month difference: the phases differ
    expect(columns.nth(1).get_by_test_id("stMetricDelta")).to_have_count(0)
    expect(columns.nth(1)).to_contain_text(words["coordination"])
    assert page.get_by_test_id("stMain").evaluate("m => m.scrollWidth <= m.clientWidth + 1"), "wider than the screen"
    page.screenshot(path=f"{SHOTS}/same-ages-{lang}-{width}.png", full_page=True)
