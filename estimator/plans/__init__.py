"""The plans, one folder each: its rules (`rules.py`), its law as dated values (`law.toml`), its words in
both languages (`words.es.toml`, `words.en.toml`), its explanations (`notes.py`) and its golden cases
(`cases.toml`). `government/` holds what the two government plans share (Chapter 2's minimum, the actuarial
reduction, the freeze of Ley 3-2013); seed 004, coordination with Social Security, is `ley447/coordination.py`.

This registry is the one list of plans: every other module asks it (`plan(id)`, `PLAN_IDS`) what a plan
is and has, instead of naming plans.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

FOLDER = Path(__file__).parent
GOVERNMENT = "government"  # the government employees' system; its folder holds what its plans share


@dataclass(frozen=True)
class Plan:
    """What a plan is and has; the code asks these instead of a plan's name."""

    id: str
    system: str              # the retirement system: the teachers' own, or the government employees' (GOVERNMENT)
    shared: tuple[str, ...]  # folders whose law and words it also reads, before its own
    monthly: bool            # amounts and the average M are monthly (RULES.md §2), else annual (AC)
    groups: bool             # the group (police, firefighter, …) matters (RULES.md §1)
    coordination: bool       # seed 004: coordination with Social Security at 65 (RULES.md §4)
    deferred: bool           # a member who left service before the pension starts can have one
    contribution: bool       # a pensioner keeps contributing for a while (000 ¶B)
    shortfall: bool          # a contribution shortfall changes the pension (000 ¶C)
    june_1960: bool          # Regla 19.6's floor for members in the System on 30 June 1960
    entries_from: str | None  # the dated parameter from which first entries belong to this plan
    entries_until: str | None  # the dated parameter from which first entries are out of scope (RULES.md §1)
    average_cite: str        # what defines its average (RULES.md §7), as the average's step cites it …
    average_in_each_rule: bool  # … unless each rule's own paragraph states it: then the paragraph paid

    def average_cite_for(self, rule: Any = None) -> str:
        """The one citation of its average (RULES.md §7): the law that defines it (Ley 447-1951, Ley 1-1990);
        for the teachers, whose every paragraph states it ("el promedio de los treinta y seis (36) salarios
        más altos"), the paragraph of the rule paid (Sección A, inciso 2 for ¶A.2), or Sección A before any is."""
        return rule.cite if self.average_in_each_rule and rule is not None else self.average_cite

    @property
    def folders(self) -> tuple[Path, ...]:
        """The folders of its law and words: the shared ones first, then its own."""
        return tuple(FOLDER / name for name in (*self.shared, self.id))

    @cached_property
    def rules(self) -> ModuleType:
        return import_module(f"{__name__}.{self.id}.rules")

    @cached_property
    def minimum(self) -> Any:
        """Its minimum pension's rule (RULES.md §6), `MINIMUM` in its `rules.py`, or None when it has none."""
        return getattr(self.rules, "MINIMUM", None)

    @cached_property
    def coordinator(self) -> ModuleType | None:
        """Its coordination with Social Security (seed 004, RULES.md §4), `coordination.py` in its folder, when
        it has one."""
        return import_module(f"{__name__}.{self.id}.coordination") if self.coordination else None

    @cached_property
    def notes(self) -> ModuleType:
        """Its explanations (reasons and notes keyed by its rules), `notes.py` in its folder."""
        return import_module(f"{__name__}.{self.id}.notes")

    @property
    def table(self) -> tuple:
        """Its rules, in its table's order (the order breaks ties, RULES.md §0)."""
        return self.rules.RULES

    @property
    def amount_unit(self) -> str:
        return "monthly" if self.monthly else "annual"


PLANS: dict[str, Plan] = {plan.id: plan for plan in (
    Plan("teachers", system="teachers", shared=(), monthly=True, groups=False, coordination=False, deferred=False,
         contribution=True, shortfall=True, june_1960=False, entries_from=None,
         entries_until="defined_contribution_from", average_cite="000 ¶A", average_in_each_rule=True),
    Plan("ley447", system=GOVERNMENT, shared=(GOVERNMENT,), monthly=False, groups=True, coordination=True, deferred=True,
         contribution=False, shortfall=False, june_1960=True, entries_from=None, entries_until=None,
         average_cite="Ley 447-1951", average_in_each_rule=False),
    Plan("ley1", system=GOVERNMENT, shared=(GOVERNMENT,), monthly=False, groups=True, coordination=False, deferred=True,
         contribution=False, shortfall=False, june_1960=False, entries_from="new_participants_from",
         entries_until="savings_account_from", average_cite="Ley 1-1990", average_in_each_rule=False),
)}
PLAN_IDS: tuple[str, ...] = tuple(PLANS)
GOVERNMENT_PLANS: tuple[str, ...] = tuple(p.id for p in PLANS.values() if p.system == GOVERNMENT)


def plan(plan_id: str) -> Plan:
    return PLANS[plan_id]


def coordinated(plan_id: str, group: str, member_coordinated: bool) -> bool:
    """Whether this member's pension is coordinated with Social Security (RULES.md §4), as their plan's
    coordination says."""
    coordinator = plan(plan_id).coordinator
    return coordinator is not None and coordinator.applies(plan_id, group, member_coordinated)


def coordination_age() -> Any:
    """The age from which pensions are coordinated (004 ¶A), from the law of the plan that coordinates."""
    return next(p.coordinator for p in PLANS.values() if p.coordinator is not None).coordination_age()


def law_folders() -> list[Path]:
    """Every folder holding a `law.toml`: the shared ones and each plan's."""
    return sorted({folder for p in PLANS.values() for folder in p.folders})
