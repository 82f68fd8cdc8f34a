"""The printable report: what a member takes home, read back from the PDF's own text."""

import io
from datetime import date
from fractions import Fraction

import pytest
from pypdf import PdfReader

from estimator import estimate, read_scenario
from estimator.words.citations import display
from estimator.law.parameters import definitions
from estimator.io.report import build_report, chart_ages
from estimator.law.rulebook import RULEBOOK_DATE, RULEBOOK_VERSION
from estimator.words.catalog import LANGUAGES, t
from estimator.member.timeline import date_words
from tests.once import once

TEACHERS_A1 = {"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11}
LEY447_COORDINATED = {"plan": "ley447", "age": 65, "service_years": 30, "average_salary": 30000, "coordinated": True}
LEY1_REDUCED = {"plan": "ley1", "age": 58, "service_years": 27, "average_salary": 40000}
TEACHERS_DEFERRED = {"plan": "teachers", "age": 50, "separation_age": 45, "service_years": 26,
                     "average_monthly_salary": 2000}
REFUNDED = {"plan": "ley1", "age": 50, "service_years": 15, "average_salary": 30000, "refunded": True}
ALL = {"teachers A1": TEACHERS_A1, "ley447 coordinated": LEY447_COORDINATED, "ley1 reduced": LEY1_REDUCED,
       "teachers deferred": TEACHERS_DEFERRED, "refunded": REFUNDED}

HEADLINE = {"es": "Pensión mensual a los", "en": "Monthly pension at"}
DISCLAIMER = {"es": "Este es un estimado, no una determinación oficial",
              "en": "This is an estimate, not an official determination"}
# The assumptions' values in the default scenario, as printed (RULES.md defaults).
ASSUMPTION_VALUES = {
    "teachers": {"teachers_contribution_rate": "9%", "averaging_months": "36"},
    "ley447": {"early_reduction_per_year": "6%", "merit_min_service": "30", "merit_age": "55",
               "merit_pct_55_plus": "75%", "merit_pct_under_55": "65%", "averaging_years": "3"},
    "ley1": {"early_reduction_per_year": "6%", "averaging_years": "5"},
}
NOT_GIVEN = {"es": "— (no indicado)", "en": "— (not given)"}


def pdf_text(pdf: bytes) -> str:
    """The text of every page, whitespace collapsed (lines wrap anywhere)."""
    reader = PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


@once
def report(data: dict, lang: str, **options) -> tuple[bytes, str]:
    pdf = build_report(read_scenario(data), lang, generated_on=date(2026, 11, 29), **options)
    return pdf, pdf_text(pdf)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ALL)
