"""Ley Demo says nothing beyond the generic reasons."""

from __future__ import annotations

from estimator.explanation.reasons import chosen_notes  # noqa: F401 (the generic notes, in their order)
from estimator.explanation.steps import Addition


def plan_notes(s, facts, params, chosen, lang) -> list[str]:
    return []


def after_amount(s, facts, chosen, pay, pension, params, lang) -> Addition:
    return Addition()


def field_notes(s, chosen, lang) -> list[str]:
    return []


def assumption_unused(s, name, chosen, contribution_paid) -> str | None:
    return None
