"""Cold start to first result: from `streamlit run` to the first answer on screen, against a minimal
Streamlit page started and loaded the same way in the same run.

    python benchmarks/cold_start.py [--repeat 3]

For each repeat, a new server process is started and a new browser page opens it; the time runs from
the process start to the moment the first result is visible (this app: the example member's monthly
pension; the minimal page: its one line of text). Prints the median of each and their ratio.

The page is drawn element by element: each kind of element (a text box, a checkbox...) shows a grey placeholder
until its code has arrived. So the app's time is also taken when the form is whole: its last field on the
first screen, the retirement age's months, can be typed in (the form's code has arrived and run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.served_app import APP, ROOT, launch_chromium, serve  # noqa: E402

MINIMAL = 'import streamlit as st\nst.write("listo")\n'
FORM_WHOLE = ".st-key-retire_months_text input"  # the form's last field on the first screen, drawn


def cold_start(browser, script: Path, cwd: Path, visible: str) -> tuple[float, float]:
    """Seconds from the process start to `visible` on screen, and to the form whole (for a page other than
    this app, which has no form, the same)."""
    with serve(script, cwd) as server:
        page = browser.new_page()
        page.goto(server.url)
        page.get_by_text(visible).first.wait_for(timeout=120_000)
        elapsed = time.perf_counter() - server.started_at
        whole = elapsed
        if script == ROOT / APP:
            page.locator(FORM_WHOLE).wait_for(timeout=120_000)
            whole = time.perf_counter() - server.started_at
        page.close()
    return elapsed, whole


def paired_runs(measure, description: str) -> tuple[list, list]:
    """`measure(browser, script, cwd, visible)` for the minimal page and this app, alternately, `--repeat` times
    each (same run, same browser): the minimal page's results, then the app's."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base, app = [], []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        minimal = Path(folder) / "minimal.py"
        minimal.write_text(MINIMAL)
        browser = launch_chromium(playwright)
        for _ in range(args.repeat):
            base.append(measure(browser, minimal, Path(folder), "listo"))
            app.append(measure(browser, ROOT / APP, ROOT, "Pensión mensual a los"))
        browser.close()
    return base, app


def main() -> None:
    base, app = paired_runs(cold_start, __doc__)
    base_first = [first for first, _ in base]
    app_first, app_whole = [first for first, _ in app], [whole for _, whole in app]
    runs = lambda times: ", ".join(f"{x:.2f}" for x in times)  # noqa: E731
    base_median = statistics.median(base_first)
    print(f"minimal page: start to first text   {base_median:6.2f} s  (runs: {runs(base_first)})")
    print(f"this app:     start to first result {statistics.median(app_first):6.2f} s  (runs: {runs(app_first)})")
    print(f"              start to form whole   {statistics.median(app_whole):6.2f} s  (runs: {runs(app_whole)})")
    print(f"ratio:        first result {statistics.median(app_first) / base_median:.2f}, "
          f"form whole {statistics.median(app_whole) / base_median:.2f}")


if __name__ == "__main__":
    main()
