"""The charts as plain functions: the member's choice marked, each jump said in words in both languages,
amounts from $0, dates as Puerto Rico writes them, a colour scale for colour-blind viewers."""

from dataclasses import replace
from datetime import date
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from estimator import estimate
from estimator.arithmetic.dates import add_months
from ui.answer import chart_jumps, chart_labels, charts
from ui.form.fields import FormValues
from ui.form.member import build_member

TODAY = date(2026, 11, 29)
# ley447, Plan Coordinado, 56 years 9 months and 27 years of service today, retiring at 58 (15 February 2028) with
# 28 years 2 months: the 14 whole months from today (29 November 2026) to that day (RULES.md §0).
BASE = FormValues(system="government", entry_date=date(1989, 8, 1), birth_date=date(1970, 2, 15),
                  service_years=27, service_months=0, average_annual=36000.0, retire_years=58, retire_months=0,
                  coordinated=True)
TEACHER = FormValues(system="teachers", entry_date=date(2000, 8, 1), birth_date=date(1978, 5, 10),
                     service_years=24, service_months=3, average_monthly=3000.0, retire_years=52, retire_months=0)


def member_of(values: FormValues, lang: str = "es"):
    member, errors = build_member(values, TODAY, lang)
    assert not errors
    return member


@pytest.fixture(scope="module")
def member():
    return member_of(BASE)


def texts(chart) -> list[str]:
    return [a.text.replace("<br>", " ") for a in chart.figure.layout.annotations]


def test_age_chart_stars_the_chosen_age_at_its_amount(member):
    for lang, name in (("es", "Edad elegida"), ("en", "Chosen age")):
        star = next(t for t in charts.age_chart(member, lang).figure.data if t.name == name)
        assert star.marker.symbol == "star"
        assert (star.x[0], star.y[0]) == (58.0, float(estimate(member.scenario).monthly_pension))  # 1,390.00


def test_age_chart_says_each_jump_and_its_cause_in_both_languages(member):
    # At 59 years 10 months (15 December 2029, 36 whole months from today) service reaches 30: the merit pension,
    # 75% × 36,000 ÷ 12 = 2,250.00, against Regla 18.2 a month before (29 years 11 months):
    # (1.5% × 36,000 × 20 + 2% × 36,000 × 9 11/12) ÷ 12 = 1,495.00. Counted from the last monthly birthday
    # (15 November) instead of today, it would come a month early, at 59 years 9 months.
    assert "30 años de servicio: pensión por mérito, +$755" in texts(charts.age_chart(member, "es"))
    assert "30 years of service: merit pension, +$755" in texts(charts.age_chart(member, "en"))
    # At 58 the reduction ends (Regla 18.6(a) → 18.2): a jump by its rule, drawn with a guide line.
    chart = charts.age_chart(member, "es")
    assert any(text.startswith("58 años: sin reducción (Regla 18.2), +$") for text in texts(chart))
    assert {s.x0 for s in chart.figure.layout.shapes} >= {58.0, 59 + 10 / 12}
    assert 59.75 not in {s.x0 for s in chart.figure.layout.shapes}
    assert "30 años de servicio: pensión por mérito, +$755" in chart.alt  # said to screen readers too


def test_a_rule_that_takes_over_without_a_threshold_is_said_to_pay_more():
    # RULES.md §3, no cap: past 42.5 years of service Regla 18.2's F passes 75% of the average and the member
    # gets it instead of the merit pension (§0, Choice). Not coordinated, AC 36,000, 27 years today (29 Nov 2026).
    # At 72 years 4 months (15 June 2042: 186 whole months from today) service is 42 years 6 months: F =
    # 1.5% × 36,000 × 20 + 2% × 36,000 × 22.5 = 27,000 = 75% × 36,000, a tie, and the merit pension is listed
    # first. At 72 years 5 months (187 months) it is 42 years 7 months: F = 10,800 + 720 × 22 7/12 = 27,060,
    # 2,255.00 a month against 2,250.00: +$5. No threshold of the plan falls there, so the label says why.
    plain = member_of(replace(BASE, coordinated=False))
    assert ("72 años y 5 meses: sin reducción (Regla 18.2) en lugar de pensión por mérito, porque paga más, +$5"
            in charts.age_chart(plain, "es").notes)
    assert ("72 years 5 months: unreduced (Regla 18.2) instead of merit pension, as it pays more, +$5"
            in charts.age_chart(plain, "en").notes)
    # By added service at 70 (15 February 2040: 158 months from today, 40 years 2 months), 2 years 5 months more
    # reach 42 years 7 months.
    at_70 = member_of(replace(BASE, coordinated=False, retire_years=70))
    assert ("42 años y 7 meses de servicio: sin reducción (Regla 18.2) en lugar de pensión por mérito, porque paga "
            "más, +$5" in charts.service_chart(at_70, "es").notes)
    # At a threshold the rule is named alone: the threshold is the cause.
    assert "30 años de servicio: pensión por mérito, +$755" in charts.age_chart(plain, "es").notes


