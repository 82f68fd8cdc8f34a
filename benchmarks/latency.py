"""What a member waits for after changing an input of the first screen: each input of this app against a minimal
Streamlit page, in one run.

    python benchmarks/latency.py [--repeat 5] [--warmup 1]

Starts two `streamlit run` servers on free ports (this app, and a minimal page written to a temporary folder: a
number input and `st.write` of twice its value) and opens each in the system Chromium (`/usr/bin/chromium`, driven
by Playwright; never `playwright install`). Then, `--repeat` rounds: each input of the app's first screen (the
service's years and months, the salary, the start age's years and months, the birth and entry dates, the plan and
the group) is changed and changed back, and each change is followed by a change of the minimal page's number
(there and back too), so that both pages are measured alternately under the same load. A text box is typed into
and committed with Enter; the plan (a radio) and the group (a drop-down) are clicked.

**Settled**: from the key press (Enter) or the press on the option, to the last change of the page as a person
sees it: a `MutationObserver` on the whole document notes, for each change of the page's elements, attributes or
text (but those of the screen reader's announcer, clipped to nothing), the next frame the browser draws; the page
has settled once the run's last message has arrived (Streamlit's `script_finished`), nothing is marked stale from
the previous run, the status widget is gone and nothing has changed for `QUIET_MS`. Both ends are the page's own
clock (`performance.now()`), so Playwright's own delays do not enter it.

Also, for each change, figures that the machine's load disturbs less than wall time: the browser's main-thread
work (Chrome DevTools Protocol `Performance.getMetrics`: task, script, style and layout durations, summed over the
change and the quiet wait after it), the server process's CPU time (`/proc/PID/stat`, in clock ticks: its mean over the changes),
and the messages the page received (count and bytes).

With `--renders`, also what the browser drew for each change: React's commits and the components each drew
again, counted by a stand-in for React's developer-tools hook (each function component whose props are new since
the previous commit), and the components drawn by the change's largest commit (a whole-page redraw: it follows the
page's number of elements, not how many commits the run's messages fell into). These counts hardly depend on the machine's load; the walk over the page's tree after each
commit adds its own time to both pages, so settle times are compared without the option.

Prints, for each input, the median, the 90th percentile and the worst settle time, its median against the
minimal page's median in the same run, and the CPU figures; then the median input and the worst. Last, on the
app's page, the explorer (ui/answer/explorer.py): its start-age slider moved with the keyboard (Arrow Right, then
Arrow Left, a month each), timing each key press until the explorer shows the amount of the new age, and counting
the WebSocket frames the page sends to the server meanwhile (it answers from the grid sent with the page: 0).

`--warmup` rounds are made first, unmeasured (the first reruns pay for first-time imports). No assertions.
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
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from scripts.served_app import APP, ROOT, launch_chromium, need_chromium, serve  # noqa: E402

WAIT_MS = 30_000
QUIET_MS = 400  # nothing changed on the page for this long: it has settled

MINIMAL_PAGE = '''import streamlit as st

value = st.number_input("Valor", value=1.0, step=1.0, key="value")
st.write(f"Doble: {value * 2}")
'''

# In every page, before its own scripts: the time of the member's action (armed just before it) and of the frame
# drawn after the page's last change since then. Not a change a person sees: the screen reader's announcer, a
# box clipped to nothing (`[data-live-announcer]`, react-aria's), which takes back "6 options available." seven
# seconds after a drop-down opened, in whatever change is being measured then (the salary's, two inputs later).
WATCH = """(() => {
    const s = window.__settle = {armed: false, start: null, last: null, changes: 0};
    const begin = () => { if (s.armed) { s.armed = false; s.start = performance.now(); } };
    addEventListener('keydown', e => { if (e.key === 'Enter') begin(); }, true);
    addEventListener('pointerdown', begin, true);
    const unseen = (m) => {
        const at = m.target.nodeType === 1 ? m.target : m.target.parentElement;
        return !!(at && at.closest('[data-live-announcer]'));
    };
    new MutationObserver((changes) => {
        if (s.start === null || changes.every(unseen)) return;
        s.changes++;
        requestAnimationFrame(() => { s.last = performance.now(); });
    }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();"""

ARM = ("() => { Object.assign(window.__settle, {armed: true, start: null, last: null, changes: 0});"
       " if (window.__renders) Object.assign(window.__renders, {commits: 0, drawn: 0, largest: 0}); }")

# The components a React commit drew again: a component drawn again gets a new props object; one React skipped
# keeps the one it had at the previous commit (`props`: each fiber's props at the last commit).
DRAWN_AGAIN = """const drawnAgain = (root, props) => {
        let drawn = 0;
        const stack = [root.current];
        while (stack.length) {
            const fiber = stack.pop();
            if (!fiber) continue;
            stack.push(fiber.child, fiber.sibling);
            const before = props.has(fiber) ? props.get(fiber) : fiber.alternate && props.get(fiber.alternate);
            if (typeof fiber.type === "function" && before !== fiber.memoizedProps) drawn++;
            props.set(fiber, fiber.memoizedProps);
        }
        return drawn;
    };"""

# React's developer-tools hook, telling `onCommit(root)` of each commit (set before React loads).
DEVTOOLS_HOOK = """window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true, isDisabled: false, renderers: new Map(), inject() { return 1; }, checkDCE() {},
        onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
        onCommitFiberRoot(id, root) { onCommit(root); }};"""

# With --renders, before React loads: what React tells its developer tools after each commit, counted.
RENDERS = """(() => {
    const r = window.__renders = {commits: 0, drawn: 0, largest: 0};
    const props = new WeakMap();
    %s
    const onCommit = (root) => {
        const drawn = drawnAgain(root, props);
        r.commits++;
        r.drawn += drawn;
        r.largest = Math.max(r.largest, drawn);
    };
    %s
})();""" % (DRAWN_AGAIN, DEVTOOLS_HOOK)

QUIET = """(quiet) => {
    const s = window.__settle;
    if (s.start === null || s.last === null) return false;
    if (document.querySelector('[data-testid="stStatusWidget"]')) return false;
    if (document.querySelector('[data-stale="true"]')) return false;
    return performance.now() - s.last >= quiet;
}"""

METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


@dataclass
class Sample:
    settle_ms: float
    browser_ms: dict[str, float]
    server_cpu_ms: float
    messages: int
    bytes_: int
    commits: int = 0  # with --renders: React's commits, and the components they drew again
    drawn: int = 0
    largest: int = 0  # the components drawn by the change's largest commit: a whole-page redraw, the page's size


@dataclass
class Input:
    """One input and how to change it: `act(page, there)` changes it (there=True) or back (False); the member's
    action (Enter, or the press on an option) must be the last thing `act` does."""

    name: str
    act: Callable[[Page, bool], None]
    samples: list[Sample] = field(default_factory=list)
    failures: int = 0


def typed(key: str, there: str) -> Callable[[Page, bool], None]:
    """A text box (`<key>_text`): `there` typed, or the value it had when first changed, then Enter."""
    original: dict[str, str] = {}

    def act(page: Page, forth: bool) -> None:
        box = page.locator(f".st-key-{key}_text input")
        original.setdefault("value", box.input_value())
        box.fill(there if forth else original["value"])
        page.evaluate(ARM)
        box.press("Enter")
    return act


def radio(key: str, there: int, back: int) -> Callable[[Page, bool], None]:
    def act(page: Page, forth: bool) -> None:
        option = page.locator(f".st-key-{key} [role='radiogroup'] label").nth(there if forth else back)
        page.evaluate(ARM)
        option.click()
    return act


def dropdown(key: str, there: int, back: int) -> Callable[[Page, bool], None]:
    def act(page: Page, forth: bool) -> None:
        page.locator(f".st-key-{key} [role='combobox']").click()
        option = page.get_by_role("option").nth(there if forth else back)
        option.wait_for()
        page.evaluate(ARM)
        option.click()
    return act


def first_screen() -> list[Input]:
    """Every input of the first screen, changed from the example member's value and back."""
    return [Input("service years", typed("service_years", "28")),
            Input("service months", typed("service_months", "6")),
            Input("salary", typed("average_annual", "36100")),
            Input("start age, years", typed("retire_years", "60")),
            Input("start age, months", typed("retire_months", "6")),
            Input("birth date", typed("birth_date", "15/03/1970")),
            Input("entry date", typed("entry_date", "01/09/1989")),
            Input("plan", radio("system", 1, 0)),
            Input("group", dropdown("group", 1, 0))]


def one_input(only: str) -> Input:
    """The first input of the first screen whose name contains `only` (for the scripts that study one change);
    a clear message naming the inputs when none does."""
    found = next((i for i in first_screen() if only in i.name), None)
    if found is None:
        raise SystemExit(f"no input named like {only!r}: give part of one of "
                         + ", ".join(repr(i.name) for i in first_screen()))
    return found


def process_cpu_ms(pid: int) -> float:
    """A process's user and system time, with its threads that have ended (each run has a thread of its own),
    counted in clock ticks: a mean over many changes, not one change's figure."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


class Watched:
    """A page with its messages, its browser metrics (CDP) and its server's CPU time."""

    def __init__(self, browser, url: str, pid: int, renders: bool = False):
        self.context = browser.new_context(viewport={"width": 1366, "height": 900})
        self.context.add_init_script(WATCH)
        if renders:
            self.context.add_init_script(RENDERS)
        self.page = self.context.new_page()
        self.received: list[tuple[int, bool]] = []  # (bytes, ends a run)
        self.sent: list = []
        self.page.on("websocket", self._socket)
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
        self.pid = pid
        self.page.goto(url)

    def _socket(self, ws) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", lambda payload: self.sent.append(payload))

    def _received(self, payload) -> None:
        data = payload if isinstance(payload, bytes) else payload.encode()
        try:
            finished = ForwardMsg.FromString(data).WhichOneof("type") == "script_finished"
        except Exception:  # not a message of Streamlit's own
            finished = False
        self.received.append((len(data), finished))

    def metrics(self) -> dict[str, float]:
        values = {m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]}
        return {name: values.get(name, 0.0) * 1000 for name in METRICS}

    def server_cpu_ms(self) -> float:
        return process_cpu_ms(self.pid)

    def settle(self) -> None:
        """Wait until the page is as a first visit leaves it."""
        self.page.wait_for_function("() => document.querySelector('[data-testid=\"stMarkdownContainer\"]')",
                                    timeout=60_000)
        self.page.evaluate(ARM)
        self.page.evaluate("() => { window.__settle.start = performance.now(); window.__settle.last = performance.now(); }")
        self.page.wait_for_function(QUIET, arg=QUIET_MS * 2, polling=100, timeout=60_000)

    def change(self, act: Callable[[Page, bool], None], there: bool) -> Sample | None:
        before_messages = len(self.received)
        before_metrics, before_cpu = self.metrics(), self.server_cpu_ms()
        act(self.page, there)
        try:
            deadline = time.monotonic() + WAIT_MS / 1000
            while not any(finished for _, finished in self.received[before_messages:]):
                if time.monotonic() > deadline:
                    raise TimeoutError("no end of run")
                self.page.wait_for_timeout(10)
            self.page.wait_for_function(QUIET, arg=QUIET_MS, polling=50, timeout=WAIT_MS)
        except Exception as error:  # a timeout: count it, go on
            print(f"  no settled page after {WAIT_MS} ms ({type(error).__name__})", file=sys.stderr)
            return None
        start, last, renders = self.page.evaluate(
            "() => [window.__settle.start, window.__settle.last, window.__renders || {commits: 0, drawn: 0, largest: 0}]")
        after = self.metrics()
        messages = self.received[before_messages:]
        return Sample(last - start, {name: after[name] - before_metrics[name] for name in METRICS},
                      self.server_cpu_ms() - before_cpu, len(messages), sum(size for size, _ in messages),
                      renders["commits"], renders["drawn"], renders["largest"])


def minimal_act(page: Page, there: bool) -> None:
    box = page.locator(".st-key-value input")
    box.fill("2" if there else "1")
    page.evaluate(ARM)
    box.press("Enter")


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


def load() -> str:
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds, each input there and back (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first (default 1)")
    parser.add_argument("--only", default="", help="measure only the inputs whose name contains this")
    parser.add_argument("--renders", action="store_true",
                        help="also count React's commits and the components drawn again for each change")
    options = parser.parse_args()
    need_chromium()

    inputs = [i for i in first_screen() if options.only in i.name]
    minimal: list[Sample] = []
    loads = [load()]
    with tempfile.TemporaryDirectory(prefix="latency-") as folder:
        folder = Path(folder)
        (folder / "minimal.py").write_text(MINIMAL_PAGE)
        with ExitStack() as stack:  # both servers up at once, in this one run; stopped at the end
            app_server = stack.enter_context(serve(ROOT / APP, ROOT))
            minimal_server = stack.enter_context(serve(folder / "minimal.py", folder))
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                app = Watched(browser, app_server.url, app_server.process.pid, options.renders)
                small = Watched(browser, minimal_server.url, minimal_server.process.pid, options.renders)
                app.page.locator(".st-key-service_years_text input").wait_for(timeout=60_000)
                app.settle()
                small.settle()
                for round_ in range(options.warmup + options.repeat):
                    for item in inputs:
                        for there in (True, False):
                            sample = app.change(item.act, there)
                            other = small.change(minimal_act, there)
                            if round_ < options.warmup:
                                continue
                            if sample is None:
                                item.failures += 1
                                app.page.reload()
                                app.settle()
                            else:
                                item.samples.append(sample)
                            if other is not None:
                                minimal.append(other)
                    loads.append(load())
                explorer = explore(app.page, app.sent, 20)
                browser.close()

    print(f"streamlit {version('streamlit')}, {os.cpu_count()} cores, {options.repeat} rounds (each input there "
          f"and back) after {options.warmup} unmeasured; load average (1, 5, 15 min) at each round: {' | '.join(loads)}")
    base = statistics.median(s.settle_ms for s in minimal)
    columns = (f"{'input':<18} {'settled median':>14} {'p90':>7} {'worst':>7} {'×minimal':>8}  "
               f"{'browser task':>12} {'script':>7} {'style':>6} {'layout':>6}  {'server CPU':>10}  {'messages':>8} {'kB':>5}"
               + (f"  {'commits':>7} {'drawn':>6} {'largest':>7}" if options.renders else ""))
    print(columns)

    def row(name: str, samples: list[Sample], failures: int = 0) -> float:
        settle = [s.settle_ms for s in samples]
        median = statistics.median(settle)
        browser = {m: statistics.median(s.browser_ms[m] for s in samples) for m in METRICS}
        print(f"{name:<18} {median:>11.0f} ms {p90(settle):>4.0f} ms {max(settle):>4.0f} ms {median / base:>7.1f}×  "
              f"{browser['TaskDuration']:>9.0f} ms {browser['ScriptDuration']:>4.0f} ms {browser['RecalcStyleDuration']:>3.0f} ms "
              f"{browser['LayoutDuration']:>3.0f} ms  {statistics.mean(s.server_cpu_ms for s in samples):>7.0f} ms  "
              f"{statistics.median(s.messages for s in samples):>8.0f} {statistics.median(s.bytes_ for s in samples) / 1000:>5.1f}"
              + (f"  {statistics.median(s.commits for s in samples):>7.0f} {statistics.median(s.drawn for s in samples):>6.0f}"
                 f" {statistics.median(s.largest for s in samples):>7.0f}"
                 if options.renders else "")
              + (f"  ({failures} timeouts)" if failures else ""))
        return median

    medians = {item.name: row(item.name, item.samples, item.failures) for item in inputs if item.samples}
    row("minimal page", minimal)
    if medians:
        worst = max(medians, key=medians.get)
        print(f"against the minimal page's median ({base:.0f} ms, same run): median input "
              f"{statistics.median(medians.values()) / base:.1f}×, worst input ({worst}) {medians[worst] / base:.1f}×; "
              f"the slowest single change {max(s.settle_ms for i in inputs for s in i.samples):.0f} ms")
    if explorer.press_ms:
        press = statistics.median(explorer.press_ms)
        print(f"explorer: key press → new amount median {press:.0f} ms (p90 {p90(explorer.press_ms):.0f} ms) over "
              f"{len(explorer.press_ms)} presses ({explorer.failures} without a new amount); WebSocket messages sent "
              f"to the server while it moved: {explorer.frames_sent}; ratio to the minimal page's settled median "
              f"{press / base:.2f}×")


if __name__ == "__main__":
    main()
