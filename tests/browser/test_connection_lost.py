"""When the server cannot be reached, the dialog Streamlit draws in the browser speaks the page's language
(its own words are English: "Connection error … Are you connected to the internet?")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scripts.served_app import APP, serve
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.test_app_browser import amount_shown
from ui.shell.text import ui_text

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang, query", [("es", ""), ("en", "?lang=English")])
def test_the_connection_error_dialog_speaks_the_pages_language(browser, lang, query):
    expect.set_options(timeout=TIMEOUT_MS)
    with serve(APP) as server:  # a server of its own: this test stops it
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        page = context.new_page()
        page.goto(f"{server.url}/{query}")
        expect(amount_shown(page)).to_be_visible()
        page.wait_for_function("() => !!window.__pageHintsWatcher")  # the page's hints are in place (ui/shell/page_hints.py)
        server.process.terminate()
        server.process.wait(timeout=30)
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_role("heading")).to_have_text(ui_text("chrome.connection_title", lang))
        expect(dialog).to_contain_text(ui_text("chrome.connection_body", lang))
        for english in ("Connection error", "not responding", "connected to the internet", "streamlit run"):
            expect(dialog).not_to_contain_text(english)
        context.close()
