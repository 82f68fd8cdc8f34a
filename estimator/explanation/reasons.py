"""Reasons: why a rule applies or not, which was chosen and what changed its amount, in the member's language.

What every plan says is here; what only one plan's rules say lives in that plan's `notes.py`, which
composes its notes from these pieces in the order a member reads them.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from functools import cache
from types import SimpleNamespace
from typing import Any

from estimator.law.assumptions import named, replacing
from estimator.law.facts import MEMBER_FACTS
from estimator.calculation.choice import Evaluation, reduces
from estimator.calculation.payment import Payable
from estimator.words.citations import display, with_cite
from estimator.calculation.answer import NOT_REDUCED, Answer, AssumptionUsed, Coordination, Earliest, Step
from estimator.calculation.scenario import Scenario
from estimator.law.scope import NEW_PARTICIPANTS_FROM, entry_in_scope, out_of_scope_from
from estimator.arithmetic.display import exact_number, money
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import Params, coordination_age, definitions
from estimator.words.assumptions import assumption_label
from estimator.law import registry as plans
from estimator.law.registry import plan
from estimator.law.rules import ACTIVE, DEFERRED, Rule
from estimator.explanation.steps import Addition
from estimator.words.catalog import date_words, span, t

# The most reasons an answer with no pension gives (each rule named once): a counselor reads them all.
MOST_REASONS = 6


def no_pension(covered: bool, reasons: list[str], steps: list[Step], earliest: Earliest | None = None,
               average_assumptions: list[AssumptionUsed] | None = None) -> Answer:
    """No amount: the steps are only the average's (when the rules answer), with the assumptions they use."""
    nothing = Decimal("0.00") if covered else None  # not covered: no number at all (RULES.md §0)
    return Answer(covered=covered, eligible=False, rule=None, monthly_pension=nothing,
                  annual_pension=nothing, monthly_paid_at_start=nothing, reduction_factor=NOT_REDUCED, minimum_applied=False,
                  alternatives=[], coordination=None, contribution=None, reasons=reasons,
                  steps=steps if covered else [], earliest=earliest,
                  assumptions_used=list(average_assumptions or []) if covered else [])


def scope_reason(s: Scenario, lang: str, today: date | None = None) -> str:
    """RULES.md §1: the law that governs a member these rules do not describe, and who can compute it; or,
    when the entry date is unknown, the entry dates the plan's rules cover (by today's law: `today`, when the caller
    has read the clock)."""
    outside = outside_scope(s.plan, s.entry_date, lang) if s.entry_date is not None else None
    return outside or _scope(s.plan, lang, today or date.today())


def outside_scope(plan_id: str, entry: date, lang: str) -> str | None:
    """RULES.md §1, Scope: for a first entry these rules do not describe, the law that governs the member and who
    can compute it (None for an entry they describe). The entry date alone decides it."""
    if entry_in_scope(plan_id, entry):
        return None
    return t(f"reason.outside_{plan_id}", lang, entry=date_words(entry, lang),
             start=date_words(out_of_scope_from(plan_id), lang))


@cache  # the same sentence for every member of the plan whose entry date is unknown, on the day's law
def _scope(plan_id: str, lang: str, day: date) -> str:
    end = out_of_scope_from(plan_id, day)
    return t(f"reason.scope_{plan_id}", lang, split=date_words(NEW_PARTICIPANTS_FROM, lang),
             end=end and date_words(end, lang), last=end and date_words(end - timedelta(days=1), lang))


def assumption_whose(s: Scenario, name: str, lang: str) -> str:
    """Whose figure the named assumption is in `s`, in words: entered by the member, or the default."""
    return t("reason.assumption_entered" if name in s.assumptions.given() else "reason.assumption_default", lang)


# -- a rule that does not apply ----------------------------------------------------------------

def _span_of(condition, lang: str) -> tuple[str, str]:
    """The condition's threshold and the member's figure in years and months; a figure just under
    the threshold that would print as the threshold itself says so."""
    threshold, actual = span(condition.threshold.v, lang), span(condition.actual.v, lang)
    if actual == threshold and condition.actual.v < condition.threshold.v:
        actual = t("span.just_under", lang, span=threshold)
    return threshold, actual


