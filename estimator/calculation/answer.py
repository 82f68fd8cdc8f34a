"""The answer (output), as pydantic models: field names are those of the command-line contract (CONTRACT.md);
money leaves as two-decimal amounts."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

from gmpy2 import mpq
from pydantic import BaseModel, BeforeValidator, ConfigDict, PlainSerializer

from estimator.arithmetic.exact import to_fraction
from estimator.calculation.scenario import Assumptions, Scenario
from estimator.law.parameters import Params

Money = Annotated[Decimal, PlainSerializer(float, return_type=float)]


def _held_as_fraction(value: Any) -> Any:
    """An exact figure the rules computed (an `mpq`) as the Fraction the model holds; anything else as
    pydantic reads it."""
    return to_fraction(value) if type(value) is mpq else value


Exact = Annotated[Fraction, BeforeValidator(_held_as_fraction), PlainSerializer(float, return_type=float)]
ASSUMPTION_NAMES = tuple(Assumptions.model_fields)
NOT_REDUCED = Fraction(1)  # the reduction factor of a pension no actuarial reduction applies to


class Step(BaseModel):
    """One line of "¿Cómo se calculó?": what, the formula with the values, the result, the law."""

    label: str
    formula: str
    value: float | None
    cite: str                      # as the law reads ("Reglamento, Regla 18.6(a)")
    assumption: str | None = None  # the named assumption (RULES.md) the step uses, if any


class AssumptionUsed(BaseModel):
    """An assumption that entered the amount or the contribution: its figure, and whose it is."""

    name: str
    value: float
    source: Literal["default", "entered"]

    @property
    def entered(self) -> bool:
        """Whose figure it is (RULES.md §0): entered by the member or the counselor, or the estimator's default."""
        return self.source == "entered"


class Alternative(BaseModel):
    rule: str
    monthly_pension: Money


class Coordination(BaseModel):
    monthly_pension_from_65: Money
    social_security_guarantee_applied: bool


class Contribution(BaseModel):
    monthly: Money
    until_age: float
    net_monthly_pension: Money


class Earliest(BaseModel):
    """When a member who does not qualify today first would (working on, or waiting)."""

    age: float
    rule: str
    service_years: float


class LikelySlip(BaseModel):
    """RULES.md §0, Plausibility: the field whose figure is far more likely a slip than a fact, and why."""

    field: str
    message: str


class LaterLaw(BaseModel):
    """RULES.md §8: a later law froze accruals this amount counts — which law, from what day, in words."""

    law: str
    date: date
    message: str


CONTRACT_FIELDS = ("covered", "eligible", "rule", "monthly_pension", "annual_pension", "monthly_paid_at_start",
                   "reduction_factor", "minimum_applied", "alternatives", "coordination",
                   "contribution", "reasons", "steps", "assumptions_used", "likely_slip", "later_law")


_CONTRACT_INCLUDE = dict.fromkeys(CONTRACT_FIELDS, True)  # model_dump's `include`, made once


class Answer(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    covered: bool
    eligible: bool
    rule: str | None
    monthly_pension: Money | None      # None when not covered (RULES.md §0: never a number)
    annual_pension: Money | None
    monthly_paid_at_start: Money | None  # what the System pays the first month (RULES.md §0, the amount paid)
    reduction_factor: Exact
    minimum_applied: bool
    alternatives: list[Alternative]
    coordination: Coordination | None
    contribution: Contribution | None
    reasons: list[str]
    steps: list[Step]
    assumptions_used: list[AssumptionUsed] = []
    likely_slip: LikelySlip | None = None  # named beside the amount, and first among the reasons
    later_law: LaterLaw | None = None  # said beside the amount, wherever it is shown
    # Beyond the contract (the app and the report use them):
    earliest: Earliest | None = None
    reduced_from: Money | None = None  # the monthly amount before the actuarial reduction
    law_on: date | None = None  # the day whose law was read: the pension's start date (RULES.md, the law dated)

    def assumption(self, name: str) -> AssumptionUsed | None:
        """The named assumption as it entered the amount, or None when it did not."""
        return next((used for used in self.assumptions_used if used.name == name), None)

    def contract_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", include=_CONTRACT_INCLUDE)


def assumptions_used(s: Scenario, names: set[str], params: Params) -> list[AssumptionUsed]:
    """Every named assumption among `names` that entered an amount, with its figure and whose it is."""
    given = s.assumptions.given()
    return [AssumptionUsed(name=name, value=float(params.raw(name)),
                           source="entered" if name in given else "default")
            for name in ASSUMPTION_NAMES if name in names]
