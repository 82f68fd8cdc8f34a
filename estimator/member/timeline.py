"""Key dates: the start ages at which a member first qualifies under each rule, with what is paid from then, and
the change at 65 under coordination.

Ages come from dates in completed months ÷ 12, and a start age is a day, today's or a monthly birthday's (RULES.md
§0, one arithmetic). A member in service is assumed to keep working (service grows with age); one who already
left waits (service fixed).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from estimator.law import registry as plans
from estimator.calculation.choice import evaluations_at, rules_of, why_no_pension
from estimator.calculation.payment import payable
from estimator.calculation.law_day import law_of
from estimator.arithmetic.dates import add_months, date_at
from estimator.explanation.engine import estimate
from estimator.calculation.search import candidate_ages
from estimator.calculation.answer import AssumptionUsed
from estimator.calculation.scenario import Scenario
from estimator.calculation.situation import Situation, average_at, scenario_at, service_added, start_day
from estimator.arithmetic.display import money
from estimator.law.parameters import Params, coordination_age
from estimator.words.assumptions import used_mark
from estimator.law.rules import DEFERRED
from estimator.calculation.answer import assumptions_used
from estimator.words.catalog import date_words, span, t


@dataclass(frozen=True)
class KeyDate:
    kind: str                  # "paid": what is paid from that day; "rule": a rule first met then that is not the
    rule: str | None           # one paid (listed as such); "coordination": the change at 65
    age: Fraction
    service_years: Fraction
    monthly_pension: Decimal   # "paid": what the System pays from that day (RULES.md §0: the form's amount at that
    reduced: bool              # start age); "rule": under that rule (after reduction and minimum); or from 65
    deferred: bool
    when: date | None = None
    # RULES.md §0: the named assumptions that entered `monthly_pension`, each with its value and whose it is
    assumptions: tuple[AssumptionUsed, ...] = ()
    pays_less: bool = False    # "rule": its amount is below the pension under the rule paid that day


def key_dates(situation: Situation, birth: date | None = None, planned_age: Fraction | None = None,
              horizon_age: int = 100, today: date | None = None) -> list[KeyDate]:
    """The start ages at which some rule of the plan is first met, from today's age on, each with what is paid
    from then (the most favourable rule's amount, as the form answers that start age) and the rules first met then
    that pay less; and, when the pension planned to start at `planned_age` is coordinated, the month the member
    turns 65 and what the system pays from then. `situation` is the member today, who gives the scenario at a
    later age (`scenario_at`: working on, or waiting; with a salary history or growth, the average projected, and
    the salary-growth assumption then entered each amount at that age).

    RULES.md §0, one arithmetic: with a birth date, a start age is a day (today, or a monthly birthday); for a
    member with dates (`situation.dated`) the service then is today's and the whole months from `today` to that day
    while in service (`start_day`): the same day and service the form, the explorer and the search give that age.
    A scenario alone (a report's on the command line) counts its service by ages, as its answer does. Never before
    today (a rule already met is met today)."""
    s = situation.today
    today = today or date.today()
    if why_no_pension(s):
        return []
    params = law_of(s, explain=False)
    met: set[str] = set()
    dates: list[KeyDate] = []
    for age, moved in _start_ages(situation, horizon_age):
        law = law_of(moved, explain=False)  # the law of the pension's day, as the form's answer reads it
        evaluations = evaluations_at(moved, law)
        first_met = [e for e in evaluations if e.applies and e.rule.id not in met]
        if not first_met:
            continue
        met.update(e.rule.id for e in first_met)
        when, growth = _day(situation, birth, age, today), _growth(situation, moved.age)
        paid = estimate(moved, find_earliest=False)  # the form's answer at this start age
        chosen = next(e for e in evaluations if e.rule.id == paid.rule)
        dates.append(KeyDate(kind="paid", rule=paid.rule, age=age, service_years=moved.service_years,
                             monthly_pension=paid.monthly_paid_at_start, reduced=chosen.factor is not None,
                             deferred=chosen.rule.path == DEFERRED, when=when,
                             assumptions=_read(moved, chosen.amount.assumed, law, growth)))
        for evaluation in first_met:
            if evaluation.rule.id == paid.rule:
                continue
            monthly = payable(s.plan, evaluation.amount.v, law).monthly
            dates.append(KeyDate(
                kind="rule", rule=evaluation.rule.id, age=age, service_years=moved.service_years,
                monthly_pension=monthly, reduced=evaluation.factor is not None,
                deferred=evaluation.rule.path == DEFERRED, when=when,
                assumptions=_read(moved, evaluation.amount.assumed, law, growth),
                pays_less=monthly < paid.monthly_pension))  # under the rule, as the choice compares them
    if planned_age is not None and plans.coordinated(s.plan, s.group, s.coordinated):
        planned = scenario_at(situation, Fraction(planned_age))
        answer = estimate(planned, find_earliest=False)
        if answer.coordination is not None:
            at = max(coordination_age(params.on), planned.age)
            dates.append(KeyDate(kind="coordination", rule=answer.rule, age=at,
                                 service_years=planned.service_years,
                                 monthly_pension=answer.coordination.monthly_pension_from_65, reduced=False,
                                 deferred=False, when=_day(situation, birth, at, today),
                                 assumptions=tuple(answer.assumptions_used) + _also(_growth(situation, planned.age))))
    return sorted(dates, key=lambda d: d.age)


def first_day(dates: list[KeyDate]) -> date | None:
    """The first day a pension would be paid, among `key_dates`; None without dates."""
    return min((d.when for d in dates if d.kind == "paid" and d.when is not None), default=None)


def _read(s: Scenario, names, params: Params, growth: AssumptionUsed | None) -> tuple[AssumptionUsed, ...]:
    return tuple(assumptions_used(s, set(names), params)) + _also(growth)


def _also(growth: AssumptionUsed | None) -> tuple[AssumptionUsed, ...]:
    return (growth,) if growth is not None else ()


def _growth(situation: Situation, age: Fraction) -> AssumptionUsed | None:
    """The salary growth, when a projected salary entered the average at `age`."""
    return next(iter(average_at(situation, age).assumptions), None)


def _start_ages(situation: Situation, horizon_age: int):
    """The (start age, scenario) at which a rule can first apply, in order: the search's candidate ages (with dates,
    monthly birthdays)."""
    for age in candidate_ages(situation.today, horizon_age, dated=situation.dated):
        yield age, scenario_at(situation, age)


def _day(situation: Situation, birth: date | None, age: Fraction, today: date) -> date | None:
    """The day a pension starting at `age` starts, never before today; None without a birth date. For a member
    with dates, `situation.start_day`. A scenario alone (a report's on the command line) counts its service by
    ages from its own age, which it has on its start day (today at the earliest): a later age is the later of the
    day it is reached and the day that service is worked (RULES.md §0: no age before the service it counts)."""
    if birth is None:
        return None
    if situation.dated:
        return start_day(situation, age)
    start = max(date_at(birth, situation.today.age), today)
    worked = add_months(start, round((age - situation.today.age) * 12)) if service_added(situation, age) else start
    return max(date_at(birth, age), worked)


@dataclass(frozen=True)
class KeyMoment:
    """The key dates that fall on one day (or, without a birth date, at one age), said once: the rules
    first met then, the most favourable first, and the change at 65 when it comes the same day."""

    age: Fraction
    when: date | None
    service_years: Fraction
    rules: tuple[KeyDate, ...]
    coordination: KeyDate | None


def merge_key_dates(dates: list[KeyDate]) -> list[KeyMoment]:
    """`key_dates` as the member reads them: one entry per day, in order. Within a day, what is paid from then
    first (RULES.md §0: the amount shown is the amount paid), then the other rules first met then, by amount,
    highest first (table order on ties)."""
    moments: list[KeyMoment] = []
    for age in sorted({d.age for d in dates}):
        same = [d for d in dates if d.age == age]
        others = sorted((d for d in same if d.kind == "rule"), key=lambda d: -d.monthly_pension)  # stable
        rules = [d for d in same if d.kind == "paid"] + others
        coordination = next((d for d in same if d.kind == "coordination"), None)
        moments.append(KeyMoment(age=age, when=same[0].when, service_years=same[0].service_years,
                                 rules=tuple(rules), coordination=coordination))
    return moments


def key_date_lines(dates: list[KeyDate], lang: str, today: date | None = None) -> list[str]:
    """One sentence per key day, the same in the app and the report: when (date, age, service), what is paid from
    then and under which rule, the other rules first met then (one that pays less said so), and what the System
    pays from 65. A rule already met is met today: "ya cumple", with today's date (RULES.md §0)."""
    today = today or date.today()
    lines = []
    for moment in merge_key_dates(dates):
        age = span(moment.age, lang)
        if moment.rules and moment.when is not None and moment.when <= today:
            when = t("key_dates.when_today", lang, date=date_words(today, lang), age=age,
                     service=span(moment.service_years, lang))
        elif moment.rules:
            when = (t("key_dates.when_date", lang, date=date_words(moment.when, lang), age=age,
                      service=span(moment.service_years, lang)) if moment.when else
                    t("key_dates.when_age", lang, age=age, service=span(moment.service_years, lang)))
        else:
            when = (t("key_dates.when_date_only", lang, date=date_words(moment.when, lang), age=age)
                    if moment.when else t("key_dates.when_age_only", lang, age=age))
        items = [_rule_item(d, lang) for d in moment.rules[:1]]
        items += [t("key_dates.also_less" if d.pays_less else "key_dates.also", lang, item=_rule_item(d, lang))
                  for d in moment.rules[1:]]
        if moment.coordination is not None:
            items.append(t("key_dates.coordination", lang, age=span(coordination_age(moment.when), lang),
                           amount=money(moment.coordination.monthly_pension)))
        line = t("key_dates.line", lang, when=when, items=t("key_dates.join", lang).join(items))
        marks = _marks(moment, lang)
        lines.append(f"{line} {marks}." if marks else line)
    return lines


def _marks(moment: KeyMoment, lang: str) -> str:
    """RULES.md §0: every assumption that entered an amount of the line, marked with its value and whose it is
    (the answer's words), each once."""
    shown: dict[str, AssumptionUsed] = {}
    for d in (*moment.rules, *((moment.coordination,) if moment.coordination else ())):
        for used in d.assumptions:
            shown.setdefault(used.name, used)
    return t("key_dates.join", lang).join(used_mark(used, lang) for used in shown.values())


def _rule_item(d: KeyDate, lang: str) -> str:
    """The rule's title (which says when it is reduced or deferred) and its monthly amount."""
    return t("key_dates.rule", lang, rule=t(f"rule.{d.rule}", lang), amount=money(d.monthly_pension))