def condition_text(condition, lang: str, left_service: bool = True) -> str:
    """A rule's condition in plain words. For a member still working, the separation age is the age at
    which they would retire: it is never called a separation."""
    key = _text_key(condition.key, left_service)
    if condition.threshold is None:
        return t(key, lang)
    threshold, actual = _span_of(condition, lang)
    return t(key, lang, threshold=threshold, actual=actual)


@cache  # the rules' few condition keys, said in most answers with no pension
def _text_key(condition_key: str, left_service: bool) -> str:
    if condition_key.startswith("separation_age") and not left_service:
        condition_key = condition_key.replace("separation_age", "retirement_age")
    return f"cond.{condition_key}"


def _relevant(evaluation: Evaluation) -> bool:
    """A rule worth explaining to this member: what it lacks is age or service, not who they are
    (a police rule for a general employee, a deferred rule for a member still working)."""
    for condition in evaluation.outcome.conditions:  # a loop, not `all` over a generator: asked of every rule
        if not condition.met and condition.threshold is None:
            return False
    return True


def rule_named(rule_id: str, lang: str) -> str:
    """A rule's name as it reads inside a sentence ("la pensión por mérito, 30 años de servicio (Ley 447)")."""
    return t(f"rule_in_text.{rule_id}", lang)


def rule_cited(rule: Rule, lang: str) -> str:
    """A rule named inside a sentence with its citation, said once."""
    return _named_and_cited(rule.id, rule.cite, lang)


@cache  # the same few rules, named in most answers with no pension
def _named_and_cited(rule_id: str, cite: str, lang: str) -> str:
    return with_cite(rule_named(rule_id, lang), display(cite, lang), "{title} ({cite})")


def sentence(text: str) -> str:
    """A text that starts a sentence with a rule's name ("the merit pension …"), capitalised."""
    return text[:1].upper() + text[1:]


def listed(items: list[str], lang: str) -> str:
    """Names in a sentence: "a y b", "a; b y c" (names hold commas of their own)."""
    return items[0] if len(items) == 1 else f"{'; '.join(items[:-1])} {t('reason.and', lang)} {items[-1]}"


def unmet_reasons(s: Scenario, evaluations: list[Evaluation], lang: str, earliest: Earliest | None = None,
                  room: int = MOST_REASONS) -> list[str]:
    """Why no rule applies, each rule named once: the one the earliest eligibility names is said there; for a
    member who left service, the rules for retirement from active service in one sentence (judged at the
    separation, which no later age changes); rules that lack the same thing in one sentence; and all of them in
    one when there is no `room` for a sentence each."""
    relevant = [e for e in evaluations if _relevant(e)] or evaluations
    relevant = [e for e in relevant if earliest is None or e.rule.id != earliest.rule]
    reasons, left_service = [], s.left_service_early
    if left_service and any(e.rule.path == ACTIVE for e in relevant):
        relevant = [e for e in relevant if e.rule.path != ACTIVE]
        if earliest is not None:  # otherwise the first reason says the separation already
            reasons.append(t("reason.active_unmet_at_separation", lang, age=span(s.separation_age, lang),
                             service=span(s.service_years, lang)))
    lacking: dict[str, list[Evaluation]] = {}  # what is lacking, in words → the rules that lack it, in table order
    for evaluation in relevant:
        failed = [condition_text(c, lang, left_service) for c in evaluation.outcome.conditions if not c.met]
        lacking.setdefault("; ".join(failed), []).append(evaluation)
    if len(reasons) + len(lacking) > max(room, 1):
        each = [t("reason.rules_lacking", lang, rule=listed([rule_cited(e.rule, lang) for e in rules], lang),
                  conditions=conditions) for conditions, rules in lacking.items()]
        return [" ".join(reasons + [t("reason.none_applies", lang, rules=listed(each, lang))])]
    for conditions, rules in lacking.items():
        key = "reason.rule_unmet" if len(rules) == 1 else "reason.rules_unmet"
        reasons.append(sentence(t(key, lang, rule=listed([rule_cited(e.rule, lang) for e in rules], lang),
                                  conditions=conditions)))
    return reasons


