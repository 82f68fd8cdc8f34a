"""Scenarios compared at the same ages (RULES.md §0, "The amount shown is the amount paid"): when they pay in
different phases — different start ages, coordination from 65, a teacher's contribution until 55 — each range of
ages side by side, with what each pays then and the difference, and the months one pays while another does not yet.
A difference of the first month's amounts alone is never said when the later phases differ.

The comparison page and the comparison report (the app's and the command line's) take these words from here.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Sequence

from estimator.arithmetic.display import money
from estimator.calculation.answer import Answer
from estimator.member.compare import Compared, difference_reasons
from estimator.member.payments import Payments, Stretch, one_phase_each, payments_of, side_by_side
from estimator.calculation.scenario import Scenario
from estimator.words.catalog import span, t


def payments_compared(compared: Compared | Scenario, answer: Answer) -> Payments:
    """What a compared scenario pays over time, with the member's Social Security beside it from 65 when given."""
    s = Compared.of(compared).scenario
    return payments_of(answer, s.age, s.social_security_monthly)


def phased(payments: Sequence[Payments]) -> bool:
    """Whether the scenarios must be read by ages: some pays in more than one phase, or they start at different ages
    (then one pays while another does not yet)."""
    paying = [p for p in payments if p.pays]
    return len({p.start for p in paying}) > 1 or any(len(p.phases) > 1 for p in paying)


def ages_label(start: Fraction, end: Fraction | None, lang: str) -> str:
    """"De los 61 años a los 65 años (48 meses)", "Desde los 65 años"."""
    if end is None:
        return t("compare.ages_from", lang, start=span(start, lang))
    return t("compare.ages_between", lang, start=span(start, lang), end=span(end, lang),
             months=round((end - start) * 12))


def _signed(change: Decimal) -> str:
    return f"{'+' if change > 0 else '−'}{money(abs(change))}"


def same_age_rows(payments: Sequence[Payments], lang: str) -> list[tuple[str, list[str]]]:
    """One row per range of ages in which no scenario changes what it pays, from the earliest start: its ages, and
    for each scenario what the System pays a month then ("aún no cobra" before its start), each after the first
    with its difference from the first when both pay. Empty when no scenario pays."""
    paying = [p for p in payments if p.pays]
    if not paying:
        return []
    cuts = sorted({age for p in paying for age in p.changes})
    rows = []
    for begin, end in zip(cuts, [*cuts[1:], None]):
        base = payments[0].at(begin)
        cells = []
        for index, p in enumerate(payments):
            phase = p.at(begin)
            if not p.pays:
                cells.append(t("compare.none", lang))
            elif phase is None:
                cells.append(t("compare.not_yet", lang))
            elif index and base is not None and phase.pension != base.pension:
                cells.append(t("compare.amount_and_change", lang, amount=money(phase.pension),
                               change=_signed(phase.pension - base.pension)))
            else:
                cells.append(money(phase.pension))
        rows.append((ages_label(begin, end, lang), cells))
    return rows


def difference_by_age(base: Payments, other: Payments, lang: str, n: int = 2) -> str:
    """What scenario `n` pays against the first, said as a counselor would: one monthly difference when both pay one
    amount each from the same start; else each range of ages in turn ("de los 61 a los 65 años (48 meses): solo el
    escenario 1 cobra, $2,625.00 al mes; desde los 65 años: +$269.00 al mes")."""
    stretches = side_by_side(base, other)
    if one_phase_each(stretches):
        return _change(stretches[0].difference, lang)
    parts = [f"{ages_label(s.start, s.end, lang)}: {_stretch(s, lang, n)}" for s in stretches]
    return t("compare.join", lang).join([parts[0], *(part[:1].lower() + part[1:] for part in parts[1:])])


def _change(change: Decimal, lang: str) -> str:
    if change == 0:
        return t("compare.no_difference", lang)
    return t("compare.difference", lang, change=_signed(change))


def _stretch(stretch: Stretch, lang: str, n: int) -> str:
    if stretch.other is None:
        return t("compare.only_base", lang, amount=money(stretch.base.pension))
    if stretch.base is None:
        return t("compare.only_this", lang, n=n, amount=money(stretch.other.pension))
    return _change(stretch.difference, lang)


def coordination_reason(base: Payments, other: Payments, lang: str) -> str | None:
    """RULES.md §4, named when it is a reason: from 65 the System pays the coordinated amount, so a scenario starting
    before 65 pays one amount until then and another after, and one starting at 65 or later pays the coordinated
    amount from its first month."""
    for stretch in side_by_side(base, other):
        if stretch.base is None or stretch.other is None or stretch.difference == 0:
            continue
        kinds = {stretch.base.kind, stretch.other.kind}
        if "coordinated" in kinds:
            return t("compare.reason_coordination", lang, age=span(stretch.start, lang),
                     amount=money(stretch.other.pension), base=money(stretch.base.pension))
    return None


def waiting_reason(base: Payments, other: Payments, lang: str) -> str | None:
    """The months one scenario pays while the other has not started yet, and what they add up to, as a calculator
    checks it ("48 × $2,625.00 = $126,000.00"); None when both start at the same age."""
    alone = [s for s in side_by_side(base, other) if s.months is not None and (s.base is None) != (s.other is None)]
    if not alone:
        return None
    paying = [s.base or s.other for s in alone]
    months = sum(s.months for s in alone)
    formula = " + ".join(f"{s.months} × {money(phase.pension)}" for s, phase in zip(alone, paying))
    total = sum((s.months * phase.pension for s, phase in zip(alone, paying)), Decimal("0.00"))
    key = "compare.reason_waiting_base" if alone[0].other is None else "compare.reason_waiting_this"
    return t(key, lang, ages=ages_label(alone[0].start, alone[-1].end, lang), months=months, formula=formula,
             total=money(total))


def reasons_by_age(base: Compared | Scenario, base_answer: Answer, other: Compared | Scenario, answer: Answer,
                   lang: str) -> list[str]:
    """Why `other` differs from the first scenario: what changed in its inputs and rule (`difference_reasons`), then,
    at the same ages, the months one is paid while the other is not yet, and the coordination from 65 when it is a
    reason (RULES.md §0, §4)."""
    said = difference_reasons(base, base_answer, other, answer, lang)
    paid, base_paid = payments_compared(other, answer), payments_compared(base, base_answer)
    more = [reason for reason in (waiting_reason(base_paid, paid, lang), coordination_reason(base_paid, paid, lang))
            if reason is not None]
    return said + more
