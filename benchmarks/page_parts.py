"""What each part of the estimate page adds to a change's settle time: the salary changed on the page as it is
and on copies of it with parts left out, each against the minimal page, all in one run.

    .venv/bin/python benchmarks/page_parts.py [--repeat 4] [--warmup 1]

The copies are `app.py` with parts left out by text replacements (each asserted: the script stops if `app.py` no
longer has the text it replaces), served from temporary folders that link to this project's packages, pages and
settings, so only the script differs:
- **as is**;
- **no form**: the form's column holds the salary's box alone (`member_form` not drawn; every other input keeps the
  example member's value in the session), the bound for a form drawn as a single element of its own;
- **no form, no sections below**: also without the charts' section, the key dates and the lifetime view;
- **no form, no sections below, no explorer**: also without the explorer;
- **as is, a fragment's box changed**: the page as it is with one more text box, in a fragment of its own under the
  subtitle; that box is changed instead of the salary, so a change reruns that fragment alone and sends one element.
  No design that reruns only part of the page (fragments, caching) can send less, so this is the floor such designs
  have on a page of this size;
- **as is, the answer's column rerun alone**: the answer's column drawn by a fragment with a box of its own at its
  end, that box changed: what a change would settle in if it reran the answer's column alone, the form and the
  rest left as they are (a real change would also send the summary line and the sections below);
- **no form, the salary rerunning the answer's column**: as *no form*, with the answer's column a keyed fragment
  that reads the member from the session, and the salary's box calling for that fragment alone
  (`st.rerun(['answer'])` from its callback): a real change, its new amount and explorer, rerunning that column and
  nothing else (the summary line and the sections below keep the old amount: a measure, not a page);
- **the same, no explorer**: also without the explorer.

Every page (the copies and `benchmarks/latency.py`'s minimal page) is served at once, and each round changes the
salary of each copy there and back, each change followed by one of the minimal page, so that all are measured
alternately under the same load. Settled as `benchmarks/latency.py` measures it. Prints, for each copy, its
median settle time and its ratio to the minimal page's median; with `--renders`, also the components React drew
again for a change (as `latency.py --renders` counts them; the count's walk adds time to every page, so settle
times are compared without it). No assertions: a measure, not a test.
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
from scripts.served_app import APP, ROOT, launch_chromium, need_chromium, serve  # noqa: E402

NO_FORM = ("    member_form(lang, today, form)\n",
           "    st.text_input('salary', key=box_key('average_annual'), persist_state='session')\n")
NO_FORM_IMPORT = ("from ui.form.form import member_form, read_form\n",
                  "from ui.form.entry import box_key\nfrom ui.form.form import member_form, read_form\n")
NO_BELOW = ("if member is not None and answer.covered:\n    charts_section(",
            "if False:\n    charts_section(")
NO_EXPLORER = ("            explorer_view(member, lang, comparable)", "            pass")
FRAGMENT_BOX = ("st.caption(ui_text(\"app.subtitle\", lang))\n",
                "st.caption(ui_text(\"app.subtitle\", lang))\n"
                "st.fragment(lambda: st.text_input('fragment', key='fragment_text'))()\n")


def answer_column() -> tuple[str, str]:
    """`app.py`'s block that draws the answer's column, and that block's body."""
    script = (ROOT / "app.py").read_text(encoding="utf-8")
    block = script[script.index("with results:\n"):script.index("with summary:\n")]
    return block, block.removeprefix("with results:\n")


def answer_column_as_fragment() -> tuple[str, str]:
    """The answer's column drawn by a fragment, with a box of its own at its end: a change of that box reruns the
    whole column (its amount, steps, explorer, comparison and report) and leaves the form and the rest as they are."""
    block, body = answer_column()
    new = ("def _results():\n    global answer\n" + body
           + "    st.text_input('fragment', key='fragment_text')\n\n\nwith results:\n    st.fragment(_results)()\n")
    return block, new


def answer_column_keyed() -> tuple[str, str]:
    """The answer's column drawn by a keyed fragment that reads the member from the session, so that a rerun of it
    alone (`KEYED_SALARY`) shows a changed salary's amount and explorer."""
    block, body = answer_column()
    new = ("@st.fragment(key='answer')\ndef _results():\n    global answer\n"
           "    form = read_form(st.session_state, today, lang)\n"
           "    form.still_example = still_example(st.session_state, form.values, today)\n"
           "    member = form.member and replace(form.member, example_inputs=frozenset(form.still_example.values()))\n"
           + body + "\n\nwith results:\n    _results()\n")
    return block, new


