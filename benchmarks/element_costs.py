"""What one more element of each kind adds to a change's settle time: the minimal page with twenty more of one
kind, against the minimal page itself, in one run.

    .venv/bin/python benchmarks/element_costs.py [--repeat 5] [--count 20] [kind ...]

For each kind (all by default), two `streamlit run` servers: `benchmarks/latency.py`'s minimal page (a number box
and one line), and the same page with `--count` elements of that kind under it, each with its own label (and key,
where the kind takes one), none depending on the number. The number is changed on both pages alternately, there
and back in each round, and each change is timed until the page settles, as `latency.py` measures it. A whole run
sends every element again, so the difference between the two medians, divided by `--count`, is what one such
element adds to a change. Prints it for each kind, with both medians and their ratio.

The last two kinds are the app's explorer with the example member's grid (best with `--count 1`): sent a grid of
another salary at each change (the one kind that depends on the number), or the same grid again. Both pages then
import the project and make the two grids once a process, so the baseline pays for the same imports. No
assertions: a measure, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

import latency  # noqa: E402
from scripts.served_app import ROOT, launch_chromium, need_chromium, serve  # noqa: E402

# One element of each kind, the i-th of the page's `count` (a line of Python under `for i in range(count):`).
KINDS = {
    "text box": "st.text_input(f'Campo {i}', '1', key=f'k{i}')",
    "text box with help": "st.text_input(f'Campo {i}', '1', key=f'k{i}', help='Dónde se **encuentra** la cifra.')",
    "checkbox": "st.checkbox(f'Opción número {i}, con una etiqueta', key=f'k{i}')",
    "radio (two options)": "st.radio(f'Elija {i}', ['Uno', 'Dos'], key=f'k{i}', horizontal=True)",
    "drop-down": "st.selectbox(f'Elija {i}', ['Uno', 'Dos', 'Tres'], key=f'k{i}')",
    "button": "st.button(f'Botón {i}', key=f'k{i}')",
    "markdown": "st.markdown(f'**Texto {i}** con algo de *formato* y palabras.')",
    "caption": "st.caption(f'Texto {i} con algo de formato y palabras.')",
    "info box": "st.info(f'Texto {i} con algo de formato y palabras.')",
    "html": "st.html(f'<p>Texto {i} con algo de formato y palabras.</p>')",
    "keyed container, empty": "st.container(key=f'k{i}')",
    "keyed container with a caption": "st.container(key=f'k{i}').caption(f'Texto {i}')",
    "expander, closed, empty": "st.expander(f'Sección {i}')",
    "keyed expander, closed, empty": "st.expander(f'Sección {i}', key=f'k{i}')",
    "keyed expander, closed, two captions": "e = st.expander(f'Sección {i}', key=f'k{i}'); e.caption('a'); e.caption('b')",
    # The app's explorer (ui/answer/explorer.py) with the example member's grid: a grid of another salary at
    # each change (as a change of the first screen sends it), or the same grid again (a run that changes
    # nothing it shows). Best measured with --count 1: each is a page's worth of data.
    "the explorer, a new grid each change": "explorer(key=f'k{i}', data=GRIDS[int(value) % 2])",
    "the explorer, the same grid": "explorer(key=f'k{i}', data=GRIDS[0])",
}

# What a kind needs before its elements: the explorer's component and its two grids, from this project.
EXPLORER_SETUP = f"""import sys
sys.path.insert(0, {str(ROOT)!r})
from datetime import date
from ui.answer.explorer import _component as explorer, payload
from ui.answer.explorer_data import explorer_data
from ui.form.example import example
from ui.form.form import _values
from ui.form.member import build_member


@st.cache_resource  # made once a process: a run's own time is the element's, not the grid's
def grids():
    def grid(salary):
        member, _ = build_member(_values(example(date.today()) | {{"average_annual": salary}}), date.today(), "es")
        return payload(explorer_data(member.situation, member.planned_age, "es"), "es", False, True)
    return [grid(36000.0), grid(36100.0)]


GRIDS = grids()
"""
SETUP = {kind: EXPLORER_SETUP for kind in KINDS if kind.startswith("the explorer")}  # in both pages


def page_with(kind: str, count: int) -> str:
    """The minimal page with `count` elements of `kind` under it."""
    return latency.MINIMAL_PAGE + SETUP.get(kind, "") + f"for i in range({count}):\n    {KINDS[kind]}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kinds", nargs="*", metavar="kind", help=f"kinds to measure (default all: {', '.join(KINDS)})")
    parser.add_argument("--repeat", type=int, default=5, help="rounds, the number there and back (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first (default 1)")
    parser.add_argument("--count", type=int, default=20, help="elements of the kind on the page (default 20)")
    options = parser.parse_args()
    unknown = [kind for kind in options.kinds if kind not in KINDS]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r}: give one of {', '.join(KINDS)}")
    need_chromium()

    print(f"{options.count} elements a page, {options.repeat} rounds after {options.warmup} unmeasured, "
          f"{os.cpu_count()} cores, load {latency.load()}")
    print(f"{'kind':<38} {'settled':>8} {'minimal':>8} {'×':>5} {'one element':>12}")
    with tempfile.TemporaryDirectory(prefix="element-costs-") as folder:
        folder = Path(folder)
        for kind in options.kinds or KINDS:
            # The baseline holds what the kind needs too (the explorer's imports lengthen Streamlit's collection
            # of garbage after each run by some 15 ms): the difference is the elements' alone.
            (folder / "minimal.py").write_text(latency.MINIMAL_PAGE + SETUP.get(kind, ""))
            (folder / "page.py").write_text(page_with(kind, options.count))
            with ExitStack() as stack, sync_playwright() as playwright:
                pages = [stack.enter_context(serve(folder / name, folder)) for name in ("page.py", "minimal.py")]
                browser = launch_chromium(playwright)
                watched = [latency.Watched(browser, server.url, server.process.pid) for server in pages]
                for page in watched:
                    page.settle()
                settled: tuple[list[float], list[float]] = ([], [])
                for round_ in range(options.warmup + options.repeat):
                    for there in (True, False):
                        samples = [page.change(latency.minimal_act, there) for page in watched]
                        if round_ >= options.warmup and None not in samples:
                            for measured, sample in zip(settled, samples):
                                measured.append(sample.settle_ms)
                browser.close()
            many, minimal = (statistics.median(measured) for measured in settled)
            print(f"{kind:<38} {many:>5.0f} ms {minimal:>5.0f} ms {many / minimal:>4.2f}× "
                  f"{(many - minimal) / options.count:>+9.2f} ms", flush=True)


if __name__ == "__main__":
    main()
