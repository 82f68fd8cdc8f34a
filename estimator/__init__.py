"""Estimador de Pensión: the rules of Puerto Rico's public pension plans, as cited code.

Pure Python (no user interface): `estimate(scenario)` answers one scenario; `projection` evaluates
a grid of retirement ages and added service; `python -m estimator estimate` is the command line.
"""

from .engine import earliest_eligibility, estimate
from .models import Answer, Assumptions, Scenario, ScenarioError, read_scenario

__all__ = ["Answer", "Assumptions", "Scenario", "ScenarioError", "estimate", "earliest_eligibility",
           "read_scenario"]
