"""What the teachers' rules say in words beyond the generic reasons: ¶A.4 and ¶C (RULES.md §2), and the
continued contribution of ¶B with its steps. Called by the estimate through the plans' registry."""

from __future__ import annotations

from estimator.calculation.choice import Evaluation
from estimator.calculation.answer import Contribution
from estimator.calculation.scenario import Scenario
from estimator.arithmetic.display import money
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import Params
from estimator.calculation.payment import Payment, dollars
from estimator.explanation.reasons import assumption_whose
from estimator.law.rules import Facts, cite_of
from estimator.explanation.steps import Addition, step
from estimator.words.catalog import span, t
from estimator.plans.teachers import rules


def plan_notes(s: Scenario, facts: Facts, params: Params, chosen: Evaluation | None, lang: str) -> list[str]:
    """What the teachers' ¶A.4 and ¶C decisions say in words (RULES.md §2)."""
    notes: list[str] = []
    if (s.service_years == params.raw("a4_service_above")
            and params.raw("a4_min_age") <= s.age < params.raw("a3_min_age")):
        notes.append(t("reason.a4_exactly_25", lang))
    if chosen is not None and chosen.rule is rules.more_than_twenty_five_years_from_forty_seven:
        notes.append(t("reason.a4_cut", lang))
    if s.contribution_shortfall and (chosen is None or chosen.rule is not rules.shortfall):
        notes.append(t("reason.shortfall_no_effect", lang))  # under ¶C, `after_amount` says what it replaces
    return notes


def after_amount(s: Scenario, facts: Facts, chosen: Evaluation, paying: Payment, pension: str, params: Params,
                 lang: str) -> Addition:
    """000 ¶B: the steps of the continued contribution until 55 and the net monthly amount meanwhile, as the
    payment computed them. Under ¶C, the step and the reason of the amount once the shortfall is paid (the ¶A.1
    amount ¶C replaces, from the payment)."""
    if chosen.rule is rules.shortfall:
        once_paid, at = paying.replaced, span(params.raw("a1_min_age"), lang)
        return Addition(steps=[step(t("step.shortfall_paid", lang, age=at), once_paid.text, round_cents(once_paid.v),
                                    cite_of(rules.thirty_years_at_fifty), lang, once_paid)],
                        reasons=[t("reason.shortfall", lang, amount=money(round_cents(once_paid.v)), age=at)])
    if not paying.contribution.due:
        return Addition()
    amount = paying.contribution.amount
    monthly, net = dollars(paying.contribution.cents), dollars(paying.contribution.net)
    until = params.raw("contribution_end_age")
    cite = cite_of(rules.contribution)
    rate = params.teachers_contribution_rate
    reasons = [t("reason.contribution", lang, rate=rate.text, amount=money(monthly), age=span(until, lang),
                 net=money(net), source=assumption_whose(s, "teachers_contribution_rate", lang))]
    if s.service_years < params.raw("full_service_years"):  # RULES.md §2, ¶B: said as this estimator's reading
        reasons.append(t("reason.contribution_until_55", lang))
    return Addition(
        steps=[step(t("step.contribution", lang, age=span(until, lang)), amount.text, monthly, cite, lang, amount),
               step(t("step.net", lang), f"{money(paying.payable.monthly)} − {money(monthly)}", net, cite, lang, amount)],
        reasons=reasons, assumed=rate.assumed,
        contribution=Contribution(monthly=monthly, until_age=float(until), net_monthly_pension=net))


def assumption_unused(s: Scenario, name: str, chosen: Evaluation, contribution_paid: bool) -> str | None:
    """The contribution rate enters only an answer that pays the ¶B contribution."""
    return None if contribution_paid else "no_contribution"