def test_every_report_is_a_pdf_with_assumptions_inputs_rulebook_and_disclaimer(name, lang):
    data = ALL[name]
    pdf, text = report(data, lang)
    assert pdf.startswith(b"%PDF")
    assert DISCLAIMER[lang] in text
    assert " ".join(t("report.disclaimer", lang).split()) in text
    assert date_words(date.fromisoformat(RULEBOOK_DATE), lang) in text
    assert RULEBOOK_VERSION not in text  # a digest is a code, not something a member can read
    assert RULEBOOK_DATE not in text  # the rule book's date in words, not ISO
    covered = estimate(read_scenario(data)).covered
    for key, value in ASSUMPTION_VALUES[data["plan"]].items() if covered else ():  # not covered: no table
        spec = definitions(data["plan"])[key]
        assert f"{spec.label(lang)} {value}" in text, key
        assert " ".join(spec.source(lang).split()) in text, key
    if data["plan"] != "teachers":
        assert f"{definitions(data['plan'])['reduction_factor'].label(lang)} {NOT_GIVEN[lang]}" in text
    for field in read_scenario(data).contract_dict():  # every input, in words: no field codes
        assert t(f"report.field.{field}", lang) in text, field
        assert f"({field})" not in text
    assert "{" not in text and "assumptions." not in text and "RULES.md" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_teachers_published_example_with_its_contribution(lang):
    _, text = report(TEACHERS_A1, lang)
    assert "$1,467.08" in text and "$17,604.96" in text
    assert "$176.05" in text and "$1,291.03" in text  # 9% until 55, and the net amount
    assert t("rule.teachers.A1", lang) in text
    assert display("000 ¶A.1", lang) in text
    assert "$1,956.11" in text and "52" in text and "30" in text  # the inputs
    assert t("step.average_monthly", lang) in text  # the steps table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_coordinated_pension_before_and_from_65(lang):
    _, text = report(LEY447_COORDINATED, lang)
    assert "$1,875.00" in text and "$1,167.50" in text
    assert t("rule.ley447.merit", lang) in text
    # The pension starts at 65: the System pays the coordinated amount from the start.
    assert " ".join(t("report.coordinated_from_start", lang, amount="$1,167.50", reference="$1,875.00").split()) in text
    assert t("report.from_coordination", lang, age="65 años", amount="$1,167.50") not in text
    assert t("step.coordination_formula", lang) in text
    assert t("rule.ley447.18.2", lang) in text and "$1,250.00" in text  # the alternative


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reduced_pension_shows_the_factor_and_the_unreduced_amount(lang):
    _, text = report(LEY1_REDUCED, lang)
    assert "$783.00" in text and "$1,350.00" in text
    assert t("report.reduced", lang, factor="0.58", unreduced="$1,350.00") in text
    assert t("rule.ley1.c", lang) in text
    assert "1 − 6% × (65 − 58) = 0.58" in text
    assert "$16,200.00 × 0.58 = $9,396.00" in text  # 1.5% × $40,000 × 27 = $16,200; × 0.58
    label = definitions("ley1")["early_reduction_per_year"].label(lang)
    assert (f"Supuesto: {label} = 6%" if lang == "es" else f"Assumption: {label} = 6%") in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_not_covered_and_refunded_reports_give_the_reasons_and_no_amount(lang):
    _, deferred = report(TEACHERS_DEFERRED, lang)
    assert t("report.not_covered", lang) in deferred
    assert " ".join(t("reason.teachers_deferred", lang).split()) in deferred
    assert HEADLINE[lang] not in deferred
    _, refunded = report(REFUNDED, lang)
    assert t("report.refunded", lang) in refunded
    assert " ".join(t("reason.refunded", lang).split()) in refunded
    assert HEADLINE[lang] not in refunded
    assert "$0.00" not in refunded


def test_spanish_characters_survive_and_each_language_stays_itself():
    _, es = report(TEACHERS_A1, "es")
    _, en = report(TEACHERS_A1, "en")
    for word in ("Pensión", "años", "¿Cómo se calculó?", "Ley: Maestros, Sección A, inciso 1", "−", "×", "·"):
        assert word in es, word
    assert "Monthly pension at 52 years of age: $1,467.08" in en and "Pensión mensual" not in en
    assert "Pensión mensual a los 52 años: $1,467.08" in es and "Monthly pension" not in es
    assert "29 de noviembre de 2026" in es and "November 29, 2026" in en


def test_not_eligible_gives_the_earliest_age_and_the_chart_where_it_starts():
    data = {"plan": "ley1", "age": 40, "service_years": 15, "average_salary": 30000}
    _, text = report(data, "es")
    assert t("report.not_eligible", "es", age="40 años", when="") in text
    assert f"{t('report.earliest_label', 'es')} 55 años" in text
    assert t("report.chart", "es") in text and t("report.chart_axis_x", "es") in text
    assert "► 40" in text  # the chosen age, marked in the chart's table
    assert "41 – 54" in text  # the other ages without a pension, in one row


def test_key_dates_are_sentences_with_calendar_dates():
    # 50 on the day the report is prepared (29 November 2026), 22 years: 27 years at 55, five years on.
    data = {"plan": "ley447", "age": 50, "service_years": 22, "average_salary": 30000, "coordinated": True}
    _, es = report(data, "es", birth_date=date(1976, 11, 29))
    assert "29 de noviembre de 2031 (a los 55 años de edad, con 27 años de servicio)" in es
    assert "$902.00" in es and "$1,875.00" in es
    _, en = report(data, "en", birth_date=date(1976, 11, 29))
    assert "November 29, 2031 (at 55 years of age, with 27 years of service)" in en
    assert "November 29, 1976" in en  # the birth date among the inputs


