"""Hypothesis strategies for valid scenarios and member situations (whole months, as the app gives them)."""

from fractions import Fraction

from hypothesis import strategies as st

from estimator import read_scenario
from estimator.calculation.scenario import GROUPS

months = lambda lo, hi: st.integers(lo * 12, hi * 12).map(lambda m: Fraction(m, 12))
money = st.decimals(min_value=0, max_value=400000, places=2, allow_nan=False, allow_infinity=False)


@st.composite
def scenarios(draw, whole_months: bool = False):
    plan = draw(st.sampled_from(["teachers", "ley447", "ley1"]))
    age = draw(months(20, 90)) if whole_months else draw(st.decimals(20, 90, places=3))
    left_early = draw(st.booleans())
    separation = draw(months(14, 90)) if whole_months else draw(st.decimals(14, 90, places=3))
    separation = min(separation, age) if left_early else age
    service = draw(st.decimals(0, 60, places=2))
    service = min(Fraction(service), Fraction(separation) - 14)
    if whole_months:
        service = Fraction(int(service * 12), 12)
    number = (lambda v: v) if whole_months else float  # the projection needs exact months
    data = {"plan": plan, "age": number(age), "service_years": number(service),
            "separation_age": number(separation)}
    if draw(st.booleans()):
        data["average_salary"] = float(draw(money))
    else:
        data["average_monthly_salary"] = float(draw(money)) / 12
    data["group"] = draw(st.sampled_from(GROUPS)) if plan != "teachers" else "general"
    for flag in ("coordinated", "refunded", "contribution_shortfall", "in_system_june_1960"):
        data[flag] = draw(st.booleans())
    data["refunded"] = data["refunded"] and draw(st.booleans())
    if draw(st.booleans()):
        data["social_security_monthly"] = float(draw(st.decimals(0, 4000, places=2)))
    assumptions = {}
    if draw(st.booleans()):
        assumptions["reduction_factor"] = float(draw(st.decimals(0, 1, places=4)))
    if draw(st.booleans()):
        assumptions["early_reduction_per_year"] = float(draw(st.decimals(0, "0.2", places=3)))
    if assumptions:
        data["assumptions"] = assumptions
    return data


def valid_scenarios(whole_months: bool = False):
    return scenarios(whole_months).map(read_scenario)
