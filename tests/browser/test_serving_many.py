"""The app served as two processes behind HAProxy (`scripts/run-app --replicas 2`), in a real browser.

Six members, each in a browser context of their own (their own cookies, so their own affinity): the sessions
spread over both processes; each uploads a saved file and gets its own figures back, with no member ever
shown another's (the file each downloads back is its own); one process is killed and every page answers again with its own inputs (a changed salary
moves the amount, changed back it gives the amount from before) within 40 s; the processes are replaced one at
a time (SIGHUP) with the pages answering after it; the headers pass through the proxy; bad input is one line;
Ctrl-C stops everything. Each test waits on what the page shows or on the processes, within a bound.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tests.waiting as waiting
import tempfile
import time
import urllib.request
import uuid
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scripts.served_app import ROOT, free_port, serve
from tests.browser.conftest import TIMEOUT_MS
from estimator.arithmetic.display import money
from serving import SECURITY_HEADERS
from tests.browser.test_app_browser import MONEY, amount_shown, number_input, open_app
from tests.browser.test_counselor import download, saved_data_section, upload
from ui.form.fields import FormValues
from ui.form.member import build_member
from ui.form.saved import dump_inputs
from ui.form.example import example

pytestmark = pytest.mark.browser

REPLICAS = [sys.executable, str(ROOT / "scripts" / "replicas.py")]
START_S = 180        # two processes importing the app on a busy 2-core machine, then HAProxy
STOP_S = 30
ANSWER_MS = 60_000   # a page whose process died answers again within this (each page its own wait)
MEMBERS = 6
COOKIE = "ESTIMADOR_SERVIDOR"
LOADED = "Se cargaron los datos guardados de «miembro-{i}.json»."


# --- the run-app supervisor and its processes ------------------------------------------------------------

@dataclasses.dataclass
class Served:
    url: str
    process: subprocess.Popen
    log: Path
    mark: str  # in the environment of every process it started

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def workdir(self) -> Path:
        return Path(re.search(r"admin socket: (/\S+?)\)", self.output()).group(1)).parent

    def ports(self) -> dict[str, int]:
        """HAProxy's name for each app process → its loopback port."""
        config = (self.workdir() / "haproxy.cfg").read_text()
        return {name: int(port) for name, port in re.findall(r"server (app\d+) 127\.0\.0\.1:(\d+)", config)}

    def pid_of(self, name: str) -> int:
        port = self.ports()[name]
        for pid in marked_processes(self.mark):
            if f"--server.port={port}".encode() in cmdline(pid):
                return pid
        raise AssertionError(f"no app process on port {port}")


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return b""


def marked_processes(mark: str) -> list[int]:
    """The live processes (zombies aside) whose environment carries `mark`: what one run started."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"ESTIMADOR_TEST_MARK={mark}".encode() in (entry / "environ").read_bytes() and \
                    ") Z " not in (entry / "stat").read_text():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read().strip() == b"ok"
    except OSError:
        return False


def wait_for(condition, timeout_s: float, what: str, served: Served | None = None) -> None:
    waiting.wait_for(condition, timeout_s, what, (lambda: f"log:\n{served.output()[-3000:]}") if served else lambda: "")


def start_served(*args: str) -> Served:
    port = free_port()
    mark = uuid.uuid4().hex
    log = Path(tempfile.mkstemp(prefix="run-app-", suffix=".log")[1])
    with log.open("w") as sink:
        process = subprocess.Popen([*REPLICAS, "--port", str(port), *args], cwd=ROOT, stdout=sink,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env={**os.environ, "ESTIMADOR_TEST_MARK": mark})
    served = Served(f"http://127.0.0.1:{port}", process, log, mark)
    try:
        wait_for(lambda: "serving on" in served.output() or process.poll() is not None, START_S,
                 "run-app did not start", served)
        assert process.poll() is None, served.output()
    except BaseException:
        stop_served(served)
        raise
    return served


def stop_served(served: Served) -> None:
    """SIGTERM the supervisor; whatever it started and left is killed (a teardown never leaves processes)."""
    if served.process.poll() is None:
        served.process.terminate()
        try:
            served.process.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            served.process.kill()
            served.process.wait(timeout=STOP_S)
    for pid in marked_processes(served.mark):
        os.kill(pid, signal.SIGKILL)
    served.log.unlink(missing_ok=True)


@pytest.fixture(scope="module")
def two(chromium_path, haproxy):
    """`scripts/run-app --replicas 2 --port P` (its Python part, without the set-up step), stopped at the end."""
    served = start_served("--replicas", "2")
    yield served
    stop_served(served)


# --- members -----------------------------------------------------------------------------------------------

def member(i: int) -> dict:
    """Member i: the example member with service 21+i years and an average of 30,500 + 1,000·i a year."""
    values = example(date.today())
    values.update(service_years=21 + i, average_annual=30_500.0 + 1_000 * i)
    return values


def expected(values: dict) -> str:
    """The amount the app shows for these inputs, from the project's own code (ui.form.member → estimator)."""
    form = FormValues(**{k: v for k, v in values.items() if k in FormValues.__dataclass_fields__})
    found, errors = build_member(form, date.today(), "es")
    assert not errors, errors
    return money(found.answer("es").monthly_pension)


