"""The benchmarks read the page as the tests do: what they wait for is what the app shows. (Their timings are
not asserted anywhere: run them, see docs/performance.md.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.cold_start import FORM_WHOLE
from benchmarks.load import BASE, expected
from tests.amounts import amounts


def test_the_load_benchmark_expects_the_amount_the_page_shows(app):
    label, amount = expected(BASE.average_annual)
    assert [(a.label, a.value) for a in amounts(app)][:1] == [(label, amount)]


def test_the_cold_start_waits_for_a_field_the_form_has(app):
    key = FORM_WHOLE.split(".st-key-")[1].split()[0]
    assert key in [box.key for box in app.text_input]


def test_the_load_benchmark_refuses_a_number_of_hosts_it_cannot_run_in_one_line():
    import subprocess
    import sys

    from tests.conftest import ROOT

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "load.py"), "--hosts", "9"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "load.py: --hosts '9': give a whole number from 2 to 4"


def test_each_copy_the_page_parts_benchmark_measures_runs_and_lacks_only_its_parts(app, tmp_path):
    """`benchmarks/page_parts.py` measures copies of app.py with parts left out: each copy still runs and shows the
    page's amount, its salary's box changes that amount, and it lacks the parts it names and only those (so its
    figures are of those pages); the copy whose fragment's box is changed has that box, which leaves the amount as
    it was."""
    from streamlit.testing.v1 import AppTest

    from benchmarks.page_parts import CHANGED, PARTS, copy_without
    from tests.conftest import TIMEOUT
    from ui.shell.text import ui_text

    for number, (name, replacements) in enumerate(PARTS.items()):
        served = copy_without(tmp_path / f"copy{number}", replacements)
        copy = AppTest.from_file(str(served.with_name("app.py")), default_timeout=TIMEOUT).run()
        assert not copy.exception, name
        assert amounts(copy)[:1] == amounts(app)[:1], name
        keys = [box.key for box in copy.text_input]
        assert ("service_years_text" in keys) == name.startswith("as is"), name  # the form, only on the pages as is
        assert ("fragment_text" in keys) == (name in CHANGED), name
        explorer = "explorer" in [component.key for component in copy.get("bidi_component")]
        assert explorer == ("no explorer" not in name), name
        below = ui_text("chart.heading", "es") in [heading.value for heading in copy.header]
        assert below == ("sections below" not in name), name
        if name in CHANGED:
            copy.text_input(key="fragment_text").set_value("36100").run()  # the box the benchmark types into
            assert not copy.exception and amounts(copy)[:1] == amounts(app)[:1], name
        copy.text_input(key="average_annual_text").set_value("36100").run()  # a salary typed, as the benchmark does
        assert amounts(copy)[:1] != amounts(app)[:1], name


def test_each_kind_the_element_costs_benchmark_measures_adds_that_many_elements_to_the_minimal_page():
    """`benchmarks/element_costs.py` times the minimal page with more elements of one kind: each kind's page runs
    and has, under the minimal page's own, one more element or block for each it names."""
    from streamlit.testing.v1 import AppTest

    from benchmarks.element_costs import KINDS, page_with
    from benchmarks.latency import MINIMAL_PAGE

    alone = len(AppTest.from_string(MINIMAL_PAGE).run().main.children)
    for kind in KINDS:
        page = AppTest.from_string(page_with(kind, 3)).run()
        assert not page.exception, kind
        assert len(page.main.children) == alone + 3, kind


