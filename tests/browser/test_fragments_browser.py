"""What a change sends back, measured in the browser: a view that reruns by itself (a Streamlit fragment)
receives only its own elements, not the whole page again. Counted from the WebSocket's messages, relative to a
change of the form measured in the same page (no timing)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ui.shell.text import ui_text

from .test_app_browser import MONEY, amount_shown, number_input, open_app, type_number

pytestmark = pytest.mark.browser


def decoded(payload):
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    message = ForwardMsg()
    if isinstance(payload, (bytes, bytearray)):
        message.ParseFromString(bytes(payload))
    return message


def deltas_of_one_run(page: Page, socket, act) -> int:
    """The elements the server sends for the run that `act` causes, counted up to its `script_finished`. Any
    run before it has ended first (the page says so): on a loaded machine the run the previous step caused could
    still be sending, and its `script_finished` was taken for this one's (counted 1 element for the whole page,
    then the page's 102 for the view)."""
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning", timeout=60_000)
    received: list = []
    listener = lambda payload: received.append(decoded(payload))  # noqa: E731
    socket.on("framereceived", listener)
    with socket.expect_event("framereceived", predicate=lambda p: decoded(p).HasField("script_finished")):
        act()
    socket.remove_listener("framereceived", listener)
    return sum(1 for message in received if message.HasField("delta"))


def test_the_lifetime_views_own_ages_resend_only_that_view(page: Page, app_server):
    sockets = []
    page.on("websocket", lambda socket: sockets.append(socket))
    open_app(page, app_server.url)
    expect(amount_shown(page)).to_have_text(MONEY)
    socket = sockets[-1]
    title = ui_text("lifetime.heading", "es")
    deltas_of_one_run(page, socket, lambda: page.get_by_text(title).click())
    other = page.get_by_role("textbox", name=ui_text("lifetime.other", "es"))
    expect(other).to_be_visible()

    whole_page = deltas_of_one_run(page, socket, lambda: type_number(
        number_input(page, "service_years", "años"), "26"))
    own_view = deltas_of_one_run(page, socket, lambda: type_number(other, "62"))
    expect(page.get_by_test_id("stExpander").filter(has_text=title).get_by_text("62", exact=False).first) \
        .to_be_visible()
    assert own_view * 3 < whole_page, (own_view, whole_page)


CHART_CODE_FETCHES = ("() => performance.getEntriesByType('resource')"
                      ".filter(e => e.name.includes('/static/js/PlotlyChart.')).length")


def test_the_charts_code_is_run_ahead_once_the_page_is_quiet(page: Page, app_url):
    """Streamlit fetches and runs the code of its plotly element only when a first chart is drawn (a second on
    the first opening of the charts). Once the estimate page has been quiet for 2 s the page runs it ahead
    (ui/shell/page_hints.py): the code arrives with no chart drawn, and opening the charts then fetches nothing
    more."""
    from .test_app_browser import open_charts

    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    page.wait_for_function(f"() => ({CHART_CODE_FETCHES})() === 1", timeout=60_000)  # what the page did, no clock
    expect(page.locator(".js-plotly-plot")).to_have_count(0)
    open_charts(page)
    assert page.evaluate(CHART_CODE_FETCHES) == 1
