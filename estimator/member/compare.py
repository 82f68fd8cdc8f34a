"""Scenarios side by side: each one's inputs in words, and what differs from the first and why.

The comparison page (`ui/comparison/compare.py`) and the comparison report (`report/comparison.py`) say the same
because both take their words from here. Ages and periods in years and months, plans and groups by
their names, never a field name or a code.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Sequence

from estimator.explanation.engine import estimate
from estimator.calculation.answer import Answer, AssumptionUsed
from estimator.calculation.scenario import Scenario, read_scenario
from estimator.arithmetic.display import exact_number, money
from estimator.calculation.freeze import freeze_for
from estimator.calculation.law_day import law_of, rules_of
from estimator.explanation.reasons import rule_cited
from estimator.words.assumptions import assumption_figure, assumption_label, assumption_stated
from estimator.law.facts import MEMBER_FACTS
from estimator.law.parameters import coordination_age
from estimator.law.scope import entry_in_scope, out_of_scope_from
from estimator.words.catalog import date_words, span, t

MAX_SCENARIOS = 4  # side by side: more would not fit a page or a screen
MONEY_FIELDS = ("average_salary", "average_monthly_salary", "social_security_monthly")
FLAGS = ("coordinated", "refunded", *(fact.name for fact in MEMBER_FACTS))
AVERAGE_FROM = "average_assumptions"  # kept beside a compared scenario's inputs: what its average rests on
FROZEN = "frozen"  # kept beside them too: its service and average are those of the freeze date (RULES.md §8)


@dataclass(frozen=True)
class Compared:
    """One scenario of a comparison: the contract's inputs at its start age, and the assumptions its average
    rests on that those inputs cannot say — the salary growth, when a projected salary entered the average
    (`Member.compared_at`). RULES.md §0: every assumption that entered an amount is marked as one, here as on
    the estimate page."""

    scenario: Scenario
    average_assumptions: tuple[AssumptionUsed, ...] = ()
    frozen: bool = False  # the benefit-freeze option's figures: no later law froze what they count

    def answer(self, lang: str) -> Answer:
        """The answer the page and the report show (no search for the earliest age: neither prints it)."""
        return estimate(self.scenario, lang, average_assumptions=list(self.average_assumptions), find_earliest=False,
                        frozen=self.frozen)

    def freeze(self, lang: str) -> str:
        """The later law whose freeze the figures of a frozen scenario follow, in its own words."""
        return freeze_for(self.scenario.plan, self.scenario.start_date).law(lang)

    def entry(self) -> dict:
        """As the session keeps it: the contract's inputs, and the average's assumptions when there are any."""
        data = self.scenario.contract_dict()
        if self.average_assumptions:
            data[AVERAGE_FROM] = [used.model_dump() for used in self.average_assumptions]
        if self.frozen:
            data[FROZEN] = True
        return data

    def given(self) -> dict[str, Any]:
        """The assumptions whose figure was entered, not the estimator's default: the contract's, and the
        average's (a salary growth typed on the form)."""
        return self.scenario.assumptions.given() | {used.name: used.value for used in self.average_assumptions
                                                     if used.entered}

    @classmethod
    def of_entry(cls, entry: dict, lang: str = "es") -> Compared:
        """An entry the session keeps, read back (its inputs checked as the contract checks them)."""
        data = dict(entry)
        rest = data.pop(AVERAGE_FROM, None) or []
        frozen = data.pop(FROZEN, False) is True
        return cls(read_scenario(data, lang, kept=True), tuple(AssumptionUsed.model_validate(used) for used in rest),
                   frozen)

    @classmethod
    def of(cls, compared: Compared | Scenario) -> Compared:
        """A bare scenario (a file given to the command line) rests on no assumption beyond its inputs."""
        return compared if isinstance(compared, Compared) else cls(compared)


def plan_name(plan: str, lang: str) -> str:
    return t(f"report.plan.{plan}", lang)


