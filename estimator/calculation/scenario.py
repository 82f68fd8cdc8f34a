"""The scenario (input) and the answer (output), as pydantic models.

Field names are those of the command-line contract (CONTRACT.md). Numbers are exact Fractions
inside (a float is read through its shortest repr), and money leaves as two-decimal amounts.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import (BaseModel, BeforeValidator, ConfigDict, PlainSerializer, StrictBool,
                      ValidationError, create_model, model_validator)

from estimator.law.assumptions import overridable
from estimator.law.facts import MEMBER_FACTS
from estimator.arithmetic.exact import less, less_after, to_fraction, whole_months_or_exact
from estimator.law.registry import GOVERNMENT, GOVERNMENT_PLANS, PLAN_IDS, plan as plan_of
from estimator.law.scope import NEW_PARTICIPANTS_FROM, entry_in_scope, government_plan
from estimator.words.catalog import date_words, span, t

GROUPS = ("general", "police", "firefighter", "mayor", "judiciary", "upr_extension")
# A member works from 14 at the earliest: service can't exceed separation age − 14 (CONTRACT.md).
EARLIEST_WORKING_AGE = 14
# The oldest age a pension is computed at (the form's too): ages and service stay within a life, so every
# amount keeps its cents; beyond it, the message says what is accepted.
OLDEST_AGE = 100
# No age, service or amount of a real member comes near this; beyond it, answers would not fit a
# JSON number (a double), so such input is refused with a message rather than answered wrongly.
LARGEST_NUMBER = 10 ** 9
# Digits after the point an exact value may carry. A double written out in full never needs more than
# about 340 (5e-324), so every number a JSON producer writes is accepted; far beyond it, the exact
# value's denominator (10 to that power) would cost minutes of arithmetic for one line.
MOST_DECIMAL_PLACES = 400
_LARGEST_DIGITS, _LARGEST_DECIMAL = len(str(LARGEST_NUMBER)), Decimal(LARGEST_NUMBER)  # compared as Decimals are


def _decimal(value: Decimal) -> Fraction:
    """Its exact value, refused before it is built if huge to build (`1e999999999`: its exponent is read)."""
    if not value.is_finite():
        raise ValueError("not_finite")
    if value.is_zero():  # 0e999999999 too: zero, whatever its exponent
        return Fraction(0)
    if value.is_signed():  # not zero: below it
        raise ValueError("negative")
    if value.adjusted() >= _LARGEST_DIGITS:  # 10 digits before the point: too large, whatever follows
        raise ValueError("too_large")
    if value.as_tuple().exponent < -MOST_DECIMAL_PLACES:
        raise ValueError("too_precise")
    if value > _LARGEST_DECIMAL:
        raise ValueError("too_large")
    return Fraction(*value.as_integer_ratio())


def _number(value: Any) -> Fraction:
    if isinstance(value, Decimal):  # a JSON number with a point, or a long integer (json_input)
        return _decimal(value)
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise ValueError("not_a_number")
    try:
        exact = to_fraction(value)
    except ValueError:
        raise ValueError("not_finite") from None
    if exact < 0:
        raise ValueError("negative")
    if exact > LARGEST_NUMBER:
        raise ValueError("too_large")
    return exact


def _fraction_0_1(value: Any) -> Fraction:
    exact = _number(value)
    if exact > 1:
        raise ValueError("fraction_range")
    return exact


def _years(value: Any) -> Fraction:
    """A number of years: within 0.000001 of a whole number of months, exactly that many months
    (CONTRACT.md: 25.083333333333332 is 25 years and 1 month); any other number as typed."""
    return whole_months_or_exact(_number(value))


def _entry_date(value: Any) -> date:
    """A date of first entry: a "YYYY-MM-DD" text (or a date, from the app)."""
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or len(value) != 10 or value[4] != "-" or value[7] != "-":
        raise ValueError("entry_date_format")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValueError("entry_date_format") from None


Number = Annotated[Fraction, BeforeValidator(_number), PlainSerializer(float, return_type=float)]
Years = Annotated[Fraction, BeforeValidator(_years), PlainSerializer(float, return_type=float)]
EntryDate = Annotated[date, BeforeValidator(_entry_date), PlainSerializer(date.isoformat, return_type=str)]
Share = Annotated[Fraction, BeforeValidator(_fraction_0_1), PlainSerializer(float, return_type=float)]
Money = Annotated[Decimal, PlainSerializer(float, return_type=float)]


class _Overrides(BaseModel):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    def given(self) -> dict[str, Fraction]:
        if not self.model_fields_set:  # most scenarios: none given (asked a few times a line)
            return {}
        return {k: v for k, v in self.__dict__.items() if v is not None}


# Overrides of the named assumptions (RULES.md), one field each in the contract's order, from the law's entries
# marked to be entered (`estimator.assumptions`); None keeps the law's default.
Assumptions = create_model("Assumptions", __base__=_Overrides, __module__=__name__,
                           **{a.name: (Share | None, None) for a in overridable()})
Assumptions.__doc__ = "Overrides of the named assumptions (RULES.md); None keeps the parameter file's default."


class _Member(BaseModel):
    """The fields of a scenario up to the member's yes/no facts (`Scenario` adds those and the rest), and what a
    scenario does."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    plan: Literal[PLAN_IDS]  # type: ignore[valid-type]
    group: Literal["general", "police", "firefighter", "mayor", "judiciary", "upr_extension"] = "general"
    age: Years
    separation_age: Years | None = None
    service_years: Years
    average_salary: Number | None = None
    average_monthly_salary: Number | None = None
    coordinated: StrictBool = False
    social_security_monthly: Number | None = None
    refunded: StrictBool = False

    @model_validator(mode="before")
    @classmethod
    def _null_is_default(cls, data: Any) -> Any:
        """`null` for an optional field means its default (CONTRACT.md), `assumptions` included."""
        return data if not isinstance(data, dict) else {
            key: value for key, value in data.items()
            if not (value is None and key in cls.model_fields and not cls.model_fields[key].is_required())}

    @model_validator(mode="after")
    def _coherent(self) -> "_Member":
        if self.separation_age is None:
            object.__setattr__(self, "separation_age", self.age)
        if less(OLDEST_AGE, self.age):
            raise ValueError("age_beyond_life")
        if less(self.age, self.separation_age):
            raise ValueError("separation_after_age")
        if less(self.separation_age, EARLIEST_WORKING_AGE):  # the age is at fault, not the service
            raise ValueError("separation_too_young" if "separation_age" in self.model_fields_set else "age_too_young")
        if less_after(self.separation_age, EARLIEST_WORKING_AGE, self.service_years):
            raise ValueError("service_too_long")
        if (self.average_salary is None) == (self.average_monthly_salary is None):
            raise ValueError("average_both" if self.average_salary is not None else "average_neither")
        if (self.entry_date is not None and plan_of(self.plan).system == GOVERNMENT
                and government_plan(self.entry_date) != self.plan):
            raise ValueError(f"entry_date_{self.plan}")
        return self

    @property
    def in_scope(self) -> bool:
        """RULES.md §1, Scope: the member's entry date is one these rules describe (unknown: assumed so)."""
        return self.entry_date is None or entry_in_scope(self.plan, self.entry_date)

    @property
    def left_service_early(self) -> bool:
        """Separated before the pension starts: the deferred path (RULES.md §0, Paths)."""
        return less(self.separation_age, self.age)

    def contract_dict(self) -> dict[str, Any]:
        """The scenario as a contract input line (defaults left out)."""
        data = self.model_dump(mode="json", exclude_defaults=True)
        if data.get("separation_age") == data.get("age"):
            data.pop("separation_age", None)
        if not data.get("assumptions"):
            data.pop("assumptions", None)
        return data


