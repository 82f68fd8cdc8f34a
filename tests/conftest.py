import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Hypothesis: each property says how many examples it draws in the full run (`examples(300)`); the quick tier
# (`scripts/test --quick` sets HYPOTHESIS_PROFILE=quick) draws a tenth of that, the full run all of it.
# (`--hypothesis-profile=quick` does the same.) This file is imported twice (as `conftest` and `tests.conftest`):
# it loads a profile only when one is named, so that the second import does not undo the option.
settings.register_profile("full", max_examples=100)  # Hypothesis's own default
settings.register_profile("quick", max_examples=10)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])


def examples(full: int) -> int:
    """`full` examples under the full profile, a tenth of them (at least 10) under the quick one: the share
    follows the loaded profile's `max_examples` (100 full, 10 quick)."""
    return max(10, full * settings.default.max_examples // 100)


def sampled(cells: list) -> list:
    """Every cell of an exhaustive check (a grid compared cell by cell with the one-scenario answer) under the
    full profile; every 7th under the quick one (7 is prime: every row and column of a grid is still visited)."""
    return cells if settings.default.max_examples >= 100 else cells[::7]


def _discover_components_once() -> None:
    """Every new AppTest looks for installed Streamlit components by reading the metadata of every installed
    package: about 0.15 s of CPU, more than the page's own first run. A real server does that once and its
    sessions share the registry; the tests' sessions share one too."""
    from streamlit.testing.v1 import app_test

    if getattr(app_test.AppTest.__init__, "shares_components", False):  # this file imported a second time
        return
    components = app_test.BidiComponentManager()
    components.discover_and_register_components(start_file_watching=False)
    new_session = app_test.AppTest.__init__

    def __init__(self, *args, **kwargs):
        new_session(self, *args, **kwargs)
        self._bidi_component_manager = components

    __init__.shares_components = True
    app_test.AppTest.__init__ = __init__


_discover_components_once()


def pytest_configure(config):
    """`TESTS_ON=YYYY-MM-DD` runs the tests as if today were that day (in the tests' own process: not in a served
    app or a command started apart), to find a test that holds only on the day it was written (docs/testing.md).
    Started once, however many times this file is imported."""
    day = os.environ.get("TESTS_ON", "").strip()
    if not day:
        return
    import datetime as dt

    import time_machine

    if getattr(time_machine, "tests_on", None):  # this file imported a second time
        return

    try:
        moment = dt.datetime.fromisoformat(day).replace(hour=12, tzinfo=dt.timezone.utc)
    except ValueError:
        raise pytest.UsageError(f"TESTS_ON={day!r}: write a day as YYYY-MM-DD (2027-01-31)") from None
    time_machine.tests_on = time_machine.travel(moment, tick=True)
    time_machine.tests_on.start()

TIMEOUT = 90  # seconds for an AppTest run: first imports are slow on 2 busy cores


@pytest.fixture
def app():
    """The estimate page, run headless (AppTest) once, with no exception."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    assert not at.exception
    return at


def pytest_collection_modifyitems(config, items):
    """A test that starts the app with `streamlit run` (a fixture named `served`) is a served-app test: the
    quick tier (`scripts/test --quick`) leaves it out with the browser tests."""
    for item in items:
        if "served" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.served)
