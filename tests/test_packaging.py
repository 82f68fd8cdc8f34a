"""What a build ships is declared: every folder of the package (code or data) is a package setuptools finds
with pyproject.toml's `packages.find` (a plan's new folder included, with nothing to add there) and every data
file matches the package data patterns, so setuptools has nothing to warn about while setting up (it warns of
any importable folder it was not told about)."""

from __future__ import annotations

import fnmatch
import tomllib

from setuptools import find_namespace_packages

from tests.conftest import ROOT


def declared_packages() -> set[str]:
    """The packages a build ships, found as pyproject.toml tells setuptools to find them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    find = config["packages"]["find"]  # namespaces: true by default in pyproject.toml (the data folders)
    return set(find_namespace_packages(where=str(ROOT), include=find["include"], exclude=find.get("exclude", ())))


def test_every_folder_and_data_file_of_the_package_is_declared():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    packages, data = declared_packages(), config["package-data"]
    for folder in [ROOT / "estimator", *(p for p in (ROOT / "estimator").rglob("*") if p.is_dir())]:
        if folder.name == "__pycache__":
            continue
        name = ".".join(folder.relative_to(ROOT).parts)
        assert name in packages, f"{name} is not declared in pyproject.toml's packages"
        for path in folder.iterdir():
            if path.is_file() and path.suffix not in (".py", ".pyc"):
                assert any(fnmatch.fnmatch(path.name, pattern) for pattern in data.get(name, data.get("*", []))), \
                    f"{path.relative_to(ROOT)} is not in {name}'s package data"
