"""Government employees' system, members who first entered before 1 April 1990 (Ley 447-1951).

Seeds 002 (Regla 18, pensiones opcionales) and 003 (Regla 19, pensiones diferidas); coordination
with Social Security (seed 004) is in `coordination.py`. Amounts are annual; AC is the annual
retribución promedio. Table order (RULES.md §3): the rules for retirement from active service,
judged at the separation age, then the deferred ones, judged at the start age.
"""

from __future__ import annotations

from estimator.arithmetic.quantity import Q, pick, q_excess, q_max_of, q_min
from estimator.plans.government.rules import minimum_monthly, reduction_factor
from estimator.law.rules import ACTIVE, DEFERRED, Facts, Outcome, Reduction, at_least, below, holds, rule, shared

ZERO = Q(0, "0")
# The citation carried by an amount that Regla 19.6's floor set (shown beside the amount).
FLOOR_19_6 = "003 Regla 19.6"


@shared
def general_formula(f: Facts, p) -> Q:
    """002 Regla 18.6(a); 003 Regla 19.5(a)
    «…uno y medio por ciento (1½%) de la retribución promedio, multiplicado por el número de años de
    servicios que tenga acreditados, por los primeros veinte (20) años de servicios, más el dos por
    ciento (2%) de la retribución promedio multiplicado por el número de años de servicios que tenga
    acreditados en exceso de los veinte (20) años.»"""
    first = q_min(f.service, p.first_years)
    excess = q_excess(f.service, p.first_years, ZERO)
    return p.rate_first_years * f.average * first + p.rate_excess_years * f.average * excess


@shared
def deferred_formula(f: Facts, p) -> Q:
    """003 Regla 19.5(a), 19.6
    «Para los participantes que estaban acogidos al Sistema o con derecho a pensión diferida al 30 de
    junio de 1960, la anualidad mínima a recibir será el treinta por ciento (30%) de la retribución
    promedio y se computará de la manera dispuesta en la Regla 19.5 de este Reglamento.»
    The 30% floor belongs to deferred pensions only (RULES.md §3)."""
    formula = general_formula(f, p)
    if f.in_system_june_1960:
        return q_max_of(formula, p.r19_6_floor_pct * f.average, cite_when_b=FLOOR_19_6)
    return formula


@rule("ley447.merit", ACTIVE)
def merit(f: Facts, p) -> Outcome:
    """002 Regla 18.5(c); Ley 447, anualidad por mérito
    «No estarán sujetas a reducción actuarial las siguientes pensiones: […] (c) las pensiones por
    mérito.»
    Assumption (RULES.md §3): the seeds name the merit pensions without their formula; Ley 447's merit
    annuity for 30 or more years is 75% of AC at 55 or older, 65% below 55 (named parameters)."""
    at_55 = f.separation_age >= p.merit_age
    pct = pick(at_55, p.merit_pct_55_plus, p.merit_pct_under_55)
    return Outcome((at_least("service", f.service, p.merit_min_service),), pct * f.average)


@rule("ley447.18.3", ACTIVE)
def police_and_firefighters(f: Facts, p) -> Outcome:
    """002 Regla 18.3
    «Los miembros del Cuerpo de la Policía y del Cuerpo de Bomberos podrán optar por el retiro a partir
    de la fecha en que cumplan la edad de cincuenta (50) años y hayan completado por lo menos
    veinticinco (25) años de servicios acreditables.»
    Not reduced: Regla 18.5(a)."""
    return Outcome(
        (holds("police_or_firefighter", f.police_or_firefighter),
         at_least("separation_age", f.separation_age, p.r18_3_min_age),
         at_least("service", f.service, p.r18_3_min_service)),
        general_formula(f, p),
    )


@rule("ley447.18.2", ACTIVE)
def at_fifty_eight(f: Facts, p) -> Outcome:
    """002 Regla 18.2
    «Asimismo, el retiro será opcional para los miembros del Sistema en servicio activo, que habiendo
    cumplido la edad de cincuentiocho (58) años hubieran completado por lo menos diez (10) años de
    servicios acreditables.»
    Not reduced: Regla 18.5(b)."""
    return Outcome(
        (at_least("separation_age", f.separation_age, p.r18_2_min_age),
         at_least("service", f.service, p.r18_2_min_service)),
        general_formula(f, p),
    )


