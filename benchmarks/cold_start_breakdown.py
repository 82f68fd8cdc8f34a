"""Where a cold start's time goes: this app against a minimal Streamlit page, phase by phase, in one run.

    python benchmarks/cold_start_breakdown.py [--repeat 3]

Starts servers and opens pages as benchmarks/cold_start.py does (a new server process and a new browser page
each time, the clock starting with the process), and notes, in seconds from the process start:

- health:    `/_stcore/health` answers `ok` (the server's imports and start-up are done);
- html:      the page's HTML has arrived (`goto` committed);
- ws:        the page has opened its WebSocket (Streamlit's own JavaScript has loaded and run);
- first:     the first message of the script's run has arrived;
- answer:    the message carrying the first answer has arrived (the script has drawn it);
- code:      the last JavaScript file fetched before the answer showed has arrived (the code of the page's
             kinds of element, fetched as their first element is drawn);
- visible:   the answer is on screen (what benchmarks/cold_start.py measures).

Also counts the WebSocket messages and the JavaScript files fetched after the WebSocket opened (the minimal page
fetches none: its one text needs no element code of its own). Prints the median of each. No assertions.
Listening to every message and file slows both pages a little: compare the steps and the ratio within one run,
and take the cold start itself from benchmarks/cold_start.py.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from benchmarks.cold_start import paired_runs
from scripts.served_app import serve

PHASES = ("health", "html", "ws", "first", "answer", "code", "visible")


def breakdown(browser, script: Path, cwd: Path, visible: str) -> dict[str, float]:
    marks: dict[str, float] = {}
    scripts: list[tuple[float, int]] = []
    with serve(script, cwd) as server:
        clock = lambda: time.perf_counter() - server.started_at
        marks["health"] = clock()
        page = browser.new_page()
        messages = []

        def on_socket(socket) -> None:
            marks.setdefault("ws", clock())

            def on_frame(payload) -> None:
                now = clock()
                messages.append(now)
                marks.setdefault("first", now)
                if isinstance(payload, bytes) and visible.encode() in payload:
                    marks.setdefault("answer", now)

            socket.on("framereceived", on_frame)

        def on_finished(request) -> None:
            if request.resource_type == "script" and "ws" in marks:
                response = request.response()
                scripts.append((clock(), int(response.headers.get("content-length", 0)) if response else 0))

        page.on("websocket", on_socket)
        page.on("requestfinished", on_finished)
        page.goto(server.url, wait_until="commit")
        marks["html"] = clock()
        page.get_by_text(visible).first.wait_for(timeout=120_000)
        marks["visible"] = clock()
        before = [(t, size) for t, size in scripts if t <= marks["visible"]]
        marks["code"] = max((t for t, _ in before), default=marks.get("first", float("nan")))
        marks["messages"] = sum(1 for t in messages if t <= marks["visible"])
        marks["scripts"] = len(before)
        marks["script_kb"] = sum(size for _, size in before) / 1000
        page.close()
    return marks


def main() -> None:
    base, app = paired_runs(breakdown, __doc__)
    runs = {"minimal page": base, "this app": app}
    median = {name: {key: statistics.median(m.get(key, float("nan")) for m in marks) for key in marks[0]}
              for name, marks in runs.items()}
    print(f"{'':14s}" + "".join(f"{phase:>9s}" for phase in PHASES) + "   messages  JS files after the socket")
    for name, m in median.items():
        print(f"{name:14s}" + "".join(f"{m[phase]:9.2f}" for phase in PHASES)
              + f"   {m['messages']:8.0f}  {m['scripts']:.0f} ({m['script_kb']:.0f} KB)")
    app, base = median["this app"], median["minimal page"]
    steps = [("start-up (to health)", "health", None), ("page load (health to ws)", "ws", "health"),
             ("script to its answer (ws to answer)", "answer", "ws"), ("answer to screen", "visible", "answer")]
    print("\nseconds spent in each step, this app against the minimal page (medians):")
    for label, end, start in steps:
        a = app[end] - (app[start] if start else 0)
        b = base[end] - (base[start] if start else 0)
        print(f"  {label:38s} {a:5.2f}  {b:5.2f}  ({a - b:+.2f})")
    print(f"  {'total':38s} {app['visible']:5.2f}  {base['visible']:5.2f}  (ratio {app['visible'] / base['visible']:.2f})")


if __name__ == "__main__":
    main()
