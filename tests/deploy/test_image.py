"""The image built and run as users run it (the `container` tier, run by scripts/test and CI): the Containerfile
built with Debian's podman from a local Debian base (`mmdebstrap`, imported into podman) and a wheelhouse of the
project's own dependencies (no registry of images, no package index inside the build), then run:

- one container: health with an allowed Host (a foreign one refused), the protective headers, the process as its
  own user, the image's own health check, the example member's page answered in Chromium;
- two containers behind HAProxy with compose's configuration (deploy/compose/haproxy.cfg, the server names
  replaced by where the containers listen): members' pages spread over both; one container killed — its pages
  answer from the other with their own inputs and amounts.

How podman runs here (ENGINEERING.md, *Containers here*): as root, with runc, lowered limits and the host's
network. Where podman cannot run, the tier is skipped with its reason; under CI it fails instead. The base image,
the wheelhouse and the build are kept between runs (`.cache/container`, podman's images): the first run takes
longest (docs/deployment.md)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
import subprocess
import sys
import urllib.request

import pytest

from scripts.haproxy import find_haproxy
from scripts.supervision import free_loopback_ports, healthy, start, stop
from tests.browser.conftest import _unavailable
from tests.waiting import wait_for
from tests.conftest import ROOT

pytestmark = pytest.mark.container

RUNC = "/usr/sbin/runc"
ENGINE = ["--runtime", RUNC, "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=4096:4096", "--network", "host"]
CACHE = ROOT / ".cache" / "container"
BASE_IMAGE = "localhost/estimador-base:bookworm"
IMAGE = "localhost/estimador-pension:test"
APP_USER = "10001"  # the Containerfile's user
START_S = 120  # a container's first health check, on a busy 2-core machine
DETECT_S = 60  # a killed container marked down by HAProxy's checks


def cannot_run_containers() -> str | None:
    """Why podman cannot build and run the image here, or None when it can."""
    if os.geteuid() != 0:
        return "podman builds and runs the image here as root only (ENGINEERING.md, Containers here)"
    missing = [name for name, found in (("podman", shutil.which("podman")), ("runc", os.access(RUNC, os.X_OK)),
                                        ("mmdebstrap", shutil.which("mmdebstrap"))) if not found]
    if missing:
        return (f"{', '.join(missing)} missing: `scripts/setup --test` installs them "
                "(apt-get install podman runc mmdebstrap)")
    info = subprocess.run(["podman", "--runtime", RUNC, "info"], capture_output=True, text=True, timeout=120)
    if info.returncode != 0:
        return f"podman cannot run here: {(info.stderr.strip().splitlines() or ['no reason given'])[-1]}"
    return None


def podman(*args: str, timeout_s: float = 600) -> str:
    done = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=timeout_s)
    if done.returncode != 0:
        raise RuntimeError(f"podman {' '.join(args[:2])} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return done.stdout


def ensure_base_image() -> None:
    """A minimal Debian with Python and its venv module, as a podman image (kept between runs)."""
    if subprocess.run(["podman", "image", "exists", BASE_IMAGE], timeout=60).returncode == 0:
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    tar = CACHE / "base.tar"
    made = subprocess.run(["mmdebstrap", "--variant=minbase", "--include=python3,python3-venv", "bookworm", str(tar)],
                          capture_output=True, text=True, timeout=900)
    if made.returncode != 0:
        raise RuntimeError(f"mmdebstrap failed:\n{made.stderr[-3000:]}")
    podman("import", str(tar), BASE_IMAGE)
    tar.unlink()


def ensure_wheelhouse() -> os.PathLike:
    """The wheels of the project's dependencies (and of pip and setuptools, which the set-up runs), downloaded
    here from the package index; downloaded again when pyproject.toml changes."""
    wheels, stamp = CACHE / "wheels", CACHE / "wheels.stamp"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.is_file() and stamp.read_text() == wanted:
        return wheels
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)
    got = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(wheels), ".", "pip",
                          "setuptools>=69", "wheel"], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    if got.returncode != 0:
        raise RuntimeError(f"pip download failed:\n{got.stderr[-3000:]}")
    stamp.write_text(wanted)
    return wheels


@pytest.fixture(scope="module")
def image() -> str:
    reason = cannot_run_containers()
    if reason:
        _unavailable(f"the image cannot be built here: {reason}")
    try:
        ensure_base_image()
        wheels = ensure_wheelhouse()
        podman("build", "--format", "docker", *ENGINE, "--build-arg", f"BASE={BASE_IMAGE}",
               "--build-arg", "PIP_NO_INDEX=1", "--build-arg", "PIP_FIND_LINKS=/wheels",
               "--volume", f"{wheels}:/wheels:ro", "--tag", IMAGE, "--file", "Containerfile", str(ROOT),
               timeout_s=1800)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        pytest.fail(f"the image did not build: {error}", pytrace=False)
    return IMAGE


@contextlib.contextmanager
def container(image: str, port: int, secret: str):
    """The image run as its README says (its own settings, the port given), until it answers its health check
    with an allowed Host; removed at the end."""
    name = f"estimador-test-{secrets.token_hex(4)}"
    podman("run", "--detach", "--name", name, *ENGINE, "--env", f"STREAMLIT_SERVER_PORT={port}",
           "--env", f"STREAMLIT_SERVER_COOKIE_SECRET={secret}", image, timeout_s=120)
    try:
        def answering() -> bool:
            if podman("inspect", "--format", "{{.State.Running}}", name).strip() != "true":
                pytest.fail(f"the container stopped:\n{podman('logs', name)[-3000:]}", pytrace=False)
            return healthy(port, "127.0.0.1", "localhost")

        wait_for(answering, START_S, "the container's health", lambda: podman("logs", name)[-3000:], every=0.5)
        yield name
    finally:
        subprocess.run(["podman", "rm", "--force", "--time", "2", name], capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def browser():
    from scripts.served_app import CHROMIUM, launch_chromium

    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing: install Debian's chromium (`apt-get install -y chromium`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


def answer(port: int, path: str, host: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_one_container_serves_as_users_run_it(image, browser):
    from playwright.sync_api import expect

    from tests.browser.test_app_browser import MONEY, amount_shown, open_app
    from tests.serving.test_security import assert_security_headers

    (port,) = free_loopback_ports(1)
    with container(image, port, secrets.token_hex(32)) as name:
        status, _, body = answer(port, "/_stcore/health", "localhost")
        assert (status, body) == (200, b"ok")
        status, headers, _ = answer(port, "/_stcore/health", "evil.example")
        assert status == 400
        assert_security_headers(headers)
        status, headers, body = answer(port, "/", "localhost")
        assert status == 200 and b'<div id="root">' in body
        assert_security_headers(headers)
        uid = re.search(r"^Uid:\s+(\d+)", podman("exec", name, "cat", "/proc/1/status"), re.M).group(1)
        assert uid == APP_USER  # the server itself, not only the image's setting
        assert "streamlit" in podman("exec", name, "cat", "/proc/1/cmdline")
        podman("healthcheck", "run", name)  # the image's HEALTHCHECK says healthy (exit 0)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        try:
            open_app(page, f"http://localhost:{port}")
            expect(amount_shown(page)).to_have_text(MONEY, timeout=60_000)
        finally:
            page.close()


def compose_balancer(ports: dict[str, int], port: int) -> str:
    """deploy/compose/haproxy.cfg with its server names replaced by where these containers listen (the host's
    network), listening on `port`; servers with no container here left out."""
    config = (ROOT / "deploy" / "compose" / "haproxy.cfg").read_text()
    config = config.replace("    bind 0.0.0.0:8080\n", f"    bind 127.0.0.1:{port}\n")
    lines = []
    for line in config.splitlines(keepends=True):
        server = re.match(r"    server (app\d+) \1:8501 ", line)
        if server and server.group(1) not in ports:
            continue
        if server:
            line = line.replace(f"{server.group(1)}:8501", f"127.0.0.1:{ports[server.group(1)]}")
        lines.append(line)
    return "".join(lines)


def test_two_containers_behind_the_compose_balancer_survive_one_killed(image, browser, tmp_path):
    from tests.browser.test_serving_many import answers_with, change_and_back, member, member_pages, process_of

    haproxy = find_haproxy()
    if haproxy is None:
        _unavailable("HAProxy is missing: `scripts/setup --test` installs it (apt-get install haproxy)")
    port, first, second = free_loopback_ports(3)
    secret = secrets.token_hex(32)  # the same in every container, as compose.yaml gives it
    with container(image, first, secret) as app1, container(image, second, secret) as app2:
        names = {"app1": app1, "app2": app2}
        config = tmp_path / "haproxy.cfg"
        config.write_text(compose_balancer({"app1": first, "app2": second}, port))
        balancer = start([haproxy, "-db", "-f", str(config)], output=(tmp_path / "haproxy.log").open("w"))
        try:
            wait_for(lambda: balancer.poll() is None and healthy(port), START_S, "the balancer's health",
                     lambda: (tmp_path / "haproxy.log").read_text())
            with member_pages(browser, f"http://127.0.0.1:{port}", 4) as pages:
                placed = [process_of(page) for page in pages]
                assert set(placed) == {"app1", "app2"}, placed  # spread over both containers
                victim = placed[0]
                podman("kill", names[victim])
                for i, page in enumerate(pages):  # each answers with its own inputs, the moved ones elsewhere
                    change_and_back(page, member(i))
                    answers_with(page, member(i), 1_000)
                    assert process_of(page) != victim
        finally:
            stop(balancer)