@rule("ley447.18.6a", ACTIVE, Reduction("r18_6a_unreduced_age", at="separation_age", factor=reduction_factor))
def reduced_from_fifty_five(f: Facts, p) -> Outcome:
    """002 Regla 18.1, 18.6(a), 18.6(d)
    «(a) Si el participante tiene cincuenticinco (55) años de edad o más pero menos de cincuentiocho
    (58) años de edad y tuviere acreditados veinticinco (25) o más años de servicios pero menos de
    treinta (30) años de servicios, la pensión se computará a base de uno y medio por ciento (1½%) […]
    (d) La reducción actuarial en estas pensiones se efectuará de conformidad con las tablas
    actuariales adoptadas por la Junta.»
    Police and firefighters are excepted: their pension is not reduced (Regla 18.5(a), 18.3)."""
    return Outcome(
        (holds("not_police_or_firefighter", not f.police_or_firefighter),
         at_least("separation_age", f.separation_age, p.r18_6a_min_age),
         below("separation_age", f.separation_age, p.r18_6a_unreduced_age),
         at_least("service", f.service, p.r18_6a_min_service),
         below("service", f.service, p.r18_6a_service_below)),
        general_formula(f, p),
    )


@rule("ley447.19.4a", DEFERRED)
def deferred_police_at_fifty(f: Facts, p) -> Outcome:
    """003 Regla 19.4(a), 19.5(a)
    «Los miembros del Cuerpo de la Policía y del Cuerpo de Bomberos tendrán también la opción de
    solicitar una pensión diferida bajo las siguientes circunstancias: (a) haber cumplido la edad de
    cincuenta (50) años y completado no menos de veinticinco (25) años de servicios acreditables.»"""
    return Outcome(
        (holds("left_service_early", f.left_service_early),
         holds("police_or_firefighter", f.police_or_firefighter),
         at_least("age", f.age, p.r19_4a_min_age),
         at_least("service", f.service, p.r19_4a_min_service)),
        deferred_formula(f, p),
    )


@rule("ley447.19.4b", DEFERRED)
def deferred_police_at_fifty_eight(f: Facts, p) -> Outcome:
    """003 Regla 19.4(b), 19.5(a)
    «(b) haber cumplido la edad de cincuentiocho (58) años y completado por lo menos diez (10) años de
    servicios acreditables.»"""
    return Outcome(
        (holds("left_service_early", f.left_service_early),
         holds("police_or_firefighter", f.police_or_firefighter),
         at_least("age", f.age, p.r19_4b_min_age),
         at_least("service", f.service, p.r19_4b_min_service)),
        deferred_formula(f, p),
    )


@rule("ley447.19.1a", DEFERRED)
def deferred_at_fifty_eight(f: Facts, p) -> Outcome:
    """003 Regla 19.1(a), 19.5(a)
    «Los participantes que se hubieren separado del servicio sin haber solicitado el reembolso de sus
    aportaciones, tendrán derecho a recibir una anualidad por retiro diferida bajo las siguientes
    condiciones: (a) haber cumplido la edad de cincuentiocho (58) años y completado por lo menos diez
    (10) años de servicios acreditables y menos de veinticinco (25) años de servicios acreditables.»"""
    return Outcome(
        (holds("left_service_early", f.left_service_early),
         at_least("age", f.age, p.r19_1a_min_age),
         at_least("service", f.service, p.r19_1a_min_service),
         below("service", f.service, p.r19_1a_service_below)),
        deferred_formula(f, p),
    )


@rule("ley447.19.1b", DEFERRED)
def deferred_at_fifty_five(f: Facts, p) -> Outcome:
    """003 Regla 19.1(b), 19.5(a)
    «(b) haber cumplido la edad de cincuenticinco (55) años y completado por lo menos veinticinco (25)
    años de servicios acreditables.»
    Deferred pensions are not «pensiones opcionales»: no actuarial reduction (Regla 18.5)."""
    return Outcome(
        (holds("left_service_early", f.left_service_early),
         at_least("age", f.age, p.r19_1b_min_age),
         at_least("service", f.service, p.r19_1b_min_service)),
        deferred_formula(f, p),
    )


# The paragraph the average's step cites (RULES.md §7).
# The plan's table, in the order of RULES.md §3: active service first, then deferred (the order decides ties).
RULES = (merit, police_and_firefighters, at_fifty_eight, reduced_from_fifty_five,
         deferred_police_at_fifty, deferred_police_at_fifty_eight, deferred_at_fifty_eight, deferred_at_fifty_five)
# Chapter 2's minimum pension (RULES.md §6), shared by both government plans.
MINIMUM = minimum_monthly