def test_a_jump_within_one_rule_is_found_at_its_threshold():
    # 31 years of service at 52 years 5 months: the merit pension is 65% before 55 and 75% from 55:
    # 10% × 36,000 ÷ 12 = +300.00, the same rule on both sides.
    merit = member_of(replace(BASE, birth_date=date(1974, 6, 1), entry_date=date(1989, 9, 1), service_years=31,
                              retire_years=56, coordinated=False))
    assert "55 años: pensión por mérito, +$300" in texts(charts.age_chart(merit, "es"))
    assert "age 55: merit pension, +$300" in texts(charts.age_chart(merit, "en"))


def test_more_than_25_years_is_the_cause_a_month_past_25():
    teacher = member_of(TEACHER, "en")
    first = texts(charts.age_chart(teacher, "en"))[0]
    assert first.startswith("more than 25 years of service: 1.8% per year, less 5%, +$")
    assert texts(charts.service_chart(teacher, "es"))[-1].startswith(
        "30 años de servicio: 75% del salario promedio, +$")


def test_find_jumps_ignores_the_normal_accrual_and_a_raise():
    # A month's accrual of 5, a raise of 40 once a year, a threshold at index 6 (+300 under one rule)
    # and a change of rule at index 9.
    amounts = [100, 105, 110, 150, 155, 160, 460, 465, 470, 600]
    rules = ["a"] * 9 + ["b"]
    jumps = charts.find_jumps(list(zip(rules, amounts)), thresholds={6})
    assert [(j.index, j.rule, j.change) for j in jumps] == [(6, "a", 300), (9, "b", 130)]
    assert charts.find_jumps(list(zip(rules, amounts)), thresholds={3}) == [chart_jumps.Jump(9, "b", 130)]


def test_labels_sit_above_the_data(member):
    for chart in (charts.age_chart(member, "es"), charts.service_chart(member, "en")):
        highest = max(y for trace in chart.figure.data for y in (trace.y or ()) if y is not None)
        assert chart.figure.layout.annotations
        for label in chart.figure.layout.annotations:
            assert highest < label.ay < chart.figure.layout.yaxis.range[1]


def test_labels_share_a_row_only_where_they_cannot_touch_on_a_phone():
    long = "30 años de servicio:<br>pensión por mérito, +$755"
    # three points close together: three rows; two at the far ends with short labels: one row
    close, _, _ = chart_labels.callouts([(1, 0.1, 10), (2, 0.15, 20), (3, 0.2, 30)], [long] * 3, 30)
    assert len({a.get("ay") for a in close}) == 3
    apart, _, _ = chart_labels.callouts([(1, 0.0, 10), (9, 1.0, 20)], ["58:<br>+$12", "72:<br>+$5"], 30)
    assert len({a.get("ay") for a in apart}) == 1 and [a["xanchor"] for a in apart] == ["left", "right"]


def test_amounts_are_drawn_from_zero(member):
    dates = member.key_dates()
    for chart in (charts.age_chart(member, "es"), charts.service_chart(member, "es"),
                  charts.key_dates_chart(dates, "es")):
        axis = chart.figure.layout.yaxis
        assert axis.rangemode == "tozero" and axis.range[0] == 0
        assert axis.tickprefix == "$"


def test_service_chart_marks_the_members_service_with_no_added_years(member):
    chart = charts.service_chart(member, "es")
    star = next(t for t in chart.figure.data if t.marker and t.marker.symbol == "star")
    assert star.name == "Su servicio, sin servicio adicional"
    # 28 years 2 months at 58: F = 1.5% × 36,000 × 20 + 2% × 36,000 × 8 2/12 = 16,680 → 16,680 ÷ 12 = 1,390.00
    assert (star.x[0], star.y[0]) == (0.0, 1390.0)
    assert "30 años de servicio: pensión por mérito, +$755" in texts(chart)  # 1 year 10 months added: 30 in all