def situation_name(s: Scenario, lang: str) -> str:
    """The plan the scenario is in, by its name; for a first entry these rules do not describe (RULES.md §1), the
    program that entry puts the member in (Ley 305-1999's savings accounts, Ley 160-2013's teachers' plan)."""
    if s.entry_date is None or entry_in_scope(s.plan, s.entry_date):
        return plan_name(s.plan, lang)
    return t(f"report.plan_outside.{s.plan}", lang, start=date_words(out_of_scope_from(s.plan), lang))


def rule_name(rule_id: str | None, lang: str) -> str:
    """The rule's full title ("Regla 18.2: 58 años de edad y 10 de servicio"), or "sin pensión"."""
    return t(f"rule.{rule_id}", lang) if rule_id else t("compare.none", lang)


def rule_in_sentence(s: Scenario, rule_id: str, lang: str) -> str:
    """The scenario's rule named as it reads inside a sentence, with its citation ("la pensión por mérito, con 30
    años de servicio (Reglamento, Regla 18.5(c); …)"), as the answer's own reasons name it."""
    return rule_cited(next(rule for rule in rules_of(s.plan, s.start_date) if rule.id == rule_id), lang)


def short_rule(rule_id: str | None, lang: str) -> str:
    """The rule's name without its summary: the part of its title before the colon ("Regla 18.2")."""
    return rule_name(rule_id, lang).split(":")[0]


def field_value(name: str, value: Any, lang: str) -> str:
    """One input of a scenario, in words: a plan or group by its name, an amount in dollars, an age or
    a period in years and months, yes or no."""
    if value is None:
        return t("report.not_given_short", lang)
    if isinstance(value, bool):
        return t("report.yes" if value else "report.no", lang)
    if name in ("plan", "group"):
        return t(f"report.{name}.{value}", lang)
    if name in MONEY_FIELDS:
        return money(value)
    if name in ("entry_date", "start_date"):
        return date_words(date.fromisoformat(value) if isinstance(value, str) else value, lang)
    return span(value, lang)


def scenario_inputs(s: Scenario, lang: str) -> list[tuple[str, str]]:
    """Each input the scenario gives, labelled in words (the fields left at their defaults are left
    out, as in the scenario's own file), then the assumptions it changes."""
    data = s.contract_dict()
    rows = [(t(f"report.field.{name}", lang),
             situation_name(s, lang) if name == "plan" else field_value(name, value, lang))
            for name, value in data.items() if name not in ("assumptions", "start_date")]
    rows += [(assumption_label(name, lang), assumption_figure(name, value))
             for name, value in data.get("assumptions", {}).items()]
    return rows


def average_text(s: Scenario, lang: str) -> str:
    if s.average_salary is not None:
        return t("compare.a_year", lang, amount=money(s.average_salary))
    return t("compare.a_month", lang, amount=money(s.average_monthly_salary))


def has_amount(answer: Answer) -> bool:
    """The rules answer with a pension (not a refund, not a case they do not cover)."""
    return answer.covered and answer.eligible


