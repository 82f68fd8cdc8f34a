"""The named assumptions a member or counselor may override (CONTRACT.md, `assumptions`), read from the law.

They are the entries of the plans' `law.toml` marked `assumption = true` with an `entered` table, in the
contract's order (`entered.order`). The scenario's model (`models.Assumptions`), the form's boxes, the reasons
an entered figure changes nothing and the answers' marks all follow from them: a new one is a law entry (and
its words), nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from estimator.law.law_file import Entered, folder_law
from estimator.law.registry import plan_folders


@dataclass(frozen=True)
class Overridable:
    """A named assumption a scenario may override: its name, how it is entered, and the folder whose law defines
    it (`plans/<folder>/law.toml`; its words say why the figure changes nothing for another plan's member)."""

    name: str
    entered: Entered
    folder: str


@cache
def overridable() -> tuple[Overridable, ...]:
    """Every named assumption a scenario may override, in the contract's order."""
    found = [Overridable(name, entry.entered, folder.name) for folder in plan_folders()
             for name, entry in folder_law(folder).items() if entry.entered is not None]
    found.sort(key=lambda a: a.entered.order)
    for what, values in (("name", [a.name for a in found]), ("order", [a.entered.order for a in found]),
                         ("field", [a.entered.field for a in found])):
        if len(set(values)) < len(values):
            raise ValueError(f"two entered assumptions share their {what}")
    if any(a.entered.replaces not in (None, *(b.name for b in found)) for a in found):
        raise ValueError("an assumption replaces one that is not entered")
    return tuple(found)


def named(name: str) -> Overridable:
    return next(a for a in overridable() if a.name == name)


def replacing(name: str) -> Overridable | None:
    """The assumption that, given, replaces `name` (the Board's factor replaces the assumed rate), or None."""
    return next((a for a in overridable() if a.entered.replaces == name), None)