KEYED_SALARY = (NO_FORM[1], NO_FORM[1].replace("persist_state='session')",
                                               "persist_state='session', on_change=lambda: st.rerun(['answer']))"))
PARTS = {"as is": [],
         "no form": [NO_FORM, NO_FORM_IMPORT],
         "no form, no sections below": [NO_FORM, NO_FORM_IMPORT, NO_BELOW],
         "no form, no sections below, no explorer": [NO_FORM, NO_FORM_IMPORT, NO_BELOW, NO_EXPLORER],
         "as is, a fragment's box changed": [FRAGMENT_BOX],
         "as is, the answer's column rerun alone": [answer_column_as_fragment()],
         "no form, the salary rerunning the answer's column": [NO_FORM, NO_FORM_IMPORT, KEYED_SALARY,
                                                             answer_column_keyed()],
         "the same, no explorer": [NO_FORM, NO_FORM_IMPORT, KEYED_SALARY, answer_column_keyed(), NO_EXPLORER]}
CHANGED = {"as is, a fragment's box changed": "fragment",  # the box each copy changes; the others, the salary
           "as is, the answer's column rerun alone": "fragment"}
LINKED = ("estimator", "ui", "pages", "serving", ".streamlit")  # what the copy shares with the project


def copy_without(folder: Path, replacements: list[tuple[str, str]]) -> Path:
    """`app.py` with these replacements, in `folder` beside links to the project's packages and settings."""
    script = (ROOT / "app.py").read_text(encoding="utf-8")
    for old, new in replacements:
        if script.count(old) != 1:
            raise SystemExit(f"app.py no longer has, once, the text this copy replaces:\n{old}")
        script = script.replace(old, new)
    folder.mkdir()
    for name in LINKED:
        (folder / name).symlink_to(ROOT / name)
    (folder / "app.py").write_text(script, encoding="utf-8")
    (folder / APP).write_text((ROOT / APP).read_text(encoding="utf-8"), encoding="utf-8")  # serves app.py beside it
    return folder / APP


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=4, help="rounds, the salary there and back (default 4)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first (default 1)")
    parser.add_argument("--renders", action="store_true",
                        help="also count the components React drew again (its walk adds time to every page)")
    options = parser.parse_args()
    need_chromium()

    samples: dict[str, list[latency.Sample]] = {name: [] for name in PARTS}
    minimal: list[latency.Sample] = []
    with tempfile.TemporaryDirectory(prefix="page-parts-") as folder, ExitStack() as stack:
        folder = Path(folder)
        (folder / "minimal.py").write_text(latency.MINIMAL_PAGE)
        servers = {name: stack.enter_context(serve(copy_without(folder / f"copy{number}", replacements),
                                                   folder / f"copy{number}"))
                   for number, (name, replacements) in enumerate(PARTS.items())}
        minimal_server = stack.enter_context(serve(folder / "minimal.py", folder))
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            pages = {name: latency.Watched(browser, server.url, server.process.pid, options.renders)
                     for name, server in servers.items()}
            # latency.py's own change of a text box, one for each copy (each remembers the value it changes back to)
            acts = {name: latency.typed(CHANGED[name], "36100") if name in CHANGED else
                    next(i.act for i in latency.first_screen() if i.name == "salary") for name in PARTS}
            small = latency.Watched(browser, minimal_server.url, minimal_server.process.pid, options.renders)
            for page in pages.values():
                page.page.locator(".st-key-average_annual_text input").wait_for(timeout=60_000)
                page.settle()
            small.settle()
            for round_ in range(options.warmup + options.repeat):
                for name, page in pages.items():
                    for there in (True, False):
                        sample = page.change(acts[name], there)
                        other = small.change(latency.minimal_act, there)
                        if round_ >= options.warmup and sample is not None and other is not None:
                            samples[name].append(sample)
                            minimal.append(other)
            browser.close()

    base = statistics.median(s.settle_ms for s in minimal)
    drawn = lambda measured: f" {statistics.median(s.drawn for s in measured):>6.0f}" if options.renders else ""  # noqa: E731
    print(f"{options.repeat} rounds after {options.warmup} unmeasured, {os.cpu_count()} cores, load {latency.load()}")
    print(f"{'the page':<50} {'settled':>8} {'×minimal':>8}" + (f" {'drawn':>6}" if options.renders else ""))
    for name, measured in samples.items():
        if measured:
            settle = statistics.median(s.settle_ms for s in measured)
            print(f"{name:<50} {settle:>5.0f} ms {settle / base:>7.1f}×" + drawn(measured))
    print(f"{'minimal page':<50} {base:>5.0f} ms {1:>7.1f}×" + drawn(minimal))


if __name__ == "__main__":
    main()