# One member's situation at the date the pension would start: the contract's fields (CONTRACT.md), in its order,
# the member's yes/no facts among them as `law/facts.toml` declares them.
Scenario = create_model(
    "Scenario", __base__=_Member, __module__=__name__,
    **{fact.name: (StrictBool, False) for fact in MEMBER_FACTS},
    entry_date=(EntryDate | None, None),
    # The day the pension starts: the law in force that day is read (parameters' `from`); None: today.
    start_date=(EntryDate | None, None),
    assumptions=(Assumptions, Assumptions()),
)
Scenario.__doc__ = "One member's situation at the date the pension would start."


# Where a whole-scenario check failed, the field the message is about.
_FIELD_OF_CHECK = {
    "age_beyond_life": "age",
    "separation_after_age": "separation_age",
    "service_too_long": "service_years",
    "separation_too_young": "separation_age", "age_too_young": "age",
    "average_both": "average_salary",
    "average_neither": "average_salary",
    **{f"entry_date_{plan}": "entry_date" for plan in GOVERNMENT_PLANS},
}


class ScenarioError(Exception):
    """An input the estimator will not guess about: the field and a plain message."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


def read_scenario(data: Any, lang: str = "es", *, kept: bool = False) -> Scenario:
    """Validate a contract input object; raise ScenarioError with a message in `lang`. A pension whose start
    date is past is no estimate, unless the scenario was `kept` by the app (a comparison's, read back)."""
    if not isinstance(data, dict):
        raise ScenarioError("(line)", t("error.not_object", lang))
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise _explain_error(exc, data, lang) from None
    if not kept and scenario.start_date is not None and scenario.start_date < date.today():
        raise ScenarioError("start_date", t("error.start_date_past", lang, today=date.today().isoformat()))
    if not kept and scenario.entry_date is not None and scenario.entry_date > date.today():
        raise ScenarioError("entry_date", t("error.entry_date_future", lang, today=date.today().isoformat()))
    return scenario


def _explain_error(exc: ValidationError, data: dict, lang: str) -> ScenarioError:
    error = exc.errors(include_url=False)[0]
    loc = [str(part) for part in error["loc"]]
    field = ".".join(loc) if loc else "(line)"
    kind = error["type"]
    accepted = {"plan": PLAN_IDS, "group": GROUPS}
    if kind == "extra_forbidden":
        accepted = ", ".join(Scenario.model_fields)
        return ScenarioError(field, t("error.unknown_field", lang, field=field, fields=accepted))
    if kind == "missing":
        return ScenarioError(field, t("error.required", lang, field=field))
    if loc and loc[0] in accepted:  # wrong value, type or text (a lone surrogate): what is accepted
        return ScenarioError(field, t("error.choice", lang, field=field,
                                      accepted=", ".join(f'"{a}"' for a in accepted[loc[0]])))
    if kind.startswith("bool"):
        return ScenarioError(field, t("error.boolean", lang, field=field))
    if kind == "model_type" or kind == "dict_type":
        return ScenarioError(field, t("error.object", lang, field=field))
    if kind == "value_error":
        code = str(error.get("ctx", {}).get("error", ""))
        if code in _FIELD_OF_CHECK:
            target = _FIELD_OF_CHECK[code]
            limit = span(Fraction(EARLIEST_WORKING_AGE), lang)  # the *_too_young checks' limit
            if code == "service_too_long":  # both ages were read as numbers: the separation age's working life
                separation = data["age"] if data.get("separation_age") is None else data["separation_age"]
                limit = span(_years(separation) - EARLIEST_WORKING_AGE, lang)
            limit = OLDEST_AGE if code == "age_beyond_life" else limit
            return ScenarioError(target, t(f"error.{code}", lang, limit=limit,
                                           split=date_words(NEW_PARTICIPANTS_FROM, lang)))
        if code == "entry_date_format":  # start_date's example is a day it accepts: next 1 January
            key = "start_date_format" if field == "start_date" else "entry_date_format"
            return ScenarioError(field, t(f"error.{key}", lang, field=field, example=f"{date.today().year + 1}-01-01"))
        if code in ("not_a_number", "not_finite", "negative", "fraction_range", "too_large", "too_precise"):
            return ScenarioError(field, t(f"error.{code}", lang, field=field))
    return ScenarioError(field, t("error.invalid", lang, field=field))


