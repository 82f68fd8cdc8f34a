"""Reports to hand over, read back from the PDFs' own text: the headline gives the amount, the age, the
date it starts and the rule; no internal code, JSON, ISO date or decimal year anywhere, in either
language; the key dates the app shows, merged by day; a name and notes typed at the download, printed
and kept nowhere; and a comparison of two to four scenarios through the command line (run in this Python:
`tests/command.py`)."""

from __future__ import annotations

import io
import json
import logging
import re
from datetime import date
from fractions import Fraction

import pytest
from pypdf import PdfReader

from estimator import estimate, read_scenario
from estimator.member.compare import comparison_inputs, difference_reasons
from estimator.calculation.situation import Situation, scenario_at
from estimator.calculation.answer import AssumptionUsed
from estimator.words.assumptions import used_mark
from estimator.io.report import NAME_LIMIT, build_comparison_report, build_report, clean_text
from estimator.words.catalog import LANGUAGES
from estimator.member.timeline import key_date_lines, key_dates, merge_key_dates
from tests.command import run_command
from tests.conftest import ROOT
from tests.once import once
from ui.form.entry import box_key
from tests.ui.sections import opened
from ui.answer.report_download import EXTRAS_OPEN
from ui.form.form import SAVED_OPEN

MADE = date(2026, 11, 29)
BORN = date(1970, 2, 15)
LEY447 = {"plan": "ley447", "age": 58, "service_years": 28.25, "average_salary": 36000, "coordinated": True}
TEACHERS = {"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11}
LEY1_REDUCED = {"plan": "ley1", "age": 58, "service_years": 27, "average_salary": 40000,
                "assumptions": {"early_reduction_per_year": 0.05}}
ODD_AGES = {"plan": "ley447", "age": 58.3, "separation_age": 55.1, "service_years": 26.4, "average_salary": 30000}
NOT_ELIGIBLE = {"plan": "ley1", "age": 40.25, "service_years": 15.5, "average_salary": 30000}
TEACHERS_DEFERRED = {"plan": "teachers", "age": 50, "separation_age": 45, "service_years": 26,
                     "average_monthly_salary": 2000}
REFUNDED = {"plan": "ley1", "age": 50, "service_years": 15, "average_salary": 30000, "refunded": True}
SCENARIOS = {"ley447": LEY447, "teachers": TEACHERS, "ley1 reduced": LEY1_REDUCED, "odd ages": ODD_AGES,
             "not eligible": NOT_ELIGIBLE, "teachers deferred": TEACHERS_DEFERRED, "refunded": REFUNDED}
HEADLINE = {"es": "Pensión mensual a los 58 años (15 de febrero de 2028): $1,395.00 — Regla 18.2",
            "en": "Monthly pension at 58 years of age (February 15, 2028): $1,395.00 — Regla 18.2"}

FIELDS = ("plan", "group", "age", "separation_age", "service_years", "average_salary", "average_monthly_salary",
          "coordinated", "social_security_monthly", "refunded", "contribution_shortfall", "in_system_june_1960",
          "assumptions", "early_reduction_per_year", "reduction_factor", "teachers_contribution_rate")
# What a person must never read in a report: (why, pattern).
FORBIDDEN = [
    ("a rule's id", re.compile(r"\b(teachers|ley447|ley1)\.[A-Za-z0-9]")),
    ("a code name", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("a field name in parentheses", re.compile(r"\((?:%s)\)" % "|".join(FIELDS))),
    ("a seed paragraph code", re.compile(r"¶|\b00[0-4] (?:Regla|¶)")),
    ("JSON", re.compile(r"[{}\[\]]|\"\w+\"\s*:|\b(?:true|false|null)\b")),
    ("a file name", re.compile(r"RULES\.md|CONTRACT\.md|\.py\b|\.toml\b|\.json\b")),
    ("an ISO date", re.compile(r"\b\d{4}-\d{2}-\d{2}\b")),
    ("decimal years", re.compile(r"(?<![\d$,.])\d+[.,]\d+\s*(?:años?|years?|meses|months?|a\b|y\b)")),
    ("a doubled word", re.compile(r"\b(años|years|de edad|of age) \1\b")),
    ("a decimal age", re.compile(r"(?:edad|age|Edad|Age)\s+\d+\.\d+|\b(?:a los|at)\s+\d+\.\d+")),
]


def pdf_pages(pdf: bytes) -> list[str]:
    """Each page's text, whitespace collapsed (lines wrap anywhere)."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def text_of(pdf: bytes) -> str:
    return " ".join(pdf_pages(pdf))


@once
def member(data: dict, lang: str, **options) -> bytes:
    return build_report(read_scenario(data), lang, generated_on=MADE, **options)


def assert_plain_words(text: str) -> None:
    for why, pattern in FORBIDDEN:
        found = pattern.search(text)
        assert not found, f"{why}: …{text[max(0, found.start() - 60):found.end() + 60]}…"


# --- the member's report -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_pages_headline_gives_the_amount_the_age_its_date_and_the_rule(lang):
    first = pdf_pages(member(LEY447, lang, birth_date=BORN))[0]
    assert HEADLINE[lang] in first
    without_birth = pdf_pages(member(LEY447, lang))[0]
    assert HEADLINE[lang].replace(" (15 de febrero de 2028)", "").replace(" (February 15, 2028)", "") in without_birth


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_age_in_months_reads_in_years_and_months_in_the_headline_and_the_chart(lang):
    data = dict(LEY447, age=Fraction(58 * 12 + 3, 12), service_years=28.5)
    text = text_of(member(data, lang, birth_date=BORN))
    age = {"es": "58 años y 3 meses", "en": "58 years 3 months"}[lang]
    assert age in pdf_pages(member(data, lang, birth_date=BORN))[0]
    assert {"es": "► 58 a 3 m", "en": "► 58 y 3 m"}[lang] in text  # the chart's table, the chosen age marked
    assert "58.25" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", SCENARIOS)
def test_no_code_json_iso_date_or_decimal_year_anywhere(name, lang):
    text = text_of(member(SCENARIOS[name], lang, birth_date=BORN, name="Ana López", notes="Revisar el servicio."))
    assert_plain_words(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_app_situation_gives_the_apps_key_dates_merged_by_day(lang):
    """The report says what the app's key dates say: the same dates, one sentence per day."""
    today = read_scenario({"plan": "ley447", "age": 50, "service_years": 22, "average_salary": 30000,
                           "coordinated": True})
    situation = Situation(today)
    planned = scenario_at(situation, Fraction(58))
    born = date(1976, 11, 29)  # 50 on the day the report is made
    dates = key_dates(situation, born, planned_age=Fraction(58), today=MADE)
    lines = key_date_lines(dates, lang, today=MADE)
    assert len(dates) == 4 and len(lines) == 3  # merit and 18.2 on the same day: one sentence
    assert [len(m.rules) for m in merge_key_dates(dates)] == [1, 2, 0]
    text = text_of(build_report(planned, lang, birth_date=born, situation=situation, generated_on=MADE))
    for line in lines:
        assert line in text
    assert lines[1].count("$") == 2 and ("también" in lines[1] or "also" in lines[1])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_amounts_at_other_ages_mark_the_assumptions_behind_them(lang):
    """RULES.md §0 beyond the chosen age: the key dates and the chart's table print amounts at other ages. The
    merit pension's 75% (from 58, with 30 years) and the reduced pension's 6% a year (55 to 57) are this
    estimator's assumptions, and say so where those amounts are, as the page says it; Regla 18.2's amount
    carries no mark."""
    today = read_scenario({"plan": "ley447", "age": 50, "service_years": 22, "average_salary": 30000})
    situation = Situation(today)
    born = date(1976, 11, 29)
    dates = key_dates(situation, born, planned_age=Fraction(58), today=MADE)
    merit = used_mark(AssumptionUsed(name="merit_pct_55_plus", value=0.75, source="default"), lang)
    reduction = used_mark(AssumptionUsed(name="early_reduction_per_year", value=0.06, source="default"), lang)
    assert "75%" in merit and "6%" in reduction
    lines = key_date_lines(dates, lang, today=MADE)
    assert [reduction in line for line in lines] == [True, False]  # 18.6(a) at 55; merit and 18.2 at 58
    assert [merit in line for line in lines] == [False, True]
    text = text_of(build_report(scenario_at(situation, Fraction(58)), lang, birth_date=born, situation=situation,
                                generated_on=MADE))
    for line in lines:  # the key dates, each sentence with its marks
        assert line in text
    chart_table = text.index("► 58")
    assert text.index(f"• {reduction} • {merit}", chart_table) == text.index("•", chart_table)  # under its table


def test_the_chart_runs_from_today_through_the_chosen_age():
    from estimator.io.report import chart_ages

    today = read_scenario({"plan": "ley447", "age": Fraction(227, 4), "service_years": 27, "average_salary": 36000})
    assert chart_ages(read_scenario(LEY447), today.age) == list(range(57, 72))
    late = scenario_at(Situation(today), Fraction(80))
    assert chart_ages(late, today.age) == list(range(57, 81))
    text = text_of(build_report(late, "en", situation=Situation(today), generated_on=MADE))
    assert "► 80" in text


def test_a_frozen_situation_says_so_beside_the_amount():
    today = read_scenario({"plan": "ley447", "age": 50, "service_years": 13, "average_salary": 30000})
    situation = Situation(today, accrues=False)
    text = text_of(build_report(scenario_at(situation, Fraction(58)), "es", birth_date=date(1976, 5, 31),
                                situation=situation, generated_on=MADE))
    assert "Calculada con los beneficios congelados: Ley 3-2013" in text
    assert "La opción de congelación de beneficios del estimador muestra esa cantidad" not in text


# --- name and notes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, label", [("es", "Preparado para: María del Carmen Rivera"),
                                         ("en", "Prepared for: María del Carmen Rivera")])