def test_coordinated_member_sees_what_the_system_pays_from_65_and_with_social_security(member):
    chart = charts.age_chart(member, "es")
    names = [t.name for t in chart.figure.data]
    assert "Lo que paga el Sistema desde los 65" in names
    assert "El Sistema más el Seguro Social desde los 65" not in names  # Social Security unknown
    system = next(t for t in chart.figure.data if t.name == "Lo que paga el Sistema desde los 65")
    assert system.line.dash == "dash"
    at_58 = list(system.x).index(58.0)
    from_65 = estimate(member.scenario).coordination.monthly_pension_from_65
    assert system.y[at_58] == float(from_65)
    # At 65 the rule stays the merit pension: the paid amount drops because coordination applies from the start
    # (RULES.md §0, §4), and the label says so, not the rule's name.
    at_65 = next(note for note in chart.notes if note.startswith("65 años: "))
    assert at_65.startswith("65 años: el Sistema paga menos (Plan Coordinado), −$")
    # and what it means for the member's own start age (58), said once, as such
    assert sum(note.startswith("Retirándose a los 58 años, desde los 65 años: el Sistema paga menos") for note in chart.notes) == 1

    with_ss = member_of(replace(BASE, social_security=900.0))
    chart = charts.age_chart(with_ss, "en")
    total = next(t for t in chart.figure.data if t.name == "The System plus Social Security from 65")
    system = next(t for t in chart.figure.data if t.name == "What the System pays from 65")
    assert total.line.dash == "dot"
    assert all(abs(a - b - 900) < 1e-6 for a, b in zip(total.y, system.y) if a is not None)


def test_heat_map_marks_the_chosen_cell_with_money_on_hover_and_in_its_table(member):
    chart = charts.heat_chart(member, "es")
    heat, star = chart.figure.data
    assert 58.0 in heat.y and list(heat.y) == [57.0 + k for k in range(len(heat.y))]  # whole years, 58 a row
    assert (star.x[0], star.y[0]) == (0.0, 58.0) and star.marker.symbol == "star"
    outline = chart.figure.layout.shapes[0]
    assert (outline.x0, outline.x1, outline.y0, outline.y1) == (-0.5, 0.5, 57.5, 58.5)
    row = list(heat.y).index(58.0)
    assert list(heat.customdata[row][0]) == ["A los 58 años, con 0 años más de servicio", "$1,390.00", "Regla 18.2"]
    assert "%{customdata[1]}" in heat.hovertemplate
    assert "su elección: a los 58 años, sin servicio adicional, $1,390.00" in chart.alt
    cell = next(r for r in chart.table if r["Edad"] == 58.0 and r["Servicio adicional (años)"] == 0)
    assert cell["Pensión mensual ($)"] == "$1,390.00"
    assert next(r for r in chart.rows if r["Edad"] == 58.0)["Pensión mensual ($)"] == 1390.0  # the CSV's number


def test_heat_map_colour_scale_suits_colour_blind_viewers_and_its_bar_is_labelled(member):
    heat = charts.heat_chart(member, "en").figure.data[0]
    assert charts.HEAT_SCALE == "Cividis"
    assert heat.colorscale == go.Heatmap(colorscale="Cividis").colorscale
    assert heat.colorbar.title.text == "Monthly pension ($)" and heat.colorbar.tickprefix == "$"


def test_dates_are_written_as_puerto_rico_writes_them():
    assert charts.date_label(date(2026, 11, 15), "es") == "15 nov 2026"
    assert charts.date_label(date(2035, 2, 15), "en") == "15 Feb 2035"
    assert charts.date_label(date(2028, 1, 1), "es") == "1 ene 2028"
    values, texts_ = charts.date_ticks(date(2026, 9, 1), date(2035, 6, 1), "es", most=3)
    assert texts_ == ["ene 2028", "ene 2031", "ene 2034"] and values[0] == "2028-01-01"  # every 3 years
    assert charts.date_ticks(date(2026, 9, 10), date(2027, 1, 20), "en")[1] == ["Oct 2026", "Nov 2026", "Dec 2026",
                                                                                 "Jan 2027"]


