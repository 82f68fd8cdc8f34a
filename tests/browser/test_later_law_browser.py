"""RULES.md §8 in the browser: the comparison says, beside each amount that counts service past the freeze, what the
estimate page says beside its own (the answer's `later_law`); a scenario added with the benefits frozen counts
nothing past it and says nothing of it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .test_app_browser import amount_shown, headline, MONEY, number_input, open_app, type_number
from .test_look import settled
from .test_same_ages_browser import add_scenario, WORDS as COMPARE_WORDS

pytestmark = pytest.mark.browser

SHOTS = "/tmp"

WORDS = {
    "es": {"later": "Congelación por una ley posterior: Esta cantidad sigue los textos de la ley",
           "law": "Ley 3-2013", "freeze": "Ver la cantidad con los beneficios congelados", "years": "años",
           "frozen": "Cálculo con los beneficios congelados: Ley 3-2013",
           "who": "La Administración de los Sistemas de Retiro (ASR) puede decirle lo que le corresponde.",
           "back": "Volver a la cantidad según los textos de la ley, sin congelar",
           "frozen_row": "congelados (Ley 3-2013", "frozen_reason": "Se calcula con los beneficios congelados (Ley 3-2013"},
    "en": {"later": "Frozen by a later law: This amount follows the texts of the law",
           "law": "Ley 3-2013", "freeze": "See the amount with benefits frozen", "years": "years",
           "frozen": "Computed with benefits frozen: Ley 3-2013",
           "who": "The Retirement Board (Administración de los Sistemas de Retiro, ASR) can tell you what is due to you.",
           "back": "Back to the amount under the texts of the law, not frozen",
           "frozen_row": "frozen (Ley 3-2013", "frozen_reason": "It is computed with benefits frozen (Ley 3-2013"},
}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_comparison_names_the_freeze_beside_each_amount_that_counts_past_it(page, app_url, width, height, lang):
    words, compare = WORDS[lang], COMPARE_WORDS[lang]
    page.set_viewport_size({"width": 1366, "height": 900})  # the form beside the sidebar's link
    open_app(page, app_url, compare["path"])
    # the example member (Ley 447, in service) counts service past 30 June 2013: the page says so by its amount
    offer = page.get_by_test_id("stMain").get_by_text(re.compile(words["later"].split(": ")[1]))
    expect(offer.first).to_be_visible()
    add_scenario(page, 1, compare)
    page.get_by_role("button", name=words["freeze"]).click()  # the same member, benefits frozen
    expect(page.get_by_test_id("stMain").get_by_text(words["frozen"])).to_be_visible()  # the frozen view drawn
    add_scenario(page, 2, compare)
    page.get_by_test_id("stSidebar").get_by_role("link", name=compare["nav"]).click()
    page.set_viewport_size({"width": width, "height": height})
    columns = page.locator(".st-key-compare_columns [data-testid='stColumn']")
    expect(columns).to_have_count(2)
    settled(page)
    first, frozen = columns.nth(0).locator(".st-key-compare_result_0"), columns.nth(1).locator(".st-key-compare_result_1")
    expect(first.get_by_text(re.compile("^" + re.escape(words["later"])))).to_be_visible()
    expect(first).to_contain_text(words["law"])
    expect(frozen.get_by_test_id("stMetricValue")).to_have_text(MONEY)
    expect(frozen).not_to_contain_text(words["law"])
    # its shorter service is explained: the freeze's own row among the inputs, and first among the differences
    expect(columns.nth(1)).to_contain_text(words["frozen_row"])
    why = columns.nth(1).locator(".st-key-compare_reasons_1 li").first
    expect(why).to_contain_text(words["frozen_reason"])
    why.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/freeze-compare-why-{lang}-{width}.png")
    assert page.get_by_test_id("stMain").evaluate("m => m.scrollWidth <= m.clientWidth + 1"), "wider than the screen"
    first.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/freeze-compare-{lang}-{width}.png", full_page=True)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_frozen_view_with_no_pension_says_who_can_answer_and_the_way_back(page, app_url, width, height, lang):
    words = WORDS[lang]
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, app_url, COMPARE_WORDS[lang]["path"])
    expect(amount_shown(page)).to_have_text(MONEY)
    settled(page)
    page.get_by_role("button", name=words["freeze"]).click()
    expect(page.get_by_test_id("stMain").get_by_text(words["frozen"])).to_be_visible()
    # 20 years today, frozen at 30 June 2013: about 6½ years, short of every rule's 10 at any age
    type_number(number_input(page, "service_years", words["years"]), "20")
    message = page.locator(".st-key-frozen_no_pension")
    expect(message.get_by_text(words["who"], exact=False)).to_be_visible()
    expect(page.locator(".st-key-summary")).to_contain_text(words["who"])  # the first line on a phone too
    back = message.get_by_role("button", name=words["back"])
    expect(back).to_be_visible()
    expect(headline(page)).to_have_count(0)
    assert page.get_by_test_id("stMain").evaluate("m => m.scrollWidth <= m.clientWidth + 1"), "wider than the screen"
    message.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/freeze-never-{lang}-{width}.png")
    back.click()
    expect(amount_shown(page)).to_have_text(MONEY)  # 20 years under the texts: a pension again
    expect(message).to_have_count(0)
