"""What both government employees' plans share: the $500 minimum and the actuarial reduction.

RULES.md §6. The minimum is a standing minimum for every Chapter 2 pension (ley447 and ley1).
"""

from __future__ import annotations

from typing import Any

from estimator.arithmetic.quantity import Q
from estimator.arithmetic.exact import greater


def minimum_monthly(p) -> Q:
    """001 (a)
    «No obstante, se fija una pensión mínima para los participantes que se retiraron de acuerdo con
    las disposiciones de este Capítulo 2 de quinientos dólares ($500) mensuales, efectivo el, 1ro de
    julio de 2013.»"""
    return p.minimum_monthly_pension


def reduction_factor(p, unreduced_age: Q, age: Q) -> Q:
    """002 Regla 18.6(d)
    «La reducción actuarial en estas pensiones se efectuará de conformidad con las tablas actuariales
    adoptadas por la Junta, después de realizados los cómputos correspondientes según las fórmulas
    establecidas en la Ley.»
    Assumption (RULES.md §6): the tables are not published; `early_reduction_per_year` for each year
    of age short of the unreduced age, pro rata, never below 0 — unless the counselor gives the
    Board's factor for the case (`reduction_factor`), which then replaces it."""
    if p.raw("reduction_factor") is not None:
        return p.reduction_factor
    factor = Q(1, "1") - p.early_reduction_per_year * (unreduced_age - age)
    floored = _not_below_zero(factor.v)
    if factor.text is None:
        return Q(floored, assumed=factor.assumed)
    # Written with the floor only when it decides, so the printed formula gives the value.
    text = factor.text if floored == factor.v else f"max({factor.text}; 0)"
    return Q(floored, text, factor.compound and floored == factor.v, product=False, assumed=factor.assumed)


def _not_below_zero(value: Any) -> Any:
    return greater(value, 0)
