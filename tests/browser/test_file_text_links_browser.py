"""In a real browser, text from files with web and mail addresses in it — a saved file's unknown key, file
names, a salary cell, a comparison file named as a markdown link — shows as text: the page holds no link
to any of those addresses."""

from __future__ import annotations

import json
from datetime import date

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_app_browser import open_app
from ui.form.saved import dump_inputs
from ui.form.example import example

pytestmark = pytest.mark.browser

URL_KEY = "Llame al https://pension-ayuda.example.com para corregir"
HOSTS = ("pension-ayuda.example.com", "evil.example")
FOREIGN_LINKS = ", ".join(f"a[href*='{host}']" for host in HOSTS)


def saved_file(**extra) -> bytes:
    data = json.loads(dump_inputs(example(date.today())))
    data["inputs"] |= extra
    return json.dumps(data).encode()


def choose(page: Page, uploader: str, files: list[tuple[str, bytes]], mime: str) -> None:
    """Choose files in an uploader, as the file dialog would, once the uploader is drawn alone (after a file is
    read the uploader is replaced by an empty one, and both are on the page for a moment)."""
    chooser = page.locator(f".st-key-{uploader} input[type=file]")
    expect(chooser).to_have_count(1)
    chooser.set_input_files(
        [{"name": name, "mimeType": mime, "buffer": content} for name, content in files])


def alert_with(page: Page, text: str):
    return page.get_by_test_id("stAlert").filter(has_text=text)


def test_addresses_in_files_are_never_links(page, app_url):
    from tests.browser.test_counselor import saved_data_section

    open_app(page, app_url)
    saved_data_section(page)
    choose(page, "saved_upload", [("Visite www.pension-ayuda.example.com.json", saved_file(**{URL_KEY: 1}))],
           "application/json")
    expect(alert_with(page, "pension-ayuda.example.com para corregir")).to_be_attached()
    expect(alert_with(page, "Visite www")).to_be_attached()
    expect(page.locator(FOREIGN_LINKS)).to_have_count(0)

    page.get_by_text("Entrar mi historial de salarios").click()
    choose(page, "history_upload", [("ayuda@evil.example.csv", b'salary\n40000\n=HYPERLINK("http://evil.example")\n')],
           "text/csv")
    expect(alert_with(page, "HYPERLINK")).to_be_attached()
    expect(page.get_by_text("ayuda", exact=False).filter(has_text="evil.example.csv").first).to_be_attached()
    expect(page.locator(FOREIGN_LINKS)).to_have_count(0)
    expect(page.locator("a[href^='mailto:']")).to_have_count(0)

    open_app(page, app_url, "Comparar")
    choose(page, "compare_upload", [("[Llame](https://evil.example).json", saved_file(**{URL_KEY: 1}))],
           "application/json")
    expect(alert_with(page, "[Llame](https").filter(has_text="evil.example).json")).to_be_attached()
    expect(page.locator(FOREIGN_LINKS)).to_have_count(0)
