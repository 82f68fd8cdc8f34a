"""Every value a member types is read and checked by the app (headless, AppTest), in both languages.

Each refusal: the message, in the page's language, under its field; no amount, no chart, no report, no
key dates and no lifetime view anywhere on the page; the answer area names the field to correct; and
everything else the member typed stays as it was.
"""

from __future__ import annotations

import json
import re
from datetime import date
from fractions import Fraction

import pytest

from ui.form.entry import read, read_date, read_number, sync
from ui.form.example import example
from ui.form.fields import MAX_SOCIAL_SECURITY_MONTHLY
from ui.form.member import build_member, period_label
from ui.form.saved import dump_inputs, load_inputs, values_from_saved
from tests.amounts import amounts
from tests.markdown_links import read as shown_text
from ui.form.form import ADVANCED_OPEN
from tests.ui.sections import opened

TODAY = date.today()
MONEY = re.compile(r"\$\d{1,3}(,\d{3})*\.\d{2}")


def typed(at, name: str, text: str):
    at.text_input(key=f"{name}_text").set_value(text).run()
    assert not at.exception
    return at


def in_english(at):
    at.segmented_control(key="lang").set_value("en").run()
    return at


def completed_months(start: date, end: date) -> int:
    return (end.year - start.year) * 12 + end.month - start.month - (end.day < start.day)


def assert_refused(at, field_message: str, fix: str) -> None:
    """The message is shown, and nothing of an answer is."""
    errors = [shown_text(e.value) for e in at.error]  # what the member reads (shown as plain text, ui/shell/plain.py)
    assert any(field_message in e for e in errors), errors
    assert not amounts(at)
    assert not at.get("plotly_chart")
    assert all("informe" not in b.label and "report" not in b.label for b in at.button)
    assert not any(h.value in ("Fechas clave", "Key dates", "Cómo cambia la pensión", "How the pension changes")
                   for h in at.header)
    assert not any(e.label in ("Vista de por vida", "Lifetime view") for e in at.expander)
    shown = " ".join(m.value for m in at.markdown) + " ".join(w.value for w in at.warning)
    assert not MONEY.search(shown.replace("\\$", "$")), "no amount while a value is refused"
    assert any(fix in w.value for w in at.warning), [w.value for w in at.warning]  # what to correct


