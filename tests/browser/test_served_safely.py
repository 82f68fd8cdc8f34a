"""Served safely, in a real browser: the app as `scripts/run-app` serves it (serve.py) draws everything under its
Content-Security-Policy with no violation, no other site can frame it, and a page that fails shows a message in
the member's language, keeps what was entered and logs nothing but the exception's type."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scripts.served_app import serve

from .test_app_browser import MONEY, amount_shown, open_app, open_charts

pytestmark = pytest.mark.browser

# Every CSP violation the page reports, whatever the page (the listener is added before any script runs).
WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sample || '')));
"""


def watch_csp(page: Page) -> list[str]:
    """CSP violations as the console reports them (collected across page loads)."""
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text)
            if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text else None)
    page.add_init_script(WATCH_CSP)
    return reported


def violations(page: Page, console: list[str]) -> list[str]:
    return console + page.evaluate("window.__cspViolations || []")


def test_the_app_renders_and_draws_its_charts_with_no_csp_violation(page, app_url):
    console = watch_csp(page)
    response = page.goto(f"{app_url}/")
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    expect(amount_shown(page)).to_have_text(MONEY)
    charts = open_charts(page)  # plotly has drawn
    charts.get_by_role("tab", name="Edad de retiro × servicio adicional").click()  # the heat map
    expect(charts.get_by_role("tabpanel").locator(".js-plotly-plot .main-svg").first).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "es")  # the app's one inline script ran
    sidebar = page.get_by_test_id("stSidebar")
    value = amount_shown(page)
    size = value.evaluate("element => getComputedStyle(element).fontSize")
    sidebar.get_by_text("Modo de sesión (letra grande)").click()  # the app's inline <style> takes effect
    expect(value).not_to_have_css("font-size", size)
    sidebar.get_by_role("radio", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    sidebar.get_by_role("link", name="Compare scenarios").click()
    expect(page.get_by_role("heading", name="Compare scenarios", level=1)).to_be_visible()
    sidebar.get_by_role("link", name="Rules and assumptions").click()
    expect(page.get_by_role("heading", name="Rules and assumptions", level=1)).to_be_visible()
    assert violations(page, console) == []


@pytest.mark.parametrize("path, heading", [("Comparar", "Comparar escenarios"),
                                           ("Reglas_y_supuestos", "Reglas y supuestos")])
def test_a_deep_link_opens_its_page_with_no_csp_violation(page, app_url, path, heading):
    console = watch_csp(page)
    open_app(page, app_url, path)
    expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible()
    expect(page.get_by_test_id("stSidebar").get_by_role("link", name="Estimado")).to_be_visible()  # the frame
    assert violations(page, console) == []


def test_another_site_cannot_show_the_app_in_a_frame(page, app_url):
    with page.expect_console_message(lambda message: "frame-ancestors" in message.text) as blocked:
        page.set_content(f'<iframe src="{app_url}/" width="800" height="600"></iframe>')
    assert "frame-ancestors 'none'" in blocked.value.text
    assert page.frames[1].url.startswith("chrome-error://")  # Chromium's error page instead of the app
    expect(page.frame_locator("iframe").get_by_test_id("stApp")).to_have_count(0)


# --- A page that fails on purpose (tests/apps/failing_page.py, served like the app) ---------------------

FAILING_VALUE = "4242.42"


@pytest.fixture(scope="module")
def failing_server(chromium_path):
    with serve("tests/apps/serve_failing.py") as server:
        yield server


@pytest.mark.parametrize("query, message", [
    ("", "No se pudo preparar esta parte de la página por un error inesperado. Los datos que entró se conservan"),
    ("?lang=English", "This part of the page could not be prepared because of an unexpected error. "
                      "The data you entered is kept"),
])
def test_a_failing_page_says_so_in_the_members_language_and_keeps_the_inputs(page, failing_server, query, message):
    page.goto(f"{failing_server.url}/{query}")
    note, amount = page.get_by_label("Nota"), page.get_by_label("Monto")
    note.fill("nota-7")
    note.press("Enter")
    expect(page.get_by_text("Listo:  / nota-7")).to_be_visible()
    amount.fill(FAILING_VALUE)
    amount.press("Enter")  # the page raises an exception whose message carries the value

    alert = page.get_by_test_id("stAlert").filter(has_text=message)
    expect(alert).to_be_visible()
    expect(alert).not_to_contain_text(FAILING_VALUE)
    expect(page.get_by_test_id("stException")).to_have_count(0)  # no Streamlit error box, no traceback
    expect(page.get_by_test_id("stMain")).not_to_contain_text("ValueError")
    expect(page.get_by_label("Nota")).to_have_count(0)  # the page stopped before drawing it...

    amount.fill("100")
    amount.press("Enter")
    expect(page.get_by_text("Listo: 100 / nota-7")).to_be_visible()  # ...and the member's note was kept
    expect(page.get_by_label("Nota")).to_have_value("nota-7")
    expect(alert).to_have_count(0)


def test_a_failing_page_logs_the_exception_type_and_no_value(page, failing_server):
    page.goto(f"{failing_server.url}/")
    amount = page.get_by_label("Monto")
    amount.fill(FAILING_VALUE)
    amount.press("Enter")
    expect(page.get_by_test_id("stAlert")).to_be_visible()
    log = failing_server.output()
    assert re.search(r"Uncaught app execution \(ValueError\)", log), log
    assert FAILING_VALUE not in log and "4242" not in log, log
    assert "Traceback" not in log and "failing_page.py" not in log, log
