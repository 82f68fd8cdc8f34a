"""A lighter estimate page: what is out of sight is built only when opened, the first screen imports only what
it shows, and the server starts with the first screen's modules set aside from the garbage collector.
Speed itself is measured by benchmarks/, never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.amounts import amounts
from tests.conftest import ROOT



def steps_shown(at) -> bool:
    return any("calc-steps" in h.proto.body for h in at.html)


def lifetime_shown(at) -> bool:
    return any(t.key == "lifetime_until" for t in at.text_input)


def test_the_first_screen_builds_nothing_out_of_sight(app):
    labels = [e.label for e in app.expander]
    assert any(label.startswith("Ver los gráficos") for label in labels)
    assert "Ver la línea de tiempo" in labels and "¿Cómo se calculó?" in labels
    assert not app.get("plotly_chart")
    assert not steps_shown(app)
    assert not lifetime_shown(app)
    assert [h.value for h in app.header].count("Cómo cambia la pensión") == 1  # the charts' heading, once


def test_the_first_answer_is_drawn_by_code_the_page_already_has(app):
    """The amount is markdown (ui/look.headline), not a metric: a metric's code is fetched when its element
    arrives and was the last on the first screen (benchmarks/cold_start.py measured 1.6-1.7x with it)."""
    assert not app.metric
    assert amounts(app)[0].value.startswith("$")


@pytest.mark.parametrize("section, built", [
    ("how_open", lambda at: steps_shown(at)),
    ("charts_open", lambda at: len(at.get("plotly_chart")) == 1),
    ("dates_chart_open", lambda at: len(at.get("plotly_chart")) == 1),
    ("lifetime_open", lambda at: lifetime_shown(at)),
])
def test_each_section_is_built_when_opened(app, section, built):
    app.session_state[section] = True
    app.run()
    assert not app.exception
    assert built(app)


def test_a_chart_table_is_built_when_asked_for(app):
    app.session_state["charts_open"] = True
    app.run()
    assert not app.dataframe
    app.session_state["chart_table_open_age"] = True
    app.run()
    assert not app.exception and app.dataframe


def test_the_lifetime_views_own_ages_are_answered(app):
    """(That they rerun only this view is measured in the browser: tests/browser/test_fragments_browser.py.)"""
    app.session_state["lifetime_open"] = True
    app.run()
    app.text_input(key="lifetime_other").set_value("62").run()
    assert not app.exception
    assert any("62" in " ".join(map(str, d.value.iloc[:, 0])) for d in app.table)


FIRST_SCREEN = """
import json, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from serving import first_screen_modules
import importlib
for name in first_screen_modules(Path({root!r}) / "app.py"):
    importlib.import_module(name)
print(json.dumps({{m: m in sys.modules for m in ("pandas", "fpdf", "ui.answer.charts", "ui.answer.explorer", "ui.answer.render")}}))
"""


def test_the_first_screen_imports_no_table_or_chart_library():
    """pandas (tables), the PDF library and the charts' module are imported when first used, not for the first
    screen."""
    proc = subprocess.run([sys.executable, "-c", FIRST_SCREEN.format(root=str(ROOT))], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = json.loads(proc.stdout.strip().splitlines()[-1])
    assert imported == {"pandas": False, "fpdf": False, "ui.answer.charts": False, "ui.answer.explorer": True, "ui.answer.render": True}


def test_the_report_boxes_hold_what_the_report_prints():
    from estimator.io import report
    from ui.answer import report_download

    assert (report_download.NAME_LIMIT, report_download.NOTES_LIMIT) == (report.NAME_LIMIT, report.NOTES_LIMIT)


PRELOAD = """
import gc, json, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from serving import preload
preload(Path({root!r}) / "app.py")
print(json.dumps({{"frozen": gc.get_freeze_count(), "render": "ui.answer.render" in sys.modules}}))
"""


def test_the_server_starts_with_the_first_screens_modules_set_aside_from_the_collector():
    proc = subprocess.run([sys.executable, "-c", PRELOAD.format(root=str(ROOT))], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["render"] and result["frozen"] > 10_000


WARM_UP = """
import gc, json, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from serving import preload
from serving.warm import warm_up
preload(Path({root!r}) / "app.py")
frozen = gc.get_freeze_count()
done = warm_up(busy=lambda: {busy})
print(json.dumps({{"done": done, "more_frozen": gc.get_freeze_count() - frozen,
                  "imported": [m in sys.modules for m in ("ui.answer.charts", "pandas", "fpdf")]}}))
"""


@pytest.mark.parametrize("busy", [False, True])
def test_the_server_warms_up_the_slower_actions_only_while_no_page_is_connected(busy):
    """Once the server is up with no page connected (`serving/warm.py`), the charts', tables' and PDF's
    libraries are imported and run once, and set aside from the collector; with a page connected, nothing."""
    proc = subprocess.run([sys.executable, "-c", WARM_UP.format(root=str(ROOT), busy=busy)], capture_output=True,
                          text=True, cwd=ROOT, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    if busy:
        assert result == {"done": False, "more_frozen": 0, "imported": [False, False, False]}
    else:
        assert result["done"] and result["imported"] == [True, True, True] and result["more_frozen"] > 10_000


def test_the_answers_consecutive_lines_are_one_element_each(app):
    """The browser draws every element of the page again several times a run (docs/performance.md): the lines under
    the amount are one caption, the rule and the service one markdown, a paragraph each."""
    rule = [m.value for m in app.markdown if m.value.startswith("**Regla aplicada:**")]
    assert len(rule) == 1 and "\n\n**Servicio acreditado al comenzar la pensión:**" in rule[0]
    under = [c.value for c in app.caption if c.value.startswith("en dólares de hoy")]
    assert len(under) == 1 and "\n\nDesde los 65 años el Sistema paga" in under[0]
