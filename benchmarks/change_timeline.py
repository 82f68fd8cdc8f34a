"""One input of the first screen changed a few times, and each change's timeline on the page's clock: from Enter,
each message from the server (its type, its size) and each React commit with the components it drew again.

    .venv/bin/python benchmarks/change_timeline.py --only salary --changes 4

Shows which messages make the browser draw the whole page again (docs/performance.md, "What the minimal page's
time is, and a change's timeline"). The server's collection of garbage after each run is printed from the
server itself (`gc.callbacks`, in a wrapper that then starts `streamlit run serve.py`): longer than 2 ms, with
the time it ended, on the same clock as nothing else (the server's), so only its length is compared.
"""

from __future__ import annotations

import argparse
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
    addEventListener('keydown', e => { if (e.key === 'Enter') log.push(['enter', performance.now(), 0]); }, true);
    addEventListener('pointerdown', () => log.push(['enter', performance.now(), 0]), true);
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
        return f"delta {delta}" + (f" {message.delta.new_element.WhichOneof('type')}" if delta == "new_element" else "")
    return kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="salary", help="the first input whose name contains this (default salary)")
    parser.add_argument("--changes", type=int, default=4, help="changes shown, after two unshown (default 4)")
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
                for number in range(options.changes + 2):
                    page.evaluate("() => { window.__timeline.length = 0; }")
                    before_kinds, before_log = len(kinds), log.read_text().count("\n")
                    sample = watched.change(item.act, number % 2 == 0)
                    if number < 2 or sample is None:
                        continue
                    events = page.evaluate("() => window.__timeline")
                    enter = next((at for kind, at, _ in events if kind == "enter"), events[0][1])
                    received = iter(kinds[before_kinds:])
                    print(f"--- {item.name}, change {number - 1}: settled {sample.settle_ms:.0f} ms")
                    for kind, at, drawn in events:
                        if kind == "message":
                            print(f"{at - enter:7.1f} ms  message  {next(received, '?')}")
                        elif kind == "commit":
                            print(f"{at - enter:7.1f} ms  commit   {drawn} components drawn again")
                    for line in log.read_text().splitlines()[before_log:]:
                        print(f"           server   {line}")
                browser.close()
        finally:
            stop(server)


if __name__ == "__main__":
    main()