def test_key_dates_chart_has_its_dates_in_words_on_the_axis_and_beside_each_point(member):
    dates = member.key_dates()
    spanish = charts.key_dates_chart(dates, "es")
    months = set("ene feb mar abr may jun jul ago sep oct nov dic".split())
    ticks = spanish.figure.layout.xaxis.ticktext
    assert ticks and all(text.split()[0] in months for text in ticks)
    assert "15 feb 2028: Sin reducción (Regla 18.2)" in texts(spanish)
    # the first key date is the member's today (a rule already met), never the last monthly birthday before it
    assert f"de {charts.date_label(member.today, 'es')} a 15 feb 2035" in spanish.alt
    english = charts.key_dates_chart(dates, "en")
    assert all(text.split()[0] in {"Jan", "Apr", "Jul", "Oct", "Feb", "May", "Aug", "Nov", "Mar", "Jun", "Sep",
                                   "Dec"} for text in english.figure.layout.xaxis.ticktext)
    # 30 years are reached 3 years from today; the pension starts on the next monthly birthday (the 15th, RULES.md §0)
    reached = add_months(member.today, 36)
    start = reached if reached.day <= 15 else add_months(reached.replace(day=1), 1)
    assert f"{charts.date_label(start.replace(day=15), 'en')}: Merit pension" in texts(english)


def test_every_rule_has_a_short_name_in_both_languages():
    from estimator.calculation.choice import rules_of
    for plan in ("teachers", "ley447", "ley1"):
        for rule in rules_of(plan):
            for lang in ("es", "en"):
                assert 3 < len(charts.short_rule(rule.id, lang)) <= chart_labels.LABEL_CHARS


def test_heat_rows_keep_the_chosen_age_when_it_is_not_a_whole_year(member):
    later = member_of(replace(BASE, retire_years=60, retire_months=3))
    ages = charts.heat_ages(later)
    assert Fraction(241, 4) in ages and ages[0] >= later.situation.today.age and ages[1] - ages[0] == 1


def sent(figure: go.Figure) -> str:
    """The JSON st.plotly_chart sends the browser for `figure` (plotly.tools and plotly.io, as it calls them)."""
    import plotly.io
    import plotly.tools

    return plotly.io.to_json(plotly.tools.return_figure_from_figure_or_data(figure, validate_figure=True),
                             validate=False)


@pytest.mark.parametrize("values, lang, scale", [(BASE, "es", 1.0), (BASE, "en", 1.25), (TEACHER, "en", 1.0),
                                                 (replace(BASE, coordinated=False), "es", 1.25)])
def test_the_browser_receives_what_plotlys_checked_figure_would_send(values, lang, scale):
    """The charts are built without plotly's check of each property (ui/answer/chart_figure.py, `plotly_figure`): plotly, checking
    the same figure, writes the same bytes (a named colour scale spelled out, no empty list of labels, keys
    in its order) and refuses nothing."""
    member = member_of(values, lang)
    dates = member.key_dates()
    for chart in (charts.age_chart(member, lang, scale=scale), charts.service_chart(member, lang, scale=scale),
                  charts.heat_chart(member, lang, scale=scale), charts.key_dates_chart(dates, lang, scale=scale)):
        figure = chart.figure.to_dict()
        del figure["layout"]["template"]  # plotly's default, added again when checked
        assert sent(chart.figure) == sent(go.Figure(figure))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_chart_marks_the_assumptions_behind_the_amounts_it_draws(member, lang):
    """RULES.md §0: under each chart, every assumption that entered an amount drawn, with its value and whose it
    is. By age: the reduced pension from today (6% a year short of 58) and the merit pension once 30 years are
    reached (75%). At the chosen 58 years by added service: Regla 18.2 until 30 years, then the merit pension.
    A teacher's amounts (75% of M is the law's) carry none."""
    from estimator.calculation.answer import AssumptionUsed
    from estimator.words.assumptions import used_mark

    reduction = used_mark(AssumptionUsed(name="early_reduction_per_year", value=0.06, source="default"), lang)
    merit = used_mark(AssumptionUsed(name="merit_pct_55_plus", value=0.75, source="default"), lang)
    assert charts.age_chart(member, lang).marks == [reduction, merit]
    assert charts.service_chart(member, lang).marks == [merit]
    assert charts.heat_chart(member, lang).marks == [reduction, merit]
    teacher = member_of(TEACHER, lang)
    assert charts.age_chart(teacher, lang).marks == []
