"""What a run makes the browser draw, counted as `benchmarks/latency.py --renders` counts it (React's commits, and the
components each drew again): the counting works on the app's page, and Streamlit 1.67 draws every element of the
page again several times in any run, even one of a fragment that sends only its own few elements
(docs/performance.md, *What a change redraws, counted*). The count is not the cost: a run costs the browser the
elements it sends again (*A change that reruns only part of the page*, there). No timing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from benchmarks.latency import RENDERS

from .test_app_browser import amount_shown, open_app, type_number

pytestmark = pytest.mark.browser

COUNTED = "() => window.__renders"
RESET = "() => Object.assign(window.__renders, {commits: 0, drawn: 0})"


def test_every_run_draws_the_whole_page_again_even_a_fragments(page, app_url):
    page.add_init_script(RENDERS)
    open_app(page, app_url)
    state = page.get_by_test_id("stApp")
    expect(amount_shown(page)).to_be_visible()
    expect(state).to_have_attribute("data-test-script-state", "notRunning")
    elements = page.get_by_test_id("stElementContainer").count()

    page.evaluate(RESET)
    page.locator(".st-key-how_open summary").click()  # the steps: a fragment's run, its own elements only
    expect(page.locator(".st-key-how_open [data-testid='stHtml']")).to_be_visible()
    expect(state).to_have_attribute("data-test-script-state", "notRunning")
    fragment = page.evaluate(COUNTED)
    assert fragment["commits"] >= 3, fragment  # the run's start, its session, its end
    assert fragment["drawn"] >= 10 * elements, (fragment, elements)

    before = amount_shown(page).inner_text()
    page.evaluate(RESET)
    type_number(page.locator(".st-key-average_annual_text input"), "36100")  # a whole run
    expect(amount_shown(page)).not_to_have_text(before)
    expect(state).to_have_attribute("data-test-script-state", "notRunning")
    whole = page.evaluate(COUNTED)
    assert whole["commits"] >= 4 and whole["drawn"] >= 10 * elements, (whole, elements)  # its elements too