# (what to do, the message in Spanish, in English, the field named in the answer area: es, en)
CASES = {
    "negative salary": (lambda at: typed(at, "average_annual", "-5"),
                        "La retribución promedio anual debe ser mayor que $0 y de hasta $1,000,000.00",
                        "The annual average pay must be more than $0 and at most $1,000,000.00",
                        ("salario promedio", "average salary")),
    "emptied salary": (lambda at: typed(at, "average_annual", ""),
                       "Escriba la retribución promedio anual.", "Enter the annual average pay.",
                       ("salario promedio", "average salary")),
    "absurd salary": (lambda at: typed(at, "average_annual", "36,000,000"),
                      "de hasta $1,000,000.00 al año", "at most $1,000,000.00 a year",
                      ("salario promedio", "average salary")),
    "salary in words": (lambda at: typed(at, "average_annual", "treinta mil"),
                        "en cifras, por ejemplo 36,000.50", "in figures, for example 36,000.50",
                        ("salario promedio", "average salary")),
    "thousands or decimals": (lambda at: typed(at, "average_annual", "42.000"),
                              "«42.000» se puede leer de dos maneras: 42,000.00 o 42.00",
                              '"42.000" can be read two ways: 42,000.00 or 42.00',
                              ("salario promedio", "average salary")),
    "service in fractions": (lambda at: typed(at, "service_years", "27.5"),
                             "Escriba los años de servicio acreditado en números enteros",
                             "Enter the years of credited service as a whole number",
                             ("servicio acreditado", "credited service")),
    "twelve months": (lambda at: typed(at, "service_months", "12"),
                      "Los meses de servicio van de 0 a 11", "Months of service go from 0 to 11",
                      ("servicio acreditado", "credited service")),
    "emptied months": (lambda at: typed(at, "retire_months", ""),
                       "Escriba los meses de la edad de comienzo (0 si no hay).",
                       "Enter the months of the starting age (0 if none).",
                       ("edad de comienzo de la pensión", "starting age of the pension")),
    "date not written day/month/year": (lambda at: typed(at, "birth_date", "1970-02-15"),
                                        "Escriba la fecha de nacimiento como día/mes/año, por ejemplo 15/02/1970.",
                                        "Enter the date of birth as day/month/year, for example 15/02/1970.",
                                        ("fecha de nacimiento", "date of birth")),
    "no such date": (lambda at: typed(at, "birth_date", "31/02/1970"),
                     "Esa fecha no existe", "That date does not exist",
                     ("fecha de nacimiento", "date of birth")),
    "emptied date": (lambda at: typed(at, "entry_date", ""),
                     "Escriba la fecha en que entró por primera vez al Sistema.",
                     "Enter the date you first entered the System.",
                     ("fecha de entrada al Sistema", "date of entry into the System")),
    "born in the future": (lambda at: typed(at, "birth_date", f"01/01/{TODAY.year + 1}"),
                           "La fecha de nacimiento no puede ser futura: se acepta del",
                           "The date of birth cannot be in the future: accepted from",
                           ("fecha de nacimiento", "date of birth")),
    "younger than 14": (lambda at: typed(at, "birth_date", f"01/01/{TODAY.year - 10}"),
                        "el estimador es para quien tiene de 14 a 100 años",
                        "the estimator is for members aged 14 to 100",
                        ("fecha de nacimiento", "date of birth")),
    "entry before 14": (lambda at: typed(at, "entry_date", "01/01/1980"),  # born 15/02/1970: 9 years old
                        "La fecha de entrada es antes de que cumpliera 14 años (15/02/1984): se acepta del 15/02/1984",
                        "The entry date is before you turned 14 (15/02/1984): accepted from 15/02/1984",
                        ("fecha de entrada al Sistema", "date of entry into the System")),
    "entry in the future": (lambda at: typed(at, "entry_date", f"01/01/{TODAY.year + 1}"),
                            "La fecha de entrada no puede ser futura", "The entry date cannot be in the future",
                            ("fecha de entrada al Sistema", "date of entry into the System")),
    "separation before entry": (lambda at: typed(at.radio(key="status").set_value("separated").run(),
                                                 "separation_date", "30/06/1985"),
                                "La fecha de separación es anterior a la de entrada al Sistema (01/08/1989): "
                                "se acepta del 01/08/1989 a hoy.",
                                "The separation date is before your entry into the System (01/08/1989): "
                                "accepted from 01/08/1989 to today.",
                                ("fecha de separación", "separation date")),
    "separation in the future": (lambda at: typed(at.radio(key="status").set_value("separated").run(),
                                                  "separation_date", f"01/01/{TODAY.year + 1}"),
                                 "La fecha de separación no puede ser futura", "The separation date cannot be in the future",
                                 ("fecha de separación", "separation date")),
    "service longer than since entry": (
        lambda at: typed(at, "service_years", "40"),
        lambda today: f"El servicio (40 años) es mayor que el tiempo desde su primera entrada al Sistema "
        f"(01/08/1989) hasta hoy ({today:%d/%m/%Y}): se acepta hasta "
        f"{period_label(completed_months(date(1989, 8, 1), today), 'es')}.",
        lambda today: f"The service (40 years) is longer than the time from your first entry into the System "
        f"(01/08/1989) to today ({today:%d/%m/%Y}): accepted up to "
        f"{period_label(completed_months(date(1989, 8, 1), today), 'en')}.",
        ("servicio acreditado", "credited service")),
    "service longer than since separation": (
        lambda at: typed(typed(at.radio(key="status").set_value("separated").run(), "separation_date", "31/12/2000"),
                         "service_years", "12"),
        "El servicio (12 años) es mayor que el tiempo desde su primera entrada al Sistema (01/08/1989) hasta su "
        "separación (31/12/2000): se acepta hasta 11 años y 4 meses.",
        "The service (12 years) is longer than the time from your first entry into the System (01/08/1989) to "
        "your separation (31/12/2000): accepted up to 11 years 4 months.",
        ("servicio acreditado", "credited service")),
    "teacher's service longer than since the entry date": (  # a teacher is asked the entry date too
        lambda at: typed(at.radio(key="system").set_value("teachers").run(), "service_years", "45"),
        "El servicio (45 años) es mayor que el tiempo desde su primera entrada al Sistema (01/08/1989)",
        "The service (45 years) is longer than the time from your first entry into the System (01/08/1989)",
        ("servicio acreditado", "credited service")),
    "teacher's service longer than since 14, the entry date left empty": (
        lambda at: typed(typed(at.radio(key="system").set_value("teachers").run(), "entry_date", ""),
                         "service_years", "45"),
        "El servicio (45 años) es mayor que el tiempo desde que cumplió 14 años (15/02/1984)",
        "The service (45 years) is longer than the time from your 14th birthday (15/02/1984)",
        ("servicio acreditado", "credited service")),
    "pension before today's age": (
        lambda at: typed(at, "retire_years", "40"),
        lambda today: "La pensión no puede comenzar antes de su edad de hoy "
        f"({period_label(completed_months(date(1970, 2, 15), today), 'es')})",
        lambda today: f"The pension cannot start before your age today "
        f"({period_label(completed_months(date(1970, 2, 15), today), 'en')})",
        ("edad de comienzo de la pensión", "starting age of the pension")),
    "Social Security above the largest benefit": (
        lambda at: typed(at, "social_security", "25,000"),
        "Ningún beneficio del Seguro Social llega a tanto", "accepted from $0 to $5,500.00 a month",
        ("Seguro Social", "Social Security")),
    "growth out of range": (lambda at: typed(at, "growth_pct", "50"),
                            "El aumento de salario por año va de -10% a 20%.",
                            "The salary increase per year goes from -10% to 20%.",
                            ("aumento de salario (Avanzado)", "salary increase (Advanced)")),
    "emptied assumption": (lambda at: typed(at, "reduction_per_year_pct", ""),
                           "Escriba la reducción por año (el supuesto es 6).",
                           "Enter the reduction per year (the assumption is 6).",
                           ("reducción por año (Avanzado)", "reduction per year (Advanced)")),
    "Board's factor above 1": (lambda at: typed(at.radio(key="reduction_mode").set_value("board").run(),
                                                "board_factor", "1.5"),
                               "El factor de la Junta va de 0 a 1", "The Board's factor goes from 0 to 1",
                               ("factor de la Junta (Avanzado)", "Board's factor (Advanced)")),
    "Board's factor left empty": (lambda at: at.radio(key="reduction_mode").set_value("board").run(),
                                  "Escriba el factor de reducción de la Junta.", "Enter the Board's reduction factor.",
                                  ("factor de la Junta (Avanzado)", "Board's factor (Advanced)")),
}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("case", list(CASES))
def test_each_refusal_says_what_is_accepted_and_shows_no_amount(app, case, lang):
    # The charts are drawn once their section is opened: opened first, so that "no chart" after the refusal
    # can fail (with the section closed it would hold whatever the refusal did).
    if lang == "en":
        in_english(app)
    app.session_state["charts_open"] = True
    opened(app, ADVANCED_OPEN)  # some cases type under *Avanzado*
    assert app.get("plotly_chart")
    act, spanish, english, (fix_es, fix_en) = CASES[case]
    act(app)
    message = spanish if lang == "es" else english
    if callable(message):  # a message naming today: the day of the run, not of the module's import
        message = message(date.today())
    assert_refused(app, message, fix_es if lang == "es" else fix_en)
    # What else the member typed stays as it was.
    assert app.text_input(key="birth_date_text").value in ("15/02/1970", "1970-02-15", "31/02/1970") or \
        case in ("born in the future", "younger than 14")
    assert app.text_input(key="service_months_text").value in ("0", "12")


