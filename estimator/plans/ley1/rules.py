"""Government employees' system, new participants: first entered on or after 1 April 1990 (Ley 1-1990).

Seed 001 (a)–(d), with 002 Regla 18.2, 18.3, 18.5(d)–(e), 18.6(b)–(d) and 003 Regla 19.2, 19.5(b).
Amounts are annual; G(AC, S) = 1.5% × AC × S. Table order (RULES.md §5): b75, b65, a, c, d.
"""

from __future__ import annotations

from estimator.arithmetic.quantity import Q
from estimator.plans.government.rules import minimum_monthly, reduction_factor
from estimator.law.rules import ACTIVE, DEFERRED, Facts, Outcome, Reduction, at_least, below, holds, rule, shared


@shared
def service_annuity(f: Facts, p) -> Q:
    """001 (a)
    «El importe de la anualidad será el uno y medio por ciento (1.5%) de la retribución promedio,
    multiplicado por el número de años de servicios acreditados.»"""
    return p.accrual_per_year * f.average * f.service


@rule("ley1.b75", ACTIVE)
def high_risk_at_fifty_five(f: Facts, p) -> Outcome:
    """001 (b); 002 Regla 18.3
    «Los miembros del Cuerpo de la Policía y del Cuerpo de Bomberos que ingresen por primera vez al
    Sistema después del 1ro de abril de 1990, tendrán la opción de acogerse a una anualidad por
    retiro a partir de la fecha en que cumplan cincuenta y cinco (55) años de edad y hubieren
    completado treinta (30) años de servicio acreditado. El importe de esta anualidad será igual al
    setenta y cinco por ciento (75%) de la retribución promedio.»
    Not reduced: Regla 18.5(d)."""
    return Outcome(
        (holds("police_or_firefighter", f.police_or_firefighter),
         at_least("service", f.service, p.b_min_service),
         at_least("separation_age", f.separation_age, p.b_age)),
        p.b_pct_at_age * f.average,
    )


@rule("ley1.b65", ACTIVE)
def high_risk_before_fifty_five(f: Facts, p) -> Outcome:
    """001 (b)
    «Estos participantes podrán acogerse a una anualidad por retiro al completar treinta (30) años de
    servicio acreditable sin haber cumplido los cincuenta y cinco (55) años, en cuyo caso, el importe
    de esta anualidad será igual al sesenta y cinco por ciento (65%) de la retribución promedio.»"""
    return Outcome(
        (holds("police_or_firefighter", f.police_or_firefighter),
         at_least("service", f.service, p.b_min_service),
         below("separation_age", f.separation_age, p.b_age)),
        p.b_pct_before_age * f.average,
    )


@rule("ley1.a", ACTIVE)
def service_annuity_at_sixty_five(f: Facts, p) -> Outcome:
    """001 (a); 002 Regla 18.2
    «El retiro será opcional para los nuevos participantes que ingresen por primera vez al Sistema
    después del 1ro de abril de 1990, a partir de la fecha en que cumplan sesenta y cinco (65) años
    de edad, hubieren completado un mínimo de diez (10) años de servicios acreditados y no hubieren
    solicitado ni recibido el reembolso de sus aportaciones acumuladas.»
    Not reduced: Regla 18.5(e)."""
    return Outcome(
        (at_least("separation_age", f.separation_age, p.a_min_age),
         at_least("service", f.service, p.a_min_service)),
        service_annuity(f, p),
    )


@rule("ley1.c", ACTIVE, Reduction("c_unreduced_age", at="age", factor=reduction_factor))
def early_retirement(f: Facts, p) -> Outcome:
    """001 (c); 002 Regla 18.6(b), 18.6(c), 18.6(d)
    «Los participantes que ingresen por primera vez al Sistema después del 1ro de abril de 1990, cuya
    separación del servicio ocurriese al cumplir cincuenta y cinco (55) años de edad y hubieren
    completado un mínimo de veinticinco (25) años de servicio acreditado, tendrán derecho a recibir
    la anualidad por años de servicio que se dispone en el inciso (a) de esta sección, con una
    reducción actuarial que será calculada a base de las Guías Actuariales adoptadas por la Junta de
    Síndicos.»
    Reduced for every group, to the start age (RULES.md §5)."""
    return Outcome(
        (at_least("separation_age", f.separation_age, p.c_min_separation_age),
         at_least("service", f.service, p.c_min_service),
         below("age", f.age, p.c_unreduced_age)),
        service_annuity(f, p),
    )


@rule("ley1.d", DEFERRED)
def deferred_at_sixty_five(f: Facts, p) -> Outcome:
    """001 (d); 003 Regla 19.2, 19.5(b)
    «Los participantes que ingresen por primera vez al Sistema después del 1ro de abril de 1990, cuya
    separación del servicio ocurriese antes de cumplir los sesenta y cinco (65) años […] y que no
    hubieren solicitado ni recibido el reembolso de sus aportaciones acumuladas, tendrán derecho a
    recibir una anualidad por retiro diferida al cumplir sesenta y cinco (65) años. Dicha anualidad
    se calculará de acuerdo a la fórmula establecida en el inciso (a) de esta sección.»
    Decision (RULES.md §5): the seed's «sesenta y cinco (65) años de servicio acreditado» means age 65."""
    return Outcome(
        (holds("left_service_early", f.left_service_early),
         below("separation_age", f.separation_age, p.d_age),
         at_least("age", f.age, p.d_age),
         at_least("service", f.service, p.d_min_service)),
        service_annuity(f, p),
    )


# The paragraph the average's step cites (RULES.md §7).
# The plan's table, in the order of RULES.md §5 (the order decides ties).
RULES = (high_risk_at_fifty_five, high_risk_before_fifty_five, service_annuity_at_sixty_five, early_retirement,
         deferred_at_sixty_five)
# Chapter 2's minimum pension (RULES.md §6), shared by both government plans.
MINIMUM = minimum_monthly
