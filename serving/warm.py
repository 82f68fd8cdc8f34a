"""A warm start: what the first screen needs imported before the first page asks for it, and what the slower
actions need (the charts, tables, the PDF) made once the server is idle, so that no member's click pays for it."""

from __future__ import annotations

import time
from pathlib import Path


def first_screen_modules(script: Path) -> list[str]:
    """The modules `script` imports at its top level (what its first screen needs)."""
    import ast

    names = []
    for node in ast.parse(script.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def preload(script: Path) -> None:
    """Import what `script`'s first screen needs, then set every object those imports made aside from the
    garbage collector (gc.freeze). A full collection goes over every object not set aside: over the ~150,000
    objects that Streamlit, numpy, pandas and the rules create at import, one took about 100 ms (Streamlit's own,
    at each run's end, held back the run's last messages; it is turned off, .streamlit/config.toml, and Python's
    own still come now and then, in some member's run). Frozen only while no session exists, so no member's
    figures are ever set aside (they are collected with their session)."""
    import gc
    import importlib

    for name in first_screen_modules(script):
        importlib.import_module(name)
    if no_page():
        gc.collect()
        gc.freeze()


def no_page() -> bool:
    """Whether no member's page is connected to this server (also before the server has started)."""
    from streamlit.runtime import Runtime, RuntimeState

    return not Runtime.exists() or Runtime.instance().state in (RuntimeState.INITIAL,
                                                                RuntimeState.NO_SESSIONS_CONNECTED)


# -- the warm-up: what the slower actions need, made once the server is idle (docs/performance.md) ----------


def _example_member():
    from datetime import date

    from ui.form.form import read_form
    from ui.form.example import example

    today = date.today()
    return read_form(example(today), today, "es").member


def _draw_charts(member) -> None:
    import plotly.io

    from ui.answer import charts

    dates = member.key_dates()
    for chart in (charts.age_chart(member, "es"), charts.service_chart(member, "es"),
                  charts.heat_chart(member, "es"), charts.key_dates_chart(dates, "es")):
        plotly.io.to_json(chart.figure.to_dict(), validate=False)


def _import_tables() -> None:
    import pandas  # noqa: F401


def _compare(member) -> None:
    from estimator import build_comparison_report

    later = member.at(member.planned_age + 1)
    build_comparison_report([member.scenario, later], "es", birth_date=member.birth_date)


def warm_up(busy) -> bool:
    """Import and run once what the slower actions need — the charts (plotly), tables (pandas), the PDF
    library and its fonts — by drawing the example member's charts and comparing two of its scenarios, each
    step followed by setting what it made aside from the garbage collector (gc.freeze), while `busy()` says
    no member's page is connected (as `preload`: no member's figures are ever set aside). Without it, a
    member's first click paid the imports (3.8 s for the charts), and every later full collection, over the
    imported libraries' objects, took 50-100 ms more. Stops, and says False, as soon as a page is connected."""
    import gc

    member = _example_member()
    for step in (lambda: _draw_charts(member), _import_tables, lambda: _compare(member)):
        if busy():
            return False
        step()
        if busy():
            return False
        gc.collect()
        gc.freeze()
    return True


def warm_up_when_idle(idle_s: float = 2.0) -> None:
    """`warm_up` in the background once the server has been up `idle_s` seconds with no page connected: never
    on a member's click, and never competing with a first page's own start (if one comes first, nothing is
    warmed up: each action pays its imports on first use, as without this)."""
    import threading

    def wait_then_warm_up() -> None:
        from streamlit.runtime import Runtime, RuntimeState

        while not Runtime.exists() or Runtime.instance().state == RuntimeState.INITIAL:
            time.sleep(0.25)  # the server is starting
        up_since = time.monotonic()
        while time.monotonic() - up_since < idle_s:
            if not no_page():
                return
            time.sleep(0.25)
        warm_up(busy=lambda: not no_page())

    threading.Thread(target=wait_then_warm_up, name="warm-up", daemon=True).start()
