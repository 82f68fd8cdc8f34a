"""Coordination of ley447 pensions with Social Security at 65 — seed 004 (RULES.md §4)."""

from __future__ import annotations

from typing import Any

from estimator.arithmetic.quantity import Q, q_excess, q_min
from estimator.arithmetic.display import exact_money
from estimator.arithmetic.exact import greater, lesser
from estimator.law.rules import Facts
from estimator.law.registry import plan

ZERO = Q(0, "0")
# The text this module implements (004 ¶A, ¶B, ¶D, ¶E.5, ¶F), quoted on the rules page.
CITE = "004 ¶A, ¶B, ¶D, ¶E.5, ¶F"
LEGAL_TEXT = """A. A Todo(a) participante acogido al Plan Coordinado se le coordinará la pensión cuando cumpla la edad de sesenta y cinco (65) años, adquiera la condición de plenamente asegurado(a) bajo la Ley de Seguridad Social Federal y sea elegible para los beneficios primarios de dicha ley.
B. Si el(la) participante estuviese pensionado(a) por años de servicio O por incapacidad, se le coordinará su pensión utilizando la suma de los siguientes productos, cuando fuese así necesario: 1) El uno por ciento (1%) de la retribución promedio hasta seis mil seiscientos dólares ($6,600.00) multiplicado por cada año de servicio que tenga acreditado hasta un máximo de veinte (20) años; 2) El uno y medio por ciento (1 1/2%) de la retribución promedio hasta seis mil seiscientos dólares ($6,600.00) multiplicado por cada año de servicio que tenga acreditado, en exceso de veinte (20) años; 3) El uno y medio por ciento (1 1/2%) de la retribución promedio en exceso de seis mil seiscientos dólares ($6,600.00) multiplicado por cada año de servicio que tenga acreditado, hasta un máximo de veinte (20) años; 4) El dos por ciento (2%) de la retribución promedio en exceso de seis mil seiscientos dólares ($6,600.00) multiplicado por cada año de servicio que tenga acreditado, en exceso de veinte (20) años.
D. En ningún caso, los pagos combinados del Seguro Social y del Sistema, por concepto de pensión, serán menores que la pensión que le hubiere correspondido al(la) pensionado(a) conforme a la Ley.
E. El cómputo para la coordinación de pensiones no tendrá efecto sobre lo siguiente: […] 5) Las pensiones mínimas establecidas por Ley.
F. En ningún caso se coordinarán las pensiones de los miembros del Cuerpo de la Policía, de lo(a)s Alcaldes(as), de lo(a)s empleado(a)s del Servicio de Extensión Agrícola de la Universidad de Puerto Rico, los miembros de la Rama Judicial y de lo(a)s participantes que ingresen por primera vez al Sistema después del 1 de abril de 1990."""
# 004 ¶F: «En ningún caso se coordinarán las pensiones de los miembros del Cuerpo de la Policía, de
# lo(a)s Alcaldes(as), de lo(a)s empleado(a)s del Servicio de Extensión Agrícola de la Universidad de
# Puerto Rico, los miembros de la Rama Judicial y de lo(a)s participantes que ingresen por primera vez
# al Sistema después del 1 de abril de 1990.»
NEVER_COORDINATED_GROUPS = ("police", "mayor", "judiciary", "upr_extension")


def applies(plan_id: str, group: str, coordinated: bool) -> bool:
    """004 ¶A, ¶F
    «A Todo(a) participante acogido al Plan Coordinado se le coordinará la pensión cuando cumpla la
    edad de sesenta y cinco (65) años, adquiera la condición de plenamente asegurado(a) bajo la Ley
    de Seguridad Social Federal y sea elegible para los beneficios primarios de dicha ley.»
    Only ley447 members of the Plan Coordinado, except the groups of ¶F; never ley1 (¶F) or teachers."""
    return plan(plan_id).coordination and coordinated and group not in NEVER_COORDINATED_GROUPS


def coordinated_formula(f: Facts, p) -> Q:
    """004 ¶B
    «…se le coordinará su pensión utilizando la suma de los siguientes productos: 1) El uno por ciento
    (1%) de la retribución promedio hasta seis mil seiscientos dólares ($6,600.00) multiplicado por
    cada año de servicio que tenga acreditado hasta un máximo de veinte (20) años; 2) El uno y medio
    por ciento (1 1/2%) de la retribución promedio hasta seis mil seiscientos dólares ($6,600.00)
    multiplicado por cada año de servicio que tenga acreditado, en exceso de veinte (20) años; 3) El
    uno y medio por ciento (1 1/2%) de la retribución promedio en exceso de seis mil seiscientos
    dólares ($6,600.00) multiplicado por cada año de servicio que tenga acreditado, hasta un máximo de
    veinte (20) años; 4) El dos por ciento (2%) de la retribución promedio en exceso de seis mil
    seiscientos dólares ($6,600.00) multiplicado por cada año de servicio que tenga acreditado, en
    exceso de veinte (20) años.»
    $6,600 is annual; no 19.6 floor (RULES.md §4)."""
    up_to_base = q_min(f.average, p.coordination_wage_base, exact_money)
    over_base = q_excess(f.average, p.coordination_wage_base, ZERO, exact_money, zero_explained=True)
    first = q_min(f.service, p.coordination_first_years)
    excess = q_excess(f.service, p.coordination_first_years, ZERO)
    return (p.coordination_rate_base_first * up_to_base * first
            + p.coordination_rate_base_excess * up_to_base * excess
            + p.coordination_rate_over_first * over_base * first
            + p.coordination_rate_over_excess * over_base * excess)


def guarantee(pension: Any, coordinated: Any, social_security: Any | None) -> tuple[Any, Any]:
    """004 ¶D
    «En ningún caso, los pagos combinados del Seguro Social y del Sistema, por concepto de pensión,
    serán menores que la pensión que le hubiere correspondido al(la) pensionado(a) conforme a la Ley.»
    Annual amounts: the system pays min(P, max(CF × factor, P − SS)); with SS unknown, min(P, CF ×
    factor). Returns (amount, whether the guarantee raised it)."""
    if social_security is None:
        return lesser(pension, coordinated), False
    floor = pension - social_security
    return lesser(pension, greater(coordinated, floor)), floor > coordinated


def minimum_untouched(params: Any) -> Any:
    """004 ¶E.5
    «El cómputo para la coordinación de pensiones no tendrá efecto sobre lo siguiente: […] 5) Las
    pensiones mínimas establecidas por Ley.»
    The minimum pension (RULES.md §6) applies to what the System pays after coordination too: the monthly
    minimum the payment lifts the coordinated amount to (RULES.md §4)."""
    return params.raw("minimum_monthly_pension")
