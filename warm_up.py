"""The server's warm-up: once it is up with no page connected, it imports and runs once what the slower
actions need (the charts, tables, the PDF) and sets it aside from the garbage collector, so that no member's
click pays for it (`serve.py` starts it; docs/performance.md says what it saves)."""

from __future__ import annotations

import time

from serving import no_page


def _example_member():
    from datetime import date

    from ui.form import _values
    from ui.member import build_member
    from ui.state import example

    return build_member(_values(example(date.today())), date.today(), "es")[0]


def _draw_charts(member) -> None:
    import plotly.io

    from estimator.projection import scenario_at
    from estimator.timeline import key_dates
    from ui import charts

    situation = member.situation
    dates = key_dates(situation.today, member.birth_date, planned_age=member.planned_age,
                      move=lambda age: scenario_at(situation, age))
    for chart in (charts.age_chart(member, "es"), charts.service_chart(member, "es"),
                  charts.heat_chart(member, "es"), charts.key_dates_chart(dates, "es")):
        plotly.io.to_json(chart.figure.to_dict(), validate=False)


def _import_tables() -> None:
    import pandas  # noqa: F401


def _compare(member) -> None:
    from estimator.projection import scenario_at
    from estimator.report import build_comparison_report

    later = scenario_at(member.situation, member.planned_age + 1)
    build_comparison_report([member.scenario, later], "es", birth_date=member.birth_date)


def warm_up(busy) -> bool:
    """Import and run once what the slower actions need — the charts (plotly), tables (pandas), the PDF
    library and its fonts — by drawing the example member's charts and comparing two of its scenarios, each
    step followed by setting what it made aside from the garbage collector (gc.freeze), while `busy()` says
    no member's page is connected (as `preload`: no member's figures are ever set aside). Without it, a
    member's first click paid the imports (3.8 s for the charts), and every later run's collection, over the
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
