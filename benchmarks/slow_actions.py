"""The actions that used to be slow, against a minimal Streamlit page's round trip measured in the same run.

    python benchmarks/slow_actions.py [--repeat 8]

Starts this app and the minimal page of `benchmarks/latency.py` (a number input and `st.write` of twice its
value) on free ports, drives each in the system Chromium (Playwright; never `playwright install`) and times
with time.perf_counter around the Playwright calls:

- "minimal round trip": on the minimal page, from Enter pressed in its number input until its new text shows;
- "open the charts": from a click (the mouse's own, at the element's centre: see `aim`) on the closed section
  *Ver los gráficos…* until its first chart is drawn (a plotly plot with its axis labels) and the page has
  settled (no status widget, nothing stale); the section is closed again between tries;
- "load a saved file": from giving *Cargar datos guardados* a file (two saved files alternate, whose amounts
  differ) until the page says it loaded it, shows the file's amount, and has settled;
- "a number, this page": the floor under "load a saved file" on this page: from Enter pressed in the form's
  average (the two averages of the saved files alternate) until the page shows its amount and has settled. The
  saved file is that run plus the uploader's own round trips;
- "comparison PDF": on the comparison page with two scenarios, from a click on *Descargar la comparación
  (PDF)* until the browser has the file;
- "charts, first, at once" and "charts, first, after 3 s": the charts' first opening on a page just opened
  in a new browser context (nothing cached), clicked as soon as the page has settled or after 3 s without a
  touch: Streamlit fetches and runs its chart code (4.7 MB) only for a first chart, unless the page has run it
  ahead once quiet for 2 s (ui/shell/page_hints.py). "open the charts" above is every later opening;
- "the same chart, minimal page": the floor under "open the charts": a minimal page (a number input and an
  expander that reruns when opened, as the app's) opening the example member's age chart, the very figure
  the app sends, measured the same way. What the app takes above it is its page: Streamlit's rendering of
  the elements each run touches, not the section's own parts or the page's layout (docs/performance.md);
- "a bare line, minimal page": the same minimal page drawing a plotly figure of one line through two points,
  no title, no labels: what Streamlit and plotly take to draw any chart at all;
- "same chart, min., first" and "same chart, min., code ahead": the floors under the charts' first opening: that
  minimal page's first opening of the same chart in a new browser context, clicked as soon as it has settled,
  without and with Streamlit's chart code run first (as the app's page does once quiet);
- "a file, minimal page": the floor under "load a saved file": a minimal page with Streamlit's file uploader
  and one line of text naming the file it holds, from giving it a file until that name shows and the page has
  settled (the uploader's own round trips: where to send the file, the file, the run).

Each action is done once unmeasured-for-the-median first: that first try (which pays for importing the
charts' or the PDF's libraries in a fresh server) is printed on its own. Prints, for each, the first try, the
median and the worst of the others in ms, and the ratio of the median to the minimal round trip's median
(the figure to compare across machines). No assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from benchmarks.latency import MINIMAL_PAGE  # noqa: E402
from scripts.served_app import APP, ROOT, launch_chromium, need_chromium, serve  # noqa: E402

# In the page: once no run is under way (and, with `settled`, nothing is stale), whether an element matching
# `selector` has the `expected` text (or, with `expected` null, a first text other than `previous`).
READY = """([selector, expected, previous, settled]) => {
    if (document.querySelector('[data-testid="stStatusWidget"]')) return false;
    if (settled && document.querySelector('[data-stale="true"]')) return false;
    const texts = Array.from(document.querySelectorAll(selector), e => e.textContent.trim());
    if (expected !== null) return texts.includes(expected);
    return texts.length > 0 && texts[0] !== previous;
}"""

WAIT_MS = 60_000
CHARTS = "Ver los gráficos"
SETTLED = ("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
           " && !document.querySelector('[data-stale=\"true\"]')")


# Every "until" is checked at each frame the browser draws (`polling="raf"`). Playwright's own waits
# (`expect`, `locator.wait_for`) look again after 0, 20, 50, 100, 100 and then every 500 ms, which would add
# up to half a second to a figure whose action ends after about 270 ms.
DRAWN = "() => !!document.querySelector('.js-plotly-plot .xtick text')"
TEXTS_SHOWN = """(texts) => {
    const shown = Array.from(document.querySelectorAll('[data-testid="stMarkdownContainer"], .st-key-headline strong'),
                             e => e.textContent.trim());
    return texts.every(text => shown.some(s => s.includes(text)));
}"""


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED, polling="raf", timeout=WAIT_MS)


# What is timed starts with the press itself. Playwright's `locator.click()` first checks the element the way a
# test must (attached, visible, still for two frames, not covered: 60-120 ms here, more on a busier page) —
# nothing a person's click waits for. So the element is brought into view and found before the clock starts,
# and the click is the mouse's own, at its centre.
def aim(locator) -> tuple[float, float]:
    """The centre of `locator`, scrolled into view: where a person would click."""
    locator.scroll_into_view_if_needed(timeout=WAIT_MS)
    box = locator.bounding_box(timeout=WAIT_MS)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def minimal_round_trips(page: Page, url: str, repeat: int) -> list[float]:
    page.goto(url)
    field = page.locator(".st-key-value input")
    field.wait_for(timeout=WAIT_MS)
    times = []
    for i in range(repeat + 1):
        value = ("2", "1")[i % 2]
        field.fill(value)  # the box keeps the focus: Enter is a key pressed, as a person does
        start = time.perf_counter()
        page.keyboard.press("Enter")
        page.wait_for_function(READY, arg=['[data-testid="stMarkdownContainer"]', f"Doble: {float(value) * 2}",
                                           None, False], polling="raf", timeout=WAIT_MS)
        times.append((time.perf_counter() - start) * 1000)
    return times


def open_charts(page: Page, repeat: int) -> list[float]:
    settle(page)
    summary = page.get_by_test_id("stMain").locator("details > summary", has_text=CHARTS).first
    times = []
    for i in range(repeat + 1):
        settle(page)
        x, y = aim(summary)
        start = time.perf_counter()
        page.mouse.click(x, y)
        page.wait_for_function(DRAWN, polling="raf", timeout=WAIT_MS)
        settle(page)
        times.append((time.perf_counter() - start) * 1000)
        summary.click()  # closed again: the next try opens it anew
        expect(page.locator(".js-plotly-plot")).to_have_count(0, timeout=WAIT_MS)
    return times


# What the app's page does once quiet (ui/shell/page_hints.py), done here by hand on the minimal page: Streamlit's
# chart code fetched and run, as Streamlit itself does for a first chart.
RUN_CHART_CODE_AHEAD = """async (name) => {
    const streamlit = document.querySelector('script[type="module"][src*="/static/js/index."]');
    await import(new URL(name, streamlit.src).href);
}"""


def first_openings(browser, url: str, repeat: int, quiet_ms: int, shown: str = ".st-key-headline strong",
                   code_ahead: bool = False) -> list[float]:
    """The charts' first opening on a page just opened, each try in a new browser context (nothing cached, as a
    first visit): clicked as soon as the page has settled (`quiet_ms` 0), or after a member has read it for
    `quiet_ms` without touching it (the app's page runs Streamlit's chart code ahead after 2 s of quiet).
    `shown` is what the page shows once drawn; `code_ahead` runs the chart code first, as the app's page does
    (for the minimal page, which does not)."""
    from ui.shell.page_hints import chart_code

    times = []
    for _ in range(repeat + 1):
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        page = context.new_page()
        page.goto(url)
        page.locator(shown).wait_for(timeout=WAIT_MS)
        settle(page)
        if code_ahead:
            page.evaluate(RUN_CHART_CODE_AHEAD, chart_code())
        page.wait_for_timeout(quiet_ms)  # the member reading: the scenario measured, not a wait for the page
        times.append(open_charts(page, 0)[0])
        context.close()
    return times


def chart_page(folder: Path) -> Path:
    """A minimal page whose expander, once opened, draws the example member's age chart as the app sends it."""
    from ui.answer.charts import age_chart
    from ui.form.member import build_member
    from ui.form.form import _values
    from ui.form.example import example

    today = date.today()
    member, _ = build_member(_values(example(today)), today, "es")
    (folder / "figure.json").write_text(age_chart(member, "es").figure.to_json())
    page = folder / "chart.py"
    page.write_text(MINIMAL_PAGE + f"""
import json
import plotly.graph_objects as go

with st.expander("{CHARTS}", key="open", on_change="rerun") as shown:
    if shown.open:
        figure = go.Figure(json.loads(open({str(folder / "figure.json")!r}).read()))
        st.plotly_chart(figure, key="chart", config={{"displaylogo": False, "displayModeBar": False}})
""")
    return page


