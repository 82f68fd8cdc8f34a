"""A warm start: what the first screen needs imported before the first page asks for it."""

from __future__ import annotations

from pathlib import Path


def first_screen_modules(script: Path) -> list[str]:
    """The modules `script` imports at its top level (what its first screen needs)."""
    import ast

    names = []
    for node in ast.parse(script.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def preload(script: Path) -> None:
    """Import what `script`'s first screen needs, then set every object those imports made aside from the
    garbage collector (gc.freeze). Streamlit collects garbage after each run (runner.postScriptGC, kept on);
    over the ~150,000 objects that Streamlit, numpy, pandas and the rules create at import, a collection took
    about 100 ms, and the run's last messages waited for it. Frozen only while no session exists, so no
    member's figures are ever set aside (they are collected with their session)."""
    import gc
    import importlib

    for name in first_screen_modules(script):
        importlib.import_module(name)
    from streamlit.runtime import Runtime

    if not Runtime.exists() or Runtime.instance()._session_mgr.num_sessions() == 0:
        gc.collect()
        gc.freeze()
