"""Text from a file is text: web and mail addresses in a saved file's keys, a file's name, a salary cell or
a comparison file's name are shown as the characters they are, never as a link — checked on the markdown
each place gives Streamlit (`tests.markdown_links` reads it as Streamlit's renderer does)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tests.markdown_links import links, read
from tests.ui.sections import uploader
from ui.form.saved import dump_inputs
from ui.form.example import example

COMPARE = "pages/1_Comparar.py"
URL_KEY = "Llame al https://pension-ayuda.example.com para corregir"
WWW_NAME = "Visite www.pension-ayuda.example.com.json"
LINK_NAME = "[Llame](https://evil.example).json"
MAIL_NAME = "ayuda@pension-ayuda.example.com.csv"
FORMULA = '=HYPERLINK("http://evil.example")'
KINDS = ("markdown", "caption", "error", "warning", "success", "info")


def shown(at) -> list[str]:
    """The markdown of every element that renders its text as markdown."""
    return [element.value for kind in KINDS for element in at.get(kind)]


def assert_shown_as_text(at, *quoted: str) -> None:
    assert not at.exception
    texts = shown(at)
    for text in quoted:  # the file's text is on the page, letter for letter …
        assert any(text in read(markdown) for markdown in texts), (text, texts)
    found = [(markdown, links(markdown)) for markdown in texts if links(markdown)]
    assert not found, found  # … and nowhere a link


def saved_file(**extra) -> bytes:
    data = json.loads(dump_inputs(example(date.today())))
    data["inputs"] |= extra
    return json.dumps(data).encode()


def test_the_page_as_it_opens_has_no_link_this_check_would_find(app):
    assert not [links(markdown) for markdown in shown(app) if links(markdown)]


def test_a_saved_files_unknown_key_and_name_on_the_estimate_page(app):
    uploader(app, "saved_upload").set_value((WWW_NAME, saved_file(**{URL_KEY: 1}), "application/json")).run()
    assert len(app.error) == 1
    assert_shown_as_text(app, URL_KEY, WWW_NAME)
    uploader(app, "saved_upload").set_value((LINK_NAME, saved_file(), "application/json")).run()
    assert len(app.success) == 1
    assert_shown_as_text(app, LINK_NAME)


def test_a_salary_files_name_and_cell(app):
    app.radio(key="salary_mode").set_value("history").run()
    raw = f"salary\n40000\n{FORMULA}\n".encode()
    uploader(app, "history_upload").set_value((MAIL_NAME, raw, "text/csv")).run()
    assert len(app.error) == 1
    assert_shown_as_text(app, MAIL_NAME, '=HYPERLINK("http://evil.examp')  # the cell, shortened by the reader


@pytest.mark.parametrize("cell", [FORMULA, "Visite www.evil.example", "ayuda@evil.example"])
def test_the_salary_boxs_message_quoting_its_cell(app, cell):
    app.radio(key="salary_mode").set_value("history").run()
    app.text_area(key="history_text").set_value(f"40000\n{cell}\n").run()
    assert len(app.error) == 1
    assert_shown_as_text(app, cell[:25])


def test_a_comparison_files_name_and_unknown_key(app):
    app.switch_page(COMPARE).run()
    files = [(LINK_NAME, saved_file(**{URL_KEY: 1}), "application/json"),
             (WWW_NAME, saved_file(**{"ayuda@evil.example": 1}), "application/json"),
             ("bien.json", saved_file(), "application/json")]
    uploader(app, "compare_upload").set_value(files).run()
    assert len(app.success) == 1 and len(app.error) == 2
    assert_shown_as_text(app, LINK_NAME, URL_KEY, WWW_NAME, "ayuda@evil.example")
