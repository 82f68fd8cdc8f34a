"""RULES.md §1, Scope: which law describes a member, by the date of first entry. Government employees who
entered before 1 April 1990 are Ley 447's, from that day Ley 1-1990's new participants; these texts do not
describe a government employee who entered from 1 January 2000, nor a teacher from 1 August 2014. Every date
is a dated parameter of the plans' law (`plans/<plan>/law.toml`, `plans/government.toml`).
"""

from __future__ import annotations

from datetime import date

from estimator.law.parameters import dates
from estimator.law.registry import GOVERNMENT_PLANS, PLAN_IDS, plan as plan_of

# RULES.md §1, Decision: the texts say "después del 1ro de abril de 1990"; an entry on that day itself
# makes a new participant (the law's start date). A dated parameter (plans/government.toml).
NEW_PARTICIPANTS_FROM = next(dates(p)[plan_of(p).entries_from] for p in PLAN_IDS if plan_of(p).entries_from)


def government_plan(entry: date) -> str:
    """The government employees' plan for a first entry on `entry`: the last whose entries start by then."""
    starts = [(dates(p)[plan_of(p).entries_from] if plan_of(p).entries_from else date.min, p)
              for p in GOVERNMENT_PLANS]
    return max((start, p) for start, p in starts if start <= entry)[1]


def out_of_scope_from(plan: str, on: date | None = None) -> date | None:
    """RULES.md §1, Scope: the first entry date from which these rules do not describe the plan's members
    (government entries from 1 January 2000, teachers' from 1 August 2014); None for ley447, whose members
    all entered before 1 April 1990. The law of the day `on` (today by default)."""
    named = plan_of(plan).entries_until
    return dates(plan, on)[named] if named else None


def entry_in_scope(plan: str, entry: date) -> bool:
    limit = out_of_scope_from(plan)
    return limit is None or entry < limit
