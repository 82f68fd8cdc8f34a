"""What a scenario pays over time, from the month the pension starts: its phases (RULES.md §0, "The amount shown is
the amount paid").

A pension can pay different amounts at different ages: a teacher whose pension starts before 55 keeps paying the
individual contribution until 55, and meanwhile receives the net amount (000 ¶B); a Plan Coordinado member's pension
is recomputed from 65 (004 ¶A–D), when Social Security is paid too. Every view that says what is paid reads it
here — the headline, the explorer, key dates, the comparison and its report, the lifetime view, the report's chart
and table — so that the same age is the same amount everywhere, and a comparison compares what is paid at the same
ages (`side_by_side`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from estimator.arithmetic.exact import round_cents
from estimator.calculation.answer import Answer
from estimator.law.parameters import coordination_age

Kind = Literal["pension", "net", "coordinated"]


@dataclass(frozen=True)
class Phase:
    """From the age `start` until `end` (None: for life), the System pays `pension` a month, as `kind`: the pension
    under the rule, the `net` amount while the teacher contributes (000 ¶B), or the `coordinated` amount (004).
    `social_security` is the member's Social Security in this phase, when known and paid (from 65)."""

    start: Fraction
    end: Fraction | None
    pension: Decimal
    kind: Kind = "pension"
    social_security: Decimal | None = None

    def covers(self, age: Fraction) -> bool:
        return self.start <= age and (self.end is None or age < self.end)

    @property
    def income(self) -> Decimal:
        """The System's pension and Social Security together."""
        return self.pension + (self.social_security or Decimal("0.00"))


@dataclass(frozen=True)
class Payments:
    """The phases of what one scenario pays, in order from its start age; none when it pays nothing (not eligible,
    not covered). `reference` is the pension under the rule when no phase pays it as such (coordinated from the
    start: shown only as a labelled reference)."""

    start: Fraction
    phases: tuple[Phase, ...]
    reference: Decimal | None = None

    @property
    def pays(self) -> bool:
        return bool(self.phases)

    @property
    def first(self) -> Phase | None:
        return self.phases[0] if self.phases else None

    def at(self, age: Fraction) -> Phase | None:
        """The phase paying in the month at `age`; None before the start (or when nothing is paid)."""
        return next((phase for phase in self.phases if phase.covers(Fraction(age))), None)

    def paid_at(self, age: Fraction) -> Decimal:
        """What the System pays in the month at `age`: 0 before the start."""
        phase = self.at(age)
        return phase.pension if phase is not None else Decimal("0.00")

    @property
    def changes(self) -> tuple[Fraction, ...]:
        """The ages where what is paid changes: each phase's start."""
        return tuple(phase.start for phase in self.phases)


def payments_of(answer: Answer, start: Fraction, social_security_monthly: Fraction | Decimal | None = None) -> Payments:
    """RULES.md §0, §2 ¶B, §4: the phases of the pension `answer` gives when it starts at the age `start`. Before
    the contribution's end (55) the net amount; from the coordination age (65, as the law of the pension's day reads
    it) what the System pays then, with the member's Social Security beside it when known."""
    start = Fraction(start)
    if not (answer.covered and answer.eligible):
        return Payments(start, ())
    ends = []  # (age, kind that ends there)
    if answer.contribution is not None:
        ends.append(Fraction(answer.contribution.until_age).limit_denominator(12))
    coordinated_from = None
    if answer.coordination is not None:
        coordinated_from = max(start, coordination_age(answer.law_on))
        ends.append(coordinated_from)
    social_security = None if social_security_monthly is None else round_cents(Fraction(str(social_security_monthly)))
    cuts = sorted({start, *(age for age in ends if age > start)})
    phases = []
    for begin, end in zip(cuts, [*cuts[1:], None]):
        if answer.contribution is not None and begin < Fraction(answer.contribution.until_age).limit_denominator(12):
            phases.append(Phase(begin, end, answer.contribution.net_monthly_pension, "net"))
        elif coordinated_from is not None and begin >= coordinated_from:
            phases.append(Phase(begin, end, answer.coordination.monthly_pension_from_65, "coordinated", social_security))
        else:
            phases.append(Phase(begin, end, answer.monthly_pension, "pension"))
    reference = answer.monthly_pension if phases[0].kind == "coordinated" else None
    return Payments(start, tuple(phases), reference)


@dataclass(frozen=True)
class Stretch:
    """An age range in which neither of two scenarios changes what it pays: from `start` until `end` (None: for
    life), `base` and `other` are the monthly amounts each pays then (None: not yet started)."""

    start: Fraction
    end: Fraction | None
    base: Phase | None
    other: Phase | None

    @property
    def difference(self) -> Decimal | None:
        """What `other` pays a month more than `base` (negative: less); None unless both pay."""
        if self.base is None or self.other is None:
            return None
        return self.other.pension - self.base.pension

    @property
    def months(self) -> int | None:
        """The months of the stretch; None when it lasts for life."""
        return None if self.end is None else round((self.end - self.start) * 12)


def side_by_side(base: Payments, other: Payments) -> list[Stretch]:
    """RULES.md §0: two scenarios compared at the same ages — from the earlier start, one stretch for each range of
    ages in which neither changes what it pays, with what each pays then (or that it has not started)."""
    if not (base.pays and other.pays):
        return []
    cuts = sorted({*base.changes, *other.changes})
    return [Stretch(begin, end, base.at(begin), other.at(begin)) for begin, end in zip(cuts, [*cuts[1:], None])]


def one_phase_each(stretches: list[Stretch]) -> bool:
    """Whether the two scenarios pay one amount each from the same start for life: then, and only then, a single
    difference of monthly amounts says the comparison (RULES.md §0: never a first month's difference alone)."""
    return len(stretches) == 1
