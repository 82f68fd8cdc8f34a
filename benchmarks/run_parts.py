"""Where a change's run goes on the server: the whole script's run and each part of the page, timed in a served
process while one input of the first screen is changed.

    .venv/bin/python benchmarks/run_parts.py [--only salary] [--changes 30]

Serves this app with a `sitecustomize` module (written to a temporary folder on the server's path) that wraps
Streamlit's run of a script and the page's parts (the frame, reading the form, the answer, the explorer and its
grid, the form, the sections below, the comparison's button, the report's section and button, the example's checks,
and the member's answer) in timers; each call appends its wall time and its thread's CPU time to a log.
The page is opened in the system Chromium (never `playwright install`) and the input changed a few times
unmeasured, then `--changes` times (there and back), each waiting for the page to settle as `latency.py` does.
Prints each part's median wall and CPU time a change: what the script costs, and how much of a run's wall time is
not its own CPU (handing each message to the server's event loop while the browser uses the other core). No
assertions: a measure (docs/performance.md, *Places kept*).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from playwright.sync_api import sync_playwright  # noqa: E402

import latency  # noqa: E402
from scripts.served_app import APP, launch_chromium, need_chromium, serve  # noqa: E402

# The parts timed, as the page calls them: (module, function). app.py reads each from its module at every run.
PARTS = (("ui.page", "frame"), ("ui.form.form", "read_form"), ("ui.answer.render", "answer_view"),
         ("ui.answer.explorer", "explorer_view"), ("ui.answer.explorer", "grid_json"),
         ("ui.form.form", "member_form"), ("ui.answer.render", "charts_section"),
         ("ui.answer.render", "key_dates_view"), ("ui.answer.render", "lifetime_view"),
         ("ui.answer.explorer", "offer_comparison"), ("ui.answer.report_download", "report_extras"),
         ("ui.shell.fresh_download", "fresh_download"), ("ui.form.example", "still_example"),
         ("ui.form.example", "example_note"))
# Methods timed the same way: (module, class, method).
METHODS = (("estimator.member.member", "Member", "answer"),)

# On the server's path: each timed call's name, wall and CPU milliseconds, one line each.
TIMERS = """import functools, importlib, os, sys, time
_log = open(os.environ["RUN_PARTS_LOG"], "a", buffering=1)
def _timed(name, function):
    @functools.wraps(function)
    def timed(*args, **kwargs):
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            _log.write(f"{name}\\t{(time.perf_counter() - wall) * 1000:.3f}\\t{(time.thread_time() - cpu) * 1000:.3f}\\n")
    return timed
sys.path.insert(0, os.environ["RUN_PARTS_ROOT"])
from streamlit.runtime.scriptrunner import script_runner
script_runner.ScriptRunner._run_script = _timed("the script's run", script_runner.ScriptRunner._run_script)
for module, name in %r:
    loaded = importlib.import_module(module)
    setattr(loaded, name, _timed(name, getattr(loaded, name)))
for module, owner, name in %r:
    owner = getattr(importlib.import_module(module), owner)
    setattr(owner, name, _timed(f"{owner.__name__}.{name}", getattr(owner, name)))
""" % (PARTS, METHODS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="salary", help="the first input whose name contains this (default salary)")
    parser.add_argument("--changes", type=int, default=30, help="changes measured (default 30)")
    options = parser.parse_args()
    need_chromium()
    item = latency.one_input(options.only)
    with tempfile.TemporaryDirectory(prefix="run-parts-") as folder:
        folder = Path(folder)
        (folder / "sitecustomize.py").write_text(TIMERS)
        log = folder / "parts.log"
        log.write_text("")
        os.environ.update(RUN_PARTS_LOG=str(log), RUN_PARTS_ROOT=str(ROOT),
                          PYTHONPATH=os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")])))
        with serve(ROOT / APP, ROOT) as server, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = latency.Watched(browser, server.url, server.process.pid)
            page.page.locator(".st-key-service_years_text input").wait_for(timeout=60_000)
            page.settle()
            for number in range(4):  # first-time work (imports, caches) left out
                page.change(item.act, number % 2 == 0)
            start = len(log.read_text().splitlines())
            for number in range(options.changes):
                page.change(item.act, number % 2 == 0)
            browser.close()
            lines = log.read_text().splitlines()[start:]
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for line in lines:
        name, wall, cpu = line.split("\t")
        times[name].append((float(wall), float(cpu)))
    print(f"{item.name}, {options.changes} changes: median milliseconds a change (calls)")
    print(f"{'part':<20} {'wall':>7} {'CPU':>7}")
    for name in ["the script's run", *(function for _, function in PARTS),
                 *(f"{owner}.{method}" for _, owner, method in METHODS)]:
        if times[name]:
            print(f"{name:<20} {statistics.median(w for w, _ in times[name]):7.1f} "
                  f"{statistics.median(c for _, c in times[name]):7.1f}  ({len(times[name])})")


if __name__ == "__main__":
    main()
