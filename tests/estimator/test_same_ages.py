"""Scenarios compared at the same ages (RULES.md §0, "The amount shown is the amount paid"): when two scenarios pay in
different phases, each range of ages side by side; a first month's difference alone is never a gain or a loss."""

from estimator import estimate, read_scenario
from estimator.io.report import build_comparison_report
from estimator.member.same_ages import (difference_by_age, payments_compared, phased, reasons_by_age,
                                        same_age_rows)
from tests.estimator.report.test_report import pdf_text

COORDINATED = {"plan": "ley447", "average_salary": 42000, "coordinated": True, "social_security_monthly": 1400}


def scenario(**data):
    s = read_scenario(data)
    return s, estimate(s, find_earliest=False)


def test_waiting_to_65_under_coordination_is_not_read_as_a_loss():
    # Ley 447, entered 1984, $42,000 a year, Plan Coordinado, Social Security $1,400.
    # At 61 with 33 years: merit 75% × 42,000 = 31,500 ÷ 12 = $2,625.00 until 65; from 65 CF = 1% × 6,600 × 20
    # + 1.5% × 6,600 × 13 + 1.5% × 35,400 × 20 + 2% × 35,400 × 13 = 1,320 + 1,287 + 10,620 + 9,204 = 22,431
    # ÷ 12 = $1,869.25 (the guarantee: 31,500 − 16,800 = 14,700 < 22,431, not applied).
    # At 65 with 37 years: CF = 1,320 + 1,683 + 10,620 + 12,036 = 25,659 ÷ 12 = $2,138.25 from the first month.
    # From 65: +$269.00 a month for life; from 61 to 65, 48 × $2,625.00 = $126,000.00 paid to scenario 1 only.
    a, first = scenario(age=61, service_years=33, **COORDINATED)
    b, second = scenario(age=65, service_years=37, **COORDINATED)
    assert (first.monthly_paid_at_start, second.monthly_paid_at_start) == (2625, 2138.25)
    paid = [payments_compared(a, first), payments_compared(b, second)]
    assert phased(paid)
    assert same_age_rows(paid, "es") == [("De los 61 años a los 65 años (48 meses)", ["$2,625.00", "aún no cobra"]),
                                         ("Desde los 65 años", ["$1,869.25", "$2,138.25 (+$269.00)"])]
    said = difference_by_age(*paid, "es")
    assert said.endswith("desde los 65 años: +$269.00 al mes") and "−$486.75" not in said
    reasons = reasons_by_age(a, first, b, second, "es")
    assert ("De los 61 años a los 65 años (48 meses), el escenario 1 cobra y este aún no: 48 × $2,625.00 = "
            "$126,000.00.") in reasons
    assert any(r.startswith("Plan Coordinado: desde los 65 años") and "$2,138.25" in r and "$1,869.25" in r
               for r in reasons)
    for lang in ("es", "en"):
        text = pdf_text(build_comparison_report([a, b], lang))
        assert "486.75" not in text and "492.35" not in text  # the first months' difference is never shown
        assert "+$269.00" in text and "$126,000.00" in text


def test_a_teachers_contribution_until_55_is_compared_phase_by_phase():
    # Teachers, M = $2,000, A1 at 52 (30 years): 75% × 2,000 = $1,500.00, net of 9% (180.00) $1,320.00 until 55.
    # A1 at 52 with 31 years: the same 75%: the same amounts in both phases.
    # A3 at 52 with 29 years: 1.8% × 2,000 × 29 = $1,044.00, net 1,044.00 − 180.00 = $864.00 until 55.
    a, first = scenario(plan="teachers", age=52, service_years=30, average_monthly_salary=2000)
    b, second = scenario(plan="teachers", age=52, service_years=29, average_monthly_salary=2000)
    paid = [payments_compared(a, first), payments_compared(b, second)]
    assert same_age_rows(paid, "en") == [("From 52 years to 55 years of age (36 months)", ["$1,320.00", "$864.00 (−$456.00)"]),
                                         ("From 55 years of age", ["$1,500.00", "$1,044.00 (−$456.00)"])]


def test_one_amount_each_from_the_same_start_is_one_difference():
    # Ley 1-1990, (a) at 65: 1.5% × AC × service; 40,000 × 1.5% × 20 = 12,000 ÷ 12 = $1,000.00;
    # × 25 years = 15,000 ÷ 12 = $1,250.00: +$250.00 a month, and nothing to read by age
    a, first = scenario(plan="ley1", age=65, service_years=20, average_salary=40000)
    b, second = scenario(plan="ley1", age=65, service_years=25, average_salary=40000)
    paid = [payments_compared(a, first), payments_compared(b, second)]
    assert not phased(paid)
    assert difference_by_age(*paid, "es") == "+$250.00 al mes"