def test_no_message_is_a_decimal_age(app):
    typed(app, "retire_years", "40")
    message = shown_text(app.error[0].value)
    assert not re.search(r"\d+\.\d+ (años|meses)", message), message
    assert re.search(r"\d+ años( y (1 mes|\d+ meses))?\)", message), message


def test_numbers_are_read_as_people_write_them(app):
    for text in ("36,000", "36000", "$36,000.00", " 36000.00 "):
        typed(app, "average_annual", text)
        assert not app.error and amounts(app), text
        amount = amounts(app)[0].value
        assert app.text_input(key="average_annual_text").value == text  # what was typed stays
    typed(app, "average_annual", "36000.50")
    assert amounts(app) and amounts(app)[0].value != amount


def test_correcting_the_value_brings_the_answer_back(app):
    before = amounts(app)[0].value
    typed(app, "average_annual", "-5")
    assert not amounts(app)
    typed(app, "average_annual", "36,000")
    assert not app.error and amounts(app)[0].value == before


def test_a_refused_value_leaves_the_summary_saying_what_to_fix(app):
    summary = lambda: " ".join(m.value for m in app.markdown)  # noqa: E731
    assert "la edad del formulario" in summary() and "al mes" in summary() and "Regla 18.2" in summary()
    typed(app, "average_annual", "")
    assert "Sin estimado hasta corregir: salario promedio." in summary()


