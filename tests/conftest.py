import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


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