def bare_chart_page(folder: Path) -> Path:
    """The minimal chart page with a figure of one line through two points and nothing else."""
    page = folder / "bare_chart.py"
    page.write_text(MINIMAL_PAGE + f"""
import plotly.graph_objects as go

with st.expander("{CHARTS}", key="open", on_change="rerun") as shown:
    if shown.open:
        figure = go.Figure(go.Scatter(x=[55, 65], y=[1000, 1500], mode="lines"))
        st.plotly_chart(figure, key="chart", config={{"displaylogo": False, "displayModeBar": False}})
""")
    return page


def upload_page(folder: Path) -> Path:
    """A minimal page with Streamlit's file uploader and a line naming the file it holds."""
    page = folder / "upload.py"
    page.write_text(MINIMAL_PAGE + """
held = st.file_uploader("Cargar datos guardados", type=["json"], key="saved_upload")
st.write(f"Archivo: {held.name}" if held else "Ningún archivo")
""")
    return page


def minimal_uploads(page: Page, repeat: int) -> list[float]:
    uploader = page.locator(".st-key-saved_upload input[type=file]")
    uploader.wait_for(state="attached", timeout=WAIT_MS)
    times = []
    for i in range(repeat + 1):
        settle(page)
        start = time.perf_counter()
        uploader.set_input_files({"name": f"datos-{i}.json", "mimeType": "application/json",
                                  "buffer": saved_file((41000.0, 42000.0)[i % 2])})
        page.wait_for_function(READY, arg=['[data-testid="stMarkdownContainer"]', f"Archivo: datos-{i}.json",
                                           None, True], polling="raf", timeout=WAIT_MS)
        times.append((time.perf_counter() - start) * 1000)
    return times


