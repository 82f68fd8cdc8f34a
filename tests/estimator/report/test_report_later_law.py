"""RULES.md §8 in the reports: beside every amount that counts service or salaries past the date a later law froze
them, the report says so in the answer's own words (`later_law`), on the member's report and on the comparison's,
scenario by scenario; never beside figures already frozen, nor beside one that counts nothing past the freeze."""

from datetime import date

import pytest

from estimator import build_comparison_report, build_report, estimate, read_scenario
from estimator.member.compare import Compared, comparison_inputs, difference_reasons
from estimator.words.catalog import t
from tests.estimator.report.test_report import pdf_text

ON = date(2026, 12, 4)
IN_SERVICE = {"plan": "ley447", "age": 60, "service_years": 30, "average_salary": 40000}
LEFT_IN_2011 = IN_SERVICE | {"separation_age": 45, "service_years": 25}  # left about 15 years ago: before 2013


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_comparison_says_it_beside_each_amount_that_counts_past_the_freeze(lang):
    scenarios = [read_scenario(IN_SERVICE), read_scenario(LEFT_IN_2011)]
    message = estimate(scenarios[0], lang).later_law.message
    text = pdf_text(build_comparison_report(scenarios, lang, generated_on=ON))
    results = text.split(t("report.scenario_data", lang))[0]  # the results table, before the inputs
    label = t("report.row_later_law", lang)
    assert label in results
    row = results.split(label)[1]
    assert " ".join(message.split()) in row  # scenario 1's column
    assert row.count("Ley 3-2013") == 1  # scenario 2 left before the freeze: "ninguno" in its column
    assert row.split(" ".join(message.split()))[1].lstrip().startswith(t("report.none", lang))


def test_a_frozen_scenario_of_the_comparison_is_not_said_to_count_past_the_freeze():
    frozen = Compared(read_scenario(IN_SERVICE | {"service_years": 16}), frozen=True)  # the option's figures
    assert frozen.answer("es").later_law is None
    assert Compared.of_entry(frozen.entry()).frozen  # kept so in the comparison's session
    text = pdf_text(build_comparison_report([frozen, read_scenario(LEFT_IN_2011)], "es", generated_on=ON))
    assert t("report.row_later_law", "es") not in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_frozen_scenario_of_the_comparison_says_its_figures_are_the_freezes(lang):
    """Beside the same member by the texts of the law, the frozen figures' shorter service is explained: the inputs
    name the freeze in their own row, and the differences say it first, on the page and in the report alike."""
    member, frozen = read_scenario(IN_SERVICE), Compared(read_scenario(IN_SERVICE | {"service_years": 16}), frozen=True)
    law = frozen.freeze(lang)
    assert "Ley 3-2013" in law
    rows = dict(comparison_inputs([member, frozen], lang))
    assert rows[t("compare.frozen_row", lang)] == [t("compare.frozen_no", lang), t("compare.frozen_yes", lang, law=law)]
    reasons = difference_reasons(member, estimate(member, lang), frozen, frozen.answer(lang), lang)
    assert reasons[0] == t("compare.reason_frozen", lang, law=law)
    back = difference_reasons(frozen, frozen.answer(lang), member, estimate(member, lang), lang)
    assert back[0] == t("compare.reason_frozen_base", lang)
    text = pdf_text(build_comparison_report([member, frozen], lang, generated_on=ON))
    assert t("compare.frozen_row", lang) in text and " ".join(reasons[0].split())[:60] in text
    assert t("compare.frozen_row", lang) not in dict(comparison_inputs([member, read_scenario(LEFT_IN_2011)], lang))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_members_report_from_a_scenario_says_it_too(lang):
    """The command line's report has no birth date: the scenario's own dates decide, as its answer's do."""
    scenario = read_scenario(IN_SERVICE)
    text = pdf_text(build_report(scenario, lang, generated_on=ON))
    said = t("report.freeze_note", lang, message=estimate(scenario, lang).later_law.message)
    assert " ".join(said.split()) in text
    assert "Ley 3-2013" not in pdf_text(build_report(read_scenario(LEFT_IN_2011), lang, generated_on=ON))


# Left at 45, starting at 65: counted back from today, the separation is some 20 years ago, before 30 June 2013;
# born on 1 January 1975, the report's start is 1 January 2040 and the separation 1 January 2020, after it.
LEFT_AT_45 = {"plan": "ley447", "age": 65, "separation_age": 45, "service_years": 25, "average_salary": 40000}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_report_with_a_birth_date_counts_the_separation_from_the_start_it_prints(lang):
    scenario = read_scenario(LEFT_AT_45)
    assert estimate(scenario, lang).later_law is None  # the command line's answer, with no dates
    born = date(1975, 1, 1)
    member = pdf_text(build_report(scenario, lang, birth_date=born, generated_on=ON))
    assert "Ley 3-2013" in member and "2040" in member
    compared = pdf_text(build_comparison_report([scenario, read_scenario(LEFT_IN_2011)], lang, birth_date=born,
                                                generated_on=ON))
    assert t("report.row_later_law", lang) in compared
