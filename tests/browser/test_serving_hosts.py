"""The app on separate hosts behind one balancer, in a real browser: two hosts, each a network namespace of its own
with its own address on a bridge (`scripts/hosts.py`), each running the app's process on that address and
allowing only the balancer's name and one name for the health checks; HAProxy in the root namespace, started by
`scripts/run-app --backends … --check-host …` with the configuration the project generates
(`scripts/haproxy.py`), as docs/deployment.md gives it for several machines.

One flow checks: every host is up by health checks sending the allowed name (a request naming the host by its
address is refused); four members' pages, each loaded from its own uploaded file, spread over both hosts and
keep their host; one host's link taken down — its pages answer again from the other host with their own
inputs and the same amount, while the other host's pages never lose their connection and keep their host;
the host's link back — it is up again and takes the next new page.
"""

from __future__ import annotations

import contextlib
import subprocess
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from scripts.haproxy import server_states
from scripts.hosts import APP_PORT, cannot_make_hosts, host_network
from tests.browser.conftest import _unavailable
from tests.browser.test_app_browser import MONEY, amount_shown, open_app
from tests.browser.test_serving_many import (Served, answers_with, change_and_back, member, member_pages,
                                             process_of, start_served, stop_served, wait_for)

pytestmark = [pytest.mark.browser, pytest.mark.served]

HOSTS = 2
PAGES = 4
CHECK_HOST = "salud.estimador.test"  # allowed by the hosts; the balancer's health checks send it
DETECT_S = 60  # a lost host marked down, a host back marked up (checks every 2 s, 2 in a row)

# Each change of the page's connection state, from now on (Streamlit's `data-test-connection-state`).
RECORD_CONNECTION = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  window.__connectionStates = [];
  new MutationObserver(() => window.__connectionStates.push(app.getAttribute('data-test-connection-state')))
    .observe(app, {attributes: true, attributeFilter: ['data-test-connection-state']});
}"""


@pytest.fixture(scope="module")
def network(chromium_path, haproxy):
    """Two hosts in network namespaces made for this test, each serving the app; all removed at the end."""
    reason = cannot_make_hosts()
    if reason:
        _unavailable(f"separate hosts need network namespaces, which cannot be made here: {reason}")
    with contextlib.ExitStack() as stack:
        try:
            made = stack.enter_context(host_network(HOSTS))
        except RuntimeError as error:
            _unavailable(f"separate hosts need network namespaces, which cannot be made here: {error}")
        try:
            made.start_apps(allowed=[CHECK_HOST, "127.0.0.1"])
        except RuntimeError as error:
            pytest.fail(str(error), pytrace=False)
        yield made


@pytest.fixture(scope="module")
def balancer(network):
    """`scripts/run-app --backends HOST1:8501,HOST2:8501 --check-host NAME` on a free loopback port, once every
    host is up."""
    served = start_served("--backends", network.backends, "--check-host", CHECK_HOST)
    try:
        wait_for(lambda: all(said(served, f"app{i}")[-1:] == ["UP"] for i in range(1, HOSTS + 1)), DETECT_S,
                 "run-app saying every host is up", served)
        yield served
    finally:
        stop_served(served)


def states(served: Served) -> dict[str, str]:
    try:
        return server_states(served.workdir() / "admin.sock")
    except OSError:
        return {}


def said(served: Served, name: str) -> list[str]:
    """The states run-app said the server `name` went through, as an operator reads them."""
    return [line.split(" is ", 1)[1] for line in served.output().splitlines() if line.startswith(f"run-app: {name} is ")]


def refuses_its_address_as_host(address: str) -> bool:
    request = urllib.request.Request(f"http://{address}:{APP_PORT}/_stcore/health", headers={"Host": address})
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as error:
        return error.code == 400
    return False


def test_pages_spread_over_hosts_keep_them_and_move_when_one_is_lost(network, balancer, browser):
    assert states(balancer) == {"app1": "UP", "app2": "UP"}  # the checks send a name the hosts allow…
    assert all(refuses_its_address_as_host(host.address) for host in network.hosts)  # …and another is refused

    with member_pages(browser, balancer.url, PAGES) as pages:  # each uploaded its file to its own host
        placed = [process_of(page) for page in pages]
        assert set(placed) == {"app1", "app2"}, placed  # spread over both hosts
        for i, page in enumerate(pages):
            answers_with(page, member(i), 30_000)
            assert process_of(page) == placed[i]  # and kept it
            page.evaluate(RECORD_CONNECTION)

        victim = placed[0]
        lost = network.hosts[int(victim.removeprefix("app")) - 1]
        network.cut(lost)
        wait_for(lambda: states(balancer).get(victim) == "DOWN", DETECT_S, f"{victim} marked down", balancer)
        moved = [i for i, name in enumerate(placed) if name == victim]
        stayed = [i for i, name in enumerate(placed) if name != victim]
        for i in moved:  # its own inputs and amount, from the other host
            change_and_back(pages[i], member(i))
            assert process_of(pages[i]) != victim
            assert "CONNECTED" in pages[i].evaluate("window.__connectionStates")  # it did reconnect
        for i in stayed:  # the other host's pages noticed nothing: never disconnected, same host, same answers
            assert pages[i].evaluate("window.__connectionStates") == [], f"page {i} lost its connection"
            change_and_back(pages[i], member(i))
            assert process_of(pages[i]) == placed[i]
        for i, page in enumerate(pages):
            answers_with(page, member(i), 1_000)

        network.restore(lost)
        wait_for(lambda: states(balancer).get(victim) == "UP", DETECT_S, f"{victim} up again", balancer)
        wait_for(lambda: said(balancer, victim)[-1] == "UP", DETECT_S, f"run-app saying {victim} is up", balancer)
        assert said(balancer, victim)[0] == "UP" and "DOWN" in said(balancer, victim)
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="es-PR")
        try:
            page = context.new_page()
            open_app(page, balancer.url)
            expect(amount_shown(page)).to_have_text(MONEY, timeout=60_000)
            assert process_of(page) == victim  # the host back takes the new page (it has the fewest)
        finally:
            context.close()
        assert all(pages[i].evaluate("window.__connectionStates") == [] for i in stayed)


def test_the_hosts_network_is_removed_after_use():
    reason = cannot_make_hosts()
    if reason:
        _unavailable(f"separate hosts need network namespaces, which cannot be made here: {reason}")
    with pytest.raises(ZeroDivisionError):
        with host_network(1) as made:
            names = (made.bridge, made.hosts[0].name, made.hosts[0].link)
            1 / 0  # a test that fails inside: the namespaces and links still go
    listed = _listed()
    assert not any(name in listed for name in names), names


def _listed() -> str:
    return (subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
            + subprocess.run(["ip", "link"], capture_output=True, text=True).stdout)