def difference_reasons(base: Compared | Scenario, base_answer: Answer, other: Compared | Scenario, answer: Answer,
                       lang: str) -> list[str]:
    """Why `other` differs from the first scenario, `base`, in plain words: what changed in the inputs
    and what that changed in the rule, the reduction and the minimum."""
    kept_base, kept_other = Compared.of(base), Compared.of(other)
    base_given, given = kept_base.given(), kept_other.given()
    base, other = kept_base.scenario, kept_other.scenario
    say = lambda key, **kw: t(f"compare.{key}", lang, **kw)  # noqa: E731
    reasons = []
    if kept_other.frozen and not kept_base.frozen:  # RULES.md §8: why its service is shorter, said first
        reasons.append(say("reason_frozen", law=kept_other.freeze(lang)))
    elif kept_base.frozen and not kept_other.frozen:
        reasons.append(say("reason_frozen_base"))
    if other.plan != base.plan:
        reasons.append(say("reason_plan", plan=plan_name(other.plan, lang), base=plan_name(base.plan, lang)))
    if other.group != base.group:
        reasons.append(say("reason_group", group=t(f"report.group.{other.group}", lang),
                           base=t(f"report.group.{base.group}", lang)))
    if answer.rule != base_answer.rule:
        if answer.rule is None:
            reasons.append(say("reason_no_rule", base=rule_in_sentence(base, base_answer.rule, lang)))
        elif base_answer.rule is None:
            reasons.append(say("reason_rule_base_none", rule=rule_in_sentence(other, answer.rule, lang)))
        else:
            reasons.append(say("reason_rule", rule=rule_in_sentence(other, answer.rule, lang),
                               base=rule_in_sentence(base, base_answer.rule, lang)))
    if other.age != base.age:
        reasons.append(say("reason_age", age=span(other.age, lang), base=span(base.age, lang)))
    if other.separation_age != base.separation_age and (other.left_service_early or base.left_service_early):
        reasons.append(say("reason_separation", age=span(other.separation_age, lang),
                           base=span(base.separation_age, lang)))
    if other.service_years != base.service_years:
        reasons.append(say("reason_service", service=span(other.service_years, lang),
                           base=span(base.service_years, lang)))
    if average_text(other, lang) != average_text(base, lang):
        reasons.append(say("reason_average", average=average_text(other, lang), base=average_text(base, lang)))
    for name in FLAGS:
        if getattr(other, name) != getattr(base, name):
            reasons.append(say("reason_input", field=t(f"report.field.{name}", lang),
                               value=field_value(name, getattr(other, name), lang),
                               base=field_value(name, getattr(base, name), lang)))
    if other.social_security_monthly != base.social_security_monthly:
        name = "social_security_monthly"
        reasons.append(say("reason_input", field=t(f"report.field.{name}", lang),
                           value=field_value(name, other.social_security_monthly, lang),
                           base=field_value(name, base.social_security_monthly, lang)))
    for name in sorted(set(given) | set(base_given)):
        if given.get(name) != base_given.get(name):
            shown = lambda values: (assumption_figure(name, values[name]) if name in values  # noqa: E731
                                    else say("default"))
            reasons.append(say("reason_input", field=assumption_label(name, lang), value=shown(given),
                               base=shown(base_given)))
    if has_amount(answer) and has_amount(base_answer) and answer.reduction_factor != base_answer.reduction_factor:
        if answer.reduction_factor == 1:
            reasons.append(say("reason_unreduced", base=exact_number(base_answer.reduction_factor)))
        elif base_answer.reduction_factor == 1:
            reasons.append(say("reason_reduced", factor=exact_number(answer.reduction_factor)))
        else:
            reasons.append(say("reason_factor", factor=exact_number(answer.reduction_factor),
                               base=exact_number(base_answer.reduction_factor)))
    if answer.minimum_applied != base_answer.minimum_applied:
        lifted = other if answer.minimum_applied else base
        minimum = law_of(lifted, explain=False).raw("minimum_monthly_pension")
        reasons.append(say("reason_minimum_here" if answer.minimum_applied else "reason_minimum_base",
                           amount=money(minimum)))
    return reasons or [say("same")]


# What the comparison says under each scenario's amount, on the page and in its report alike (one source
# for each sentence): the pension under the rule when another amount is paid, what the System pays from 65 under
# the Plan Coordinado, the net while contributing, and the assumptions that entered the amount (RULES.md §0).
RESULT_LINES = ("later_law", "reference", "from_coordination", "net", "assumptions")


def result_label(kind: str, lang: str, answer: Answer | None = None) -> str:
    """The label of one of RESULT_LINES; the coordination's age as the law of `answer`'s day reads it."""
    if kind == "reference":
        return t("report.row_reference", lang)
    if kind == "from_coordination":
        return t("report.row_from_coordination", lang,
                 age=span(coordination_age(answer.law_on if answer is not None else None), lang))
    if kind == "assumptions":
        return t("compare.assumptions_used", lang)
    if kind == "later_law":
        return t("report.row_later_law", lang)
    return t("report.row_net", lang)


