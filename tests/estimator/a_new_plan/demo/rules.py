"""Ley Demo (seed 900): two rules, written as every plan's rules are; the second is law from a day its law dates."""

from __future__ import annotations

from estimator.law.rules import ACTIVE, Facts, Outcome, at_least, rule


@rule("demo.a", ACTIVE)
def at_sixty(f: Facts, p) -> Outcome:
    """900 ¶1
    «El participante que haya cumplido sesenta (60) años de edad y completado diez (10) años de servicio
    recibirá una anualidad del dos por ciento (2%) de la retribución promedio por cada año de servicio.»"""
    return Outcome((at_least("age", f.age, p.min_age), at_least("service", f.service, p.min_service)),
                   p.rate_per_year * f.average * f.service)


@rule("demo.b", ACTIVE, in_force=("article_2_from", None))
def at_fifty_five(f: Facts, p) -> Outcome:
    """900 ¶2
    «Desde el 1 de enero de 2030, el participante que haya cumplido cincuenta y cinco (55) años de edad y
    completado diez (10) años de servicio recibirá la misma anualidad.»"""
    return Outcome((at_least("age", f.age, p.article_2_min_age), at_least("service", f.service, p.min_service)),
                   p.rate_per_year * f.average * f.service)


RULES = (at_sixty, at_fifty_five)
