"""The app's builders as plain functions: member input, CSV uploads, charts, tables, comparisons, texts."""

import re
import string
from dataclasses import replace
from datetime import date
from fractions import Fraction
from html import unescape

import pytest

from estimator import estimate, read_scenario
from estimator.words.citations import display
from estimator.io.salary_file import SalaryFileError
from ui.answer import charts
from ui.answer.explanation import steps_html
from estimator.member.compare import difference_reasons
from ui.form.fields import FormValues
from ui.form.member import build_member
from ui.form.salary_upload import preview_table, projection_note, read_for_form, summary
from ui.shell.text import catalog

TODAY = date(2026, 11, 29)
BASE = FormValues(system="government", entry_date=date(1989, 8, 1), birth_date=date(1970, 2, 15),
                  service_years=27, service_months=0, average_annual=36000.0, retire_years=58, retire_months=0,
                  coordinated=True)


def test_the_example_member_is_built_with_its_plan_and_ages():
    member, errors = build_member(BASE, TODAY, "es")
    assert errors == {}
    assert member.plan == "ley447"
    assert member.situation.today.age == Fraction(56 * 12 + 9, 12)  # completed months on 29/11/2026
    # at 58 (15/02/2028): 27 years + the 14 whole months from today (29/11/2026; the 15th is completed on 29/01/2028)
    # = 28 years 2 months (RULES.md §0: counted from today, not from the last monthly birthday, 15/11/2026, which
    # would give 15 months); F = 1.5% × 36,000 × 20 + 2% × 36,000 × 8 2/12 = 10,800 + 5,880 = 16,680 → 1,390.00
    assert member.scenario.service_years == Fraction(28 * 12 + 2, 12)
    assert str(estimate(member.scenario).monthly_pension) == "1390.00"


def test_entry_on_1_april_1990_makes_a_new_participant():
    member, _ = build_member(replace(BASE, entry_date=date(1990, 4, 1)), TODAY, "es")
    assert member.plan == "ley1"
    member, _ = build_member(replace(BASE, entry_date=date(1990, 3, 31)), TODAY, "es")
    assert member.plan == "ley447"


@pytest.mark.parametrize("change, field", [
    ({"birth_date": None}, "birth_date"),
    ({"birth_date": date(2030, 1, 1)}, "birth_date"),
    ({"entry_date": date(2030, 1, 1)}, "entry_date"),
    ({"entry_date": date(1975, 1, 1)}, "entry_date"),          # before age 14
    ({"status": "separated", "separation_date": None}, "separation_date"),
    ({"status": "separated", "separation_date": date(1985, 1, 1)}, "separation_date"),  # before entry
    ({"service_years": 50}, "service"),                        # longer than working life
    ({"service_months": None, "problems": {"service_months": "range"}}, "service"),  # as the box's reader says
    ({"average_annual": None}, "average"),
    ({"retire_years": 50}, "retire"),                          # before today's age
    ({"salary_mode": "history", "history": [30000.0, 31000.0]}, "history"),  # fewer than 3
    ({"reduction_mode": "board", "board_factor": 1.5}, "reduction_factor"),
])
def test_each_bad_input_is_reported_on_its_own_field(change, field):
    member, errors = build_member(replace(BASE, **change), TODAY, "en")
    assert member is None
    assert field in errors and len(errors[field]) > 10


def test_history_average_replaces_the_typed_average():
    values = replace(BASE, salary_mode="history", history=[30000.0, 33000.0, 36000.0, 20000.0])
    member, errors = build_member(values, TODAY, "es")
    assert not errors
    assert member.situation.today.average_salary == 33000  # (30,000 + 33,000 + 36,000) ÷ 3
    # at 58 one more year at 0% growth, $20,000.00 (the last salary), is among the candidates but not taken
    assert [step.formula for step in member.explained('es').steps] == ["($36,000.00 + $33,000.00 + $30,000.00) ÷ 3"]