def test_the_group_has_a_spanish_placeholder_and_dates_say_how_to_write_them(app):
    assert app.selectbox(key="group").proto.placeholder == "Elija una opción"
    assert app.text_input(key="birth_date_text").label == "Fecha de nacimiento (día/mes/año)"
    assert app.text_input(key="birth_date_text").placeholder == "dd/mm/aaaa"
    in_english(app)
    assert app.text_input(key="birth_date_text").label == "Date of birth (day/month/year)"


# --- the readers and the ties between a box and its value, as plain functions ----------------------------

@pytest.mark.parametrize("text, value", [("36,000", 36000), ("36000.50", 36000.5), ("$1,234,567.89", 1234567.89),
                                         ("-5", -5), ("0.8500", 0.85), ("6%", 6),
                                         # the Spanish style too, as salary files are read
                                         ("3.150,00", 3150), ("36000,5", 36000.5), ("36,00", 36), ("1,5", 1.5),
                                         ("1.234.567,89", 1234567.89), ("27,5", 27.5)])
def test_read_number(text, value):
    number, problem = read_number(text)
    assert problem is None and float(number) == value


@pytest.mark.parametrize("text, problem", [("", "empty"), ("  ", "empty"), ("abc", "not_number"),
                                           ("1e5", "not_number"), ("--5", "not_number"), (".", "not_number"),
                                           # thousands or decimals: asked, never guessed (RULES.md §0)
                                           ("42.000", "two_ways:42.000"), ("1.500", "two_ways:1.500")])
def test_read_number_refuses(text, problem):
    assert read_number(text) == (None, problem)


@pytest.mark.parametrize("text, value", [("15/02/1970", date(1970, 2, 15)), ("1/8/1989", date(1989, 8, 1)),
                                         ("15-02-1970", date(1970, 2, 15)), ("15.02.1970", date(1970, 2, 15))])
def test_read_date(text, value):
    assert read_date(text) == (value, None)


@pytest.mark.parametrize("text, problem", [("", "empty"), ("1970-02-15", "date_format"), ("15/02/70", "date_format"),
                                           ("29/02/2023", "no_such_date"), ("15/13/1970", "no_such_date")])
def test_read_date_refuses(text, problem):
    assert read_date(text) == (None, problem)


def test_read_applies_each_fields_range():
    assert read("social_security", str(MAX_SOCIAL_SECURITY_MONTHLY)) == (float(MAX_SOCIAL_SECURITY_MONTHLY), None)
    assert read("social_security", "5,500.01") == (None, "range")
    assert read("average_annual", "0") == (None, "range")  # a salary of $0 is a mistake
    assert read("service_years", "27") == (27, None)