def test_given_assumptions_show_their_value_and_default():
    data = dict(LEY1_REDUCED, assumptions={"reduction_factor": 0.8})
    _, text = report(data, "en")
    label = definitions("ley1")["reduction_factor"].label("en")
    assert f"{label} 0.8 (given; default —)" in text
    assert "$1,080.00" in text  # 16,200 × 0.8 ÷ 12
    assert f"Assumption: {label} = 0.8 (a figure entered by you or your counselor)" in text
    assert "(assumptions.reduction_factor)" not in text


def test_chart_is_skipped_with_a_sentence_when_not_in_whole_months():
    _, text = report(dict(LEY1_REDUCED, age=58.3), "en")
    assert " ".join(t("report.chart_skipped", "en").split()) in text


def test_chart_ages_run_fifteen_years_and_at_least_to_70():
    assert chart_ages(read_scenario(LEY1_REDUCED)) == list(range(58, 74))
    young = read_scenario({"plan": "ley1", "age": 40, "service_years": 15, "average_salary": 1})
    assert chart_ages(young) == list(range(40, 71))


def test_the_salary_growth_of_the_projection_is_shown_as_given():
    """The projection's salary growth is the app's input, not a scenario override: the assumptions table shows
    the figure the projection used (3%), as given, with the rule book's default."""
    from fractions import Fraction

    from estimator.calculation.situation import Situation

    today = read_scenario({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 40000})
    situation = Situation(today, salary_growth=Fraction(3, 100))
    _, text = report(LEY1_REDUCED, "en", situation=situation)
    label = definitions("ley1")["salary_growth"].label("en")
    assert f"{label} 3% (given; default 0%)" in " ".join(text.split()), text
    _, plain = report(LEY1_REDUCED, "en")
    assert f"{label} 0%" in " ".join(plain.split()) and f"{label} 3%" not in " ".join(plain.split())


@pytest.mark.parametrize("growth, said", [(Fraction(3, 100), "The salary is assumed to grow 3% a year."),
                                          (Fraction(-15, 1000), "The salary is assumed to fall 1.5% a year.")])
def test_the_chart_says_how_the_salary_changes_with_the_figure_given(growth, said):
    """The chart's sentence on the salary names the growth given; a growth below zero is a fall ("fall 1.5%"),
    not a growth of -1.5%."""
    from estimator.calculation.situation import Situation

    today = read_scenario({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 40000})
    _, text = report(LEY1_REDUCED, "en", situation=Situation(today, salary_growth=growth))
    assert said in " ".join(text.split()) and "grow -1.5%" not in " ".join(text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chart_says_the_average_rises_when_its_table_does(lang):
    """A history whose last salary is the highest: each year worked replaces a lower salary in the average,
    so the chart's amounts rise with age; the caption says so, with the table's first and last averages."""
    from fractions import Fraction

    from estimator.calculation.situation import Situation, scenario_at

    history = tuple(Fraction(v) for v in (30000, 32000, 34000, 36000, 40000))
    today = read_scenario({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 36400})
    situation = Situation(today, salary_history=history)
    scenario = scenario_at(situation, Fraction(55))
    words = " ".join(pdf_text(build_report(scenario, lang, situation=situation, generated_on=date(2026, 11, 29))).split())
    assert t("report.chart_today", lang) not in words  # "the average does not change" would be false here
    # at today's age (the chart's first) the history's (30,000 + 32,000 + 34,000 + 36,000 + 40,000) ÷ 5
    # = 34,400; at the chart's last age the five highest salaries are all 40,000 (the last, repeated)
    low, high = (t("compare.a_year", lang, amount=amount) for amount in ("$34,400.00", "$40,000.00"))
    assert " ".join(t("report.chart_today_rising", lang, low=low, high=high).split()) in words


def test_the_rule_book_check_names_a_revision_by_its_digest_and_refuses_another(tmp_path, capsys):
    import hashlib

    from scripts.rulebook import digest, main

    other = tmp_path / "RULES.md"
    other.write_bytes(b"# The rule book\n")
    assert digest(other) == hashlib.sha256(b"# The rule book\n").hexdigest()[:12] != RULEBOOK_VERSION
    assert main([str(other)]) == 1
    said = capsys.readouterr().out
    assert RULEBOOK_VERSION in said and "estimator/rulebook.py" in said
    assert len(RULEBOOK_VERSION) == 12 and int(RULEBOOK_VERSION, 16) >= 0
    assert date.fromisoformat(RULEBOOK_DATE) <= date.today()