def test_the_keyed_reruns_check_adds_up_what_its_boxes_hold():
    """`benchmarks/keyed_reruns.py` counts a value lost when its sum misses it: its page's sum follows each box
    changed (each box's callback reruns the sum's fragment alone), and a whole run reads them all again."""
    from streamlit.testing.v1 import AppTest

    from benchmarks.keyed_reruns import BOXES, PAGE

    page = AppTest.from_string(PAGE).run()
    assert not page.exception
    assert "sum=0" in [text.value for text in page.markdown]
    total = 0
    for number, name in enumerate(BOXES, start=1):
        page.text_input(key=name).set_value(str(number)).run()  # the sum's fragment alone reruns
        total += number
        assert not page.exception, name
        assert f"sum={total}" in [text.value for text in page.markdown], name
        page.run()  # a whole run: AppTest's tree after a keyed rerun holds the fragment only
    assert [page.text_input(key=name).value for name in BOXES] == [str(n) for n in range(1, len(BOXES) + 1)]


def test_each_part_the_run_parts_benchmark_times_is_called_by_a_run_of_the_page(tmp_path):
    """`benchmarks/run_parts.py` wraps each part of the page (and each method it names) in a timer at the server's
    start: a run of the page, with its timers installed the same way (in a process of its own), logs every part and
    the script's run."""
    import os
    import subprocess
    import sys

    from benchmarks.run_parts import METHODS, PARTS, TIMERS
    from tests.conftest import ROOT

    log = tmp_path / "parts.log"
    page = ("from streamlit.testing.v1 import AppTest\n"
            f"page = AppTest.from_file({str(ROOT / 'app.py')!r}, default_timeout=60).run()\n"
            "assert not page.exception\n")
    done = subprocess.run([sys.executable, "-c", TIMERS + page], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "RUN_PARTS_LOG": str(log), "RUN_PARTS_ROOT": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    logged = {line.split("\t")[0] for line in log.read_text().splitlines()}
    assert logged == {"the script's run", *(name for _, name in PARTS),
                      *(f"{owner}.{name}" for _, owner, name in METHODS)}


def test_the_checkouts_comparison_refuses_a_folder_without_the_app(tmp_path):
    """`benchmarks/compare_checkouts.py` serves each folder's own app: a folder that holds none is named, before
    any server starts."""
    import subprocess
    import sys

    from scripts.served_app import APP
    from tests.conftest import ROOT

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "compare_checkouts.py"), str(tmp_path), str(ROOT),
                           "--only", "salary"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == f"before: {tmp_path.resolve()} holds no {APP}"



BENCHMARKS = sorted(path.name for path in (Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py")
                    if path.name != "__init__.py")


@pytest.mark.parametrize("script", BENCHMARKS)
def test_each_benchmark_loads_against_the_project_as_it_is(script):
    """Every script in benchmarks/ loads (its imports resolve, nothing run: each runs only as `__main__`): a name
    one of them imported from another had gone, and `slow_actions.py` no longer started."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    load = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location('measured', sys.argv[1]); "
            "sys.modules['measured'] = module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)")
    done = subprocess.run([sys.executable, "-c", load, str(ROOT / "benchmarks" / script)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert (done.returncode, done.stdout) == (0, ""), done.stderr[-2000:]


def test_the_timeline_summary_says_when_the_explorer_drew_after_the_last_whole_page_commit():
    """`change_timeline.py --summary` reads a change's commits and mutations: the explorer's drawing is its
    chart's line moved (`d`), a whole-page commit one that drew 500 components or more again."""
    from benchmarks.change_timeline import summarised

    explorer = "attributes d @ stBidiComponentRegular < st-key-explorer"
    stale = "attributes data-stale @ stElementContainer"
    late = [["enter", 100.0, 0], ["commit", 130.0, 750], ["commit", 131.0, 60], ["commit", 190.0, 880],
            ["mutation", 191.0, [stale]], ["mutation", 205.0, [explorer, "childList @ DIV"]]]
    one = summarised(late, 100.0, 121.0)
    assert one["tail"] == pytest.approx(15.0)
    assert "2 whole-page commits, the last at 90 ms" in one["line"]
    early = [["enter", 100.0, 0], ["commit", 150.0, 700], ["mutation", 160.0, [explorer]],
             ["commit", 200.0, 900]]
    assert summarised(early, 100.0, 110.0)["tail"] is None