def saved_file(average: float) -> bytes:
    from ui.form.saved import dump_inputs
    from ui.form.example import example

    return dump_inputs(example(date.today()) | {"average_annual": average})


def load_saved(page: Page, repeat: int) -> list[float]:
    from estimator.arithmetic.display import money

    section = page.get_by_test_id("stExpander").filter(has_text="Guardar o cargar los datos")
    section.get_by_text("Guardar o cargar los datos").click()
    uploader = page.locator(".st-key-saved_upload input[type=file]")
    amounts = {average: money(_amount(average)) for average in (41000.0, 42000.0)}
    times = []
    for i in range(repeat + 1):
        average = (41000.0, 42000.0)[i % 2]
        settle(page)
        start = time.perf_counter()
        uploader.set_input_files({"name": f"datos-{i}.json", "mimeType": "application/json",
                                  "buffer": saved_file(average)})
        page.wait_for_function(TEXTS_SHOWN, arg=[f"Se cargaron los datos guardados de «datos-{i}.json».",
                                                 amounts[average]], polling="raf", timeout=WAIT_MS)
        settle(page)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _amount(average: float):
    from estimator import estimate
    from ui.form.form import _values
    from ui.form.member import build_member
    from ui.form.example import example

    today = date.today()
    member, _ = build_member(_values(example(today) | {"average_annual": average}), today, "es")
    return estimate(member.scenario).monthly_pension


def number_changes(page: Page, repeat: int) -> list[float]:
    """The form's average typed anew, as in `load_saved` but with the keyboard: one run of this page."""
    from estimator.arithmetic.display import money

    field = page.locator(".st-key-average_annual_text input")
    amounts = {average: money(_amount(average)) for average in (41000.0, 42000.0)}
    settle(page)
    order = (42000.0, 41000.0) if "41,000" in field.input_value() else (41000.0, 42000.0)  # each try a change
    times = []
    for i in range(repeat + 1):
        average = order[i % 2]
        settle(page)
        field.fill(f"{average:,.2f}")  # the box keeps the focus: Enter is a key pressed, as a person does
        start = time.perf_counter()
        page.keyboard.press("Enter")
        page.wait_for_function(TEXTS_SHOWN, arg=[amounts[average]], polling="raf", timeout=WAIT_MS)
        settle(page)
        times.append((time.perf_counter() - start) * 1000)
    return times


