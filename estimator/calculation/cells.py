"""The grid's result: by retirement age (rows) and additional service (columns), every cell equal to the
one-scenario answer for it (`projection.grid` computes it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np


@dataclass
class Grid:
    """Results by retirement age (rows) and additional service (columns)."""

    ages: list[Fraction]
    extras: list[Fraction]
    rule_ids: list[str]
    rule_index: np.ndarray        # index into rule_ids, −1 where no rule applies
    monthly: np.ndarray           # after reduction and minimum, before coordination (0 where none)
    annual: np.ndarray
    reduction_factor: np.ndarray
    minimum_applied: np.ndarray
    coordinated_monthly: np.ndarray | None  # what the system pays from 65, when coordination applies
    covered: bool
    averages: list[Fraction] = field(default_factory=list)
    # RULES.md §0: the named assumptions that entered each cell's amount (the amount from 65 included), each
    # with the cells that read it: what `estimate` lists for that scenario, the growth of a projected average too
    assumed: dict[str, np.ndarray] = field(default_factory=dict)
    # What the System pays the first month (RULES.md §0): the coordinated amount where the pension starts at the
    # coordination age or later, else the pension under the rule (0 where none applies; None: `monthly`)
    at_start: np.ndarray | None = None
    # 000 ¶B: the pensioner's contribution each month while due (0 where none is), for a plan that has one
    contribution_monthly: np.ndarray | None = None

    def rule_at(self, i: int, j: int) -> str | None:
        index = int(self.rule_index[i, j])
        return None if index < 0 else self.rule_ids[index]

    @property
    def paid_monthly(self) -> np.ndarray:
        """What the System pays the first month (RULES.md §0), as the payment pipeline computed it."""
        return self.monthly if self.at_start is None else self.at_start

    @classmethod
    def stacked(cls, parts: list["Grid"]) -> "Grid":
        """Grids of consecutive ages, one after the other, as one."""
        first = parts[0]
        rows = lambda name: np.concatenate([getattr(part, name) for part in parts])  # noqa: E731
        optional = lambda name: (None if getattr(first, name) is None  # noqa: E731
                                 else np.concatenate([getattr(part, name) for part in parts]))
        names = {name for part in parts for name in part.assumed}
        assumed = {name: np.concatenate([part.assumed.get(name, np.zeros(part.monthly.shape, dtype=bool))
                                         for part in parts]) for name in names}
        return cls([age for part in parts for age in part.ages], first.extras, first.rule_ids, rows("rule_index"),
                   rows("monthly"), rows("annual"), rows("reduction_factor"), rows("minimum_applied"),
                   optional("coordinated_monthly"), all(part.covered for part in parts),
                   [avg for part in parts for avg in part.averages], assumed, optional("at_start"),
                   optional("contribution_monthly"))
