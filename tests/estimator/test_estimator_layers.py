"""The estimator in layers, in the order the calculation runs: exact arithmetic and dates; the law (its registry,
dated values and how a rule is written); its words; the calculation of one scenario and of the grid; the
explanation; the member over time; input and output (the command line, the reports, salary files). Each folder
imports only the folders before it. The plans (`estimator/plans/<plan>/`) are found by the registry, by name, and
may use every layer up to the explanation. Every import is counted, those inside functions and those made for type
hints only: an import put off still ties one module to the other."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "estimator"
ORDER = ["arithmetic", "law", "words", "calculation", "explanation", "member", "io"]
PLANS_MAY_USE = {"arithmetic", "law", "words", "calculation", "explanation", "plans"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(path: Path) -> set[str]:
    """Every module of `estimator` that `path` imports, anywhere in it (`from estimator.x import y` counts
    `estimator.x.y` when `y` is a module, else `estimator.x`)."""
    package = module_name(path).split(".") if path.name == "__init__.py" else module_name(path).split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                names.add(whole if whole in MODULES else base)
    return {name for name in names if name in MODULES}


IMPORTS = {name: imported(path) for name, path in MODULES.items()}


def layer(module: str) -> str:
    """The folder a module is in; `estimator.plans` itself, which holds no code, is the registry's list of folders."""
    parts = module.split(".")
    if module == "estimator.plans":
        return "law"
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and module in _PACKAGES) else "estimator"


_PACKAGES = {name for name, path in MODULES.items() if path.name == "__init__.py"}


def test_the_layers_are_the_folders_at_the_root():
    """At most ten entries at the root of `estimator/`, the layers among them; nothing else lives there."""
    entries = sorted(p.name for p in PACKAGE.iterdir() if p.name != "__pycache__")
    assert len(entries) <= 10, entries
    assert set(entries) == {*ORDER, "plans", "__init__.py", "__main__.py"}
    assert "estimator.law.registry" in IMPORTS["estimator.law.parameters"]  # the imports are found


def test_the_folder_of_plans_holds_no_code_of_its_own():
    tree = ast.parse(MODULES["estimator.plans"].read_text(encoding="utf-8"))
    assert all(isinstance(node, ast.Expr) for node in tree.body)  # its docstring only


@pytest.mark.parametrize("module", sorted(name for name in MODULES if layer(name) in ORDER))
def test_a_layer_imports_only_the_layers_before_it(module):
    mine = ORDER.index(layer(module))
    later = {name for name in IMPORTS[module] if layer(name) not in ORDER[:mine + 1]}
    assert later == set(), f"{module} ({layer(module)}) imports {sorted(later)}"


@pytest.mark.parametrize("module", sorted(name for name in MODULES if layer(name) == "plans"))
def test_a_plan_uses_the_layers_up_to_the_explanation(module):
    beyond = {name for name in IMPORTS[module] if layer(name) not in PLANS_MAY_USE}
    assert beyond == set(), f"{module} imports {sorted(beyond)}"


def test_no_import_cycle_among_the_modules_of_the_estimator():
    try:
        TopologicalSorter(IMPORTS).prepare()
    except CycleError as error:
        pytest.fail(f"modules of estimator/ import each other: {' → '.join(reversed(error.args[1]))}")
