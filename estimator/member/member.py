"""The member today, built once and then asked: the scenario at a start age (with the service it will have),
the answer in a language, the key dates, the grid of ages and added service, the payments month by month.

Built from the form's values (`ui.form.member.build_member`) or from a scenario (`Member.of_scenario`). Every
later age is the situation's (`situation.scenario_at`): working on (service and salaries grow) for a
member in service, waiting for one who left. What is asked twice in a run (the answer, the key dates) is
worked out once and kept in the object.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from estimator.member.compare import Compared
from estimator.arithmetic.dates import date_at
from estimator.explanation.engine import estimate
from estimator.member.lifetime import Run, payment_runs
from estimator.calculation.answer import Answer
from estimator.calculation.scenario import Scenario
from estimator.calculation.averages import AverageAt
from estimator.calculation.choice import evaluations_at
from estimator.calculation.situation import Situation, average_at, scenario_at, service_reached_on, start_day
from estimator.member.timeline import KeyDate, first_day, key_dates

if TYPE_CHECKING:
    from estimator.calculation.grid import Grid


# A rule's service conditions, by their key, and the service that first meets each beyond its threshold.
_SERVICE_PASSED = {"service_at_least": Fraction(0), "service_more_than": Fraction(1, 12)}


@dataclass(frozen=True, eq=False)
class Member:
    """`situation` is the member today; `planned_age` the age the pension is planned to start; `birth_date`
    (when known) turns ages into dates, counted from `today`."""

    situation: Situation
    planned_age: Fraction
    birth_date: date | None = None
    today: date = field(default_factory=date.today)
    # The inputs still the example member's (`engine.EXAMPLE_INPUTS`): the steps and the report say so.
    example_inputs: frozenset[str] = frozenset()
    _kept: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        # The situation carries the dates, so that every later age (the answer, the grid, the key dates) adds
        # the service counted from today (RULES.md §0; situation.service_added).
        if self.birth_date is not None and (self.situation.birth, self.situation.on) != (self.birth_date, self.today):
            object.__setattr__(self, "situation", replace(self.situation, birth=self.birth_date, on=self.today))

    @classmethod
    def of_scenario(cls, scenario: Scenario, birth_date: date | None = None, today: date | None = None) -> Member:
        """A member whose situation today is `scenario`, planning to start at its age."""
        return cls(Situation(scenario), Fraction(scenario.age), birth_date, today or date.today())

    def _once(self, key: tuple, work):
        if key not in self._kept:
            self._kept[key] = work()
        return self._kept[key]

    @property
    def plan(self) -> str:
        return self.situation.today.plan

    @property
    def scenario(self) -> Scenario:
        """The scenario at the planned age."""
        return self._once(("scenario",), lambda: self.at(self.planned_age))

    def at(self, age: Fraction, extra_service: Fraction = Fraction(0)) -> Scenario:
        """The scenario of starting the pension at `age`, with `extra_service` more years credited."""
        return scenario_at(self.situation, Fraction(age), Fraction(extra_service))

    def compared_at(self, age: Fraction, extra_service: Fraction = Fraction(0)) -> Compared:
        """The scenario at `age` with `extra_service` as the comparison keeps it: with the salary growth when a
        projected salary entered its average (the answer at that age lists it too: `answer_at`)."""
        return Compared(self.at(age, extra_service), tuple(average_at(self.situation, Fraction(age)).assumptions),
                        frozen=not self.situation.accrues)

    def explained(self, lang: str = "es") -> AverageAt:
        """The average at the planned age, with its steps when it is not the one entered (a salary history's,
        a projection's)."""
        return self._once(("explained", lang), lambda: average_at(self.situation, self.planned_age, lang))

    def answer(self, lang: str = "es") -> Answer:
        """The answer at the planned age, explained in `lang`: its steps show the average's, and the earliest
        eligibility follows the projection."""
        def work() -> Answer:
            explained = self.explained(lang)
            return estimate(self.scenario, lang, average_steps=explained.steps,
                            average_assumptions=explained.assumptions, situation=self.situation,
                            example_inputs=self.example_inputs, frozen=not self.situation.accrues)
        return self._once(("answer", lang), work)

    def answer_at(self, age: Fraction, lang: str = "es") -> Answer:
        """What the rules give at another start age (the amounts, with the average's steps and the assumptions
        it used, as the answer at the planned age has them; no search for the earliest age)."""
        age = Fraction(age)
        if age == self.planned_age:
            return self.answer(lang)

        def work() -> Answer:
            explained = average_at(self.situation, age, lang)
            return estimate(self.at(age), lang, average_steps=explained.steps,
                            average_assumptions=explained.assumptions, find_earliest=False,
                            example_inputs=self.example_inputs, frozen=not self.situation.accrues)
        return self._once(("answer_at", age, lang), work)

    def key_dates(self, today: date | None = None) -> list[KeyDate]:
        """When the member first qualifies under each rule (by date when the birth date is known, counted from
        `today`), and the change at 65 of the planned pension under coordination."""
        today = today or self.today
        return self._once(("key_dates", today), lambda: key_dates(
            self.situation, self.birth_date, planned_age=self.planned_age, today=today))

    def first_date(self, earliest_age: Fraction) -> date | None:
        """The day the member first qualifies, as the key dates count it; without a key date, the day
        `earliest_age` is reached. None without a birth date."""
        if self.birth_date is None:
            return None
        return first_day(self.key_dates()) or date_at(self.birth_date, earliest_age)

    def service_met_on(self, age: Fraction, rule_id: str) -> tuple[Fraction, date] | None:
        """RULES.md §0: when `rule_id`'s service condition, met at the start age `age`, is first met between the
        monthly birthday before it and its own day (the pension then starts on the next monthly birthday, `age`):
        the years of service and that day; None otherwise, or without dates."""
        situation, age = self.situation, Fraction(age)
        if not situation.dated or age <= situation.today.age:
            return None
        evaluation = next((e for e in evaluations_at(self.at(age)) if e.rule.id == rule_id), None)
        before, start = start_day(situation, age - Fraction(1, 12)), start_day(situation, age)
        for condition in evaluation.outcome.conditions if evaluation is not None else ():
            if condition.key in _SERVICE_PASSED:
                years = Fraction(condition.threshold.v) + _SERVICE_PASSED[condition.key]
                day = service_reached_on(situation, years)
                if day is not None and before < day < start:
                    return years, day
        return None

    def grid(self, ages: Sequence[Fraction], extras: Sequence[Fraction] = (Fraction(0),)) -> Grid:
        """Every (start age × added service) at once, exactly (`grid.grid`)."""
        from estimator.calculation.grid import grid  # numpy: loaded by the first grid, not with the member

        return grid(self.situation, ages, extras)

    def payment_runs(self, start: Fraction, until: Fraction, lang: str = "es",
                     social_security: bool = False) -> list[Run]:
        """The payments of the pension started at `start`, month by month up to `until`, as runs of equal
        months; with `social_security`, the Social Security the member gave counted from 65."""
        monthly = self.situation.today.social_security_monthly if social_security else None
        return payment_runs(self.answer_at(start, lang), Fraction(start), Fraction(until), monthly)