def average_box(page: Page):
    return number_input(page, "average_annual", "Retribución promedio anual ($)")


def service_box(page: Page):
    return number_input(page, "service_years", "años")


def set_average(page: Page, amount: float, written: str = "{:,.2f}") -> None:
    box = average_box(page)
    box.fill(written.format(amount))
    box.press("Enter")


def answers_with(page: Page, values: dict, timeout_ms: int) -> None:
    """The page shows this member's amount, and the service box this member's years."""
    expect(amount_shown(page)).to_have_text(expected(values), timeout=timeout_ms)
    expect(service_box(page)).to_have_value(str(values["service_years"]), timeout=timeout_ms)


def change_and_back(page: Page, values: dict) -> None:
    """A changed salary moves the amount to this member's new one; changed back, the amount from before.
    Typed again if a keystroke landed while the page was still reconnecting (then the page sent nothing),
    for up to ANSWER_MS: a bound for a page that never answers again, not a measure of speed. Typed again
    written another way ("31277.00" after "31,277.00"): the box sends only a text that differs from the one it
    holds, so the very same text again would send nothing (seen once on a loaded machine: 60 s of retries)."""
    deadline = time.monotonic() + ANSWER_MS / 1000
    changed = {**values, "average_annual": values["average_annual"] + 777}
    for target in (changed, values):
        for attempt in itertools.count():
            set_average(page, target["average_annual"], ("{:,.2f}", "{:.2f}")[attempt % 2])
            left_ms = max(1_000, int((deadline - time.monotonic()) * 1000))
            try:
                answers_with(page, target, min(left_ms, 10_000))
                break
            except AssertionError:
                if time.monotonic() > deadline:
                    raise


@contextlib.contextmanager
def member_pages(browser, url: str, count: int):
    """`count` pages through the proxy at `url`, each its own browser context (own cookies, so its own
    affinity), each loaded with its member from a saved file, as the member would upload it."""
    expect.set_options(timeout=TIMEOUT_MS)
    contexts = []
    try:
        pages = []
        for i in range(count):
            context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="es-PR")
            context.set_default_timeout(30_000)
            contexts.append(context)
            page = context.new_page()
            open_app(page, url)
            expect(amount_shown(page)).to_have_text(MONEY, timeout=60_000)
            saved_data_section(page)
            upload(page, f"miembro-{i}.json", dump_inputs(member(i)))
            expect(page.get_by_text(LOADED.format(i=i))).to_be_visible()
            pages.append(page)
        yield pages
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def members(browser, two):
    """Six members' pages through the proxy (`member_pages`)."""
    with member_pages(browser, two.url, MEMBERS) as pages:
        yield pages


def process_of(page: Page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)


# --- tests ---------------------------------------------------------------------------------------------------

def test_members_spread_keep_their_own_files_and_survive_a_killed_process(two, members):
    for i, page in enumerate(members):  # each got its own file back: its years, its salary, its amount
        answers_with(page, member(i), 30_000)
        expect(average_box(page)).to_have_value(f"{member(i)['average_annual']:,.2f}")
    assert len({expected(member(i)) for i in range(MEMBERS)}) == MEMBERS  # distinct: a mix-up would show
    for i, page in enumerate(members):  # and the file each downloads back is its own, exactly
        button = page.get_by_role("button", name="Descargar los datos de este participante")
        saved = download(page, button, two).path().read_bytes()
        assert json.loads(saved)["inputs"] == json.loads(dump_inputs(member(i)))["inputs"]
    placed = [process_of(page) for page in members]
    assert set(placed) == {"app1", "app2"}, placed  # spread over both processes

    victim = placed[0]
    old_pid = two.pid_of(victim)
    os.kill(old_pid, signal.SIGKILL)
    for i, page in enumerate(members):
        change_and_back(page, member(i))
    for i, page in enumerate(members):  # and none shows another member's figures
        answers_with(page, member(i), 1_000)
    assert "ended with status" in two.output()  # the supervisor saw it and started it again
    wait_for(lambda: answers(f"http://127.0.0.1:{two.ports()[victim]}"), START_S, "the killed process is back", two)
    assert two.pid_of(victim) != old_pid


