"""Parts of the page that come and go with the member keep the places of what follows them in the page's tree
(`ui.shell.look.kept_places`, the answer's block in app.py): a change of plan, group or status moves no field or
section below it, so the browser updates those elements instead of drawing them anew. Speed itself is measured by
benchmarks/latency.py, never asserted here."""

from __future__ import annotations

import pytest


def place(at, key: str) -> tuple[int, ...]:
    """Where the widget with `key` is in the page's tree: the index of each block on the way, then its own."""
    def search(node, path):
        for index, child in getattr(node, "children", {}).items():
            if getattr(child, "key", None) == key:
                return (*path, index)
            found = search(child, (*path, index))
            if found:
                return found
        return None
    found = search(at.main, ())
    assert found, f"no widget {key!r} on the page"
    return found


# Each below what comes and goes: the form's last boxes; the button after the explorer, and the report's.
FORM_BELOW = ("refunded", "both_systems")
ANSWER_BELOW = ("add_to_compare", "report_download")


def places(at, keys=FORM_BELOW + ANSWER_BELOW) -> dict[str, tuple[int, ...]]:
    return {key: place(at, key) for key in keys}


def fields(at) -> set[str]:
    return {w.key for w in (*at.text_input, *at.checkbox, *at.selectbox)}


@pytest.mark.parametrize("change, keys", [
    pytest.param(lambda at: at.radio(key="system").set_value("teachers"), FORM_BELOW + ANSWER_BELOW,
                 id="teachers: no group, no coordination, no income from 65"),
    pytest.param(lambda at: at.radio(key="status").set_value("separated").run().text_input(key="separation_date_text")
                 .input("30/06/2020"), FORM_BELOW, id="separated: a separation date"),
])
def test_a_field_that_comes_and_goes_moves_nothing_below_it(app, change, keys):
    before, shown_before = places(app, keys), fields(app)
    change(app).run()
    assert not app.exception
    assert fields(app) != shown_before  # the change did bring or take a field away
    assert places(app, keys) == before


def test_a_part_of_the_answer_that_comes_moves_nothing_after_it(app):
    """The other rules' table (a police officer's) and the income from 65 (coordination's) come and go inside the
    answer's block; the explorer and the buttons after it stay where they were."""
    general = places(app)
    tables = len(app.table)
    app.selectbox(key="group").set_value("police").run()
    assert not app.exception
    assert len(app.table) != tables  # the other rules shown, the income from 65 gone (police are not coordinated)
    assert places(app) == general
