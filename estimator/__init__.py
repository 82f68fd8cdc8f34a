"""Estimador de Pensión: the rules of Puerto Rico's public pension plans, as cited code.

Pure Python (no user interface). This module is its one door for the app: `app.py`, `pages/` and `ui/` import
from here and nowhere else in `estimator` (`tests/ui/test_ui_layers.py`). The names below follow the
calculation's order: the law, its words, one scenario's answer and the grid, the member over time, files and
reports. `python -m estimator` is the command line (`estimator/io/cli/`).

Two parts load a heavy library, so their functions here import them on their first call: the grid of ages and
added service (numpy) and the PDF reports (fpdf2). The command line answers a line in a fraction of a second
without either (docs/performance.md).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence


def _quiet_interrupt(kind, value, traceback, _default=sys.excepthook):
    """Ctrl-C that lands outside the command's own handling (while the rules load, or as it exits): no traceback;
    Python then ends the process by the signal, which a shell reports as 130."""
    if not issubclass(kind, KeyboardInterrupt):
        _default(kind, value, traceback)


if sys.argv[:1] == ["-m"]:  # `python -m estimator`: Python sets argv[0] to "-m" while it locates the module
    sys.excepthook = _quiet_interrupt

# The law: the plans, their dated values, the named assumptions, the member's yes/no facts, the scope by entry date.
from estimator.law.assumptions import Overridable, overridable, replacing  # noqa: E402
from estimator.law.facts import MEMBER_FACTS, reads  # noqa: E402
from estimator.law.parameters import coordination_age, default_values, definitions  # noqa: E402
from estimator.law.registry import PLAN_IDS, plan as plan_info  # noqa: E402
from estimator.law.rulebook import RULEBOOK_DATE, RULEBOOK_VERSION  # noqa: E402
from estimator.law.scope import NEW_PARTICIPANTS_FROM, entry_in_scope, government_plan, out_of_scope_from  # noqa: E402

# Numbers, dates and words as a member reads them.
from estimator.arithmetic.dates import age_on, birthday, months_between  # noqa: E402
from estimator.arithmetic.display import exact_number, money, number  # noqa: E402
from estimator.arithmetic.exact import round_cents, to_fraction  # noqa: E402
from estimator.words.assumptions import assumption_mark, used_mark, value_shown  # noqa: E402
from estimator.words.catalog import (LANGUAGES, date_words, fact_app_words, flat_words, plan_app_words,  # noqa: E402
                                     span, step_value, t)
from estimator.words.citations import display, with_cite  # noqa: E402

# One scenario: read, checked and answered.
from estimator.calculation.answer import Answer, AssumptionUsed  # noqa: E402
from estimator.calculation.averages import HistoryError, average_from_history, window  # noqa: E402
from estimator.calculation.choice import NO_DEFERRED, OUTSIDE_SCOPE, REFUNDED, rules_of, why_no_pension  # noqa: E402
from estimator.calculation.freeze import freeze_for, frozen  # noqa: E402
from estimator.calculation.growth import growth_change, growth_in, grows  # noqa: E402
from estimator.calculation.plausibility import BOUNDS, likely_slip  # noqa: E402
from estimator.calculation.scenario import (EARLIEST_WORKING_AGE, GROUPS, OLDEST_AGE, Assumptions,  # noqa: E402
                                            Scenario, ScenarioError, read_scenario)
from estimator.calculation.search import earliest_eligibility, threshold_ages, threshold_values  # noqa: E402
from estimator.explanation.engine import estimate, example_inputs_named  # noqa: E402
from estimator.explanation.reasons import outside_scope, scope_reason  # noqa: E402

# The member over time: at later ages, key dates, payments over a lifetime, scenarios side by side.
from estimator.calculation.situation import Situation, assumptions_of  # noqa: E402
from estimator.member.member import Member  # noqa: E402
from estimator.member.compare import (MAX_SCENARIOS, RESULT_LINES, Compared, comparison_inputs,  # noqa: E402
                                      result_label, result_line)
from estimator.member.same_ages import (difference_by_age, payments_compared, phased, reasons_by_age,  # noqa: E402
                                        same_age_rows)
from estimator.member.lifetime import Run, break_even, income_from_65, total_of  # noqa: E402
from estimator.member.timeline import key_date_lines  # noqa: E402

# Files from outside: JSON and salary histories.
from estimator.io.json_input import DuplicateKey, TooDeep, TooLarge, read_json  # noqa: E402
from estimator.io.salary_file import MAX_ROWS, SalaryFileError, SalaryHistory, read_history  # noqa: E402
from estimator.io.salary_file.amounts import DOT, readings_of  # noqa: E402

# Two parts load a heavy library, imported by their first call rather than with the estimator: the grid of ages and
# added service (numpy) and the PDF reports (fpdf2).
if TYPE_CHECKING:
    from estimator.calculation.grid import AgeTiming, Grid


def grid(situation: Situation, ages: Sequence[Fraction], extras: Sequence[Fraction] = (Fraction(0),),
         timing: AgeTiming | None = None) -> Grid:
    """Every (start age × added service) cell at once, exactly (`estimator.calculation.grid.grid`; `timing`: the
    ages' timing from an earlier grid of the same member)."""
    from estimator.calculation.grid import grid as every_cell

    return every_cell(situation, ages, extras, timing)


def age_timing(situation: Situation, ages: Sequence[Fraction], kept: AgeTiming | None = None) -> AgeTiming:
    """Each age's start day, separation age, service and salary periods, for `grid` to reuse; `kept` when it fits
    (`estimator.calculation.grid.age_timing`)."""
    from estimator.calculation.grid import age_timing as timing_of

    return timing_of(situation, ages, kept)


def build_report(scenario: Scenario, lang: str = "es", **details: Any) -> bytes:
    """The member's PDF report (`estimator.io.report.build_report`, whose keywords `details` are)."""
    from estimator.io.report import build_report as build

    return build(scenario, lang, **details)


def build_comparison_report(scenarios: Sequence[Compared | Scenario], lang: str = "es", **details: Any) -> bytes:
    """The comparison's PDF report (`estimator.io.report.build_comparison_report`)."""
    from estimator.io.report import build_comparison_report as build

    return build(scenarios, lang, **details)


def prints(char: str) -> bool:
    """Whether the report's fonts print `char` as typed (`estimator.io.report.document.prints`)."""
    from estimator.io.report.document import prints as printable

    return printable(char)


__all__ = ["Overridable", "overridable", "replacing", "MEMBER_FACTS", "reads", "coordination_age", "default_values",
           "definitions", "PLAN_IDS", "plan_info", "RULEBOOK_DATE", "RULEBOOK_VERSION", "NEW_PARTICIPANTS_FROM",
           "entry_in_scope", "government_plan", "out_of_scope_from", "age_on", "birthday", "months_between",
           "exact_number", "money", "number", "round_cents", "to_fraction", "assumption_mark", "used_mark",
           "value_shown", "LANGUAGES", "date_words", "fact_app_words", "flat_words", "plan_app_words", "span",
           "step_value", "t", "display", "with_cite", "Answer", "AssumptionUsed", "HistoryError",
           "average_from_history", "window", "NO_DEFERRED", "OUTSIDE_SCOPE", "REFUNDED", "rules_of", "why_no_pension",
           "freeze_for", "frozen", "growth_change", "growth_in", "grows", "BOUNDS",
           "likely_slip", "EARLIEST_WORKING_AGE", "GROUPS", "OLDEST_AGE", "Assumptions", "Scenario", "ScenarioError",
           "read_scenario", "earliest_eligibility", "threshold_ages", "threshold_values", "estimate",
           "example_inputs_named", "outside_scope", "scope_reason", "Situation", "assumptions_of", "Member",
           "MAX_SCENARIOS", "RESULT_LINES", "Compared", "comparison_inputs", "result_label",
           "result_line", "difference_by_age", "payments_compared", "phased", "reasons_by_age", "same_age_rows", "Run", "break_even", "income_from_65", "total_of", "key_date_lines", "DuplicateKey",
           "TooDeep", "TooLarge", "read_json", "MAX_ROWS", "SalaryFileError", "SalaryHistory", "read_history", "DOT",
           "readings_of", "grid", "age_timing", "build_report", "build_comparison_report", "prints"]
