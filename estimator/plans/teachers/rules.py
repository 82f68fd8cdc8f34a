"""Sistema de Retiro para Maestros — seed 000, «Pensión por Edad y Años de Servicio».

Amounts are monthly: M is the average of the 36 highest monthly salaries (RULES.md §2).
Table order (RULES.md §2): C, A1, A2, A3, A4. ¶C is an exception to A1 and A2: while a shortfall
is unpaid, C replaces them, so A1 and A2 each carry the condition "no shortfall".
"""

from __future__ import annotations

from typing import Any

from gmpy2 import mpq

from estimator.arithmetic.quantity import Q
from estimator.law.rules import ACTIVE, Facts, Outcome, at_least, below, holds, more_than, rule, shared

ONE = Q(mpq(1), "1")  # exact, so 1 − the cut is two exact rationals


@shared
def years_of_service_pension(f: Facts, p) -> Q:
    """000 ¶A.3, ¶A.4, ¶C
    «…al uno punto ocho (1.8) por ciento del promedio de los treinta y seis (36) salarios más altos,
    multiplicados por el número de años de servicios prestados.»
    The formula ¶A.3, ¶A.4 (before its 5% cut) and ¶C share."""
    return p.accrual_per_year * f.average * f.service


@rule("teachers.C", ACTIVE, exception_of=("teachers.A1", "teachers.A2"))
def shortfall(f: Facts, p) -> Outcome:
    """000 ¶C
    «Si un participante renuncia y luego de evaluar la solicitud de pensión, se identifica alguna
    insuficiencia en la aportación patronal o individual para completar treinta (30) años de
    servicio y cincuenta (50) años de edad, se le computará la pensión al uno punto ocho (1.8) por
    ciento del promedio de los treinta y seis (36) salarios más altos, multiplicados por el número
    de años de servicios prestados.»"""
    return Outcome(
        (holds("contribution_shortfall", f.contribution_shortfall),
         at_least("service", f.service, p.full_service_years)),
        years_of_service_pension(f, p),
    )


@rule("teachers.A1", ACTIVE)
def thirty_years_at_fifty(f: Facts, p) -> Outcome:
    """000 ¶A.1
    «El participante que ha completado treinta (30) o más años de servicios acreditables, y cumplido
    cincuenta (50) años de edad, recibirá una pensión anual vitalicia igual al setenta y cinco (75)
    por ciento del promedio de los treinta y seis (36) salarios más altos.»"""
    return Outcome(
        (holds("no_contribution_shortfall", not f.contribution_shortfall),
         at_least("service", f.service, p.full_service_years),
         at_least("age", f.age, p.a1_min_age)),
        p.a1_pct * f.average,
    )


@rule("teachers.A2", ACTIVE)
def thirty_years_before_fifty(f: Facts, p) -> Outcome:
    """000 ¶A.2
    «El participante que complete treinta (30) o más años de servicios acreditables y no ha cumplido
    cincuenta (50) años de edad, tiene derecho a una pensión anual vitalicia igual al sesenta y cinco
    (65) por ciento del promedio de los treinta y seis (36) salarios más altos.»"""
    return Outcome(
        (holds("no_contribution_shortfall", not f.contribution_shortfall),
         at_least("service", f.service, p.full_service_years),
         below("age", f.age, p.a1_min_age)),
        p.a2_pct * f.average,
    )


@rule("teachers.A3", ACTIVE)
def twenty_five_years_at_fifty(f: Facts, p) -> Outcome:
    """000 ¶A.3
    «El participante que complete veinticinco (25) años y menos de treinta (30) de servicio y ha
    cumplido cincuenta (50) años de edad, recibirá una renta anual vitalicia igual al uno punto ocho
    (1.8) por ciento del promedio de los treinta y seis (36) salarios más altos, multiplicados por
    el número de años de servicios prestados.»"""
    return Outcome(
        (at_least("service", f.service, p.a3_min_service),
         below("service", f.service, p.full_service_years),
         at_least("age", f.age, p.a3_min_age)),
        years_of_service_pension(f, p),
    )


@rule("teachers.A4", ACTIVE)
def more_than_twenty_five_years_from_forty_seven(f: Facts, p) -> Outcome:
    """000 ¶A.4
    «El participante que tenga cuarenta y siete (47) años o más de edad pero menos de cincuenta (50)
    años de edad y más de veinticinco (25) años de servicio, pero menos de treinta (30) años de
    servicios, se le concederá una renta anual vitalicia correspondiente al 1.8% del promedio de los
    salarios más altos durante treinta y seis (36) meses, multiplicados por el número de años de
    servicios prestados. A la pensión concedida se le restará el cinco por ciento (5%).»"""
    # "más de veinticinco" is strict (RULES.md §2, Decision A4); the 5% cut is part of the formula,
    # permanent, and not an actuarial reduction.
    return Outcome(
        (at_least("age", f.age, p.a4_min_age),
         below("age", f.age, p.a3_min_age),
         more_than("service", f.service, p.a4_service_above),
         below("service", f.service, p.full_service_years)),
        years_of_service_pension(f, p) * (ONE - p.a4_cut),
    )


def contribution_applies(paid_under_one_to_four: Any, f: Facts, p) -> Any:
    """000 ¶B
    «Todo participante que reciba alguna pensión al amparo de los incisos 1 al 4 de esta Sección,
    deberá contribuir al Fondo con la aportación individual correspondiente, aplicada al promedio
    de los treinta y seis (36) sueldos más altos hasta cumplir con ambos requisitos de treinta (30)
    años de servicio y cincuenta y cinco (55) años de edad.»
    Decision (RULES.md §2): it ends at 55; none under ¶C, none from 55 on. `paid_under_one_to_four`: whether
    the pension paid is one of `CONTRIBUTING` (a bool, or one per cell of the grid)."""
    return paid_under_one_to_four & (f.age < p.contribution_end_age)


def contribution(f: Facts, p) -> Q:
    """000 ¶B
    The individual contribution, rate × M each month (the rate is an assumption, RULES.md §2)."""
    return p.teachers_contribution_rate * f.average


# The plan's table, in the order of RULES.md §2 (the order decides ties).
RULES = (shortfall, thirty_years_at_fifty, thirty_years_before_fifty, twenty_five_years_at_fifty,
         more_than_twenty_five_years_from_forty_seven)
# 000 ¶B: the pensions «al amparo de los incisos 1 al 4 de esta Sección» (not ¶C) keep paying the contribution.
CONTRIBUTING = (thirty_years_at_fifty, thirty_years_before_fifty, twenty_five_years_at_fifty,
                more_than_twenty_five_years_from_forty_seven)
