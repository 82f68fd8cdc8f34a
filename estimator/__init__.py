"""Estimador de Pensión: the rules of Puerto Rico's public pension plans, as cited code.

Pure Python (no user interface): `estimate(scenario)` answers one scenario; `projection` evaluates
a grid of retirement ages and added service; `python -m estimator estimate` is the command line.

The names below are imported when first used, so that `python -m estimator` reaches its own Ctrl-C
handling before the rules are loaded (an interrupt while they load ends quietly, not with a traceback).
"""

from importlib import import_module

_EXPORTS = {"estimate": ".explanation.engine", "earliest_eligibility": ".explanation.engine", "Answer": ".calculation.answer", "Assumptions": ".calculation.scenario",
            "Scenario": ".calculation.scenario", "ScenarioError": ".calculation.scenario", "read_scenario": ".calculation.scenario"}

__all__ = list(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_EXPORTS[name], __name__), name)
    globals()[name] = value  # looked up once
    return value
