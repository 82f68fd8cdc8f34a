"""The named assumptions a member or counselor may override (CONTRACT.md, `assumptions`), read from the law.

They are the entries of the plans' `law.toml` marked `assumption = true` with an `entered` table, in the
contract's order (`entered.order`). The scenario's model (`models.Assumptions`), the form's boxes, the reasons
an entered figure changes nothing and the answers' marks all follow from them: a new one is a law entry (and
its words), nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .parameters import Entered, law
from .plans import PLAN_IDS


@dataclass(frozen=True)
class Overridable:
    """A named assumption a scenario may override: its name, how it is entered, and the plans whose law has it."""

    name: str
    entered: Entered
    plans: tuple[str, ...]


@cache
def overridable() -> tuple[Overridable, ...]:
    """Every named assumption a scenario may override, in the contract's order."""
    found: dict[str, tuple[Entered, list[str]]] = {}
    for plan in PLAN_IDS:
        for name, entry in law(plan).items():
            if entry.entered is None:
                continue
            entered, plans = found.setdefault(name, (entry.entered, []))
            if entered != entry.entered:
                raise ValueError(f"{name} is entered in two ways by two plans' laws")
            plans.append(plan)
    named = sorted((Overridable(name, entered, tuple(plans)) for name, (entered, plans) in found.items()),
                   key=lambda a: a.entered.order)
    for field in ("order", "field"):
        if len({getattr(a.entered, field) for a in named}) < len(named):
            raise ValueError(f"two named assumptions share their `entered.{field}`")
    if any(a.entered.replaces not in (None, *(b.name for b in named)) for a in named):
        raise ValueError("an assumption replaces one that is not entered")
    return tuple(named)


def named(name: str) -> Overridable:
    return next(a for a in overridable() if a.name == name)


def replacing(name: str) -> Overridable | None:
    """The assumption that, given, replaces `name` (the Board's factor replaces the assumed rate), or None."""
    return next((a for a in overridable() if a.entered.replaces == name), None)