def test_a_value_set_elsewhere_is_written_into_its_box_and_a_typed_one_is_read():
    state = {"service_years": 27, "birth_date": date(1970, 2, 15), "average_annual": 36000.0}
    sync(state)
    assert (state["service_years_text"], state["birth_date_text"], state["average_annual_text"]) == \
        ("27", "15/02/1970", "36,000.00")
    state["service_years_text"] = "28"
    state["average_annual_text"] = "-1"
    problems = sync(state)
    assert state["service_years"] == 28 and state["average_annual"] is None
    assert problems["average_annual"] == "below"  # under the range: said in the range's words (no own text)
    state["service_years"] = 22  # a saved file loaded: the box shows it
    sync(state)
    assert state["service_years_text"] == "22"


def test_periods_are_years_and_months():
    assert period_label(12 * 56 + 3, "es") == "56 años y 3 meses"
    assert period_label(12 * 56 + 1, "es") == "56 años y 1 mes"
    assert period_label(12, "en") == "1 year"
    assert period_label(5, "en") == "5 months"


def test_values_from_a_saved_file_are_checked_too():
    """A value that does not come through a box is checked where it is read, once: the saved file's reader
    holds it to the same range, so no member is built from it (ui/comparison/compare.py adds files so)."""
    saved = json.loads(dump_inputs(example(date(2026, 11, 29))))
    saved["inputs"]["average_annual"] = 5_000_000.0
    inputs, reason = load_inputs(json.dumps(saved).encode(), "es")
    assert inputs is None and "Retribución promedio anual" in reason and "$1,000,000.00" in reason, reason
    saved["inputs"]["average_annual"] = 36_000.5
    inputs, reason = load_inputs(json.dumps(saved).encode(), "es")
    member, errors = build_member(values_from_saved(inputs), date(2026, 11, 29), "es")
    assert reason is None and not errors and member.scenario.average_salary == Fraction(72001, 2)  # exactly


def test_the_lifetime_ages_are_checked_by_the_app(app):
    first_age = -(-completed_months(date(1970, 2, 15), date.today()) // 12)  # today's age, rounded up
    app.session_state["lifetime_open"] = True  # the lifetime view is built when it is opened
    app.run()
    app.text_input(key="lifetime_until").set_value("200").run()
    assert not app.exception
    assert any(f"Escriba un número entero de {first_age} a 110." in e.value for e in app.error)
    assert not any("Total hasta" in " ".join(d.value.columns) for d in app.table)
    app.text_input(key="lifetime_until").set_value("90").run()
    assert not app.error
    assert any("Total hasta los 90" in " ".join(d.value.columns) for d in app.table)


def test_the_comparisons_variant_is_checked_by_the_app(app):
    app.switch_page("pages/1_Comparar.py").run()
    assert not app.exception
    app.text_input(key="variant_age").set_value("30").run()
    assert any("Escriba un número entero de" in e.value and "a 100." in e.value for e in app.error)
    assert app.button(key="variant_add").disabled


def test_a_refused_value_under_avanzado_opens_its_section_and_keeps_it_open(app):
    """The section is keyed (it must not close when a message above it comes or goes), so it is opened through the
    session: a value refused inside it opens it, and it stays open once the value is corrected."""
    def advanced():
        return next(e for e in app.expander if e.label == "Avanzado: supuestos")

    app.run()
    assert advanced().proto.expanded is False
    assert not any(t.key == "growth_pct_text" for t in app.text_input)  # closed: its boxes are not drawn
    opened(app, ADVANCED_OPEN)
    typed(app, "growth_pct", "50")
    assert advanced().proto.expanded is True
    assert any(e.value.startswith("El aumento de salario por año") for e in app.error)
    app.session_state[ADVANCED_OPEN] = False  # closed with the value still refused: opened again, box and message
    app.run()
    assert advanced().proto.expanded is True and app.text_input(key="growth_pct_text").value == "50"
    assert any(e.value.startswith("El aumento de salario por año") for e in app.error)
    typed(app, "growth_pct", "2")
    assert advanced().proto.expanded is True and not app.error
