"""The grid's result: by retirement age (rows) and additional service (columns), every cell equal to the
one-scenario answer for it (`projection.grid` computes it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .plans import coordination_age

COORDINATION_AGE = coordination_age()  # 004 ¶A: coordination from 65


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

    def rule_at(self, i: int, j: int) -> str | None:
        index = int(self.rule_index[i, j])
        return None if index < 0 else self.rule_ids[index]

    @property
    def paid_monthly(self) -> np.ndarray:
        """What the System pays the first month (RULES.md §0): the coordinated amount where the pension
        starts at 65 or later under coordination, else the pension under the rule (0 where none applies)."""
        if self.coordinated_monthly is None:
            return self.monthly
        from_start = np.array([a >= COORDINATION_AGE for a in self.ages], dtype=bool)[:, None]
        coordinated = ~np.isnan(self.coordinated_monthly)
        return np.where(from_start & coordinated, np.nan_to_num(self.coordinated_monthly), self.monthly)

    @classmethod
    def stacked(cls, parts: list["Grid"]) -> "Grid":
        """Grids of consecutive ages, one after the other, as one."""
        first = parts[0]
        rows = lambda name: np.concatenate([getattr(part, name) for part in parts])  # noqa: E731
        coordinated = (None if first.coordinated_monthly is None
                       else np.concatenate([part.coordinated_monthly for part in parts]))
        names = {name for part in parts for name in part.assumed}
        assumed = {name: np.concatenate([part.assumed.get(name, np.zeros(part.monthly.shape, dtype=bool))
                                         for part in parts]) for name in names}
        return cls([age for part in parts for age in part.ages], first.extras, first.rule_ids, rows("rule_index"),
                    rows("monthly"), rows("annual"), rows("reduction_factor"), rows("minimum_applied"), coordinated,
                    all(part.covered for part in parts), [avg for part in parts for avg in part.averages], assumed)