def test_name_and_notes_are_printed_on_the_first_page(lang, label):
    pdf = member(LEY447, lang, name="  María del Carmen\tRivera ", notes="Reunión del 3 de marzo.\nTraer el expediente.")
    first = pdf_pages(pdf)[0]
    assert label in first
    assert "Reunión del 3 de marzo. Traer el expediente." in first
    assert "Preparado para" not in text_of(member(LEY447, "es")) and "Prepared for" not in text_of(member(LEY447, "en"))


def test_typed_text_is_cleaned_bounded_and_never_named_in_a_log(caplog):
    assert clean_text("  Ana \x00\u200b López  ", NAME_LIMIT) == "Ana López"
    assert clean_text(" \n ", NAME_LIMIT) is None and clean_text(None, NAME_LIMIT) is None
    assert clean_text("a\n\n\n\nb", 50, lines=True) == "a\n\nb"
    with pytest.raises(ValueError):
        clean_text("x" * (NAME_LIMIT + 1), NAME_LIMIT)
    with caplog.at_level(logging.DEBUG):
        text = text_of(member(LEY447, "es", name="Ana 李 López"))  # a character the fonts lack
    assert "Preparado para: Ana ? López" in text
    assert not any("李" in record.getMessage() or "López" in record.getMessage() for record in caplog.records)


