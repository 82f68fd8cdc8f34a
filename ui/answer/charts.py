"""The charts (plotly) and their tables, built from the estimator's grid: plain functions.

Each chart comes with a text alternative, the same numbers as rows, and a CSV of them. Every chart
marks the member's present choice and says in words, beside each jump, what causes it. Amounts are
drawn from $0; dates are written as Puerto Rico writes them ("15 nov 2026"), in the page's language
(plotly's own locales are not loaded: the tick labels are written here).

Their parts, each in a module of its own: the words (`chart_words`: rule names, dates, a jump's sentence),
where the amount jumps and why (`chart_jumps`), the labels' layout above the data (`chart_labels`), the plotly
figure and its pixels (`chart_figure`), the rows and the CSV (`chart_csv`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import timedelta
from fractions import Fraction

import plotly.graph_objects as go

from estimator import assumptions_of, grid, Member, money, span, used_mark

from ui.answer.chart_csv import grid_rows, money_columns, rows_to_csv
from ui.answer.chart_figure import (AXIS_PX, COORDINATION, FONT, PALETTE, TOP_PX, chart_height, colorscale, guides,
                                    legend_html, line_layout, margins, plotly_figure, rule_traces)
from ui.answer.chart_jumps import age_cause, find_jumps, notes_alt, service_cause, service_limits, thresholds
from ui.answer.chart_labels import callouts, wrapped
from ui.answer.chart_words import date_label, date_ticks, jump_text, rule_change, rule_name, short_age, short_rule
from ui.answer.formatting import age_label
from ui.shell.text import ui_text

HEAT_SCALE = "Cividis"  # readable by viewers with any of the common colour-vision deficiencies
HORIZON_AGE = 75
MAX_EXTRA_YEARS = 10
DATES_PX = 170


@dataclass
class Chart:
    figure: go.Figure
    rows: list[dict]
    alt: str
    table: list[dict] | None = None       # the rows as the page shows them, when not the CSV's plain numbers
    notes: list[str] = field(default_factory=list)  # each jump (or change) in words, as the chart labels it
    legend: str | None = None  # a line chart's legend, as the page writes it under the figure
    marks: list[str] = field(default_factory=list)  # RULES.md §0: each assumption that entered an amount drawn

    def csv(self) -> bytes:
        return rows_to_csv(self.rows)


def ages_for(member: Member, step_months: int = 1) -> list[Fraction]:
    start = member.situation.today.age
    end = max(Fraction(HORIZON_AGE), math.ceil(member.planned_age) + 5)
    months = int((end - start) * 12)
    return [start + Fraction(m, 12) for m in range(0, months + 1, step_months)]


def heat_ages(member: Member) -> list[Fraction]:
    """Whole years before and after the chosen age, from today's age to the chart's last age: the chosen
    age is always a row."""
    start, end, chosen = member.situation.today.age, ages_for(member)[-1], member.planned_age
    first = chosen - math.floor(chosen - start)
    return [first + k for k in range(int(math.floor(end - first)) + 1)]


def marks_drawn(member: Member, result, lang: str) -> list[str]:
    """RULES.md §0: each assumption that entered some amount of the chart (every cell of `result` is drawn),
    marked with its value and whose figure it is."""
    return [used_mark(used, lang) for used in assumptions_of(member.situation, result.assumed)]


# --- the charts ----------------------------------------------------------------------------------------

def age_chart(member: Member, lang: str, scale: float = 1.0) -> Chart:
    """(a) the monthly pension by retirement age, service growing with each year worked; under
    coordination, also what the System pays from 65 (and with Social Security, when known)."""
    ages = ages_for(member)
    result = grid(member.situation, ages)
    xs = [float(a) for a in ages]
    hover = [age_label(a, lang) for a in ages]
    paid = result.paid_monthly  # computed on each access: once here
    column = [(result.rule_at(i, 0), float(paid[i, 0])) for i in range(len(ages))]
    traces = rule_traces(xs, column, result.rule_ids, lang, hover)
    chosen = member.planned_age
    at = ages.index(chosen) if chosen in ages else None
    chosen_amount = None if at is None else column[at][1]
    tops = [m for _, m in column]

    marks = dict(thresholds(member, ages, lang))
    jumps = find_jumps(column, {i for i, a in enumerate(ages) if a in marks})
    causes = [age_cause(member, ages[j.index], marks, lang) for j in jumps]
    notes = [jump_text(cause, jump_what(result, column, j, at_threshold, lang), j.change, lang)
             for j, (cause, at_threshold) in zip(jumps, causes)]
    labels = list(notes)
    span_x = xs[-1] - xs[0] or 1.0
    points = [(xs[j.index], (xs[j.index] - xs[0]) / span_x, column[j.index][1]) for j in jumps]

    coordinated = result.coordinated_monthly
    if coordinated is not None:
        system = [None if math.isnan(v) else float(v) for v in coordinated[:, 0]]
        traces.append({"type": "scatter", "x": xs, "y": system, "mode": "lines", "customdata": hover,
                       "name": ui_text("chart.from_65", lang), "line": {"color": COORDINATION, "width": 2.5,
                                                                        "dash": "dash", "shape": "hv"},
                       "hovertemplate": "%{customdata}: $%{y:,.2f}<extra>" + ui_text("chart.from_65", lang)
                                        + "</extra>"})
        tops += [v for v in system if v is not None]
        social = member.situation.today.social_security_monthly
        if social is not None:
            total = [None if v is None else v + float(social) for v in system]
            name = ui_text("chart.with_social_security", lang)
            traces.append({"type": "scatter", "x": xs, "y": total, "mode": "lines", "customdata": hover,
                           "name": name, "line": {"color": COORDINATION, "width": 2.5, "dash": "dot", "shape": "hv"},
                           "hovertemplate": "%{customdata}: $%{y:,.2f}<extra>" + name + "</extra>"})
            tops += [v for v in total if v is not None]
        if at is not None and system[at] is not None and system[at] != chosen_amount:  # said, not drawn over the star
            notes.append(jump_text(ui_text("chart.chosen_from_65", lang, age=age_label(chosen, lang)),
                                   ui_text("chart.coordination", lang),
                                   system[at] - chosen_amount, lang))

    if chosen_amount is not None:
        traces.append({"type": "scatter", "x": [float(chosen)], "y": [chosen_amount], "mode": "markers",
                       "name": ui_text("chart.chosen", lang), "customdata": [age_label(chosen, lang)],
                       "hovertemplate": "%{customdata}: $%{y:,.2f}<extra></extra>",
                       "marker": {"size": 16, "symbol": "star", "color": "#000", "line": {"color": "#fff", "width": 1}}})
    annotations, top, band = callouts(points, [wrapped(n, scale) for n in labels], max(tops, default=0), scale=scale)
    layout = line_layout(ui_text("chart.age_axis", lang), lang, top, chart_height(band), annotations,
                          guides([xs[j.index] for j in jumps]))
    alt = ui_text("chart.by_age_alt", lang, start=age_label(ages[0], lang), end=age_label(ages[-1], lang),
                  chosen=age_label(chosen, lang), amount=money(chosen_amount or 0)) + notes_alt(notes, lang)
    return Chart(plotly_figure(traces, layout, scale), grid_rows(result, lang, per="age"), alt, notes=notes,
                 legend=legend_html(traces), marks=marks_drawn(member, result, lang))


def jump_what(result, column: list[tuple[str | None, float]], jump, at_threshold: bool, lang: str) -> str:
    """What changes at an age chart's jump: the rule (`rule_change`), or (from the age coordination applies
    from the start) what the System pays under the same rule: the paid amount, not the rule, drops there."""
    i = jump.index
    paid = [amount for _, amount in column]
    coordinated_from_here = paid[i] != float(result.monthly[i, 0]) and paid[i - 1] == float(result.monthly[i - 1, 0])
    if not coordinated_from_here:
        return rule_change(column[i - 1][0], jump.rule, at_threshold, lang)
    coordination = ui_text("chart.coordination", lang)
    return coordination if column[i - 1][0] == jump.rule else f"{short_rule(jump.rule, lang)} · {coordination}"


def service_chart(member: Member, lang: str, scale: float = 1.0) -> Chart:
    """(b) the pension at the chosen age by additional credited service."""
    extras = [Fraction(m, 12) for m in range(0, MAX_EXTRA_YEARS * 12 + 1)]
    result = grid(member.situation, [member.planned_age], extras)
    paid = result.paid_monthly  # computed on each access: once here
    column = [(result.rule_at(0, j), float(paid[0, j])) for j in range(len(extras))]
    age = age_label(member.planned_age, lang)
    xs = [float(e) for e in extras]
    hover = ["+" + span(e, lang) for e in extras]
    traces = rule_traces(xs, column, result.rule_ids, lang, hover)
    traces.append({"type": "scatter", "x": [0.0], "y": [column[0][1]], "mode": "markers",
                   "name": ui_text("chart.chosen_service", lang), "customdata": [ui_text("chart.chosen_service", lang)],
                   "hovertemplate": "%{customdata}: $%{y:,.2f}<extra></extra>",
                   "marker": {"size": 16, "symbol": "star", "color": "#000", "line": {"color": "#fff", "width": 1}}})

    service = member.scenario.service_years
    limits = service_limits(member.plan)
    jumps = find_jumps(column, {j for j, e in enumerate(extras) if service + e in limits})
    causes = [service_cause(member.plan, service + extras[j.index], lang) for j in jumps]
    notes = [jump_text(cause or ui_text("chart.service_at", lang, span=span(service + extras[j.index], lang)),
                       rule_change(column[j.index - 1][0], j.rule, cause is not None, lang), j.change, lang)
             for j, cause in zip(jumps, causes)]
    points = [(xs[j.index], xs[j.index] / MAX_EXTRA_YEARS, column[j.index][1]) for j in jumps]
    tops = [m for _, m in column]
    annotations, top, band = callouts(points, [wrapped(n, scale) for n in notes], max(tops, default=0), scale=scale)
    layout = line_layout(ui_text("chart.service_axis", lang), lang, top, chart_height(band), annotations,
                          guides([xs[j.index] for j in jumps]))
    alt = ui_text("chart.by_service_alt", lang, age=age, end=MAX_EXTRA_YEARS, amount=money(column[0][1]))
    return Chart(plotly_figure(traces, layout, scale), grid_rows(result, lang, per="extra"), alt + notes_alt(notes, lang),
                 notes=notes, legend=legend_html(traces), marks=marks_drawn(member, result, lang))


def heat_chart(member: Member, lang: str, scale: float = 1.0) -> Chart:
    """(c) retirement age × additional service, whole years around the chosen age; the chosen cell
    (the chosen age, no additional service) marked."""
    ages = heat_ages(member)
    extras = [Fraction(y) for y in range(0, MAX_EXTRA_YEARS + 1)]
    result = grid(member.situation, ages, extras)
    rules = [[result.rule_at(i, j) for j in range(len(extras))] for i in range(len(ages))]
    paid = result.paid_monthly  # RULES.md §0: what is paid from the first month
    z = [[float(paid[i, j]) if rules[i][j] else None for j in range(len(extras))] for i in range(len(ages))]
    age_words, extra_words = [age_label(a, lang) for a in ages], [span(e, lang) for e in extras]
    where = [[ui_text("chart.heat_cell", lang, age=a, extra=e) for e in extra_words] for a in age_words]
    amounts = [[money(paid[i, j]) if rules[i][j] else "—" for j in range(len(extras))]
               for i in range(len(ages))]
    customdata = [[[where[i][j], amounts[i][j], rule_name(rules[i][j], lang)] for j in range(len(extras))]
                  for i in range(len(ages))]
    amount_title = ui_text("chart.amount_axis", lang)
    trace = {"type": "heatmap", "z": z, "x": [float(e) for e in extras], "y": [float(a) for a in ages],
             "customdata": customdata, "colorscale": colorscale(HEAT_SCALE), "hoverongaps": False, "xgap": 1, "ygap": 1,
             "colorbar": {"title": {"text": amount_title, "side": "top"}, "tickprefix": "$", "tickformat": ",.0f",
                          "orientation": "h", "x": 0, "xanchor": "left", "y": -0.2, "yanchor": "top",
                          "len": 1, "thickness": 14},
             "hovertemplate": "%{customdata[0]}<br><b>%{customdata[1]}</b> · %{customdata[2]}<extra></extra>"}
    chosen = float(member.planned_age)
    star = {"type": "scatter", "x": [0.0], "y": [chosen], "mode": "markers", "name": ui_text("chart.chosen_cell", lang),
            "customdata": [customdata[ages.index(member.planned_age)][0]],
            "hovertemplate": "%{customdata[0]}<br><b>%{customdata[1]}</b> · %{customdata[2]}<extra>"
                             + ui_text("chart.chosen_cell", lang) + "</extra>",
            "marker": {"size": 15, "symbol": "star", "color": "#fff", "line": {"color": "#000", "width": 2}}}
    outline = [{"type": "rect", "x0": -0.5, "x1": 0.5, "y0": chosen - 0.5, "y1": chosen + 0.5,
                "line": {"color": colour, "width": width}} for colour, width in (("#000", 4), ("#fff", 1.5))]
    step = 1 if len(ages) <= 12 else 2
    ticks = [a for k, a in enumerate(ages) if (ages.index(member.planned_age) - k) % step == 0]
    layout = {"margin": {"t": TOP_PX, "r": 10, "b": 10, "l": 10}, "height": 560 + TOP_PX, "hoverlabel": {"font": FONT},
              "showlegend": True, "legend": {"orientation": "h", "x": 0, "y": 1, "yanchor": "bottom", "font": FONT},
              "xaxis": {"title": {"text": ui_text("chart.service_axis", lang)}, "tickvals": list(range(0, 11)),
                        "ticktext": ["0"] + [f"+{k}" for k in range(1, 11)], "automargin": True},
              "yaxis": {"title": {"text": ui_text("chart.age_axis", lang)}, "tickvals": [float(a) for a in ticks],
                        "ticktext": [short_age(a, lang) for a in ticks], "automargin": True},
              "shapes": outline}
    flat = [m for row in z for m in row if m is not None] or [0.0]
    alt = ui_text("chart.heat_alt", lang, min=money(min(flat)), max=money(max(flat))) + " " + ui_text(
        "chart.heat_chosen_alt", lang, age=age_label(member.planned_age, lang),
        amount=amounts[ages.index(member.planned_age)][0])
    rows = grid_rows(result, lang, per="both")
    in_money = money_columns(lang)
    table = [{**row, **{k: (money(v) if v is not None else "—") for k, v in row.items() if k in in_money}}
             for row in rows]
    return Chart(plotly_figure([trace, star], layout, scale), rows, alt, table=table,
                 marks=marks_drawn(member, result, lang))


# --- key dates ---------------------------------------------------------------------------------------

def key_dates_chart(dates, lang: str, scale: float = 1.0) -> Chart:
    """A timeline of the key dates, each with what is paid from then (RULES.md §0) and what happens then in words;
    a rule first met then that is not the one paid is in the key dates' sentences, not on the line."""
    points = [d for d in dates if d.when is not None and d.kind != "rule"]
    names = [rule_name(d.rule, lang) if d.kind == "paid" else ui_text("result.coordination_after", lang)
             for d in points]
    words = [short_rule(d.rule, lang) if d.kind == "paid" else ui_text("chart.coordination", lang)
             for d in points]
    labels = [f"{date_label(d.when, lang)}: {w[:1].upper()}{w[1:]}" for d, w in zip(points, words)]
    amounts = [float(d.monthly_pension) for d in points]
    trace = {"type": "scatter", "x": [d.when.isoformat() for d in points], "y": amounts, "mode": "markers",
             "customdata": [[date_label(d.when, lang), w] for d, w in zip(points, words)],
             "marker": {"size": 12, "color": PALETTE[0]}, "showlegend": False,
             "hovertemplate": "%{customdata[0]}: $%{y:,.2f}<br>%{customdata[1]}<extra></extra>"}
    layout = {"xaxis": {"title": {"text": ui_text("dates.date_axis", lang)}, "automargin": False, "type": "date"},
              "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f",
                        "rangemode": "tozero", "automargin": False},
              "margin": margins(0), "hoverlabel": {"font": FONT}}
    if points:
        first, last = points[0].when, points[-1].when
        pad = timedelta(days=max(90, (last - first).days // 12))
        low, high = first - pad, last + pad
        stretch = (high - low).days or 1
        place = [(d.when.isoformat(), (d.when - low).days / stretch, a) for d, a in zip(points, amounts)]
        annotations, top, band = callouts(place, [wrapped(label, scale) for label in labels], max(amounts), DATES_PX,
                                           scale)
        tickvals, ticktext = date_ticks(first, last, lang, most=3)  # inside: plotly hides a label past the edge
        if len(tickvals) < 2:
            tickvals, ticktext = date_ticks(low, high, lang, most=3)
        layout["xaxis"].update(range=[low.isoformat(), high.isoformat()], tickvals=tickvals, ticktext=ticktext)
        layout["yaxis"]["range"] = [0, top]
        layout["margin"] = margins(top)
        layout.update(annotations=annotations, height=DATES_PX + band + AXIS_PX + TOP_PX)
    rows = [{ui_text("dates.date_axis", lang): date_label(d.when, lang), ui_text("chart.col_age", lang): age_label(d.age, lang),
             ui_text("chart.col_rule", lang): name, ui_text("chart.col_monthly", lang): float(d.monthly_pension)}
            for d, name in zip(points, names)]
    alt = ui_text("dates.chart_alt", lang, count=len(points),
                  first=date_label(points[0].when, lang) if points else "—",
                  last=date_label(points[-1].when, lang) if points else "—")
    return Chart(plotly_figure([trace], layout, scale), rows, alt, notes=labels)
