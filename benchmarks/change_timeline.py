"""One input of the first screen changed a few times, and each change's timeline on the page's clock: from Enter,
each message from the server (its type, its size) and each React commit with the components it drew again.

    .venv/bin/python benchmarks/change_timeline.py --only salary --changes 4 [--mutations] [--summary]

Shows which messages make the browser draw the whole page again (docs/performance.md, "What the minimal page's
time is, and a change's timeline"). The server's collection of garbage after each run is printed from the
server itself (`gc.callbacks`, in a wrapper that then starts `streamlit run serve.py`): longer than 2 ms, with
the time it ended, on the same clock as nothing else (the server's), so only its length is compared. With
`--mutations`, also each batch of changes to the page, by the keyed container it falls in (what the page's last
frames hold: docs/performance.md, "The explorer sent first"); with `--summary`, one line a change and how often
the explorer's drawing came after the page's last whole-page commit.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

import latency  # noqa: E402
from scripts.served_app import APP, ROOT, free_port, healthy, launch_chromium, stop  # noqa: E402

# Before the page's scripts: each message's arrival and each commit, on the page's clock.
TIMELINE = """(() => {
    const log = window.__timeline = [];
    const props = new WeakMap();
    const Socket = window.WebSocket;
    window.WebSocket = function (...args) {
        const socket = new Socket(...args);
        socket.addEventListener('message', () => log.push(['message', performance.now(), 0]));
        return socket;
    };
    window.WebSocket.prototype = Socket.prototype;
    Object.assign(window.WebSocket, Socket);
    %s
    const onCommit = (root) => log.push(['commit', performance.now(), drawnAgain(root, props)]);
    %s
    // Each batch of changes to the page, by where it falls: the nearest keyed container (`st-key-…`) or element.
    const where = (node) => {
        const path = [];
        for (let at = node.nodeType === 1 ? node : node.parentElement; at && path.length < 2; at = at.parentElement) {
            const key = [...at.classList].find((name) => name.startsWith('st-key-'));
            const test = at.getAttribute('data-testid');
            if (key || (test && !path.length)) path.push(key || test);
        }
        return path.join(' < ') || node.nodeName;
    };
    const unseen = (m) => (m.target.nodeType === 1 ? m.target : m.target.parentElement)?.closest('[data-live-announcer]');
    new MutationObserver((changes) => {
        const seen = [...new Set(changes.filter((m) => !unseen(m))
            .map((m) => `${m.type}${m.attributeName ? ' ' + m.attributeName : ''} @ ${where(m.target)}`))];
        if (seen.length) log.push(['mutation', performance.now(), seen]);
    }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    addEventListener('keydown', e => { if (e.key === 'Enter') log.push(['enter', performance.now(), 0]); }, true);
    addEventListener('pointerdown', () => log.push(['enter', performance.now(), 0]), true);
    addEventListener('click', () => log.push(['click', performance.now(), 0]), true);
})();""" % (latency.DRAWN_AGAIN, latency.DEVTOOLS_HOOK)

# The server, with its collections after a run printed (public `gc.callbacks`), then Streamlit's own command line.
SERVER = """import gc, sys, time
started = {}
def watch(phase, info):
    if phase == "start":
        started["at"] = time.perf_counter()
    elif time.perf_counter() - started.get("at", time.perf_counter()) > 0.002:
        print(f"collection, generation {info['generation']}: {(time.perf_counter() - started['at']) * 1000:.1f} ms",
              flush=True)
gc.callbacks.append(watch)
from streamlit.web.cli import main
sys.argv = ["streamlit", *sys.argv[1:]]
main()
"""


def message_type(payload) -> str:
    data = payload if isinstance(payload, bytes) else payload.encode()
    try:
        message = ForwardMsg.FromString(data)
    except Exception:  # not a message of Streamlit's own
        return "?"
    kind = message.WhichOneof("type") or "?"
    if kind == "delta":
        delta = message.delta.WhichOneof("type")
        element = message.delta.new_element
        kind = element.WhichOneof("type") if delta == "new_element" else ""
        name = f" {element.bidi_component.component_name}" if kind == "bidi_component" else ""
        return f"delta {delta}" + (f" {kind}{name}" if kind else "")
    return kind


WHOLE_PAGE = 500  # a commit drawing at least this many components draws the whole page again (about 700–1,100)


def summarised(events: list, enter: float, settled: float) -> dict:
    """A change in one line: its whole-page commits, the last one's time, when the explorer drew its new amounts
    (its chart's line moved) and whether that came after the last whole-page commit, as a tail of its own."""
    whole = [at - enter for kind, at, what in events if kind == "commit" and what >= WHOLE_PAGE]
    drawn = [at - enter for kind, at, what in events
             if kind == "mutation" and any(m.startswith("attributes d @") and "st-key-explorer" in m for m in what)]
    last = whole[-1] if whole else None
    explorer = drawn[0] if drawn else None
    tail = explorer - last if explorer is not None and last is not None and explorer > last else None
    line = (f"settled {settled:.0f} ms; {len(whole)} whole-page commits, the last at "
            + (f"{last:.0f} ms" if last is not None else "-") + "; the explorer drew at "
            + (f"{explorer:.0f} ms" if explorer is not None else "-")
            + (f", {tail:.0f} ms after it" if tail is not None else ""))
    return {"settled": settled, "tail": tail, "line": line}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="salary", help="the first input whose name contains this (default salary)")
    parser.add_argument("--changes", type=int, default=4, help="changes shown, after two unshown (default 4)")
    parser.add_argument("--mutations", action="store_true", help="also the page's changes, by where they fall")
    parser.add_argument("--summary", action="store_true",
                        help="one line a change instead: its whole-page commits and where the explorer's drawing fell")
    options = parser.parse_args()
    item = latency.one_input(options.only)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="timeline-") as folder:
        wrapper = Path(folder) / "server.py"
        wrapper.write_text(SERVER)
        log = Path(folder) / "server.log"
        with log.open("w") as sink:
            server = subprocess.Popen(
                [sys.executable, str(wrapper), "run", APP, "--server.headless=true", f"--server.port={port}",
                 "--server.address=127.0.0.1", "--browser.gatherUsageStats=false", "--server.fileWatcherType=none"],
                cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while not healthy(url):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit(f"the server did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.1)
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                latency.RENDERS = TIMELINE  # the watched page counts commits this way instead
                watched = latency.Watched(browser, url, server.pid, renders=True)
                page = watched.page
                kinds: list[str] = []
                page.on("websocket", lambda socket: socket.on("framereceived",
                                                              lambda payload: kinds.append(message_type(payload))))
                page.reload()
                page.locator(".st-key-service_years_text input").wait_for(timeout=60_000)
                watched.settle()
                summary: list[dict] = []
                for number in range(options.changes + 2):
                    page.evaluate("() => { window.__timeline.length = 0; }")
                    before_kinds, before_log = len(kinds), log.read_text().count("\n")
                    sample = watched.change(item.act, number % 2 == 0)
                    if number < 2 or sample is None:
                        continue
                    events = page.evaluate("() => window.__timeline")
                    enter = next((at for kind, at, _ in events if kind == "enter"), events[0][1])
                    received = iter(kinds[before_kinds:])
                    if options.summary:
                        summary.append(summarised(events, enter, sample.settle_ms))
                        print(f"{item.name}, change {number - 1}: {summary[-1]['line']}")
                        continue
                    print(f"--- {item.name}, change {number - 1}: settled {sample.settle_ms:.0f} ms")
                    for kind, at, what in events:
                        if kind == "message":
                            print(f"{at - enter:7.1f} ms  message  {next(received, '?')}")
                        elif kind == "click":
                            print(f"{at - enter:7.1f} ms  click")
                        elif kind == "mutation" and options.mutations:
                            print(f"{at - enter:7.1f} ms  mutation " + " | ".join(what[:6])
                                  + (f" (+{len(what) - 6})" if len(what) > 6 else ""))
                        elif kind == "commit":
                            print(f"{at - enter:7.1f} ms  commit   {what} components drawn again")
                    for line in log.read_text().splitlines()[before_log:]:
                        print(f"           server   {line}")
                if summary:
                    late = [one["tail"] for one in summary if one["tail"] is not None]
                    print(f"{len(summary)} changes: median settled {statistics.median(one['settled'] for one in summary):.0f} ms;"
                          f" the explorer drew after the last whole-page commit in {len(late)}"
                          + (f", {statistics.median(late):.0f} ms after it (median)" if late else ""))
                browser.close()
        finally:
            stop(server)


if __name__ == "__main__":
    main()
