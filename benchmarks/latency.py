"""What a user waits for after changing an input: this app against a minimal Streamlit page, in one run.

    python benchmarks/latency.py [--repeat 20] [--warmup 1]

Starts two `streamlit run` servers on free ports (this app, and a minimal page written to a temporary
folder: a number input and `st.write` of twice its value), opens each in the system Chromium
(`/usr/bin/chromium`, driven by Playwright; never `playwright install`) and, `--repeat` times, types a new
value into a number input, commits it with Enter and times (time.perf_counter around the Playwright
calls) from the commit until:

- "visible": the app's status widget ("Running…", `[data-testid="stStatusWidget"]`) is absent and the
  expected new text is on screen — for this app the monthly pension changes ("Retribución promedio anual",
  key `average_annual_text`, alternates between 36000 and 36100); for the minimal page, its written value;
- "settled": that, and the rerun has finished: no element is still marked stale from the previous run
  (`[data-stale="true"]`). Streamlit shows its status widget only after a delay, so on a fast rerun the
  first figure can be reached while the rest of the page is still being replaced.

Then, on the app's page, the explorer (ui/answer/explorer.py): its start-age slider (a range input named "Edad al
comenzar la pensión") is moved with the keyboard, `--repeat` times (Arrow Right, then Arrow Left, a month
each), timing each key press until the explorer shows the amount of the new age, and counting every
WebSocket frame the page sends to the server meanwhile (it answers from the grid sent with the page, so
this must be 0).

Prints the median and the 90th percentile in ms of each, and the app/minimal ratio of the medians (the
figure to compare across machines: the machine is noisy); for the explorer, its median against the minimal
page's "visible" median. `--warmup` changes are made first, unmeasured (the first rerun pays for
first-time imports). No assertions.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from scripts.served_app import APP, CHROMIUM, ROOT, launch_chromium, serve  # noqa: E402

WAIT_MS = 30_000

MINIMAL_PAGE = '''import streamlit as st

value = st.number_input("Valor", value=1.0, step=1.0, key="value")
st.write(f"Doble: {value * 2}")
'''

# True once the status widget is gone and the watched text is the expected one (or, with no expected text,
# differs from the previous one); with `settled`, also once no element is still stale from the last run.
READY = """([selector, expected, previous, settled]) => {
    if (document.querySelector('[data-testid="stStatusWidget"]')) return false;
    if (settled && document.querySelector('[data-stale="true"]')) return false;
    const texts = Array.from(document.querySelectorAll(selector), e => e.textContent.trim());
    if (expected !== null) return texts.includes(expected);
    return texts.length > 0 && texts[0] !== previous;
}"""


@dataclass
class Target:
    name: str
    script: Path
    cwd: Path
    input_selector: str      # the number input to change
    watch_selector: str      # the text that shows the result
    values: tuple[str, str]  # alternated, starting with a change from the page's default
    expected: dict[str, str | None]  # value → the text it should show (None: "a different text")
    visible_ms: list[float] = field(default_factory=list)
    settled_ms: list[float] = field(default_factory=list)
    failures: int = 0


def change(page: Page, target: Target, value: str, previous: str | None) -> tuple[float, float] | None:
    """Type a value, commit it with Enter; (ms until visible, ms until settled), or None on a timeout."""
    field_ = page.locator(target.input_selector)
    field_.fill(value)
    args = [target.watch_selector, target.expected[value], previous]
    start_ = time.perf_counter()
    field_.press("Enter")
    try:
        page.wait_for_function(READY, arg=[*args, False], polling="raf", timeout=WAIT_MS)
        visible = time.perf_counter()
        page.wait_for_function(READY, arg=[*args, True], polling="raf", timeout=WAIT_MS)
        settled = time.perf_counter()
    except Exception as error:  # a timeout: count it, go on
        print(f"  {target.name}: no result after {WAIT_MS} ms for {value} ({type(error).__name__})", file=sys.stderr)
        return None
    return (visible - start_) * 1000, (settled - start_) * 1000


def watched_text(page: Page, target: Target) -> str:
    return page.locator(target.watch_selector).first.text_content().strip()


def measure(page: Page, url: str, target: Target, repeat: int, warmup: int) -> None:
    page.goto(url)
    page.locator(target.input_selector).wait_for(timeout=60_000)
    page.locator(target.watch_selector).first.wait_for(timeout=60_000)
    page.wait_for_function(READY, arg=[target.watch_selector, None, None, True], polling="raf", timeout=60_000)
    for i in range(warmup + repeat):
        value = target.values[i % 2]
        timing = change(page, target, value, watched_text(page, target))
        if i < warmup:
            continue
        if timing is None:
            target.failures += 1
            page.reload()
            page.locator(target.watch_selector).first.wait_for(timeout=60_000)
            continue
        target.visible_ms.append(timing[0])
        target.settled_ms.append(timing[1])


@dataclass
class Explorer:
    press_ms: list[float] = field(default_factory=list)
    frames_sent: int = 0
    failures: int = 0


def explore(page: Page, frames: list, repeat: int) -> Explorer:
    """Move the explorer's age with the keyboard: ms from each key press to the new amount on screen, and
    the WebSocket frames the page sent to the server meanwhile (`frames` collects them from page load)."""
    result = Explorer()
    slider = page.get_by_role("slider", name=re.compile("Edad|Age"))
    amount = page.locator(".explorer .amount")
    slider.wait_for(timeout=60_000)
    slider.focus()
    page.wait_for_timeout(1000)  # the page has settled: any frame from here on would be the explorer's
    before = len(frames)
    handle = amount.element_handle()
    for i in range(repeat):
        shown = handle.text_content()
        start_ = time.perf_counter()
        slider.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        try:
            page.wait_for_function("([element, shown]) => element.textContent !== shown", arg=[handle, shown],
                                   polling="raf", timeout=WAIT_MS)
        except Exception:  # the same amount at the next month (a flat stretch): not a measurement
            result.failures += 1
            continue
        result.press_ms.append((time.perf_counter() - start_) * 1000)
    page.wait_for_timeout(500)
    result.frames_sent = len(frames) - before
    return result


def p90(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[8]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="measured changes per page (default 20)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured changes first (default 1)")
    options = parser.parse_args()
    if not CHROMIUM.exists():
        raise SystemExit(f"{CHROMIUM} is missing: install Debian's chromium (never `playwright install`)")

    with tempfile.TemporaryDirectory(prefix="latency-") as folder:
        folder = Path(folder)
        (folder / "minimal.py").write_text(MINIMAL_PAGE)
        targets = [
            Target("app", ROOT / APP, ROOT, ".st-key-average_annual_text input",
                   '[data-testid="stMain"] .st-key-headline strong', ("36100", "36000"),
                   {"36100": None, "36000": None}),
            Target("minimal", folder / "minimal.py", folder, ".st-key-value input",
                   '[data-testid="stMarkdownContainer"]', ("2", "1"), {"2": "Doble: 4.0", "1": "Doble: 2.0"}),
        ]
        with ExitStack() as stack:  # both servers up at once, in this one run; stopped at the end
            servers = [stack.enter_context(serve(t.script, t.cwd)) for t in targets]
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                for target, server in zip(targets, servers):
                    context = browser.new_context(viewport={"width": 1400, "height": 1000})
                    page = context.new_page()
                    frames: list = []
                    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(payload)))
                    measure(page, server.url, target, options.repeat, options.warmup)
                    if target.name == "app":
                        explorer = explore(page, frames, options.repeat)
                    context.close()
                browser.close()

    print(f"streamlit {version('streamlit')}, {os.cpu_count()} cores, {options.repeat} changes per page "
          f"after {options.warmup} unmeasured")
    print(f"{'page':<8} {'visible median':>15} {'p90':>8} {'settled median':>15} {'p90':>8}  timeouts")
    for t in targets:
        if not t.visible_ms:
            print(f"{t.name:<8} no measurement ({t.failures} timeouts)")
            continue
        print(f"{t.name:<8} {statistics.median(t.visible_ms):>12.0f} ms {p90(t.visible_ms):>5.0f} ms "
              f"{statistics.median(t.settled_ms):>12.0f} ms {p90(t.settled_ms):>5.0f} ms  {t.failures}")
    app, minimal = targets
    if app.visible_ms and minimal.visible_ms:
        visible = statistics.median(app.visible_ms) / statistics.median(minimal.visible_ms)
        settled = statistics.median(app.settled_ms) / statistics.median(minimal.settled_ms)
        print(f"ratio app/minimal of the medians: visible {visible:.1f}×, settled {settled:.1f}×")
    if explorer.press_ms and minimal.visible_ms:
        press = statistics.median(explorer.press_ms)
        print(f"explorer: key press → new amount median {press:.0f} ms (p90 {p90(explorer.press_ms):.0f} ms) over "
              f"{len(explorer.press_ms)} presses ({explorer.failures} without a new amount); WebSocket messages sent "
              f"to the server while it moved: {explorer.frames_sent}; ratio to the minimal page's visible median "
              f"{press / statistics.median(minimal.visible_ms):.2f}×")


if __name__ == "__main__":
    main()
