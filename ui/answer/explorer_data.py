"""What the explorer sends to the browser: the exact grid of (start age × added service) as plain JSON.

A plain function, no Streamlit: the grid is `estimator.calculation.grid.grid` (each cell equals
`estimate(scenario_at(situation, age, extra))` to the cent and the rule), turned into strings a person
reads — amounts formatted by `money()`, each rule in words with its citation as the law reads
(`estimator.citations.display`). The browser only looks cells up: it never computes an amount.

Ages run by whole months from the earliest age at which any rule could apply with any of the added
service (or the planned age, if earlier) to 70, or to the planned age when that is later; the added
service runs by whole years from 0 to `MAX_EXTRA_YEARS`.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from estimator import (age_timing, assumptions_of, default_values, display, grid, grows, rules_of, Situation, span,
                       t, used_mark)

from ui.answer.formatting import dollars_words

if TYPE_CHECKING:
    from estimator import AgeTiming, Grid

LAST_AGE = 70          # the explorer reaches this age at least
MAX_EXTRA_YEARS = 10   # added credited service, in whole years, as the charts show it


@dataclass(frozen=True)
class ExplorerGrid:
    """The grid the explorer shows, and the ages (rows) and added years (columns) it covers."""

    grid: Grid
    first: int   # the first row's age, in months
    rows: int
    timing: AgeTiming  # every row's timing, for the next grid of this member (`explorer_grid`)


def signature(situation: Situation, planned_age: Fraction) -> str:
    """A digest of everything the explorer's numbers depend on: equal signatures, equal grids. Only a
    digest (never a figure) leaves this function."""
    today = situation.today.model_dump_json()
    history = ",".join(str(s) for s in situation.salary_history or ())
    text = f"{today}|{history}|{situation.salary_growth}|{situation.accrues}|{Fraction(planned_age)}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def explorer_grid(situation: Situation, planned_age: Fraction, timing: AgeTiming | None = None) -> ExplorerGrid | None:
    """The exact grid for the explorer, or None when no age and no added service gives any pension (a
    refund, a teacher who left service). `timing`: the previous grid's, reused when the member's dates, status
    and service are the same (a change of salary computes no age again)."""
    planned_age = Fraction(planned_age)
    today = situation.today.age
    last = max(Fraction(LAST_AGE), Fraction(math.ceil(planned_age)))
    months = range(int(today * 12), int(last * 12) + 1)
    if not months:
        return None
    ages = [Fraction(m, 12) for m in months]
    # Added service only for a member still in service: one who left has no service to add.
    extras = [Fraction(y) for y in range(MAX_EXTRA_YEARS + 1 if situation.in_service else 1)]
    timing = age_timing(situation, ages, timing)
    result = grid(situation, ages, extras, timing)
    if not result.covered:
        return None
    eligible = (result.rule_index >= 0).any(axis=1)
    if not eligible.any():
        return None
    start = int(eligible.argmax())  # the earliest age at which any rule applies with any added service
    planned_row = int(planned_age * 12) - months[0]
    start = min(start, planned_row) if 0 <= planned_row < len(ages) else start
    return ExplorerGrid(result, months[0] + start, len(ages) - start, timing)


def explorer_data(situation: Situation, planned_age: Fraction, lang: str,
                  cells: ExplorerGrid | None = None) -> dict | None:
    """The JSON the explorer is mounted with (None: nothing to explore). Cell (i, j) — the age
    `first + i` months with `j` years added — is at index `i * extras + j` of `rule`, `monthly` and
    `from_65`: `rule` indexes `rules` (−1: no rule applies), `monthly` is what the System pays from the first
    month (RULES.md §0: the pension under the rule, after reduction and minimum, or the coordinated amount for a
    pension starting at 65 or later; "$0.00" where none applies), `from_65` what the System pays from 65 under
    the Plan Coordinado (None without coordination; "" where no rule applies), `reference` the pension under
    the rule where coordination pays another amount from the start ("" elsewhere; None without coordination);
    `contribution` and `net` the teacher's contribution while due and what is paid meanwhile, until the age
    `net_until` (000 ¶B: "" where none is due; None for a plan without one).
    `dollars` holds the two sentences on which dollars an amount is in (RULES.md §7): "grown" for a cell whose
    `assumed` has the bit `grown_bit` (a salary growth other than 0% entered it; −1: none can), "today" else."""
    cells = cells or explorer_grid(situation, planned_age)
    if cells is None:
        return None
    result = cells.grid
    skip = cells.first - int(result.ages[0] * 12)  # rows before the first age shown
    plan_rules = {r.id: r for r in rules_of(situation.today.plan)}
    used = sorted({int(k) for k in result.rule_index[skip:].ravel() if k >= 0})
    position = {k: n for n, k in enumerate(used)}
    rules = [{"id": result.rule_ids[k], "name": t(f"rule.{result.rule_ids[k]}", lang),
              "cite": display(plan_rules[result.rule_ids[k]].cite, lang)} for k in used]
    rows = slice(skip, skip + cells.rows)
    indexes = result.rule_index[rows].ravel().tolist()
    rule = [position[k] if k >= 0 else -1 for k in indexes]
    written = _Written()  # the cells share a few hundred amounts: each is written once
    under_rule = result.monthly[rows].ravel().tolist()
    monthly = [written[m] for m in result.paid_monthly[rows].ravel().tolist()]  # RULES.md §0: paid the first month
    from_65 = reference = None
    if result.coordinated_monthly is not None:
        from_65 = ["" if k < 0 or math.isnan(m) else written[m]
                   for k, m in zip(indexes, result.coordinated_monthly[rows].ravel().tolist())]
        # where coordination pays another amount from the start, the pension under the rule is its reference
        reference = [written[rule_amount] if paid != rule_amount else ""
                     for paid, rule_amount in zip(result.paid_monthly[rows].ravel().tolist(), under_rule)]
    # 000 ¶B: where the teacher keeps contributing, the contribution and the net paid meanwhile, as the page says them
    contribution = net = None
    if result.contribution_monthly is not None:
        due = result.contribution_monthly[rows].ravel().tolist()
        contribution = [written[c] if c > 0 else "" for c in due]
        net = [written[round(paid - c, 2)] if c > 0 else ""
               for paid, c in zip(result.paid_monthly[rows].ravel().tolist(), due)]
    assumed = dict(result.assumed)
    for name, where in result.contribution_assumed.items():  # they entered the net shown (RULES.md §2)
        assumed[name] = assumed[name] | where if name in assumed else where
    used = assumptions_of(situation, assumed)
    grown = next((k for k, assumption in enumerate(used) if grows(assumption)), -1)  # not in today's dollars
    bits = np.zeros(result.rule_index.shape, dtype=np.int64)
    for k, assumption in enumerate(used):
        bits |= assumed[assumption.name].astype(np.int64) << k
    return {
        "signature": signature(situation, planned_age),
        "first": cells.first, "count": cells.rows, "planned": int(Fraction(planned_age) * 12),
        "extras": len(result.extras), "rules": rules, "rule": rule, "monthly": monthly,
        "from_65": from_65, "reference": reference, "contribution": contribution, "net": net,
        "net_until": (span(default_values(situation.today.plan)["contribution_end_age"], lang)
                      if contribution is not None else ""),
        "marks": [used_mark(assumption, lang) for assumption in used],
        "assumed": bits[rows].ravel().tolist(),
        # which dollars a cell's amount is in: "grown" where the bit `grown_bit` of its `assumed` is set
        "dollars": {"today": dollars_words(None, lang), "grown": dollars_words(used[grown], lang) if grown >= 0 else ""},
        "grown_bit": grown,
        # each row's age in words, and the planned age's: the one years-and-months formatter's
        "ages": [span(Fraction(cells.first + row, 12), lang) for row in range(cells.rows)],
        "planned_words": span(planned_age, lang),
    }


def _money(dollars: float) -> str:
    """The grid's whole cents (the float of their two-decimal amount) written as `money()` writes them
    ("$1,234.56"; a test checks the two agree), without `money()`'s exact arithmetic for each cell."""
    cents = round(float(dollars) * 100)
    sign, cents = ("-", -cents) if cents < 0 else ("", cents)
    return f"{sign}${cents // 100:,}.{cents % 100:02d}"


class _Written(dict):
    """Amounts already written by `_money`, by the grid's float."""

    def __missing__(self, dollars: float) -> str:
        self[dollars] = text = _money(dollars)
        return text


def cell(data: dict, age_months: int, extra_years: int) -> dict:
    """One cell of `explorer_data`'s JSON, as the browser reads it (for tests and the server's own use)."""
    index = (age_months - data["first"]) * data["extras"] + extra_years
    k = data["rule"][index]
    bits = data["assumed"][index] if k >= 0 else 0
    return {"rule": data["rules"][k]["id"] if k >= 0 else None, "monthly": data["monthly"][index],
            "from_65": data["from_65"][index] if data["from_65"] is not None else None,
            "reference": data["reference"][index] if data["reference"] is not None else None,
            "contribution": data["contribution"][index] if data["contribution"] is not None else None,
            "net": data["net"][index] if data["net"] is not None else None,
            "marks": [mark for bit, mark in enumerate(data["marks"]) if bits >> bit & 1],
            "dollars": "" if k < 0 else data["dollars"][
                "grown" if data["grown_bit"] >= 0 and bits >> data["grown_bit"] & 1 else "today"]}
