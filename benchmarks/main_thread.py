"""Where the browser's main thread spends a change: one input of the first screen against the minimal page's
number, in one run, by kind of work.

    .venv/bin/python benchmarks/main_thread.py [--only salary] [--changes 12] [--scripts]

Serves this app and `latency.py`'s minimal page, as `latency.py` does, and opens each in the system Chromium. Each
page is changed a few times unmeasured, then `--changes` times (there and back) under a trace of the page's main
thread (Chrome's `devtools.timeline` events, which DevTools' performance panel reads): the app's changes first, then
the minimal page's. Prints, for each kind of work (JavaScript run by an event or a timer, style, layout, painting,
the compositor's share, garbage collection), its milliseconds a change on each page, how many such events a change
had, and the app's time against the minimal page's. With `--scripts`, also the JavaScript's own time by script
file (a CPU profile of the same changes, sampled every 0.1 ms): which library's code it is.

Figures per change include the quiet wait after it (`latency.py`'s `QUIET_MS`), as the page does little then. A
trace slows the page: compare the two pages of the same run, not a trace with `latency.py`'s times. No assertions.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

import latency  # noqa: E402
from scripts.served_app import APP, ROOT, launch_chromium, need_chromium, serve  # noqa: E402

# The trace's events by kind of work, in the order printed (names as Chrome writes them).
KINDS = (("JavaScript", "FunctionCall"), ("style", "UpdateLayoutTree"), ("layout", "Layout"),
         ("paint", "Paint"), ("pre-paint", "PrePaint"), ("layers", "Layerize"), ("commit to compositor", "Commit"),
         ("garbage collection", "MinorGC"), ("animation frames", "FireAnimationFrame"), ("timers", "TimerFire"))


def traced(browser, watched: latency.Watched, act, changes: int) -> tuple[Counter, Counter]:
    """Milliseconds and counts of each event on the page's main thread over `changes` changes."""
    browser.start_tracing(page=watched.page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    for number in range(changes):
        watched.change(act, number % 2 == 0)
    events = json.loads(browser.stop_tracing())
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    time, count = Counter(), Counter()
    for event in events:
        if (event.get("pid"), event.get("tid")) in main and event.get("ph") == "X" and "dur" in event:
            time[event["name"]] += event["dur"] / 1000
            count[event["name"]] += 1
    return time, count


def by_script(watched: latency.Watched, act, changes: int) -> Counter:
    """The JavaScript's own time (ms) by script file, over `changes` changes (Chrome's sampling profiler)."""
    cdp = watched.cdp
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
    cdp.send("Profiler.start")
    for number in range(changes):
        watched.change(act, number % 2 == 0)
    profile = cdp.send("Profiler.stop")["profile"]
    nodes = {node["id"]: node for node in profile["nodes"]}
    spent = Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"][1:] + [0]):
        frame = nodes[sample]["callFrame"]
        url = frame["url"].rsplit("/", 1)[-1].split("?")[0]
        if re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", url):
            url = "the app's components (ui/shell, ui/answer/explorer.js)"  # Streamlit loads each as a blob
        if url:  # the browser's own work ("(program)", idle, collection) is in the trace's kinds instead
            spent[url] += delta / 1000
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="salary", help="the first input whose name contains this (default salary)")
    parser.add_argument("--changes", type=int, default=12, help="changes traced on each page (default 12)")
    parser.add_argument("--scripts", action="store_true", help="also the JavaScript's own time by script file")
    options = parser.parse_args()
    need_chromium()
    item = latency.one_input(options.only)
    with tempfile.TemporaryDirectory(prefix="main-thread-") as folder:
        folder = Path(folder)
        (folder / "minimal.py").write_text(latency.MINIMAL_PAGE)
        with ExitStack() as stack, sync_playwright() as playwright:
            app_server = stack.enter_context(serve(ROOT / APP, ROOT))
            minimal_server = stack.enter_context(serve(folder / "minimal.py", folder))
            browser = launch_chromium(playwright)
            app = latency.Watched(browser, app_server.url, app_server.process.pid)
            small = latency.Watched(browser, minimal_server.url, minimal_server.process.pid)
            app.page.locator(".st-key-service_years_text input").wait_for(timeout=60_000)
            app.settle()
            small.settle()
            for number in range(4):  # first-time work (imports, the lazy code of each element) left out
                app.change(item.act, number % 2 == 0)
                small.change(latency.minimal_act, number % 2 == 0)
            app_time, app_count = traced(browser, app, item.act, options.changes)
            small_time, small_count = traced(browser, small, latency.minimal_act, options.changes)
            scripts = by_script(app, item.act, options.changes) if options.scripts else Counter()
            browser.close()

    n = options.changes
    print(f"{item.name} against the minimal page's number, {n} changes each, milliseconds a change "
          f"(events a change)")
    print(f"{'work':<22} {'this app':>16} {'minimal page':>16} {'×':>6}")
    for label, name in KINDS:
        ours, theirs = app_time[name] / n, small_time[name] / n
        ratio = f"{ours / theirs:.1f}" if theirs else "-"
        print(f"{label:<22} {ours:7.1f} ({app_count[name] / n:5.1f}) {theirs:7.1f} ({small_count[name] / n:5.1f}) "
              f"{ratio:>6}")
    if scripts:
        print(f"\nthis app's JavaScript by script file, milliseconds a change ({item.name}):")
        for url, spent in scripts.most_common(12):
            print(f"  {spent / n:6.1f}  {url}")


if __name__ == "__main__":
    main()
