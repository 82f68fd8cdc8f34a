"""What a run's end costs the server: Streamlit's collection of garbage after each run (`runner.postScriptGC`),
which it makes before the run's last message, with the project's setting (off) and with Streamlit's default (on),
each on a server of its own, in one run.

    .venv/bin/python benchmarks/run_end.py [--changes 240]

Each server is `serve.py` as deployed, opened in the system Chromium (never `playwright install`) at once, as a
page opened before the server's warm-up would be. The group is changed first (its other rules' table imports
pandas in the session, as a member's first table does), then the salary `--changes` times, each a new value,
waiting for each run's end (the page's root says it is not running again). Prints, for each server: the full
collections (generation 2) it made during those changes and their median and longest time (from the server
itself: `gc.callbacks`, installed by a `sitecustomize` module this script writes to a temporary folder on the
server's path), the server's CPU time a change, and its resident memory (VmRSS) after the first change, every
quarter and at the end. No assertions: a measure (docs/performance.md, *Fewer blocks, no collection at a run's
end, and what the measure no longer counts*).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from playwright.sync_api import sync_playwright  # noqa: E402

from latency import process_cpu_ms  # noqa: E402
from scripts.served_app import APP, launch_chromium, need_chromium, serve  # noqa: E402

# On the server's path: each full collection's time, in milliseconds, one line each.
WATCH = """import gc, os, time
_log = open(os.environ["RUN_END_LOG"], "a", buffering=1)
_started = {}
def _watch(phase, info):
    if info["generation"] != 2:
        return
    if phase == "start":
        _started["at"] = time.perf_counter()
    elif "at" in _started:
        _log.write(f"{(time.perf_counter() - _started.pop('at')) * 1000:.2f}\\n")
gc.callbacks.append(_watch)
"""


# On the page: the runs that ended (the app's root says "notRunning" again), counted.
ENDS = """() => {
    window.__ends = 0;
    const app = document.querySelector('[data-testid="stApp"]');
    new MutationObserver(() => {
        if (app.dataset.testScriptState === 'notRunning') window.__ends++;
    }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
}"""


def status(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field}")


def measure(browser, folder: Path, collect: bool, changes: int) -> dict:
    log = folder / f"collections-{collect}.log"
    log.write_text("")
    os.environ["RUN_END_LOG"] = str(log)
    with serve(ROOT / APP, ROOT, options=(f"--runner.postScriptGC={str(collect).lower()}",)) as server:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(server.url)
        salary = page.locator(".st-key-average_annual_text input")
        salary.wait_for(timeout=60_000)
        page.evaluate(ENDS)
        page.locator(".st-key-group [role='combobox']").click()
        page.get_by_role("option").nth(1).click()
        page.wait_for_function("() => window.__ends > 0", timeout=30_000)
        pid = server.process.pid
        memory, before_cpu, before_lines = [], process_cpu_ms(pid), len(log.read_text().splitlines())
        for change in range(changes):
            ends = page.evaluate("() => window.__ends")
            salary.fill(str(30_000 + 10 * change))
            salary.press("Enter")
            page.wait_for_function(f"() => window.__ends > {ends}", timeout=30_000)  # this change's run ended
            if change % max(1, changes // 4) == 0 or change == changes - 1:
                memory.append(status(pid, "VmRSS"))
        times = [float(line) for line in log.read_text().splitlines()[before_lines:]]
        result = {"collections": len(times), "median_ms": statistics.median(times) if times else 0.0,
                  "longest_ms": max(times, default=0.0), "cpu_ms": (process_cpu_ms(pid) - before_cpu) / changes,
                  "memory": memory}
        page.close()
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--changes", type=int, default=240, help="changes of the salary on each server (240)")
    options = parser.parse_args()
    need_chromium()
    with tempfile.TemporaryDirectory(prefix="run-end-") as folder:
        folder = Path(folder)
        (folder / "sitecustomize.py").write_text(WATCH)
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            results = {collect: measure(browser, folder, collect, options.changes) for collect in (False, True)}
            browser.close()
    print(f"{options.changes} changes of the salary after the group's (its table imports pandas), each server's own")
    for collect, r in results.items():
        name = "collection at each run's end " + ("on (Streamlit's default)" if collect else "off (this project)")
        print(f"{name:<48} full collections {r['collections']:>4}, median {r['median_ms']:5.1f} ms, longest "
              f"{r['longest_ms']:5.1f} ms; server CPU {r['cpu_ms']:5.1f} ms a change; memory (MiB) "
              + " → ".join(f"{mib:.0f}" for mib in r["memory"]))


if __name__ == "__main__":
    main()
