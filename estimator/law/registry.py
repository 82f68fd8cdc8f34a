"""The registry of plans: the folders of `estimator/plans/` (and of `ESTIMATOR_PLAN_FOLDERS`), one a plan.

A plan's folder holds its rules (`rules.py`), its law as dated values (`law.toml`), its words in
both languages (`words.es.toml`, `words.en.toml`), its explanations (`notes.py`) and its golden cases
(`cases.toml`). `government/` holds what the two government plans share (Chapter 2's minimum, the actuarial
reduction, the freeze of Ley 3-2013); seed 004, coordination with Social Security, is `ley447/coordination.py`.

This registry is the one list of plans: every other module asks it (`plan(id)`, `PLAN_IDS`) what a plan
is and has, instead of naming plans. A plan is a folder with a `plan.toml` (what it is and has); adding one
is adding its folder, here or in a folder named by `ESTIMATOR_PLAN_FOLDERS`.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import estimator.plans as plans_package

GOVERNMENT = "government"  # the government employees' system; its folder holds what its plans share


@dataclass(frozen=True)
class Plan:
    """What a plan is and has; the code asks these instead of a plan's name."""

    id: str
    system: str              # the retirement system: the teachers' own, or the government employees' (GOVERNMENT)
    average_cite: str        # what defines its average (RULES.md §7), as the average's step cites it …
    average_in_each_rule: bool = False  # … unless each rule's own paragraph states it: then the paragraph paid
    # What a plan has not unless its plan.toml says so:
    shared: tuple[str, ...] = ()  # folders whose law and words it also reads, before its own
    monthly: bool = False    # amounts and the average M are monthly (RULES.md §2), else annual (AC)
    groups: bool = False     # the group (police, firefighter, …) matters (RULES.md §1)
    coordination: bool = False  # seed 004: coordination with Social Security at 65 (RULES.md §4)
    deferred: bool = False   # a member who left service before the pension starts can have one
    contribution: bool = False  # a pensioner keeps contributing for a while (000 ¶B)
    entries_from: str | None = None   # the dated parameter from which first entries belong to this plan
    entries_until: str | None = None  # the dated parameter from which first entries are out of scope (RULES.md §1)

    def average_cite_for(self, rule: Any = None) -> str:
        """The one citation of its average (RULES.md §7): the law that defines it (Ley 447-1951, Ley 1-1990);
        for the teachers, whose every paragraph states it ("el promedio de los treinta y seis (36) salarios
        más altos"), the paragraph of the rule paid (Sección A, inciso 2 for ¶A.2), or Sección A before any is."""
        return rule.cite if self.average_in_each_rule and rule is not None else self.average_cite

    @property
    def folders(self) -> tuple[Path, ...]:
        """The folders of its law and words: the shared ones first, then its own."""
        return tuple(plan_folder(name) for name in (*self.shared, self.id))

    @cached_property
    def rules(self) -> ModuleType:
        return import_module(f"{plans_package.__name__}.{self.id}.rules")

    @cached_property
    def minimum(self) -> Any:
        """Its minimum pension's rule (RULES.md §6), `MINIMUM` in its `rules.py`, or None when it has none."""
        return getattr(self.rules, "MINIMUM", None)

    @cached_property
    def coordinator(self) -> ModuleType | None:
        """Its coordination with Social Security (seed 004, RULES.md §4), `coordination.py` in its folder, when
        it has one."""
        return import_module(f"{plans_package.__name__}.{self.id}.coordination") if self.coordination else None

    @cached_property
    def notes(self) -> ModuleType | None:
        """Its own explanations (reasons and notes keyed by its rules), `notes.py` in its folder when it has one:
        what it says beyond every plan's (the explanation's `hooks`)."""
        if not (plan_folder(self.id) / "notes.py").is_file():
            return None
        return import_module(f"{plans_package.__name__}.{self.id}.notes")

    @property
    def table(self) -> tuple:
        """Its rules, in its table's order (the order breaks ties, RULES.md §0)."""
        return self.rules.RULES

    @cached_property
    def dated_rules(self) -> bool:
        """Whether the law dates any of its rules (a rule's `in_force`): only then does the day pick its rules."""
        return any(rule.in_force != (None, None) for rule in self.table)

    @property
    def amount_unit(self) -> str:
        return "monthly" if self.monthly else "annual"


def plan_folder(name: str) -> Path:
    """A plan's (or a shared) folder, on this package's path: its own folder, and any folder a deployment adds
    (`ESTIMATOR_PLAN_FOLDERS`, folders separated as the system separates paths)."""
    for root in FOLDERS:
        if (Path(root) / name).is_dir():
            return Path(root) / name
    raise KeyError(f"no folder for plan {name!r}")


def _discover() -> dict[str, Plan]:
    """Every folder on the package's path with a `plan.toml` is a plan: its id is its folder's name."""
    found = []
    for root in FOLDERS:
        for descriptor in sorted(Path(root).glob("*/plan.toml")):
            with descriptor.open("rb") as handle:
                fields = tomllib.load(handle)
            order = fields.pop("order")
            fields["shared"] = tuple(fields.get("shared", ()))
            found.append((order, Plan(id=descriptor.parent.name, **fields)))
    return {p.id: p for _, p in sorted(found, key=lambda pair: (pair[0], pair[1].id))}


FOLDERS = plans_package.__path__  # where plans are found; their modules import as `estimator.plans.<plan>.…`
# More folders of plans, for a deployment (or a test) that adds a plan without touching this package.
FOLDERS.extend(folder for folder in os.environ.get("ESTIMATOR_PLAN_FOLDERS", "").split(os.pathsep) if folder)
PLANS: dict[str, Plan] = _discover()
PLAN_IDS: tuple[str, ...] = tuple(PLANS)
GOVERNMENT_PLANS: tuple[str, ...] = tuple(p.id for p in PLANS.values() if p.system == GOVERNMENT)


def plan(plan_id: str) -> Plan:
    return PLANS[plan_id]


def coordinated(plan_id: str, group: str, member_coordinated: bool) -> bool:
    """Whether this member's pension is coordinated with Social Security (RULES.md §4), as their plan's
    coordination says."""
    coordinator = plan(plan_id).coordinator
    return coordinator is not None and coordinator.applies(plan_id, group, member_coordinated)


def plan_folders() -> list[Path]:
    """Every folder of the plans: each plan's and the ones they share (each holds a `law.toml` and words)."""
    return sorted({folder for p in PLANS.values() for folder in p.folders})


@cache
def citation_readers() -> tuple[ModuleType, ...]:
    """Each folder's reader of the citations of its seeds (`citations.py`: `in_words(part, lang)`)."""
    return tuple(import_module(f"{plans_package.__name__}.{folder.name}.citations") for folder in plan_folders()
                 if (folder / "citations.py").is_file())