def test_the_saved_inputs_file_never_holds_the_name_or_the_notes():
    from ui.answer.report_download import NAME, NOTES
    from ui.form.saved import dump_inputs
    from ui.form.example import example
    from ui.page import MEMBER
    from ui.shell.state import clear_member

    state = example(date.today()) | {NAME: "Zacarías Quiñones", NOTES: "nota 7788", "history_rows": [],
                                     "comparison": []}
    saved = dump_inputs(state).decode()
    assert "Zacarías" not in saved and "7788" not in saved
    clear_member(state, date.today(), MEMBER)
    assert state[NAME] == "" and state[NOTES] == ""  # emptied explicitly: the browser shows the empty boxes


# --- comparisons ---------------------------------------------------------------------------------------

def test_difference_reasons_are_in_words():
    base = read_scenario(LEY447)
    other = read_scenario(dict(TEACHERS))
    es = difference_reasons(base, estimate(base, "es"), other, estimate(other, "es"), "es")
    assert "Es otro plan: Sistema de Retiro para Maestros en lugar de Empleados del Gobierno, Ley 447" in es[0]
    assert any("Tiene 30 años de servicio en lugar de 28 años y 3 meses." == r for r in es)
    assert any("$1,956.11 al mes en lugar de $36,000.00 al año" in r for r in es)
    assert_plain_words(" ".join(es))
    en = difference_reasons(base, estimate(base, "en"), other, estimate(other, "en"), "en")
    assert_plain_words(" ".join(en))
    rows = dict(comparison_inputs([base, other], "en"))
    assert rows["Years of credited service"] == ["28 years 3 months", "30 years"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_comparison_report_gives_each_amount_age_rule_and_the_reasons(lang):
    scenarios = [read_scenario(d) for d in (LEY447, dict(LEY447, age=56, service_years=27), TEACHERS, REFUNDED)]
    text = text_of(build_comparison_report(scenarios, lang, birth_date=BORN, generated_on=MADE, name="Ana López"))
    for amount in ("$1,395.00", "$1,161.60", "$1,467.08", "−$233.40", "+$72.08"):
        assert amount in text
    assert "$0.00" not in text  # the refund gets its reasons, never a number
    assert ("Escenario 4" if lang == "es" else "Scenario 4") in text
    assert ("Preparado para: Ana López" if lang == "es" else "Prepared for: Ana López") in text
    assert_plain_words(text)
    with pytest.raises(ValueError):
        build_comparison_report(scenarios[:1], lang)
    with pytest.raises(ValueError):
        build_comparison_report(scenarios + scenarios[:1], lang)


def run(*args):
    return run_command("report", *args, text=True)


def write(tmp_path, *scenarios) -> list:
    paths = []
    for n, data in enumerate(scenarios, start=1):
        path = tmp_path / f"escenario{n}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_files_through_the_command_line_make_a_comparison_with_their_three_amounts(tmp_path, lang):
    files = write(tmp_path, LEY447, dict(LEY447, age=56, service_years=27), TEACHERS)
    target = tmp_path / "comparacion.pdf"
    proc = run(*files, "--lang", lang, "-o", target, "--birth-date", "1970-02-15",
               "--name", "Ana López", "--notes", "Tres escenarios")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("\n") == 1
    pages = pdf_pages(target.read_bytes())
    text = " ".join(pages)
    for amount in ("$1,395.00", "$1,161.60", "$1,467.08"):
        assert amount in text
    assert "Ana López" in pages[0] and "Tres escenarios" in pages[0]
    assert ("Comparación de escenarios" if lang == "es" else "Scenarios compared") in pages[0]
    assert_plain_words(text)


def test_one_file_with_name_and_notes_makes_the_members_report(tmp_path):
    (source,) = write(tmp_path, LEY447)
    target = tmp_path / "informe.pdf"
    proc = run(source, "-o", target, "--birth-date", "1970-02-15", "--name", "Ana López", "--notes", "Nota")
    assert proc.returncode == 0, proc.stderr
    first = pdf_pages(target.read_bytes())[0]
    assert HEADLINE["es"] in first and "Preparado para: Ana López" in first and "Nota" in first


@pytest.mark.parametrize("lang, expected", [("es", "Se comparan de 2 a 4 escenarios"),
                                            ("en", "A comparison takes 2 to 4 scenarios")])
def test_more_than_four_files_are_refused_in_one_line_and_nothing_is_written(tmp_path, lang, expected):
    files = write(tmp_path, *[LEY447] * 5)
    target = tmp_path / "comparacion.pdf"
    proc = run(*files, "--lang", lang, "-o", target)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and expected in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"escenario{n}.json" for n in range(1, 6)]


