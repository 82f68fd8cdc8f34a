"""Containerfile and compose.yaml, where no container engine runs: the image installs by `scripts/setup` and
nothing else (one source for what is installed); the files copied before it are all that installation reads,
and the files copied in all are everything the app imports (a build context laid out as the COPY lines say);
a slim base, no compiler, its own user, the app's health check with an allowed Host; compose's balancer
configuration is the one `scripts/haproxy.py` generates for its app containers."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from scripts import healthcheck
from scripts.haproxy import find_haproxy, main as haproxy_main
from tests.browser.conftest import _unavailable, under_ci
from tests.conftest import ROOT
from tests.test_packaging import declared_packages

try:
    import yaml
except ImportError:
    if under_ci():
        raise
    pytest.skip("PyYAML is missing: scripts/setup --test installs it", allow_module_level=True)

CONTAINERFILE = ROOT / "Containerfile"
COMPOSE_ARGS = ["--backends", "app1:8501,app2:8501,app3:8501", "--port", "8080", "--check-host", "localhost"]
ENTRY_POINTS = ("serve.py", "app.py", "scripts/healthcheck.py")  # what the image runs (CMD, HEALTHCHECK)


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, its arguments), continuation lines joined, comments left out."""
    text = re.sub(r"\\\n\s*", " ", CONTAINERFILE.read_text(encoding="utf-8"))
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1].strip()) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def lay_out(steps: list[tuple[str, str]], into: Path) -> Path:
    """The image's /app as these COPY lines lay it out (without what .dockerignore leaves out)."""
    into.mkdir()
    for kind, args in steps:
        if kind != "COPY":
            continue
        *sources, target = args.split()
        for source in sources:
            origin = ROOT / source.rstrip("/")
            if origin.is_dir():
                shutil.copytree(origin, into / target.rstrip("/"), dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(origin, into / origin.name)
    return into


def test_the_image_installs_by_scripts_setup_and_nothing_else():
    runs = [args for kind, args in instructions() if kind == "RUN"]
    assert "scripts/setup" in runs  # the same steps as a developer's `scripts/setup`
    for run in runs:
        assert not re.search(r"\bpip\b|apt-get|apk |\bconda\b|\bgcc\b|build-essential", run), run
    assert "pip install --quiet -e ." in (ROOT / "scripts" / "setup").read_text()  # what it runs without --test


def test_the_files_copied_before_the_setup_are_all_the_installation_reads(tmp_path):
    steps = instructions()
    before = lay_out(steps[:steps.index(("RUN", "scripts/setup"))], tmp_path / "app")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert (before / "pyproject.toml").is_file() and (before / project["project"]["readme"]).is_file()
    assert (before / "scripts" / "setup").is_file()
    for package in declared_packages():  # each with every file it has here
        folder = package.replace(".", "/")
        files = {p.name for p in (ROOT / folder).iterdir() if p.is_file() and p.suffix != ".pyc"}
        assert files and files <= {p.name for p in (before / folder).iterdir()}, package


def local_imports(path: Path) -> set[str]:
    """The project's own modules a file imports (their dotted names), relative ones left out."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
        found.update(n for n in names if (ROOT / n.split(".")[0]).exists() or (ROOT / f"{n.split('.')[0]}.py").exists())
    return found


def test_the_image_holds_every_module_the_app_imports(tmp_path):
    image = lay_out(instructions(), tmp_path / "app")
    assert (image / ".streamlit" / "config.toml").is_file()  # the hardening travels with the app
    waiting, seen = [image / name for name in ENTRY_POINTS] + list((image / "pages").glob("*.py")), set()
    while waiting:
        path = waiting.pop()
        assert path.is_file(), f"{path.relative_to(image)} is not copied into the image"
        if path in seen:
            continue
        seen.add(path)
        for name in local_imports(ROOT / path.relative_to(image)):
            module = name.replace(".", "/")
            if (ROOT / module).is_dir():  # a package: its folder, and its __init__.py if it has one
                assert (image / module).is_dir(), f"{module}/ is not copied into the image"
                if (ROOT / module / "__init__.py").is_file():
                    waiting.append(image / module / "__init__.py")
            else:
                waiting.append(image / f"{module}.py")
    assert len(seen) > 40  # the walk went through the app, not one file
    assert not (image / "tests").exists() and not (image / ".venv").exists()


def test_a_slim_base_its_own_user_and_the_apps_health_check():
    steps = dict(instructions())  # the last of each kind
    assert steps["FROM"] == "${BASE}" and instructions()[0][0] == "ARG"  # the base a build argument …
    base = instructions()[0][1]
    assert re.fullmatch(r"BASE=python:3\.1[1-9]-slim(-\w+)?", base), base  # … slim by default
    assert steps["USER"] not in ("root", "0")
    assert '"scripts/healthcheck.py"' in steps["HEALTHCHECK"]
    assert "STREAMLIT_SERVER_ADDRESS=0.0.0.0" in steps["ENV"] and "STREAMLIT_SERVER_PORT=8501" in steps["ENV"]
    assert 'STREAMLIT_SERVER_ALLOWED_HOSTS="localhost 127.0.0.1"' in steps["ENV"]
    assert '"streamlit", "run", "serve.py"' in steps["CMD"]


def test_the_health_check_refuses_a_port_that_is_not_one(capsys):
    assert healthcheck.main({"STREAMLIT_SERVER_PORT": "http"}) == 2
    assert capsys.readouterr().err.strip() == ("healthcheck: STREAMLIT_SERVER_PORT='http' is not a port: give a "
                                               "whole number from 1 to 65535")


def test_the_health_check_says_no_when_nothing_answers():
    from scripts.served_app import free_port

    assert healthcheck.main({"STREAMLIT_SERVER_PORT": str(free_port()), "STREAMLIT_SERVER_ALLOWED_HOSTS": "a b"}) == 1


def test_compose_runs_app_containers_behind_the_generated_balancer(tmp_path):
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    apps = sorted(name for name in compose["services"] if name.startswith("app"))
    assert COMPOSE_ARGS[1] == ",".join(f"{name}:8501" for name in apps)  # one backend per app container
    for name in apps:
        service = compose["services"][name]
        assert service["build"]["dockerfile"] == "Containerfile"
        assert "STREAMLIT_SERVER_COOKIE_SECRET" in service["environment"]  # the same secret in every one
        assert "localhost" in service["environment"]["STREAMLIT_SERVER_ALLOWED_HOSTS"].split()  # the check's Host
    balancer = compose["services"]["balancer"]
    (mount,) = balancer["volumes"]
    committed = ROOT / mount.split(":")[0]
    generated = tmp_path / "haproxy.cfg"
    assert haproxy_main([*COMPOSE_ARGS, "-o", str(generated)]) == 0
    assert committed.read_text() == generated.read_text(), "regenerate it: python scripts/haproxy.py " + \
        " ".join(COMPOSE_ARGS) + f" -o {committed.relative_to(ROOT)}"
    assert balancer["ports"] == ["8080:8080"] and set(balancer["depends_on"]) == set(apps)


@pytest.mark.haproxy  # the second tier: the quick tier's set-up does not install HAProxy
def test_haproxy_accepts_the_compose_balancer_configuration():
    haproxy = find_haproxy()
    if haproxy is None:
        _unavailable("HAProxy is missing: scripts/setup --test installs it (apt-get install haproxy)")
    checked = subprocess.run([haproxy, "-c", "-q", "-f", str(ROOT / "deploy" / "compose" / "haproxy.cfg")],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr


def test_the_container_tier_says_why_it_cannot_run(monkeypatch):
    """Where podman cannot run, the tier is skipped with this reason (a failure under CI: `_unavailable`)."""
    import os

    from tests.deploy import test_image

    monkeypatch.setattr(test_image.shutil, "which", lambda name: None)
    monkeypatch.setattr(test_image.os, "access", lambda path, mode: False)
    reason = test_image.cannot_run_containers()
    if os.geteuid() == 0:
        assert reason == ("podman, runc, mmdebstrap missing: `scripts/setup --test` installs them "
                          "(apt-get install podman runc mmdebstrap)")
    else:
        assert "as root only" in reason
    assert "container" in (ROOT / "pyproject.toml").read_text()  # the tier's marker is declared …
    assert 'tier -m "container"' in (ROOT / "scripts" / "test").read_text()  # … and scripts/test runs it
    assert "podman runc mmdebstrap" in (ROOT / "scripts" / "setup").read_text()  # what it needs is installed