def earliest_reason(s: Scenario, earliest: Earliest | None, searched: bool, lang: str) -> list[str]:
    """The useful part first: when a pension would start, and under which rule."""
    if earliest is None and not searched:
        return []
    if earliest is None and s.left_service_early:  # service and separation fixed: no later age changes them
        return [t("reason.never_separated", lang, age=span(s.separation_age, lang), service=span(s.service_years, lang))]
    if earliest is None:
        return [t("reason.never", lang)]
    key = "reason.earliest_waiting" if s.left_service_early else "reason.earliest_working"
    return [t(key, lang, age=span(earliest.age, lang), service=span(earliest.service_years, lang),
              rule=rule_named(earliest.rule, lang))]


# -- the rule chosen: the pieces a plan's notes put in order ----------------------------------

def paid_reason(s: Scenario, at_start: Decimal, coordination: Coordination | None, params: Params, lang: str) -> str:
    """The first thing said of a pension: what the System pays and from when (RULES.md §0, the amount shown is
    the amount paid), and what it pays from 65 when coordination changes it later."""
    age = span(s.age, lang)
    when = (t("reason.paid_on", lang, day=date_words(s.start_date, lang), age=age) if s.start_date
            else t("reason.paid_at", lang, age=age))
    age65 = coordination_age(params.on)
    if coordination is not None and s.age < age65 and coordination.monthly_pension_from_65 != at_start:
        return t("reason.paid_then_coordinated", lang, amount=money(at_start), when=when, age=span(age65, lang),
                 later=money(coordination.monthly_pension_from_65))
    return t("reason.paid", lang, amount=money(at_start), when=when)


def choice_notes(s: Scenario, chosen: Evaluation, alternatives: list[Evaluation], lang: str) -> list[str]:
    """Which rule applies and why that one; for a member who left service, that the right dates from then
    (not for a rule whose reduction runs to the start age: it is written for a later start)."""
    rule = rule_cited(chosen.rule, lang)
    tied = [e for e in alternatives if e.amount.v == chosen.amount.v]
    if tied:
        # RULES.md §0, Choice: the tie-break is this estimator's reading; only the part that decided is said
        paths = {e.rule.path == chosen.rule.path for e in tied}
        why = "both" if len(paths) == 2 else "table" if paths == {True} else "path"
        notes = [sentence(t("reason.chosen_tie", lang, rule=rule, why=t(f"reason.tie_{why}", lang),
                   others=listed([rule_named(e.rule.id, lang) for e in tied], lang)))]
    else:
        notes = [sentence(t("reason.chosen" if alternatives else "reason.chosen_only", lang, rule=rule))]
    runs_to_start = chosen.rule.reduction is not None and chosen.rule.reduction.at == "age"
    if chosen.rule.path == ACTIVE and s.left_service_early and not runs_to_start:
        notes.append(t("reason.right_at_separation", lang, age=span(s.separation_age, lang)))
    return notes


def reduction_notes(s: Scenario, chosen: Evaluation, params: Params, lang: str) -> list[str]:
    """RULES.md §6: the factor, whose it is, and the amount without it; a factor of 1 is no reduction."""
    if chosen.factor is None:
        return []
    if not reduces(chosen):
        return [t("reason.unreduced_factor_1", lang, why=t(
            "reason.unreduced_counselor" if params.raw("reduction_factor") is not None else "reason.unreduced_rate_0",
            lang))]
    unreduced = unreduced_monthly(s, chosen)
    if params.raw("reduction_factor") is not None:
        return [t("reason.reduced_counselor", lang, factor=exact_number(chosen.factor.v), unreduced=money(unreduced))]
    rate = params.early_reduction_per_year
    (rate_name,) = rate.assumed  # the assumption the rate is, whose figure the member may have entered
    return [t("reason.reduced_assumed", lang, factor=exact_number(chosen.factor.v), rate=rate.text,
              age=span(getattr(params, chosen.rule.reduction.unreduced_age).v, lang),
              unreduced=money(unreduced), source=assumption_whose(s, rate_name, lang))]


def deferred_notes(chosen: Evaluation, lang: str) -> list[str]:
    """A deferred pension: when it may be asked for (Regla 19.3, named only here: RULES.md §0, Paths), and why it
    is not reduced."""
    return [t("reason.deferred_not_reduced", lang)] if chosen.rule.path == DEFERRED else []


def minimum_notes(pay: Payable, lang: str) -> list[str]:
    return [t("reason.minimum", lang, minimum=money(pay.monthly))] if pay.minimum_applied else []


