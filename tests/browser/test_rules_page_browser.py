"""The rules page's tables of assumptions and values show every cell's whole text on a laptop (1366 px) and
every column on a phone (390 px), in Spanish and English: no cell cut off ("$500.00 desde el 1 de…"), no column
out of sight."""

from __future__ import annotations

import os

import pytest

from playwright.sync_api import expect

from .test_validation_browser import SCREENS

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the screens for a person to look at
QUERY = {"es": "", "en": "?lang=English"}
TITLE = {"es": "Reglas y supuestos", "en": "Rules and assumptions"}
# Each table cell whose text is wider than the cell (cut off), and each cell right of the page's main area.
HIDDEN_CELLS = """() => {
  const main = document.querySelector('[data-testid="stMain"]').getBoundingClientRect();
  const cut = [], outside = [];
  for (const cell of document.querySelectorAll('[class*="st-key-assumptions_"] td, [class*="st-key-assumptions_"] th,'
      + ' [class*="st-key-parameters_"] td, [class*="st-key-parameters_"] th')) {
    if (cell.scrollWidth > cell.clientWidth + 1) cut.push(cell.innerText.slice(0, 40));
    if (cell.getBoundingClientRect().right > Math.min(main.right, window.innerWidth) + 1) outside.push(cell.innerText.slice(0, 40));
  }
  return {cells: document.querySelectorAll('[class*="st-key-assumptions_"] td').length, cut, outside};
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_cell_of_the_rules_tables_is_shown_whole(new_page, app_url, screen, lang):
    page = new_page(*SCREENS[screen], "es-PR" if lang == "es" else "en-US")
    page.goto(f"{app_url}/Reglas_y_supuestos{QUERY[lang]}")
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1)).to_have_text(TITLE[lang])
    tables = page.locator('[class*="st-key-assumptions_"] table')
    expect(tables).to_have_count(3)  # one a plan
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    found = page.evaluate(HIDDEN_CELLS)
    assert found["cells"] > 6, found
    assert found["cut"] == [] and found["outside"] == [], found
    if SHOTS:
        tables.first.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/rules-{screen}-{lang}.png")