def test_a_bad_file_among_several_is_named(tmp_path):
    files = write(tmp_path, LEY447, dict(LEY447, plan="ley3"))
    target = tmp_path / "comparacion.pdf"
    proc = run(*files, "--lang", "en", "-o", target)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1
    assert "escenario2.json" in proc.stderr and "plan" in proc.stderr
    assert not target.exists()


def test_a_name_too_long_is_refused(tmp_path):
    (source,) = write(tmp_path, LEY447)
    target = tmp_path / "informe.pdf"
    proc = run(source, "--lang", "en", "-o", target, "--name", "x" * (NAME_LIMIT + 1))
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1 and "--name" in proc.stderr
    assert not target.exists()


# --- in the app -------------------------------------------------------------------------------------

def test_the_app_takes_a_name_and_notes_for_the_report_and_clearing_forgets_them():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    opened(at, EXTRAS_OPEN)
    assert "Para el informe (opcional)" in [e.label for e in at.expander]
    at.text_input(key="report_name").set_value("Zacarías Quiñones").run()
    at.text_area(key="report_notes").set_value("nota 7788").run()
    assert not at.exception
    assert "Descargar el informe (PDF)" in [b.label for b in at.button]
    at.button(key="clear_session").click().run()
    at.button(key="clear_confirm").click().run()
    assert not at.exception
    opened(at, EXTRAS_OPEN)  # a new member: the page as it opens, sections closed
    assert at.text_input(key="report_name").value == "" and at.text_area(key="report_notes").value == ""
    state = at.session_state._state._state
    held = " ".join(repr(part) for part in (state._old_state, state._new_session_state,
                                             state._new_widget_state.states))
    assert "Zacarías" not in held and "7788" not in held


def test_the_comparison_page_offers_its_report_from_two_scenarios():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.run()
    at.button(key="add_to_compare").click().run()
    at.switch_page("pages/1_Comparar.py").run()
    assert not at.exception
    assert "Descargar la comparación (PDF)" not in [b.label for b in at.button]
    at.session_state["comparison"].append(dict(at.session_state["comparison"][0], age=60))
    at.run()
    assert not at.exception
    assert "Descargar la comparación (PDF)" in [b.label for b in at.button]
    inputs = " ".join(h.proto.body for h in at.get("html") if "compare-input" in h.proto.body)  # each column's
    assert "Empleados del Gobierno, Ley 447" in inputs and "ley447" not in inputs



