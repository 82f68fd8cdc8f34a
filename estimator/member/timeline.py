"""Key dates: when a member first qualifies under each rule, and the change at 65 under coordination.

Ages come from dates in completed months ÷ 12 (RULES.md §0). A member in service is assumed to keep
working (service grows with age); one who already left waits (service fixed).
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
from estimator.arithmetic.dates import add_months, age_on, date_at, months_between
from estimator.explanation.engine import estimate
from estimator.calculation.search import candidate_ages
from estimator.calculation.answer import AssumptionUsed
from estimator.calculation.scenario import Scenario
from estimator.calculation.situation import Situation, average_at, scenario_at, service_added
from estimator.arithmetic.display import money
from estimator.law.parameters import Params, coordination_age
from estimator.words.assumptions import used_mark
from estimator.law.rules import DEFERRED
from estimator.calculation.answer import assumptions_used
from estimator.words.catalog import date_words, span, t


@dataclass(frozen=True)
class KeyDate:
    kind: str                  # "rule": first qualifies under `rule`; "coordination": the change at 65
    rule: str | None
    age: Fraction
    service_years: Fraction
    monthly_pension: Decimal   # under that rule at that age (after reduction and minimum), or from 65
    reduced: bool
    deferred: bool
    when: date | None = None
    # RULES.md §0: the named assumptions that entered `monthly_pension`, each with its value and whose it is
    assumptions: tuple[AssumptionUsed, ...] = ()


def key_dates(situation: Situation, birth: date | None = None, planned_age: Fraction | None = None,
              horizon_age: int = 100, today: date | None = None) -> list[KeyDate]:
    """For each rule of the plan, the first age (and date) from today's age on at which it applies, with
    its amount then; and, when the pension planned to start at `planned_age` is coordinated, the
    month the member turns 65 and what the system pays from then. `situation` is the member today, who gives
    the scenario at a later age (`scenario_at`: working on, or waiting; with a salary history or growth, the
    average projected, and the salary-growth assumption then entered each amount at that age).

    With a birth date, dates count from `today` (RULES.md §0, one arithmetic): the member's age on a day is
    `age_on`, and the service is today's plus the whole months from today while in service. The days
    looked at are those where an age is reached and those where the service reaches a threshold; never
    before today (a rule already met is met today)."""
    s = situation.today
    today = today or date.today()
    if why_no_pension(s):
        return []
    params = law_of(s, explain=False)
    found: dict[str, KeyDate] = {}
    for age, moved, when in _moments(situation, birth, today, horizon_age):
        for evaluation in evaluations_at(moved):
            rule = evaluation.rule
            if evaluation.applies and rule.id not in found:
                found[rule.id] = KeyDate(
                    kind="rule", rule=rule.id, age=age, service_years=moved.service_years,
                    monthly_pension=payable(s.plan, evaluation.amount.v, params).monthly,
                    reduced=evaluation.factor is not None, deferred=rule.path == DEFERRED, when=when,
                    assumptions=_read(moved, evaluation.amount.assumed, params, _growth(situation, moved.age)))
    order = {rule.id: index for index, rule in enumerate(rules_of(s.plan))}
    dates = sorted(found.values(), key=lambda d: (d.age, order[d.rule]))
    if planned_age is not None and plans.coordinated(s.plan, s.group, s.coordinated):
        planned = scenario_at(situation, Fraction(planned_age))
        answer = estimate(planned, find_earliest=False)
        if answer.coordination is not None:
            at = max(coordination_age(params.on), planned.age)
            dates.append(KeyDate(kind="coordination", rule=answer.rule, age=at,
                                 service_years=planned.service_years,
                                 monthly_pension=answer.coordination.monthly_pension_from_65, reduced=False,
                                 deferred=False, when=max(date_at(birth, at), today) if birth else None,
                                 assumptions=tuple(answer.assumptions_used) + _also(_growth(situation, planned.age))))
    return sorted(dates, key=lambda d: d.age)


def _read(s: Scenario, names, params: Params, growth: AssumptionUsed | None) -> tuple[AssumptionUsed, ...]:
    return tuple(assumptions_used(s, set(names), params)) + _also(growth)


def _also(growth: AssumptionUsed | None) -> tuple[AssumptionUsed, ...]:
    return (growth,) if growth is not None else ()


def _growth(situation: Situation, age: Fraction) -> AssumptionUsed | None:
    """The salary growth, when a projected salary entered the average at `age`."""
    return next(iter(average_at(situation, age).assumptions), None)


def _moments(situation: Situation, birth: date | None, today: date, horizon_age: int):
    """The (age, scenario, day) at which a rule can first apply, in order. Without a birth date, the candidate
    ages themselves; with one, the days each candidate is reached by age or by service counted from today,
    each with the member's age and service on that day."""
    s = situation.today
    ages = candidate_ages(s, horizon_age)
    if birth is None:
        yield from ((age, scenario_at(situation, age), None) for age in ages)
        return
    grows = service_added(situation, s.age + 1) > 0  # in service, accruing: service grows from today
    days = {max(today, date_at(birth, age)) for age in ages}
    if grows:
        days |= {add_months(today, round((age - s.age) * 12)) for age in ages}
    for day in sorted(days):
        age = age_on(birth, day)
        if age > horizon_age:
            break
        moved = scenario_at(situation, max(age, s.age))
        if grows:
            months = months_between(today, day)
            moved = moved.model_copy(update={"service_years": s.service_years + Fraction(months, 12)})
        yield max(age, s.age), moved, day


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
    """`key_dates` as the member reads them: one entry per day, in order. Within a day the rules are
    listed by amount, highest first (table order on ties): the first is the one that would be paid."""
    moments: list[KeyMoment] = []
    for age in sorted({d.age for d in dates}):
        same = [d for d in dates if d.age == age]
        rules = [d for d in same if d.kind == "rule"]
        rules.sort(key=lambda d: -d.monthly_pension)  # stable: table order on ties
        coordination = next((d for d in same if d.kind == "coordination"), None)
        moments.append(KeyMoment(age=age, when=same[0].when, service_years=same[0].service_years,
                                 rules=tuple(rules), coordination=coordination))
    return moments


def key_date_lines(dates: list[KeyDate], lang: str, today: date | None = None) -> list[str]:
    """One sentence per key day, the same in the app and the report: when (date, age, service), the
    rule or rules first met then with their monthly amounts, and what the System pays from 65. A rule
    already met is met today: "ya cumple", with today's date (RULES.md §0)."""
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
        items += [t("key_dates.also", lang, item=_rule_item(d, lang)) for d in moment.rules[1:]]
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
