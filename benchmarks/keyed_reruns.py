"""Whether Streamlit's keyed reruns lose a value typed while another run is under way: counted on a small page.

    .venv/bin/python benchmarks/keyed_reruns.py [--trials 20]

A change that reruns only the parts of the page that follow it (`st.rerun([keys])` from the changed box's
callback, Streamlit 1.67) is the way a change of this app's form could settle sooner (docs/performance.md). This
page has what such a form would have: a radio whose change is a whole run, and four text boxes that keep their
values in the session (`persist_state="session"`, as the form's do), each calling back for a rerun of one keyed
fragment that adds them up, slowly (150 ms: later changes arrive while it runs). Each trial clicks the radio, then
types a new number into each box with Enter, 0–120 ms apart, as a quick member would; then waits for the sum of
the four, and, after a whole run (a button), reads the boxes back. Prints each trial whose sum never came or whose
boxes lost a value, and the count of both. No assertions: a check of the library, not of this app.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from scripts.served_app import launch_chromium, need_chromium, serve  # noqa: E402

BOXES = "abcd"
PAGE = f'''import time

import streamlit as st


def after_box():
    st.rerun(["sum"])


st.radio("plan", ["x", "y"], key="plan", horizontal=True)
if st.session_state.plan == "y":
    st.caption("plan y")
for name in {BOXES!r}:
    st.text_input(name, "0", key=name, on_change=after_box, persist_state="session")


@st.fragment(key="sum")
def total():
    time.sleep(0.15)
    st.markdown("sum=" + str(sum(int(st.session_state[name] or 0) for name in {BOXES!r})))


total()
st.button("whole run", key="whole")
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20, help="trials (default 20)")
    options = parser.parse_args()
    need_chromium()
    late = lost = 0
    with tempfile.TemporaryDirectory(prefix="keyed-reruns-") as folder:
        script = Path(folder) / "page.py"
        script.write_text(PAGE)
        with serve(script, Path(folder)) as server, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page()
            page.goto(server.url)
            expect(page.get_by_text("sum=0")).to_be_visible(timeout=60_000)
            for trial in range(options.trials):
                typed = {name: str(random.randint(1, 99)) for name in BOXES}
                page.locator(".st-key-plan label").nth(1 - trial % 2).click()
                page.wait_for_timeout(random.choice([0, 20, 60]))  # a member's pace, not a wait for the page
                for name in BOXES:
                    box = page.locator(f".st-key-{name} input")
                    box.fill(typed[name])
                    box.press("Enter")
                    page.wait_for_timeout(random.choice([0, 20, 60, 120]))
                total = sum(int(value) for value in typed.values())
                try:
                    expect(page.get_by_text(f"sum={total}", exact=True)).to_be_visible(timeout=5_000)
                except AssertionError:
                    late += 1
                    print(f"trial {trial}: typed {typed}, the page shows {page.get_by_text('sum=').inner_text()}")
                page.locator(".st-key-whole button").click()
                try:  # the whole run reads the boxes from the session: their sum again, if none was lost
                    expect(page.get_by_text(f"sum={total}", exact=True)).to_be_visible(timeout=5_000)
                except AssertionError:
                    pass  # counted below, from what the boxes show
                shown = {name: page.locator(f".st-key-{name} input").input_value() for name in BOXES}
                if shown != typed:
                    lost += 1
                    print(f"trial {trial}: typed {typed}, after a whole run the boxes show {shown}")
            browser.close()
    print(f"{options.trials} trials: the sum late or wrong in {late}, a typed value lost in {lost}")


if __name__ == "__main__":
    main()
