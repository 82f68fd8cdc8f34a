"""The Streamlit side in layers: the shell (what every page draws) knows nothing of the form, the answer or the
comparison; the form builds on the shell, the answer on the form, the comparison on the answer; `ui/page.py` puts
them together. Every import is counted, those inside functions too: an import put off to a function still ties
its module to the other."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from tests.conftest import ROOT

UI = ROOT / "ui"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module of `ui` that `path` imports, anywhere in it (`from ui.x import y` counts `ui.x.y` when `y`
    is a module, else `ui.x`)."""
    package = module_name(path).split(".") if path.name == "__init__.py" else module_name(path).split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package up
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                names.add(whole if whole in MODULES else base)
    return {name for name in names if name == "ui" or name.startswith("ui.")}


MODULES = {module_name(path): path for path in UI.rglob("*.py")}
IMPORTS = {name: imported(path) for name, path in MODULES.items()}


def layer(module: str) -> str:
    """The folder of `ui` a module is in (`shell`, `form`, …), or the module itself at the top (`page`)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "ui"


def test_the_imports_are_found():
    assert {"ui.shell.state", "ui.form.form", "ui.answer.render", "ui.comparison.compare", "ui.page"} <= set(MODULES)
    assert "ui.shell.text" in IMPORTS["ui.form.form"] and "ui.form.entry" in IMPORTS["ui.answer.render"]
    assert "ui.shell.component_state" in IMPORTS["ui.answer.explorer"]  # `from ui.shell import component_state`


@pytest.mark.parametrize("module", sorted(name for name in MODULES if layer(name) == "shell"))
def test_the_shell_knows_nothing_of_the_form_or_the_answer(module):
    beyond = {name for name in IMPORTS[module] if name != "ui" and layer(name) != "shell"}
    assert beyond == set(), f"{module} imports {sorted(beyond)}"


def test_no_import_cycle_among_the_folders_of_ui():
    edges: dict[str, set[str]] = {}
    for module, names in IMPORTS.items():
        edges.setdefault(layer(module), set()).update(layer(name) for name in names if layer(name) != layer(module))
    try:
        order = list(TopologicalSorter(edges).static_order())
    except CycleError as error:
        pytest.fail(f"the folders of ui/ import each other: {' → '.join(reversed(error.args[1]))}")
    assert order.index("shell") < order.index("form") < order.index("answer") < order.index("comparison")


def test_no_import_cycle_among_the_modules_of_ui():
    try:
        TopologicalSorter(IMPORTS).prepare()
    except CycleError as error:
        pytest.fail(f"modules of ui/ import each other: {' → '.join(reversed(error.args[1]))}")


def _estimator_imports(path: Path) -> list[str]:
    """The estimator's modules `path` imports, anywhere in it, relative imports resolved (none reach it)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "estimator"]
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "estimator":
            found.append(node.module)
    return found


APP_FILES = sorted([*UI.rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "app.py"])


@pytest.mark.parametrize("path", APP_FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_the_app_uses_the_estimator_through_its_one_door(path):
    """`app.py`, `pages/` and `ui/` import the estimator's public names (`estimator/__init__.py`) and no module
    behind them: the estimator's inside can change without the app's noticing."""
    assert {module for module in _estimator_imports(path) if module != "estimator"} == set()


def test_every_name_the_app_imports_is_public():
    import estimator

    wanted = {alias.name for path in APP_FILES for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(node, ast.ImportFrom) and node.module == "estimator" for alias in node.names}
    door = ast.parse(Path(estimator.__file__).read_text(encoding="utf-8"))
    types_only = {alias.name for node in door.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
                  for inner in node.body if isinstance(inner, ast.ImportFrom) for alias in inner.names}
    public = set(estimator.__all__) | types_only  # a type the door names for annotations only (the grid's: numpy)
    assert len(wanted) > 50 and wanted <= public, sorted(wanted - public)