def comparison_pdf(page: Page, repeat: int) -> list[float]:
    for n in (1, 2):
        settle(page)
        page.get_by_role("button", name=__import__("re").compile("^Añadir a la comparación el escenario")).click()
        expect(page.get_by_text(f"Escenario añadido a la comparación ({n} de 4).")).to_be_visible(timeout=WAIT_MS)
        settle(page)
        page.locator(".st-key-average_annual_text input").fill("37000")
        page.locator(".st-key-average_annual_text input").press("Enter")
        settle(page)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Comparar escenarios").click()
    button = page.get_by_role("button", name="Descargar la comparación (PDF)")
    button.wait_for(timeout=WAIT_MS)
    times = []
    for i in range(repeat + 1):
        settle(page)
        x, y = aim(button)
        start = time.perf_counter()
        with page.expect_download(timeout=WAIT_MS) as started:
            page.mouse.click(x, y)
        started.value.path()  # the whole file, saved by the browser
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=8, help="measured tries of each action (default 8)")
    options = parser.parse_args()
    need_chromium()
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="slow-actions-") as folder:
        folder = Path(folder)
        (folder / "minimal.py").write_text(MINIMAL_PAGE)
        with serve(ROOT / APP, ROOT) as app, serve(folder / "minimal.py", folder) as minimal, \
                serve(chart_page(folder), folder) as chart, serve(bare_chart_page(folder), folder) as bare, \
                serve(upload_page(folder), folder) as uploads, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True).new_page()
            results["minimal round trip"] = minimal_round_trips(page, minimal.url, options.repeat)
            page.goto(app.url)
            page.locator(".st-key-headline strong").wait_for(timeout=WAIT_MS)
            settle(page)
            results["open the charts"] = open_charts(page, options.repeat)
            results["load a saved file"] = load_saved(page, options.repeat)
            results["a number, this page"] = number_changes(page, options.repeat)
            results["comparison PDF"] = comparison_pdf(page, options.repeat)
            results["charts, first, at once"] = first_openings(browser, app.url, options.repeat, 0)
            results["charts, first, after 3 s"] = first_openings(browser, app.url, options.repeat, 3000)
            page.goto(chart.url)
            page.locator(".st-key-value input").wait_for(timeout=WAIT_MS)
            results["the same chart, minimal page"] = open_charts(page, options.repeat)
            page.goto(bare.url)
            page.locator(".st-key-value input").wait_for(timeout=WAIT_MS)
            results["a bare line, minimal page"] = open_charts(page, options.repeat)
            minimal_chart = ".st-key-value input"
            results["same chart, min., first"] = first_openings(browser, chart.url, options.repeat, 0, minimal_chart)
            results["same chart, min., code ahead"] = first_openings(browser, chart.url, options.repeat, 0,
                                                                     minimal_chart, code_ahead=True)
            page.goto(uploads.url)
            results["a file, minimal page"] = minimal_uploads(page, options.repeat)
            results["minimal round trip, again"] = minimal_round_trips(page, minimal.url, options.repeat)
            browser.close()
    base = statistics.median(results["minimal round trip"][1:] + results["minimal round trip, again"][1:])
    print(f"streamlit {version('streamlit')}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, "
          f"{options.repeat} tries each after a first one")
    print(f"{'action':<28} {'first':>9} {'median':>9} {'worst':>9}  ratio to the minimal round trip ({base:.0f} ms)")
    for name, (first, *times) in results.items():
        median = statistics.median(times)
        print(f"{name:<28} {first:>6.0f} ms {median:>6.0f} ms {max(times):>6.0f} ms  {median / base:.1f}×")
    print(json.dumps({name: round(statistics.median(times[1:])) for name, times in results.items()}))


if __name__ == "__main__":
    main()