def chosen_notes(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, alternatives: list[Evaluation],
                 lang: str) -> list[str]:
    """What a plan with no notes of its own says about the rule chosen."""
    return (choice_notes(s, chosen, alternatives, lang) + reduction_notes(s, chosen, params, lang)
            + deferred_notes(chosen, lang) + minimum_notes(pay, lang))


def unreduced_monthly(s: Scenario, chosen: Evaluation) -> Decimal | None:
    """The monthly amount before the actuarial reduction and before the minimum (RULES.md §6), shown
    beside a reduced one."""
    if not reduces(chosen):
        return None
    base = chosen.outcome.amount.v
    return round_cents(base if plan(s.plan).monthly else base / 12)


# -- fields given that do not change the answer ------------------------------------------------

def notes_on_fields(s: Scenario, chosen: Evaluation | None, params: Params, lang: str,
                    contribution_paid: bool = False) -> list[str]:
    """Fields given that do not change this answer: said, true to RULES.md, never silently dropped."""
    the_plan = plan(s.plan)
    coordinated = plans.coordinated(s.plan, s.group, s.coordinated)
    notes = []
    if not the_plan.groups and s.group != "general":
        notes.append(t(f"reason.group_not_{s.plan}", lang))
    if s.coordinated and not the_plan.coordination:
        notes.append(t(f"reason.coordination_not_{s.plan}", lang))
    elif s.coordinated and not coordinated:
        notes.append(t("reason.coordination_not_group", lang))
    if s.social_security_monthly is not None and not coordinated:
        if s.coordinated:  # the sentence just said is why: one reason
            notes[-1] = t("reason.social_security_so_unused", lang, note=notes[-1])
        else:
            notes.append(t("reason.social_security_unused", lang))
    notes += [t(f"reason.unused.{fact.name}", lang) for fact in MEMBER_FACTS
              if getattr(s, fact.name) and not fact.read(s.plan, True)]
    notes += hooks(s.plan).field_notes(s, chosen, lang)
    unused: dict[str, list[str]] = {}  # why → the assumptions entered and unused for that reason, one sentence each
    for name in s.assumptions.given():
        if why := assumption_unused(s, name, chosen, params, contribution_paid):
            unused.setdefault(why, []).append(t("reason.assumption_quoted", lang, label=assumption_label(name, lang)))
    for why, labels in unused.items():
        notes.append(t("reason.assumption_unused" if len(labels) == 1 else "reason.assumptions_unused", lang,
                       label=listed(labels, lang), why=t(f"reason.unused_{why}", lang)))
    return notes


def assumption_unused(s: Scenario, name: str, chosen: Evaluation | None, params: Params,
                      contribution_paid: bool) -> str | None:
    """Why an assumption the user gave does not enter this answer (a text key), or None if it does. An
    assumption belongs to the plans whose law defines it: to another plan's member, the words of the law that
    defines it say why (`unused_<folder>_plan`)."""
    if name not in definitions(s.plan):
        return f"{named(name).folder}_plan"
    if chosen is None or s.refunded:
        return "no_pension"
    if named(name).entered.reduction:
        if chosen.factor is None:
            return "not_reduced"
        instead = replacing(name)
        if instead is not None and params.raw(instead.name) is not None:
            return "factor_given"
        return None
    return hooks(s.plan).assumption_unused(s, name, chosen, contribution_paid)


# What a plan's `notes.py` may say differently; a plan that has no `notes.py`, or leaves a hook out, says what
# every plan says: the generic notes on the rule chosen, and nothing more.
def _no_notes(*_: Any) -> list[str]:
    return []


def _nothing_after(*_: Any) -> Addition:
    return Addition()


def _never_unused(*_: Any) -> None:
    return None


DEFAULT_HOOKS = {"chosen_notes": chosen_notes, "plan_notes": _no_notes, "after_amount": _nothing_after,
                 "field_notes": _no_notes, "assumption_unused": _never_unused}


@cache
def hooks(plan_id: str) -> SimpleNamespace:
    """The explanation hooks of a plan: its `notes.py`'s own (through the registry), else the defaults."""
    own = plan(plan_id).notes
    return SimpleNamespace(**{name: getattr(own, name, default) for name, default in DEFAULT_HOOKS.items()})
