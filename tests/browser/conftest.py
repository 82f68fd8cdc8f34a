"""Real-browser fixtures: `streamlit run serve.py` (the app as `scripts/run-app` serves it) on a free port,
and the system Chromium driven by Playwright.

Never run `playwright install` (it downloads a browser); these tests use Debian's `/usr/bin/chromium`.
Without it the tests are skipped, except under CI (`CI` set), where a missing browser is a failure:
a skip there would hide a missing install step.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from scripts.served_app import APP, CHROMIUM, launch_chromium, serve

START_TIMEOUT_S = 60
TIMEOUT_MS = 30_000  # the first load imports plotly, pandas and the rules: slow on 2 cores
HERE = Path(__file__).resolve().parent


# What tells one failure from another when a page did not do what a test waited for: whether a run is going, and
# the page's headings, messages and captions (which page it is, and what it says: a value to correct, a file not
# built, a file handed over).
PAGE_STATE = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const said = Array.from(document.querySelectorAll(
    'h1, h2, [data-testid="stAlert"], [data-testid="stCaptionContainer"], [data-testid="stExpander"] summary'))
    .map(e => e.innerText.trim()).filter(Boolean);
  return `script state ${app && app.getAttribute('data-test-script-state')}, shows ${JSON.stringify(said)}`;
}"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed says what each of its tabs showed then, and how the session's server's log ends
    (sections of its report: the log file is removed when the server stops)."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for tab in getattr(item, "browser_tabs", []):
        try:
            shown = "closed" if tab.is_closed() else f"{tab.url}: {tab.evaluate(PAGE_STATE)}"
        except Exception as error:  # noqa: BLE001 - the report must not fail for it
            shown = f"not readable ({type(error).__name__})"
        sockets = getattr(item, "browser_sockets", {}).get(id(tab))
        if sockets:  # more than one opened: the page lost its connection and took a new session (ui/shell/reconnect.py)
            shown += f"; WebSockets opened {sockets['opened']}, closed {sockets['closed']}"
        report.sections.append(("what the page showed", shown))
    server = item.funcargs.get("app_server") if hasattr(item, "funcargs") else None
    if server is not None:
        report.sections.append(("how the server's log ends", server.output()[-4000:] or "(empty)"))


def pytest_collection_modifyitems(config, items):
    """Every test in this folder is a browser test (`-m "not browser"` leaves them out)."""
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


try:  # the test modules import these directly
    import axe_playwright_python  # noqa: F401
    import playwright.sync_api  # noqa: F401
except ImportError:
    if under_ci():  # under CI a missing test dependency is an error, never a skip
        raise
    collect_ignore_glob = ["test_*.py"]  # here: `pip install -e .[test]` to run them


def _unavailable(reason: str) -> None:
    """Skip, or fail under CI (CI=true / any non-empty value but "false"/"0")."""
    if under_ci():
        pytest.fail(f"{reason} (CI is set, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """The system Chromium and Playwright, or a skip (a failure under CI) saying what to install."""
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing: install Debian's chromium (`apt-get install -y chromium`); "
                     "never `playwright install`")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("Playwright for Python is missing: `pip install -e .[test]`")
    return CHROMIUM


@pytest.fixture(scope="session")
def haproxy():
    """HAProxy installed (scripts/setup --test installs it), or a skip (a failure under CI)."""
    if not (shutil.which("haproxy") or shutil.which("haproxy", path="/usr/local/sbin:/usr/sbin:/sbin")):
        _unavailable("HAProxy is missing: `scripts/setup --test` installs it (apt-get install haproxy)")


@pytest.fixture(scope="session")
def app_server(chromium_path):
    """`streamlit run serve.py` (what `scripts/run-app` starts: app.py with its security headers) from the
    project root on a free loopback port (output to a file), once its health check answers "ok"; stopped at
    the end of the session. Not started when there is no browser.
    Yields the `Server` (its `.output()` is the server's log so far); `app_url` is the same server's URL."""
    try:
        with serve(APP, timeout_s=START_TIMEOUT_S) as server:
            yield server
    except RuntimeError as error:  # did not start: say why, with the server's output
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def app_url(app_server) -> str:
    """The URL of the session's one server (see `app_server`)."""
    return app_server.url


@pytest.fixture(scope="session")
def browser(chromium_path):
    """The system Chromium (headless)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


# What Streamlit itself keeps in the browser: the theme chosen in its menu and whether the sidebar is closed.
STREAMLIT_STORAGE = ("stActiveTheme", "stSidebarCollapsed")


@pytest.fixture(scope="session")
def shared_contexts(browser, app_url):
    """One browser context per locale for the whole run, each with a tab kept open at the app's address (its
    plain health page). New tabs of the app then reuse the browser's live process for that address and its
    caches: the app loads in 1.3 s instead of 2.1 s in a fresh context (1.9 s in a used context with no tab
    open) on a quiet machine here. Each test's tab is still a new Streamlit session of its own, and `new_page`
    leaves no cookie or stored data behind it. Yields `context(locale)` → (context, kept tab)."""
    made = {}

    def context(locale: str | None):
        if locale not in made:
            opened = browser.new_context(**({"locale": locale} if locale else {}))
            opened.set_default_timeout(TIMEOUT_MS)
            kept = opened.new_page()
            kept.goto(f"{app_url}/_stcore/health")
            made[locale] = opened, kept
        return made[locale]
    yield context
    for opened, _ in made.values():
        opened.close()


@pytest.fixture
def new_page(shared_contexts, request):
    """`new_page(width, height, locale)`: a new tab (a new Streamlit session) of that size in the shared context
    of that locale. At the end of the test each is closed, and the cookies and stored data of the app's address
    are checked and cleared: nothing but Streamlit's own theme and sidebar state may be stored (the app stores
    no member's data), and the next test starts with none of them."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    tabs, used, sockets = [], {}, {}
    request.node.browser_tabs = tabs  # read if the test fails (`pytest_runtest_makereport`)
    request.node.browser_sockets = sockets

    def make(width: int = 1400, height: int = 1000, locale: str | None = "es-PR"):
        context, kept = shared_contexts(locale)
        used[id(context)] = context, kept
        tab = context.new_page()
        counts = sockets[id(tab)] = {"opened": 0, "closed": 0}

        def watch(socket) -> None:
            counts["opened"] += 1
            socket.on("close", lambda _: counts.__setitem__("closed", counts["closed"] + 1))
        tab.on("websocket", watch)
        tab.set_viewport_size({"width": width, "height": height})
        tabs.append(tab)
        return tab
    yield make
    for tab in tabs:
        if not tab.is_closed():
            tab.close()
    stored = []
    for context, kept in used.values():  # the kept tab is at the app's address, where its pages keep their storage
        stored += kept.evaluate("() => { const keys = Object.keys(localStorage); localStorage.clear(); return keys; }")
        context.clear_cookies()
    assert all(key.startswith(STREAMLIT_STORAGE) for key in stored), f"the page stored {stored}"


@pytest.fixture
def page(new_page):
    """A new tab (a new Streamlit session) with a desktop-sized window, in the shared context (`new_page`)."""
    return new_page()