def test_salary_file_preview_shows_periods_amounts_and_the_rows_averaged():
    """The upload's preview (ui/form/salary_upload.py): the reader's rows, as plain cells; the summary names
    the rows the average takes. The reader itself: tests/estimator/cli/test_salary_files.py."""
    raw = "Año;Salario\n2021;31.000,00\n2020;20.000\n2022;32.000,00\n2023;33.000,50\n".encode()
    history = read_for_form(raw, "ley447", "es")
    table = preview_table(history, "es")
    assert list(table.columns) == ["Fila", "Período", "Salario", "En el promedio"]
    assert table["Período"].tolist() == ["2021", "2020", "2022", "2023"]
    assert table["Salario"].tolist() == ["$31,000.00", "$20,000.00", "$32,000.00", "$33,000.50"]
    assert table["En el promedio"].tolist() == ["sí", "", "sí", "sí"]
    # (31,000 + 32,000 + 33,000.50) ÷ 3 = 96,000.50 ÷ 3 = 32,000.1666… → $32,000.17
    assert summary(history, "es").endswith("(filas 2, 4, 5): $32,000.17 al año.")
    assert [s.period for s in history.chronological()] == ["2020", "2021", "2022", "2023"]


def test_salary_file_above_the_forms_largest_salary_is_refused_at_its_row():
    with pytest.raises(SalaryFileError) as refused:
        read_for_form(b"30000\n2000000\n31000\n", "ley447", "en")
    assert refused.value.field == "row 2" and "$1,000,000.00" in refused.value.message


def test_projection_is_said_plainly():
    assert "0%" in projection_note("ley447", 0, "es") and "dólares de hoy" in projection_note("ley447", 0, "es")
    assert "2.5%" in projection_note("teachers", 2.5, "en") and "month" in projection_note("teachers", 2.5, "en")
    assert "aumentado 2.5% cada año" in projection_note("ley447", 2.5, "es")
    # a growth below zero is a fall, said with the figure entered without its sign
    assert "reducido 1.5% cada año" in projection_note("ley447", -1.5, "es")
    assert "lowered 1.5% each year" in projection_note("teachers", -1.5, "en")
    assert "-1.5" not in projection_note("ley447", -1.5, "es") + projection_note("ley447", -1.5, "en")


def test_csv_downloads_neutralise_formulas():
    text = charts.rows_to_csv([{"a": "=1+2", "b": "+x", "c": "-3", "d": "@f", "e": 5}]).decode()
    assert text.splitlines()[1] == "'=1+2,'+x,'-3,'@f,5"


@pytest.fixture(scope="module")
def member():
    return build_member(BASE, TODAY, "es")[0]


def test_age_chart_matches_the_single_answer_at_the_chosen_age(member):
    chart = charts.age_chart(member, "es")
    assert chart.figure.data, "one trace per rule that applies"
    names = {trace.name for trace in chart.figure.data}
    assert "Regla 18.2" in names and "Edad elegida" in names
    chosen = next(t for t in chart.figure.data if t.name == "Edad elegida")
    assert chosen.y[0] == float(estimate(member.scenario).monthly_pension)
    assert "$1,390.00" in chart.alt
    first = chart.rows[0]
    assert first["Edad"] == 56.75 and first["Regla"] == "Regla 18.6(a)"


def test_service_and_heat_charts_have_tables_and_text(member):
    service = charts.service_chart(member, "en")
    assert len(service.rows) == 121 and "58 years" in service.alt
    heat = charts.heat_chart(member, "en")
    assert heat.figure.data[0].type == "heatmap"
    assert len(heat.rows) == len(heat.figure.data[0].y) * 11
    assert heat.csv().startswith(b"Age,Additional service (years),Rule")


def test_thresholds_are_marked(member):
    marks = dict(charts.thresholds(member, charts.ages_for(member), "es"))
    assert marks[Fraction(58)] == "58 años"
    # 30 years on the first monthly birthday with 36 whole months from today (29/11/2026): 15/12/2029, at 59 years
    # 10 months; 56.75 + (30 − 27) = 59 years 9 months (15/11/2029) is 35 months from today
    assert marks[Fraction(59 * 12 + 10, 12)] == "30 años de servicio" and Fraction(239, 4) not in marks
    assert Fraction(65) in marks


