"""The app's flows, headless (AppTest): every page, valid and invalid input, language and page switches."""

import re
from datetime import date, datetime, timezone
from decimal import Decimal
from fractions import Fraction

import pytest
import time_machine

from estimator import estimate
from estimator.words.catalog import span
from estimator.arithmetic.display import money
from ui.form.form import _values
from ui.form.member import build_member
from ui.form.example import example
from tests.amounts import amounts
from tests.formula import evaluate
from tests.markdown_links import read
from tests.ui.sections import opened
from ui.form.form import ADVANCED_OPEN



def expected_example_amount() -> str:
    member, errors = build_member(_values(example(date.today())), date.today(), "es")
    assert not errors
    return money(estimate(member.scenario).monthly_pension)


def typed(at, name: str, text: str):
    """Type `text` into the form's box for field `name` (every number and date is typed as text)."""
    return at.text_input(key=f"{name}_text").set_value(text).run()


def box(at, name: str) -> str:
    return at.text_input(key=f"{name}_text").value


def amount_values(at) -> list[str]:
    return [m.value for m in amounts(at)]


def text_of(at) -> str:
    return " ".join(m.value for m in at.markdown) + " " + " ".join(c.value for c in at.caption)


def test_first_screen_answers_without_typing(app):
    assert amount_values(app)[0] == expected_example_amount()
    assert "Regla" in text_of(app)
    assert any("estimado" in i.value for i in app.info)  # the disclaimer
    assert app.expander  # "¿Cómo se calculó?"


def test_language_switch_keeps_every_input(app):
    before = amount_values(app)[0]
    typed(app, "service_years", "28")
    app.segmented_control(key="lang").set_value("en").run()
    assert not app.exception
    assert box(app, "service_years") == "28"
    assert amounts(app)[0].label.startswith("Monthly pension")
    assert "Rule applied" in text_of(app)
    assert amount_values(app)[0] != before  # 28 years changed the amount, in either language


def test_teachers_published_example(app):
    app.radio(key="system").set_value("teachers").run()
    typed(app, "entry_date", "01/08/1996")
    typed(app, "birth_date", "01/01/1980")  # 52 on 1 January 2032: a start age still ahead
    typed(app, "service_years", "30")
    typed(app, "average_monthly", "1,956.11")
    typed(app, "retire_years", "52")
    assert not app.exception
    assert amount_values(app)[0] == "$1,467.08"  # 75% × $1,956.11 (000 ¶A.1)
    assert "$176.05" in text_of(app)  # ¶B: 9% × 1,956.11 until 55


def test_service_longer_than_working_life_is_explained_next_to_the_field(app):
    typed(app, "service_years", "60")
    assert not app.exception
    assert app.error, "a message under the service field"
    message = read(app.error[0].value)  # shown as plain text (ui/shell/plain.py)
    assert "01/08/1989" in message and "se acepta hasta" in message
    assert not amounts(app)  # no amount from bad input
    assert box(app, "birth_date") == "15/02/1970"  # nothing else lost
    typed(app, "service_years", "27")
    assert amount_values(app)[0] == expected_example_amount()


