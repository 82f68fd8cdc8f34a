"""RULES.md §1 and §0 in the report of a case these rules do not answer: it names the program the entry date puts the
member in (not the plan the rules would compute), and says nothing of assumptions it does not show."""

from datetime import date

import pytest

from estimator import build_report, read_scenario
from estimator.member.compare import comparison_inputs
from estimator.words.catalog import t
from tests.estimator.report.test_report import pdf_text

ON = date(2026, 12, 4)
GOVERNMENT_2003 = {"plan": "ley1", "age": 60, "service_years": 20, "average_salary": 40000, "entry_date": "2003-05-01"}
TEACHER_2015 = {"plan": "teachers", "age": 60, "service_years": 10, "average_monthly_salary": 3000,
                "entry_date": "2015-09-01"}
SAID = {
    ("es", "government"): "Empleados del Gobierno, Programa de Cuentas de Ahorro para el Retiro, Ley 305-1999 "
                          "(ingreso desde el 1 de enero de 2000)",
    ("en", "government"): "Government Employees, Retirement Savings Account Program, Ley 305-1999 "
                          "(joined on or after January 1, 2000)",
    ("es", "teachers"): "Maestros, plan de aportaciones definidas, Ley 160-2013 (ingreso desde el 1 de agosto de 2014)",
    ("en", "teachers"): "Teachers, defined-contribution plan, Ley 160-2013 (joined on or after August 1, 2014)",
}


def text(data: dict, lang: str) -> str:
    return pdf_text(build_report(read_scenario(data), lang, generated_on=ON))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("system, data", [("government", GOVERNMENT_2003), ("teachers", TEACHER_2015)])
def test_the_report_names_the_program_the_entry_date_puts_the_member_in(lang, system, data):
    said = text(data, lang)
    program = SAID[(lang, system)]
    assert said.startswith(f"{t('report.title', lang)} {program} ·")  # the subtitle names it
    assert said.count(program) == 2  # and so does the plan's row of the data
    plan = t(f"report.plan.{data['plan']}", lang)
    assert f"{plan} ·" not in said  # not the plan these rules compute


@pytest.mark.parametrize("lang", ["es", "en"])
def test_its_notice_says_nothing_of_assumptions_it_does_not_show(lang):
    said = text(GOVERNMENT_2003, lang)
    assert " ".join(t("report.disclaimer", lang).split()) in said
    assert ("supuestos indicados arriba" if lang == "es" else "assumptions shown above") not in said
    covered = text(GOVERNMENT_2003 | {"entry_date": "1995-05-01"}, lang)  # an amount, and its assumptions shown
    assert " ".join(t("report.disclaimer_amounts", lang).split()) in covered


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_comparison_names_the_program_in_the_plans_row_too(lang):
    """The comparison's inputs (its page and its report) name the program for the scenario these rules do not answer,
    and the plan for the one they do."""
    covered = {k: v for k, v in GOVERNMENT_2003.items() if k != "entry_date"} | {"entry_date": "1995-05-01"}
    rows = dict(comparison_inputs([read_scenario(covered), read_scenario(GOVERNMENT_2003)], lang))
    assert rows[t("report.field.plan", lang)] == [t("report.plan.ley1", lang), SAID[(lang, "government")]]