def test_comparison_says_why_amounts_differ():
    base = read_scenario({"plan": "ley447", "age": 56, "service_years": 26, "average_salary": 30000})
    later = read_scenario({"plan": "ley447", "age": 58, "service_years": 28, "average_salary": 30000})
    reasons = difference_reasons(base, estimate(base), later, estimate(later), "en")
    # each rule named as it reads inside a sentence, with its citation, never by its title ("Regla 18.2: …")
    assert ("Here the retirement at age 58 with 10 years of service (Reglamento, Regla 18.2) applies; in scenario 1, "
            "the actuarially reduced retirement at ages 55 to 57") in reasons[0]
    assert not any("Regla 18.2:" in r or "Regla 18.6(a):" in r for r in reasons)
    earlier = difference_reasons(later, estimate(later), base, estimate(base), "es")
    assert earlier[0].startswith("Aquí se aplica el retiro con reducción actuarial, de 55 a 57 años de edad")
    assert any("starts at 58 years" in r for r in reasons)
    assert difference_reasons(base, estimate(base), base, estimate(base), "es") == ["Igual que el escenario 1."]


def test_ui_catalogs_have_the_same_keys_and_placeholders():
    es, en = catalog("es"), catalog("en")
    assert set(es) == set(en)
    fields = lambda text: {f for _, f, _, _ in string.Formatter().parse(text) if f}
    for key in es:
        assert fields(es[key]) == fields(en[key]), key


# Citations read as the law does, in its own words in both languages (CONTRACT.md, *Steps*).
@pytest.mark.parametrize("cite, shown", [
    ("000 ¶A.4", "Maestros, Sección A, inciso 4"),
    ("001 (c); 002 Regla 18.6(b)", "Ley 1-1990, inciso (c); Reglamento, Regla 18.6(b)"),
    ("002 Regla 18.6(a); 003 Regla 19.5(a)", "Reglamento, Regla 18.6(a); Regla 19.5(a)"),
    ("004 ¶E.5", "Coordinación con el Seguro Social, apartado E.5"),
])
def test_citations_read_as_the_law_does(cite, shown):
    assert display(cite, "es") == shown and display(cite, "en") == shown


def test_saved_inputs_round_trip_exactly():
    from ui.form.saved import dump_inputs, load_inputs, values_from_saved
    from ui.form.example import example
    state = example(TODAY) | {"history_rows": [30000.0, 31000.5, 29999.99], "average_annual": 36123.45}
    inputs, error = load_inputs(dump_inputs(state), "es")
    assert error is None
    assert inputs["history_rows"] == [30000.0, 31000.5, 29999.99]
    assert inputs["history_periods"] == []  # none typed
    assert {k: v for k, v in inputs.items() if k not in ("history_rows", "history_periods")} == {
        k: state[k] for k in inputs if k not in ("history_rows", "history_periods")}
    member, errors = build_member(values_from_saved(inputs), TODAY, "es")
    assert not errors and member.situation.today.average_salary == Fraction("36123.45")


@pytest.mark.parametrize("raw, words", [
    (b"not json", "JSON"),
    (b'{"format": "something-else", "version": 1}', "no es de datos"),
    (b'{"format": "estimador-pension/inputs", "version": 1, "inputs": {"system": "army"}}', "«Sistema de retiro»"),
    (b'{"format": "estimador-pension/inputs", "version": 2, "inputs": {}}', "version"),
    (b"x" * 300_000, "grande"),
])
def test_damaged_or_foreign_saved_files_are_refused_with_a_reason(raw, words):
    from ui.form.saved import load_inputs
    inputs, error = load_inputs(raw, "es")
    assert inputs is None and words in error


def test_the_steps_keep_a_short_group_on_one_line_and_the_formula_as_printed():
    answer = estimate(read_scenario({"plan": "ley447", "age": 58, "service_years": 28.25, "average_salary": 36000,
                                     "coordinated": True}))
    shown = steps_html(answer, "es")
    assert '<span class="whole">($36,000.00 − $6,600.00)</span>' in shown
    assert '<span class="whole">(28.25 − 20)</span>' in shown
    maths = [unescape(re.sub(r"<[^>]+>", "", m)) for m in re.findall(r'<div class="math">(.*?)</div>', shown)]
    assert [m.split(" = ")[0] for m in maths] == [s.formula for s in answer.steps]  # the text itself unchanged
