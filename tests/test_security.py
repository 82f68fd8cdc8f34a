"""Hardening in force: the settings Streamlit actually reads, bounded dependencies, nothing logged."""

import ast
import re
import tomllib

import pytest
from streamlit import config

from tests.conftest import ROOT


@pytest.fixture
def options(monkeypatch):
    monkeypatch.chdir(ROOT)  # Streamlit reads .streamlit/config.toml from the working folder
    config.get_config_options(force_reparse=True)
    yield config.get_option
    config.get_config_options(force_reparse=True)


def test_hardened_streamlit_settings_are_in_force(options):
    assert options("browser.gatherUsageStats") is False
    assert options("client.showErrorDetails") == "none"
    assert options("client.toolbarMode") == "viewer"
    assert options("server.enableXsrfProtection") is True
    assert options("server.enableCORS") is True
    assert options("server.maxUploadSize") == 1
    assert options("runner.enforceSerializableSessionState") is True


def test_every_dependency_has_both_bounds():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    for requirement in requirements:
        assert re.search(r">=\s*[\d.]+", requirement) and re.search(r"<\s*[\d.]+", requirement), requirement


def test_the_app_neither_prints_nor_logs():
    """No print, logging or file writing in the front end: member data can only go to the screen."""
    files = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").glob("*.py")]
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                assert name not in ("print", "write_text", "write_bytes", "basicConfig"), f"{path}: {name}"
                if name == "open":  # reading the text catalogs is fine; writing is not
                    modes = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    assert not any(set(m) & set("wax+") for m in modes), f"{path}: open for writing"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert "logging" not in names, path


def test_only_the_language_is_bound_to_the_url():
    for path in [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").glob("*.py")]:
        text = path.read_text()
        for match in re.finditer(r'key="(\w+)"[^)]*bind="query-params"', text):
            assert match.group(1) == "lang", path
        assert "query_params" not in text, path
