"""One scenario in, the answer out: which rules apply, the most favourable, and every step.

RULES.md §0 (Choice, Rounding, Not covered), with §2–§6 for the plans. The work is split by job:
`choice.py` evaluates the rules, chooses and pays; `steps.py` writes the calculation's own steps;
`reasons.py` says why in words, with each plan's own notes (`plans/<plan>/notes.py`); `search.py` finds
the earliest eligibility. This module puts them together.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from estimator.calculation.choice import (COVERED, OUTSIDE_SCOPE, REFUNDED, choose, evaluate, evaluations_at, facts_of,
                                          why_no_pension)
from estimator.calculation.law_day import law_day, law_of
from estimator.calculation.payment import chosen as chosen_rule, dollars, payable, payment
from estimator.calculation.answer import NOT_REDUCED, Alternative, Answer, AssumptionUsed, LaterLaw, LikelySlip, Step
from estimator.calculation.freeze import frozen_by_later_law
from estimator.calculation.scenario import Scenario
from estimator.calculation.situation import Situation
from estimator.law.registry import plan
from estimator.calculation.plausibility import slip_in
from estimator.explanation.reasons import (MOST_REASONS, earliest_reason, hooks, no_pension, notes_on_fields,
                                           paid_reason, scope_reason, unmet_reasons, unreduced_monthly)
from estimator.calculation.search import earliest_eligibility
from estimator.words.citations import display
from estimator.explanation.steps import amount_steps, average_step
from estimator.calculation.answer import assumptions_used
from estimator.words.catalog import t

# The inputs an app may say are still an example member's (`estimate(example_inputs=...)`, `Member.example_inputs`),
# each named in the texts as `example_input.<name>`.
EXAMPLE_INPUTS = ("entry_date", "birth_date", "service_years", "average_salary", "age", "coordinated")


def example_inputs_named(names: frozenset[str] | set[str], lang: str) -> str:
    """The inputs still an example member's, named in words in `EXAMPLE_INPUTS`' order ("fecha de nacimiento, …")."""
    return ", ".join(t(f"example_input.{name}", lang) for name in EXAMPLE_INPUTS if name in names)


def estimate(s: Scenario, lang: str = "es", *, average_steps: list[Step] | None = None,
             average_assumptions: list[AssumptionUsed] | None = None,
             find_earliest: bool = True, situation: Situation | None = None,
             example_inputs: frozenset[str] = frozenset(), frozen: bool = False) -> Answer:
    """The answer for one scenario (CONTRACT.md), its reasons and steps in `lang`. `situation` is the
    member today, who gives the scenario at a later age for the earliest eligibility (default: `s` itself).
    `average_steps` replace the step of an average entered (a salary history's, a projection's:
    `situation.average_at`), and `average_assumptions` are the assumptions those steps use. `example_inputs`: the
    inputs that are still an example member's (`EXAMPLE_INPUTS`), which the steps call the example's rather than
    entered. `frozen`: the scenario's service and average are already those of the freeze date (the benefit-freeze
    option), so no later law froze what it counts.

    RULES.md §1, Scope: a member whose first entry these rules do not describe gets no number; without an
    entry date, the reasons say once which entry dates the rules cover."""
    why = why_no_pension(s)
    if why == OUTSIDE_SCOPE:
        answer = no_pension(False, [scope_reason(s, lang)], [])
        answer.law_on = law_day(s)
        return answer
    slip = slip_in(s.plan, s.average_salary, s.average_monthly_salary, lang)
    said_after = (s.entry_date is None) + (slip is not None)  # reasons added below, counted in the room left
    today = date.today()  # one clock reading for the whole answer
    day = law_day(s, today)
    answer = _estimate(s, lang, why, day, average_steps=average_steps, average_assumptions=average_assumptions,
                       find_earliest=find_earliest, situation=situation, example="average_salary" in example_inputs,
                       room=MOST_REASONS - said_after)
    if s.entry_date is None:
        answer.reasons.append(scope_reason(s, lang, today))
    answer.law_on = day
    if slip:
        answer.likely_slip = LikelySlip(field=slip[0], message=slip[1])
        answer.reasons.insert(1, slip[1])  # after what is paid, or when it would be: the first thing said
    if answer.eligible and not frozen:
        answer.later_law = later_law(s, lang, day)
    return answer


def later_law(s: Scenario, lang: str, start: date | None = None) -> LaterLaw | None:
    """RULES.md §8: the later law that froze accruals the scenario counts (its separation comes after the freeze),
    said beside its amount wherever it is shown; None when it counts none. `start`: the pension's start when a
    report knows it (from a birth date) and the scenario does not."""
    freeze = frozen_by_later_law(s, start)
    if freeze is None:
        return None
    return LaterLaw(law=display(freeze.cite, lang), date=freeze.date,
                    message=t("later_law.message", lang, law=freeze.law(lang)))


def _estimate(s: Scenario, lang: str, why: str | None, day: date, *, average_steps: list[Step] | None,
              average_assumptions: list[AssumptionUsed] | None,
              find_earliest: bool, situation: Situation | None, example: bool = False,
              room: int = MOST_REASONS) -> Answer:
    params = law_of(s, day=day)
    steps = list(average_steps or [])
    notes = hooks(s.plan)

    if why is not None:  # refunded (covered, RULES.md §0), or no deferred pension in this plan (not covered)
        key = "reason.refunded" if why == REFUNDED else f"reason.{s.plan}_deferred"
        return no_pension(COVERED[why], [t(key, lang)] + notes_on_fields(s, None, params, lang), steps,
                          average_assumptions=average_assumptions)

    plain, exact = law_of(s, explain=False, day=day), facts_of(s, explain=False)
    evaluations = evaluations_at(s, plain, exact)  # every rule exactly; only the chosen one's formulas are written
    index = choose(evaluations).index
    if index < 0:  # no formula to write: the facts without text give the average's step and the notes
        if not average_steps:  # a history's average already has its step
            steps.append(average_step(s, exact, lang, example=example))
        earliest = (earliest_eligibility(s, situation=situation, params=plain, now=evaluations)
                    if find_earliest else None)
        reasons = earliest_reason(s, earliest, find_earliest, lang)
        said = notes.plan_notes(s, exact, params, None, lang) + notes_on_fields(s, None, params, lang)
        reasons += unmet_reasons(s, evaluations, lang, earliest, room - len(reasons) - len(said))
        return no_pension(True, reasons + said, steps, earliest, average_assumptions)

    facts = facts_of(s, average_formula=average_steps[-1].formula if average_steps else None,
                     average=exact.average.v)  # the plan's average, as the choice read it
    if not average_steps:
        steps.append(average_step(s, facts, lang, evaluations[index].rule, example=example))
    else:  # the average the rules use, cited as the rule paid cites it
        steps[-1] = steps[-1].model_copy(update={"cite": display(plan(s.plan).average_cite_for(evaluations[index].rule), lang)})
    chosen = evaluate(evaluations[index].rule, facts, params)  # again, with its formulas
    paying = payment(s, chosen_rule(chosen, index), facts, params)  # the grid's pipeline (payment.py)
    pay = paying.payable
    more_steps, pension = amount_steps(s, chosen, pay, params, lang)
    steps += more_steps
    alternatives = [e for e in evaluations if e.applies and e is not evaluations[index]]
    reasons = notes.chosen_notes(s, chosen, pay, params, alternatives, lang)
    reasons += notes.plan_notes(s, facts, params, chosen, lang)
    addition = notes.after_amount(s, facts, chosen, paying, pension, params, lang)
    steps += addition.steps
    reasons += addition.reasons
    reasons += notes_on_fields(s, chosen, params, lang, addition.contribution is not None)
    reasons.insert(0, paid_reason(s, dollars(paying.at_start), addition.coordination, params, lang))
    return Answer(
        covered=True, eligible=True, rule=chosen.rule.id,
        monthly_pension=pay.monthly, annual_pension=pay.annual,
        monthly_paid_at_start=dollars(paying.at_start),
        reduction_factor=chosen.factor.v if chosen.factor is not None else NOT_REDUCED,
        minimum_applied=pay.minimum_applied,
        alternatives=[Alternative(rule=e.rule.id, monthly_pension=payable(s.plan, e.amount.v, params).monthly)
                      for e in alternatives],
        coordination=addition.coordination, contribution=addition.contribution,
        reasons=reasons, steps=steps,
        assumptions_used=(assumptions_used(s, set(chosen.amount.assumed) | addition.assumed, params)
                          + list(average_assumptions or [])),
        reduced_from=unreduced_monthly(s, chosen),
    )
