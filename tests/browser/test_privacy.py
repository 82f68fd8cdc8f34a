"""Privacy in a real browser: what a member enters stays in the session, never in the server's log or the URL.

A distinctive member is entered and used (the estimate, the report, the comparison page); then the server's
output, which is what lands in a host's logs, is searched for that member's salary and birth date written in
every usual way, and the page's address is checked to hold nothing but the language.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from playwright.sync_api import expect

from .test_app_browser import (ADD_FORM, MONEY, amount_label, amount_shown, clicked, number_input, open_app, type_date,
                               type_number)

pytestmark = pytest.mark.browser

AVERAGE = "98765.43"
BIRTH = ("23", "07", "1971")  # day, month, year: 55 today, before the planned 58
AVERAGE_WRITTEN = ["98765.43", "98,765.43", "98765,43", "98.765,43", "98 765,43", "98 765.43", "9876543",
                   "98765.4", "98,765", "98765"]
BIRTH_WRITTEN = ["23/07/1971", "1971-07-23", "07/23/1971", "23-07-1971", "23.07.1971", "1971/07/23",
                 "19710723", "23071971", "7/23/1971", "23/7/1971", "July 23, 1971", "23 de julio de 1971",
                 "1971, 7, 23", "date(1971, 7, 23)"]


def test_the_members_data_stays_out_of_the_log_and_the_url(page, app_server):
    open_app(page, app_server.url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    example_amount = value.inner_text()

    day, month, year = BIRTH
    type_date(page, "Fecha de nacimiento", f"{day}/{month}/{year}")
    expect(value).not_to_have_text(example_amount)  # older today: less service by 58, another amount
    expect(value).to_have_text(MONEY)
    with_birth_date = value.inner_text()
    type_number(number_input(page, "average_annual", "Retribución promedio anual ($)"), AVERAGE)
    expect(value).not_to_have_text(with_birth_date)
    expect(value).to_have_text(MONEY)
    amount = value.inner_text()
    assert urlsplit(page.url).query == "", page.url  # Spanish, the default, needs nothing in the address
    # Use it as a counselor would: the report, the comparison, the other pages, the other language.
    with page.expect_download() as download:
        page.get_by_role("button", name="Descargar el informe (PDF)").click()
    assert download.value.path().read_bytes().startswith(b"%PDF")
    # after the download's run: clicked again if the click was lost while that run redrew the button
    clicked(page.get_by_role("button", name=ADD_FORM),
            page.get_by_text("Escenario añadido a la comparación (1 de 4)."))
    sidebar = page.get_by_test_id("stSidebar")
    # Each click once the page's run is over, again if it was lost (a link or an option clicked while a run
    # redraws the sidebar: seen under load, the page still on the estimate page in Spanish).
    clicked(sidebar.get_by_role("link", name="Comparar escenarios"),
            page.get_by_role("heading", name="Comparar escenarios", level=1))
    expect(amount_shown(page)).to_have_text(amount)
    clicked(sidebar.get_by_role("radio", name="English"), sidebar.get_by_role("link", name="Estimate"))
    clicked(sidebar.get_by_role("link", name="Estimate"), page.get_by_role("heading", name="Your situation"))
    page.wait_for_url(re.compile(r"/\?lang=English$"))  # the Compare page's amounts read alike: wait for the page
    expect(amount_label(page)).to_have_text(re.compile(r"^Monthly pension at "))
    expect(value).to_have_text(amount)

    address = urlsplit(page.url)
    assert parse_qs(address.query) == {"lang": ["English"]}, page.url
    assert address.path in ("", "/") and not address.fragment, page.url
    log = app_server.output()
    found = [written for written in AVERAGE_WRITTEN + BIRTH_WRITTEN if written in log]
    assert not found, f"the server's log holds the member's data ({found}):\n{log[-3000:]}"