def handed_over(at, key: str) -> dict:
    """The file the page hands to the browser in this run (`ui/shell/fresh_download.py`): its name and bytes."""
    import base64

    found = [el for el in at.get("bidi_component") if el.proto.id.endswith(f"-{key}_file")]
    assert len(found) == 1, f"the page handed over no file for {key}"
    file = json.loads(found[0].proto.bytes)
    return {"name": file["name"], "bytes": base64.b64decode(file["data"])}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_report_carries_what_the_run_of_the_click_shows(lang):
    """A salary and a name typed and the report clicked in one go (as a browser sends a box being typed in with
    the click): the PDF has that amount and that name, the one the page shows in the same run, not the run's
    before. A second name, clicked again: the second PDF has the second name."""
    from streamlit.testing.v1 import AppTest

    from tests.amounts import amounts

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.run()
    at.segmented_control(key="lang").set_value(lang).run()
    opened(at, EXTRAS_OPEN)
    before = amounts(at)[0].value
    at.text_input(key=box_key("average_annual")).set_value("50,000.00")
    at.text_input(key="report_name").set_value("Zacarías Quiñones")
    at.button(key="report_download").click().run()
    assert not at.exception
    shown = amounts(at)[0].value
    assert shown != before  # the typed salary changed the amount on the page
    file = handed_over(at, "report_download")
    assert file["name"] == f"estimado-pension-{lang}.pdf"
    text = text_of(file["bytes"])
    assert shown in text and before not in text and "Zacarías Quiñones" in text
    at.text_input(key="report_name").set_value("Ana Prueba")
    at.button(key="report_download").click().run()
    text = text_of(handed_over(at, "report_download")["bytes"])
    assert "Ana Prueba" in text and "Zacarías" not in text
    at.run()  # the next run hands over nothing: one click, one file
    assert not [el for el in at.get("bidi_component") if el.proto.id.endswith("-report_download_file")]


def test_a_report_that_cannot_be_built_says_so_and_hands_over_nothing(monkeypatch):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.run()
    import estimator

    monkeypatch.setattr(estimator, "build_report", lambda *a, **k: (_ for _ in ()).throw(OSError("disk")))
    at.button(key="report_download").click().run()
    assert not at.exception
    assert any("No se pudo preparar el archivo" in e.value for e in at.error)
    assert not [el for el in at.get("bidi_component") if el.proto.id.endswith("-report_download_file")]


def test_the_saved_file_carries_the_inputs_of_the_run_of_the_click():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    opened(at, SAVED_OPEN)
    at.text_input(key=box_key("average_annual")).set_value("41,234.56")
    at.button(key="saved_download").click().run()
    saved = json.loads(handed_over(at, "saved_download")["bytes"])
    assert saved["inputs"]["average_annual"] in ("41,234.56", "41234.56", 41234.56), saved["inputs"]


@pytest.mark.parametrize("name, said", [("Zacarías Quiñones", False), ("محمد", True), ("שרה", True),
                                        ("Ana Prueba", False)])
def test_a_name_the_report_cannot_print_is_said_under_the_box(name, said):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    opened(at, EXTRAS_OPEN)
    at.text_input(key="report_name").set_value(name).run()
    assert not at.exception
    warned = any("no puede imprimir algunas letras" in w.value for w in at.warning)
    assert warned is said


def test_the_report_prints_the_name_typed_once_its_section_is_closed():
    """Closed, *Para el informe* draws nothing (a change elsewhere sends less); the name and notes typed in it
    are still the report's, and are in the boxes when it is opened again."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    opened(at, EXTRAS_OPEN)
    at.text_input(key="report_name").set_value("Zacarías Quiñones").run()
    at.text_area(key="report_notes").set_value("nota 7788").run()
    at.session_state[EXTRAS_OPEN] = False
    at.run()
    assert not any(t.key == "report_name" for t in at.text_input)
    at.button(key="report_download").click().run()
    text = text_of(handed_over(at, "report_download")["bytes"])
    assert "Zacarías Quiñones" in text and "nota 7788" in text
    opened(at, EXTRAS_OPEN)
    assert at.text_input(key="report_name").value == "Zacarías Quiñones"
    assert at.text_area(key="report_notes").value == "nota 7788"