def test_not_eligible_member_gets_the_reasons_and_the_earliest_date(app):
    typed(app, "entry_date", "01/01/1995")  # ley1 (an entry from 2000 is not covered)
    typed(app, "birth_date", "01/06/1980")
    typed(app, "service_years", "15")
    typed(app, "retire_years", "50")
    assert not app.exception
    assert any("Ley 1-1990" in c.value for c in app.caption)
    info = " ".join(i.value for i in app.info)
    # Born 1 June 1980 with 15 years today; working on, the 25 years of inciso (c) are completed 10 years from
    # today, on the same day of the month (RULES.md §0: 29 February with no 29th that year is 1 March); the pension
    # starts on the next monthly birthday, the 1st (RULES.md §0), at the age in completed months then.
    today = date.today()
    try:
        reached = today.replace(year=today.year + 10)
    except ValueError:  # 29 February, ten years later in a common year
        reached = date(today.year + 10, 3, 1)
    when = reached if reached.day == 1 else date(reached.year + reached.month // 12, reached.month % 12 + 1, 1)
    months = (when.year - 1980) * 12 + when.month - 6
    short = "ene feb mar abr may jun jul ago sep oct nov dic".split()[when.month - 1]
    assert f"{span(Fraction(months, 12))} ({when.day} {short} {when.year})" in info  # "56 años y 6 meses"
    assert "Inciso (c)" in info


def test_teacher_who_left_service_is_told_the_estimator_cannot_answer(app):
    app.radio(key="system").set_value("teachers").run()
    app.radio(key="status").set_value("separated").run()
    typed(app, "separation_date", "30/06/2020")
    assert not app.exception
    assert any("no puede contestar" in w.value for w in app.warning)
    assert not amounts(app)


def test_salary_history_is_averaged_and_shown_in_the_steps(app):
    app.radio(key="salary_mode").set_value("history").run()
    assert not app.exception
    assert amount_values(app)[0] == expected_example_amount()  # prefilled with the average
    app.session_state["how_open"] = True  # the steps are built when their section is opened
    app.run()
    steps = next(h.proto.body for h in app.html if "calc-steps" in h.proto.body)
    first = steps.split("<li>")[1]
    # the example retires at 58, later than today: the average is the one at retirement, the projected years
    # (at 0% growth, $36,000.00 each) among the candidates; the 3 highest added up, a calculator checks it
    assert '<div class="what">Retribución promedio al retiro: los 3' in first
    assert "<span class=\"whole\">(3 × $36,000.00)</span> ÷ 3 = <strong>$36,000.00</strong>" in first
    assert "Ley: Ley 447-1951" in first


def test_compare_and_rules_pages(app):
    app.button(key="add_to_compare").click().run()
    assert app.session_state["comparison"]
    typed(app, "retire_years", "62")
    app.button(key="add_to_compare").click().run()
    app.switch_page("pages/1_Comparar.py").run()
    assert not app.exception
    assert len(amounts(app)) == 2
    assert any("Comienza a los 62" in m.value for m in app.markdown)
    app.switch_page("pages/2_Reglas_y_supuestos.py").run()
    assert not app.exception
    labels = [e.label for e in app.expander]
    assert any("Regla 18.2" in label for label in labels)
    assert len(labels) == 18 + 1  # every rule of the three plans, and the coordination with Social Security
    # Each title says its citation once: a teacher's rule is named by it ("Maestros, Sección C: …").
    assert "Maestros, Sección C: insuficiencia en las aportaciones (1.8% por año)" in labels
    assert "Regla 18.2: 58 años de edad y 10 de servicio — Reglamento, Regla 18.2" in labels
    assert all(label.count("Maestros, Sección") <= 1 for label in labels)


def test_inputs_survive_a_page_switch(app):
    typed(app, "service_years", "25")
    app.switch_page("pages/2_Reglas_y_supuestos.py").run()
    app.switch_page("app.py").run()
    assert box(app, "service_years") == "25"


def test_clear_forgets_the_member_and_keeps_the_language(app):
    app.segmented_control(key="lang").set_value("en").run()
    typed(app, "service_years", "20")
    app.button(key="add_to_compare").click().run()
    app.button(key="clear_session").click().run()
    assert app.session_state["comparison"], "nothing is cleared before it is confirmed"
    app.button(key="clear_confirm").click().run()
    assert not app.exception
    assert app.session_state["comparison"] == []
    assert box(app, "service_years") == "27"
    assert app.segmented_control(key="lang").value == "en"


def test_disability_is_answered_with_who_can_answer_never_a_number(app):
    app.checkbox(key="disability").check().run()
    assert not app.exception
    assert not amounts(app)
    assert any("no puede contestar" in w.value for w in app.warning)
    assert any("ASR" in m.value for m in app.markdown)


def test_refund_says_there_is_no_pension_and_who_to_ask(app):
    app.checkbox(key="refunded").check().run()
    assert not amounts(app)
    assert any("reembolso" in m.value and "ASR" in m.value for m in app.markdown)


def test_benefit_freeze_is_labelled_and_holds_service(app):
    before = amounts(app)[0].value
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    app.toggle(key="freeze").set_value(True).run()
    assert not app.exception
    assert any("Ley 3-2013" in w.value for w in app.warning)
    assert amounts(app)[0].value != before  # service frozen at 30 June 2013: 13 years 8 months


def test_key_dates_and_lifetime_view(app):
    text = text_of(app)
    assert "Fechas clave" in [h.value for h in app.header]
    assert "Regla 18.2" in text and "con el Plan Coordinado, desde los 65" in text
    app.session_state["lifetime_open"] = True  # the lifetime view is built when it is opened
    app.run()
    app.text_input(key="lifetime_other").set_value("60").run()
    assert not app.exception
    assert any("alcanza lo cobrado" in m.value for m in app.markdown)
    assert any("sin aumentos de costo de vida" in c.value for c in app.caption)


def test_session_mode_enlarges_type(app):
    """The root font size grows (every size Streamlit gives in rem follows it: tests/browser/test_look.py
    measures them), and the charts are built with the same factor."""
    from ui.shell.look import SESSION_SCALE, session_css

    styles = lambda: [e.proto.body for e in app.get("html") if e.proto.body == session_css()]  # noqa: E731
    assert styles() == []
    app.toggle(key="session_mode").set_value(True).run()
    assert not app.exception
    assert styles() and "font-size: 24px" in session_css() and SESSION_SCALE == 1.5


def test_saved_inputs_load_back_into_the_form(app):
    from ui.form.saved import apply_saved, dump_inputs
    from ui.form.example import example

    saved = example(date.today()) | {"service_years": 22, "average_annual": 41000.0}
    state = {}
    assert apply_saved(state, dump_inputs(saved), "es")
    assert state["saved_note"][0] == "success"
    for key, value in state.items():
        if key in saved:
            app.session_state[key] = value
    app.run()
    assert not app.exception
    assert box(app, "service_years") == "22"
    assert box(app, "average_annual") == "41,000.00"
    assert not apply_saved(state, b"{}", "es") and state["saved_note"][0] == "error"


def test_income_from_65_with_social_security(app):
    # The example member is in the Plan Coordinado: without Social Security the page says what to enter;
    # with it, the System's amount from 65 + Social Security = the total shown.
    assert any("Entre su beneficio estimado del Seguro Social" in i.value for i in app.info)
    typed(app, "social_security", "1800")
    assert not app.exception
    table = next(tb.value for tb in app.table if "Total desde los 65" in list(tb.value.index))
    from_65 = Decimal(table.loc["Pensión del Sistema desde los 65"].iloc[0].replace("$", "").replace(",", ""))
    total = Decimal(table.loc["Total desde los 65"].iloc[0].replace("$", "").replace(",", ""))
    assert table.loc["Seguro Social (el estimado que entró)"].iloc[0] == "$1,800.00"
    assert total == from_65 + Decimal("1800.00")
    assert any("garantía del apartado D" in c.value for c in app.caption)


def test_the_service_the_amount_counts_is_said_with_where_it_comes_from(app):
    """The steps' formulas use the service when the pension starts: the answer says it, in years and months,
    as today's service plus the time until then (the example member is still working)."""
    today = date.today()
    # Born 15/02/1970, starting at 58 on 15/02/2028: the whole months from today to that day (RULES.md §0:
    # counted from today, not from the last monthly birthday), counted here rather than by the code under test.
    start = date(1970 + int(box(app, "retire_years")), 2, 15)  # 58, or the next birthday once past 57
    more = Fraction((start.year - today.year) * 12 + start.month - today.month - (start.day < today.day), 12)
    expected = (f"**Servicio acreditado al comenzar la pensión:** {span(27 + more, 'es')}: 27 años hoy, más "
                f"{span(more, 'es')} si sigue trabajando hasta entonces")
    assert any(expected in m.value for m in app.markdown), [m.value for m in app.markdown if "Servicio" in m.value]
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    app.toggle(key="freeze").set_value(True).run()
    assert any("hasta la congelación" in m.value for m in app.markdown)


def summed_lines(at, column: str, starting: str) -> list[str]:
    """The lines under the lifetime table that begin with `starting`, each checked: its sum, evaluated as
    printed, is its printed total, and that is the table's total in `column`, row by row."""
    table = next(tb.value for tb in at.table if column in list(tb.value.columns))
    text = next(m.value for m in at.markdown if "Cómo se suman los totales" in m.value).replace("\\$", "$")
    lines = [line for line in text.split("\n") if line.startswith(f"- {starting}")]
    assert len(lines) == len(table) == 2
    for line, total in zip(lines, table[column]):
        formula, printed = re.fullmatch(r"- [^:]+: (.+) = \*\*(\$[\d,.]+)\*\* \(.+\)\.", line).groups()
        assert printed == total and evaluate(formula) == Fraction(printed.replace("$", "").replace(",", ""))
    return lines


@pytest.fixture
def app_on_1_december_2026(request):
    """The estimate page as it is on 1 December 2026 (the example member's service at 58 depends on the day)."""
    with time_machine.travel(datetime(2026, 12, 1, 12, tzinfo=timezone.utc), tick=True):
        yield request.getfixturevalue("app")


def test_the_lifetime_view_marks_the_assumptions_behind_each_start_age(app_on_1_december_2026):
    """RULES.md §0 in the lifetime view: on 1/12/2026 the example member (56 years 9 months, 27 years of service)
    has 30 years from 59 years 9 months, so at 60 the merit pension, whose 75% is an assumption; the form's
    58 years (Regla 18.2) reads none."""
    app = app_on_1_december_2026
    app.session_state["lifetime_open"] = True
    app.run()
    app.text_input(key="lifetime_other").set_value("60").run()
    assert not app.exception
    marks = [c.value for c in app.caption if c.value.startswith("Comenzando a los")]
    assert marks == ["Comenzando a los 60 años: Supuesto: Pensión por mérito a los 55 o más = 75% "
                     "(valor por defecto del estimador)."]


def test_the_lifetime_totals_say_how_they_add_up(app_on_1_december_2026):
    """Each total of the lifetime view is printed as months × monthly payment, run by run, and that sum,
    evaluated as printed, is the table's total (the example member: 58 and 63 until 85, coordinated)."""
    app = app_on_1_december_2026
    app.session_state["lifetime_open"] = True
    app.run()
    assert not app.exception
    lines = summed_lines(app, "Total hasta los 85", "Comenzando a los")
    # On 1/12/2026, 27 years of service and 14 whole months to the 58th birthday (15/02/2028): 28 years 2 months.
    # Regla 18.2: (1.5% × 36,000 × 20 + 2% × 36,000 × 8 2/12) ÷ 12 = 16,680 ÷ 12 = 1,390.00 a month from 58;
    # from 65, coordinated: (1% × 6,600 × 20 + 1.5% × 6,600 × 8 2/12 + 1.5% × 29,400 × 20 + 2% × 29,400 × 8 2/12)
    # ÷ 12 = (1,320 + 808.50 + 8,820 + 4,802) ÷ 12 = 15,750.50 ÷ 12 = 1,312.54.
    # 84 × 1,390.00 + 240 × 1,312.54 = 116,760.00 + 315,009.60 = 431,769.60 (58 to 65, then coordinated)
    assert "84 × $1,390.00 + 240 × $1,312.54 = **$431,769.60**" in lines[0]
    assert "lo que paga el Sistema con la coordinación con el Seguro Social" in lines[0]
    # With Social Security entered, its totals too: 84 × 1,390.00 + 240 × (1,312.54 + 1,800.00) = 863,769.60
    typed(app, "social_security", "1,800")
    lines = summed_lines(app, "Total con Seguro Social hasta los 85", "Con el Seguro Social")
    assert "84 × $1,390.00 + 240 × ($1,312.54 + $1,800.00) = **$863,769.60**" in lines[0]


TODAYS = {"es": "en dólares de hoy", "en": "in today's dollars"}
GROWN = {"es": "no en dólares de hoy: los salarios futuros crecen 2% al año",
         "en": "not in today's dollars: future salaries grow 2% a year"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_amount_says_today_s_dollars_only_when_no_salary_growth_entered_it(app, lang):
    """RULES.md §7: a growth of 0% keeps everything in today's dollars. With 2% a year the example member's
    average at 58 takes salaries grown by it, so the caption under the amount, and the lifetime view's
    assumption, no longer say "today's dollars"; back at 0% they do again."""
    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    dollars = lambda: [c.value for c in app.caption if TODAYS[lang] in c.value]  # noqa: E731
    assert [line.split(" · ")[0] for line in dollars()] == [TODAYS[lang]]
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    typed(app, "growth_pct", "2")
    assert [line.split(" · ")[0] for line in dollars()] == [GROWN[lang]]
    app.session_state["lifetime_open"] = True
    app.run()
    from ui.shell.text import ui_text

    lifetime = [c.value for c in app.caption if c.value.endswith(ui_text("lifetime.assumption", lang)[-30:])]
    assert lifetime == [ui_text("lifetime.assumption_grown", lang, change=ui_text("result.growth_rise", lang, figure="2%"))]
    assert lifetime[0].startswith(("Supuesto: los salarios futuros crecen 2% al año, así que las cantidades no están",
                                   "Assumption: future salaries grow 2% a year, so the amounts are not in"))
    typed(app, "growth_pct", "0")
    assert [line.split(" · ")[0] for line in dollars()] == [TODAYS[lang]]


def test_a_value_under_a_closed_avanzado_is_kept_and_used(app):
    """Closed, *Avanzado* draws none of its boxes; what was typed in them still makes the amount, and is in
    the box when the section is opened again."""
    today_amount = amounts(app)[0].value
    opened(app, ADVANCED_OPEN)
    typed(app, "growth_pct", "2")
    grown = amounts(app)[0].value
    assert grown != today_amount
    app.session_state[ADVANCED_OPEN] = False
    app.run()
    assert not any(t.key == "growth_pct_text" for t in app.text_input)
    assert amounts(app)[0].value == grown
    assert [c.value.split(" · ")[0] for c in app.caption if c.value.startswith(GROWN["es"])] == [GROWN["es"]]
    typed(app, "service_years", "26")  # a change elsewhere while it is closed
    assert amounts(app)[0].value not in (grown, today_amount)
    assert any(c.value.startswith(GROWN["es"]) for c in app.caption)  # still with the 2% a year
    opened(app, ADVANCED_OPEN)
    assert box(app, "growth_pct") == "2"


FALLEN = {"es": ("no en dólares de hoy: los salarios futuros bajan 1.5% al año", "Supuesto: los salarios futuros bajan 1.5% al año,"),
          "en": ("not in today's dollars: future salaries fall 1.5% a year", "Assumption: future salaries fall 1.5% a year,")}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_growth_below_zero_is_said_as_a_fall(app, lang):
    """A growth of -1.5% a year reads "bajan 1.5%", not "crecen -1.5%". Salaries of 20,000, 20,000 and 40,000:
    the last, lowered by 1.5% a year (39,400.00, 38,809.00), is still above the first two, so the projected
    salaries enter the average of the 3 highest and the amount is not in today's dollars."""
    from ui.form.salary_table import HISTORY_BOX
    from ui.shell.text import ui_text

    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    app.radio(key="salary_mode").set_value("history").run()
    app.text_area(key=HISTORY_BOX).set_value("20000\n20000\n40000").run()
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    typed(app, "growth_pct", "-1.5")
    caption, lifetime = FALLEN[lang]
    assert [c.value.split(" · ")[0] for c in app.caption if c.value.startswith(caption)] == [caption]
    app.session_state["lifetime_open"] = True
    app.run()
    assert [c.value for c in app.caption if c.value.startswith(lifetime)] == [
        ui_text("lifetime.assumption_grown", lang, change=ui_text("result.growth_fall", lang, figure="1.5%"))]
    assert not any("-1.5% a" in c.value for c in app.caption)
