"""Two checkouts of the project against each other, change by change: each input of the first screen changed on
one page, then on the other, each change followed by one of the minimal page's number, all in one run.

    .venv/bin/python benchmarks/compare_checkouts.py BEFORE AFTER [--only salary] [--repeat 8]

BEFORE and AFTER are folders holding the project (a `git worktree add` of another commit, or this folder itself:
the same folder twice measures the method's own spread). Each is served with its own `app.py`, its packages and
settings, by this project's Python; the inputs and the measure are `benchmarks/latency.py`'s (from Enter to the frame
after the page's last change). Runs of `latency.py` one after the other swing by a fifth on this machine from one
run to the next (docs/performance.md, *The explorer's ages kept for the session*): here the two pages take turns
within each round, in the order AB then BA, so the machine's moment falls on both alike. Prints, for each input,
each checkout's median, its ratio to the minimal page's median, and AFTER over BEFORE. No assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

import latency  # noqa: E402
from scripts.served_app import APP, launch_chromium, need_chromium, serve  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path, help="the folder of one checkout")
    parser.add_argument("after", type=Path, help="the folder of the other (the same folder: the method's spread)")
    parser.add_argument("--only", default="", help="measure only the inputs whose name contains this")
    parser.add_argument("--repeat", type=int, default=8, help="rounds, each input there and back on both (default 8)")
    options = parser.parse_args()
    need_chromium()
    folders = {"before": options.before.resolve(), "after": options.after.resolve()}
    for name, folder in folders.items():
        if not (folder / APP).is_file():
            raise SystemExit(f"{name}: {folder} holds no {APP}")
    inputs = [i for i in latency.first_screen() if options.only in i.name]
    if not inputs:
        latency.one_input(options.only)  # says which inputs there are
    settled: dict[str, dict[str, list[float]]] = {name: {i.name: [] for i in inputs} for name in folders}
    minimal: list[float] = []
    with tempfile.TemporaryDirectory(prefix="checkouts-") as scratch, ExitStack() as stack, \
            sync_playwright() as playwright:
        (Path(scratch) / "minimal.py").write_text(latency.MINIMAL_PAGE)
        servers = {name: stack.enter_context(serve(folder / APP, folder)) for name, folder in folders.items()}
        small_server = stack.enter_context(serve(Path(scratch) / "minimal.py", Path(scratch)))
        browser = launch_chromium(playwright)
        pages = {name: latency.Watched(browser, server.url, server.process.pid) for name, server in servers.items()}
        small = latency.Watched(browser, small_server.url, small_server.process.pid)
        for page in pages.values():
            page.page.locator(".st-key-service_years_text input").wait_for(timeout=60_000)
            page.settle()
        small.settle()
        small_there = False  # the minimal page's number goes back and forth on its own: every change is a change
        for round_ in range(options.repeat + 1):  # the first round unmeasured
            order = ("before", "after") if round_ % 2 else ("after", "before")
            for item in inputs:
                for there in (True, False):
                    for name in order:
                        sample = pages[name].change(item.act, there)
                        small_there = not small_there
                        other = small.change(latency.minimal_act, small_there)
                        if round_ == 0:
                            continue
                        if sample is not None:
                            settled[name][item.name].append(sample.settle_ms)
                        if other is not None:
                            minimal.append(other.settle_ms)
        browser.close()

    base = statistics.median(minimal)
    print(f"before: {folders['before']}\nafter:  {folders['after']}\n{options.repeat} rounds, each input there and "
          f"back on both pages; the minimal page's median {base:.0f} ms")
    print(f"{'input':<18} {'before':>14} {'after':>14} {'after ÷ before':>15}")
    ratios = {name: [] for name in folders}
    for item in inputs:
        medians = {name: statistics.median(settled[name][item.name]) for name in folders}
        for name in folders:
            ratios[name].append(medians[name] / base)
        print(f"{item.name:<18} {medians['before']:6.0f} ms {medians['before'] / base:4.2f}× "
              f"{medians['after']:6.0f} ms {medians['after'] / base:4.2f}× {medians['after'] / medians['before']:14.2f}")
    print(f"median input: before {statistics.median(ratios['before']):.2f}×, after "
          f"{statistics.median(ratios['after']):.2f}×; worst input: before {max(ratios['before']):.2f}×, after "
          f"{max(ratios['after']):.2f}×")


if __name__ == "__main__":
    main()