def assumptions_used_text(answer: Answer, lang: str) -> str:
    """RULES.md §0: each assumption that entered the amount (or the net while contributing), with its figure and
    whose figure it is — "Pensión por mérito a los 55 o más = 75% (valor por defecto del estimador)"; "ninguno"
    when none did."""
    if not answer.assumptions_used:
        return t("compare.assumptions_none", lang)
    return "; ".join(assumption_stated(used.name, used.value, used.entered, lang, with_source=False)
                     for used in answer.assumptions_used)


def result_line(kind: str, answer: Answer, lang: str) -> str | None:
    """One of RESULT_LINES for this answer, or None when it says nothing for it. The reference amount (the
    pension under the rule) when coordination pays another amount from the start (RULES.md §0); then what is
    paid from 65 is the amount itself, not repeated. The later law that froze accruals the amount counts
    (RULES.md §8), in the answer's own words."""
    paid_differs = has_amount(answer) and answer.monthly_paid_at_start != answer.monthly_pension
    if kind == "reference":
        return money(answer.monthly_pension) if paid_differs else None
    if kind == "from_coordination":
        if answer.coordination is None or not has_amount(answer) or paid_differs:
            return None
        return money(answer.coordination.monthly_pension_from_65)
    if kind == "assumptions":
        return assumptions_used_text(answer, lang) if has_amount(answer) else None
    if kind == "later_law":  # RULES.md §8: beside every amount that counts accruals a later law froze
        return answer.later_law.message if answer.later_law is not None else None
    if answer.contribution is None:
        return None
    return t("report.net_until", lang, amount=money(answer.contribution.net_monthly_pension),
             age=span(answer.contribution.until_age, lang))


# Rows of the side-by-side table of inputs: these always, the others when some scenario sets them.
ALWAYS = ("plan", "age", "service_years", "average")
ROWS = ("plan", "group", "age", "separation_age", "service_years", "average", "coordinated",
        "social_security_monthly", "refunded", *(fact.name for fact in MEMBER_FACTS))
DEFAULTS = Scenario.model_fields


def comparison_inputs(scenarios: Sequence[Compared | Scenario], lang: str,
                      always: tuple[str, ...] = ALWAYS) -> list[tuple[str, list[str]]]:
    """The inputs of several scenarios side by side, in words: one row per input (the plan, the ages,
    the service and the average always, and any of `always`; any other input that some scenario sets),
    then every assumption whose figure some scenario entered (the salary growth behind a projected average
    included; "el valor por defecto" where another did not), or, when none did, one row saying that the
    estimator's defaults were used."""
    compared = [Compared.of(c) for c in scenarios]
    scenarios = [c.scenario for c in compared]
    rows: list[tuple[str, list[str]]] = []
    for name in ROWS:
        if name == "average":
            rows.append((t("compare.average", lang), [average_text(s, lang) for s in scenarios]))
            continue
        if name == "plan":  # for an entry these rules do not describe, the program it puts the member in
            rows.append((t("report.field.plan", lang), [situation_name(s, lang) for s in scenarios]))
            continue
        values = [getattr(s, name) for s in scenarios]
        if name == "separation_age":
            if not any(s.left_service_early for s in scenarios):
                continue
        elif name not in ALWAYS + always and all(v == DEFAULTS[name].default for v in values):
            continue
        rows.append((t(f"report.field.{name}", lang), [field_value(name, v, lang) for v in values]))
    if any(c.frozen for c in compared):  # which figures are the freeze's (RULES.md §8), beside the service they cut
        rows.append((t("compare.frozen_row", lang), [t("compare.frozen_yes", lang, law=c.freeze(lang)) if c.frozen
                                                      else t("compare.frozen_no", lang) for c in compared]))
    given = [c.given() for c in compared]
    for name in sorted(set().union(*given)):
        rows.append((assumption_label(name, lang),
                     [assumption_figure(name, g[name]) if name in g else t("compare.default", lang) for g in given]))
    if not any(given):  # none changed: said once, so that no reader wonders which were used
        rows.append((t("compare.assumptions", lang), [t("compare.assumptions_default", lang)] * len(scenarios)))
    return rows