def test_a_rolling_restart_replaces_every_process_and_the_pages_keep_answering(two, browser):
    expect.set_options(timeout=TIMEOUT_MS)
    pids = {name: two.pid_of(name) for name in two.ports()}
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}, locale="es-PR") for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        for i, page in enumerate(pages):
            open_app(page, two.url)
            expect(amount_shown(page)).to_have_text(MONEY, timeout=60_000)
            service_box(page).fill(str(member(i)["service_years"]))
            service_box(page).press("Enter")
            set_average(page, member(i)["average_annual"])
            answers_with(page, member(i), 30_000)
        done = two.output().count("rolling restart done")
        two.process.send_signal(signal.SIGHUP)
        wait_for(lambda: two.output().count("rolling restart done") > done, START_S, "the rolling restart ended", two)
        assert all(two.pid_of(name) != pid for name, pid in pids.items())  # every process replaced
        for i, page in enumerate(pages):
            change_and_back(page, member(i))
    finally:
        for context in contexts:
            context.close()


def test_the_protective_headers_pass_through_the_proxy_and_the_cookie_is_strict(two):
    with urllib.request.urlopen(f"{two.url}/", timeout=10) as response:
        headers = response.headers
    for name, value in SECURITY_HEADERS.items():
        assert headers[name] == value, name
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=app") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    with pytest.raises(urllib.error.HTTPError) as closed:
        urllib.request.urlopen(f"{two.url}/_stcore/metrics", timeout=10)
    assert closed.value.code == 404
    assert closed.value.headers["X-Frame-Options"] == "DENY"


def test_ctrl_c_stops_every_process(haproxy):
    served = start_served("--replicas", "2")
    try:
        assert len(marked_processes(served.mark)) == 4  # the supervisor, two app processes, HAProxy
        assert answers(served.url)
        served.process.send_signal(signal.SIGINT)
        assert served.process.wait(timeout=STOP_S) == 0
        wait_for(lambda: not marked_processes(served.mark), STOP_S, "processes left running")
        assert not answers(served.url)
    finally:
        stop_served(served)


def test_without_replicas_one_process_serves_on_the_port_asked():
    port = free_port()
    mark = uuid.uuid4().hex
    process = subprocess.Popen([*REPLICAS, "--port", str(port)], cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                               env={**os.environ, "ESTIMADOR_TEST_MARK": mark})
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: answers(url) or process.poll() is not None, START_S, "the app did not answer")
        assert marked_processes(mark) == [process.pid]  # streamlit itself, in place of run-app: no proxy
        with urllib.request.urlopen(f"{url}/", timeout=10) as response:
            assert response.headers["X-Frame-Options"] == "DENY" and "Set-Cookie" not in response.headers
    finally:
        process.terminate()
        process.wait(timeout=STOP_S)
    wait_for(lambda: not marked_processes(mark), STOP_S, "processes left running")


def run_bad(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    mark = uuid.uuid4().hex
    done = subprocess.run([*REPLICAS, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {}), "ESTIMADOR_TEST_MARK": mark})
    assert not marked_processes(mark), "something was left running"
    return done


@pytest.fixture
def busy_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


@pytest.fixture
def no_haproxy(tmp_path):
    """An environment with no HAProxy and an apt-get (and sudo) that cannot install anything."""
    for tool in ("apt-get", "sudo"):
        stub = tmp_path / tool
        stub.write_text("#!/bin/sh\nexit 100\n")
        stub.chmod(0o755)
    return {"HAPROXY_BIN": str(tmp_path / "haproxy"), "PATH": f"{tmp_path}:/usr/bin:/bin"}


@pytest.mark.parametrize("args, says", [
    (["--replicas", "0"], "--replicas 0 cannot serve: give a whole number from 1 to 64, or auto"),
    (["--replicas", "dos"], "--replicas 'dos' is not a number of processes: give a whole number from 1 to 64, or auto"),
    (["--replicas", "2", "--port", "http"], "--port 'http' is not a port: give a whole number from 1 to 65535"),
    (["--replicas"], "argument --replicas: expected one argument"),
], ids=["zero", "a-word", "port-a-word", "no-number"])
def test_bad_input_is_one_line_saying_what_is_accepted(args, says):
    done = run_bad(*args)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [done.stderr.strip()] and says in done.stderr, done.stderr


