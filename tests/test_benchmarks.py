"""The benchmarks read the page as the tests do: what they wait for is what the app shows. (Their timings are
not asserted anywhere: run them, see docs/performance.md.)"""

from __future__ import annotations

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
