"""The largest WebSocket messages the app exchanges with a page, in each direction, against `server.maxMessageSize`
(which bounds both: what a client may send and what the app may send): the example member's page with every
chart's tab and table opened, in Spanish and English, then the comparison and rules pages.

    .venv/bin/python benchmarks/message_sizes.py

Prints the largest message each way and the limit in force (docs/deployment.md, *One request never takes a
host down*)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.served_app import APP, launch_chromium, serve  # noqa: E402


def largest_messages() -> tuple[int, int]:
    """(largest message the page received, largest it sent), in bytes, over the flow described above."""
    from playwright.sync_api import expect, sync_playwright

    from tests.browser.test_app_browser import MONEY, amount_shown, open_app, open_charts

    received, sent = [0], [0]

    def watch(websocket) -> None:
        websocket.on("framereceived", lambda payload: received.append(len(payload)))
        websocket.on("framesent", lambda payload: sent.append(len(payload)))

    with serve(APP) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.set_default_timeout(60_000)
        page.on("websocket", watch)
        for lang in ("es", "en"):
            open_app(page, server.url, f"?lang={lang}")
            expect(amount_shown(page)).to_have_text(MONEY)
            tabs = open_charts(page)
            for tab in tabs.get_by_role("tab").all():
                tab.click()
                expect(tabs.get_by_role("tabpanel").locator(".js-plotly-plot .main-svg").first).to_be_visible()
                tabs.get_by_role("tabpanel").get_by_test_id("stExpander").get_by_text(
                    re.compile("Ver la tabla de números|See the table of numbers")).first.click()
                expect(tabs.get_by_role("tabpanel").get_by_test_id("stDataFrame")).to_be_visible()
        for path in ("Comparar", "Reglas_y_supuestos"):
            open_app(page, server.url, path)
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
        browser.close()
    return max(received), max(sent)


def main() -> int:
    import tomllib

    received, sent = largest_messages()
    limit = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"].get("maxMessageSize", 200)
    print(f"largest message to the page: {received:,} bytes ({received / 1e6:.3f} MB)")
    print(f"largest message from the page: {sent:,} bytes ({sent / 1e6:.3f} MB)")
    print(f"server.maxMessageSize: {limit} MB ({limit * 1_000_000:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