def test_a_port_in_use_is_refused_and_nothing_starts(busy_port):
    done = run_bad("--replicas", "2", "--port", str(busy_port))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"run-app: port {busy_port} on 127.0.0.1 is already in use: choose a free one "
                                   "with --port (a whole number from 1 to 65535)")


def test_haproxy_missing_and_not_installable_is_one_line(no_haproxy):
    done = run_bad("--replicas", "2", "--port", str(free_port()), env=no_haproxy)
    assert done.returncode == 2
    assert done.stderr.strip() == ("run-app: --replicas needs HAProxy and apt-get could not install it: install "
                                   "Debian's haproxy package (apt-get install haproxy), or run without --replicas "
                                   "for one process")


def test_a_page_that_lost_its_server_says_it_is_reconnecting(browser, chromium_path):
    # bypass_csp: Playwright's wait_for_function evaluates its predicate with eval(), which the app's
    # Content-Security-Policy forbids (rightly); this test is about the notice, not the policy
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-PR", bypass_csp=True)
    try:
        with serve() as server:
            page = context.new_page()
            open_app(page, server.url)
            expect(amount_shown(page)).to_have_text(MONEY, timeout=60_000)
            # the page's own styles, the notice's among them, reach it after the first answer: a server stopped
            # before them leaves Streamlit's dialog alone (seen twice in loaded full runs)
            page.wait_for_function("[...document.querySelectorAll('style')]"
                                   ".some(s => s.textContent.includes('Reconectando con el servidor'))")
            server.process.terminate()
            server.process.wait(timeout=STOP_S)
            expect(page.get_by_test_id("stApp")).not_to_have_attribute("data-test-connection-state", "CONNECTED")
            # the notice is drawn by CSS (a pseudo-element): wait until the page shows it
            try:
                page.wait_for_function("getComputedStyle(document.querySelector('[data-testid=stApp]'), '::before')"
                                       ".content.includes('Reconectando con el servidor')")
            except PlaywrightTimeout:  # say what the page showed instead
                seen = page.evaluate("""() => ({url: location.href,
                    state: document.querySelector('[data-testid=stApp]')?.getAttribute('data-test-connection-state'),
                    style: [...document.querySelectorAll('style')].some(s => s.textContent.includes('Reconectando')),
                    before: getComputedStyle(document.querySelector('[data-testid=stApp]'), '::before').content,
                    dialog: document.querySelector('[role=dialog]')?.innerText ?? null})""")
                pytest.fail(f"no reconnecting notice: the page showed {seen}")
            expect(page.get_by_test_id("stMain")).to_have_css("opacity", "0.4")
    finally:
        context.close()


def test_a_value_whose_message_was_lost_is_answered_once_the_page_is_connected_again(browser, app_url):
    """A salary typed just as the server went away: the page kept it in its box, but its message never reached a
    server, and Streamlit waits for the member's next action after reconnecting (the same text typed again sends
    nothing). The page runs again by itself once connected (ui/shell/page_hints.py), so the amount is the one of
    the salary in the box. Here the page's WebSocket drops that one message and closes, as a dying server's
    would; the page then reconnects to the same server."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-PR", bypass_csp=True)
    lose_next = []
    connections = []

    def relay(socket):  # the page's WebSocket, relayed to the server unless a message is to be lost
        server = socket.connect_to_server()
        connections.append(socket)

        def from_page(message):
            if lose_next:
                lose_next.clear()
                socket.close()
            else:
                server.send(message)
        socket.on_message(from_page)
        server.on_message(socket.send)

    typed = {**example(date.today()), "average_annual": 41_000.0}
    try:
        page = context.new_page()
        page.route_web_socket(re.compile(r"/_stcore/stream"), relay)
        open_app(page, app_url)
        expect(amount_shown(page)).to_have_text(expected(example(date.today())), timeout=60_000)
        page.wait_for_function("() => !!window.__pageHintsWatcher")  # the page's hints are in place
        lose_next.append(True)
        set_average(page, typed["average_annual"])
        expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED")
        expect(amount_shown(page)).to_have_text(expected(typed), timeout=ANSWER_MS)
        expect(average_box(page)).to_have_value("41,000.00")
        assert len(connections) == 2 and not lose_next  # the message was lost, and the page connected again
    finally:
        context.close()
