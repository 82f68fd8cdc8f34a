"""The explorer's script on its own in the browser (its HTML, CSS and code in a blank page, called as Streamlit
calls it): a rerun that sends the same grid changes nothing on the page, and a new grid moves the chart's lines
instead of making them again. Each change the script makes after the page is painted is work for the browser
and a later end to the member's wait (docs/performance.md, *The explorer's rerun*)."""

from __future__ import annotations

import json
from datetime import date

import pytest
from playwright.sync_api import Page

from scripts.served_app import ROOT
from ui.answer.explorer import payload
from ui.answer.explorer_data import cell, explorer_data
from ui.form.example import example
from ui.form.form import _values
from ui.form.member import build_member

pytestmark = pytest.mark.browser

HERE = ROOT / "ui" / "answer"

# The component's code as a module, and a call of it as Streamlit makes one: its data as UTF-8 JSON bytes.
LOAD = """async (code) => {
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    window.explorer = (await import(url)).default;
    window.changes = [];
    new MutationObserver((records) => window.changes.push(...records.map((r) => r.type + " " + r.target.nodeName)))
        .observe(document.querySelector(".explorer"), { subtree: true, childList: true, attributes: true,
                                                        characterData: true });
}"""
CALL = """(data) => {
    window.explorer({ data: new TextEncoder().encode(data), parentElement: document.body, key: "explorer",
                      setStateValue: () => {} });
    return new Promise((done) => requestAnimationFrame(() => setTimeout(done)));  // the watcher's records in
}"""


def page_data(**changed) -> str:
    """The explorer's data for the example member with `changed` form values, as `explorer_view` sends it."""
    today = date.today()
    member, errors = build_member(_values(example(today) | changed), today, "es")
    assert not errors
    return payload(explorer_data(member.situation, member.planned_age, "es"), "es", False, True).decode("utf-8")


@pytest.fixture
def blank(browser) -> Page:
    """A blank page holding the explorer's HTML and CSS, with its code loaded and a watcher of its changes."""
    page = browser.new_page(viewport={"width": 800, "height": 900})
    page.set_content(f"<style>{(HERE / 'explorer.css').read_text(encoding='utf-8')}</style>"
                     + (HERE / "explorer.html").read_text(encoding="utf-8"))
    page.evaluate(LOAD, (HERE / "explorer.js").read_text(encoding="utf-8"))
    yield page
    page.close()


def test_the_same_grid_again_changes_nothing_on_the_page(blank):
    data = page_data()
    blank.evaluate(CALL, data)
    assert blank.evaluate("window.changes.length") > 0  # the first grid is drawn
    blank.evaluate("window.changes = []")
    blank.evaluate(CALL, data)  # a rerun that changed nothing the explorer shows
    assert blank.evaluate("window.changes") == []
    expected = cell(json.loads(data), json.loads(data)["planned"], 0)["monthly"]
    assert blank.locator(".explorer .amount").text_content() == expected


def test_a_new_grid_moves_the_same_lines_and_shows_its_amounts(blank):
    before = page_data()
    blank.evaluate(CALL, before)
    blank.evaluate("window.line = document.querySelector('.chart .line');"
                   "window.drawn = window.line.getAttribute('d');"
                   "window.labels = document.querySelector('.chart g'); window.changes = [];")
    after = page_data(average_annual=45000.0)
    blank.evaluate(CALL, after)
    grid = json.loads(after)
    assert blank.locator(".explorer .amount").text_content() == cell(grid, grid["planned"], 0)["monthly"]
    # the same elements, moved: nothing of the chart is made again for a new grid
    assert blank.evaluate("document.querySelector('.chart .line') === window.line")
    assert blank.evaluate("document.querySelector('.chart g') === window.labels")
    assert blank.evaluate("window.line.getAttribute('d') !== window.drawn")
    assert blank.locator(".chart .line").count() == 1 and blank.locator(".chart .marker").count() == 1
    # the words and the language, which do not depend on the grid, were not written again
    written = [change for change in blank.evaluate("window.changes") if "LABEL" in change or "SECTION" in change]
    assert written == []
