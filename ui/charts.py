"""The charts (plotly) and their tables, built from the estimator's grid: plain functions.

Each chart comes with a text alternative, the same numbers as rows, and a CSV of them.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from fractions import Fraction

import plotly.graph_objects as go

from estimator.numbers import money, number
from estimator.parameters import definitions
from estimator.projection import Grid, grid
from estimator.texts import t

from .member import Member, age_label
from .text import ui_text

PALETTE = ["#1b6ca8", "#e07b00", "#2e8b57", "#b22222", "#6a3d9a", "#8c564b", "#d6338a", "#4d4d4d"]
NO_RULE = "#bdbdbd"
HORIZON_AGE = 75
MAX_EXTRA_YEARS = 10


@dataclass
class Chart:
    figure: go.Figure
    rows: list[dict]
    alt: str

    def csv(self) -> bytes:
        return rows_to_csv(self.rows)


def rows_to_csv(rows: list[dict]) -> bytes:
    """CSV of the rows; a text cell that a spreadsheet would run as a formula is neutralised."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _safe_cell(v) for k, v in row.items()})
    return out.getvalue().encode("utf-8")


def _safe_cell(value: object) -> object:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def rule_name(rule_id: str | None, lang: str) -> str:
    if rule_id is None:
        return ui_text("chart.no_rule", lang)
    return t(f"rule.{rule_id}", lang).split(":")[0]


def colour_of(rule_ids: list[str]) -> dict[str | None, str]:
    colours: dict[str | None, str] = {rule: PALETTE[i % len(PALETTE)] for i, rule in enumerate(rule_ids)}
    colours[None] = NO_RULE
    return colours


def ages_for(member: Member, step_months: int = 1) -> list[Fraction]:
    start = member.situation.today.age
    end = max(Fraction(HORIZON_AGE), math.ceil(member.planned_age) + 5)
    months = int((end - start) * 12)
    return [start + Fraction(m, 12) for m in range(0, months + 1, step_months)]


def _figure(traces: list[dict], layout: dict) -> go.Figure:
    """One figure built at once from plain dicts (adding traces and lines one by one is ten times slower)."""
    return go.Figure({"data": traces, "layout": layout})


def _line_layout(title: str, x_title: str, lang: str, shapes: list | None = None,
                 annotations: list | None = None) -> dict:
    return {"title": {"text": title}, "xaxis": {"title": {"text": x_title}},
            "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f"},
            "legend": {"orientation": "h", "y": -0.25}, "margin": {"t": 50},
            "shapes": shapes or [], "annotations": annotations or []}


def _rule_traces(x: list[float], column: list[tuple[str | None, float]], rule_ids: list[str], lang: str) -> list[dict]:
    """One line per rule (gaps where another rule applies), stepped: amounts change by the month."""
    colours = colour_of(rule_ids)
    traces = []
    for rule in [None, *rule_ids]:
        ys = [m if r == rule else None for r, m in column]
        if all(y is None for y in ys):
            continue
        name = rule_name(rule, lang)
        traces.append({"type": "scatter", "x": x, "y": ys, "mode": "lines", "name": name,
                       "line": {"color": colours[rule], "width": 3, "shape": "hv"},
                       "hovertemplate": "%{x:.2f}: $%{y:,.2f}<extra>" + name + "</extra>"})
    return traces


def age_chart(member: Member, lang: str) -> Chart:
    """(a) the monthly pension by retirement age, service growing with each year worked."""
    ages = ages_for(member)
    result = grid(member.situation, ages)
    column = [(result.rule_at(i, 0), float(result.monthly[i, 0])) for i in range(len(ages))]
    traces = _rule_traces([float(a) for a in ages], column, result.rule_ids, lang)
    chosen = member.planned_age
    chosen_amount = _amount_at(result, ages.index(chosen) if chosen in ages else None)
    if chosen_amount is not None:
        traces.append({"type": "scatter", "x": [float(chosen)], "y": [chosen_amount], "mode": "markers",
                       "name": ui_text("chart.chosen", lang),
                       "marker": {"size": 14, "symbol": "star", "color": "#000"}})
    marks = thresholds(member, ages, lang)
    shapes = [{"type": "line", "x0": float(a), "x1": float(a), "yref": "paper", "y0": 0, "y1": 1,
               "line": {"dash": "dot", "color": "#888", "width": 1}} for a, _ in marks]
    annotations = [{"x": float(a), "y": 1, "yref": "paper", "text": label, "showarrow": False, "textangle": -90,
                    "xanchor": "left", "yanchor": "top", "font": {"size": 10}} for a, label in marks]
    layout = _line_layout(ui_text("chart.by_age", lang), ui_text("chart.age_axis", lang), lang, shapes, annotations)
    alt = ui_text("chart.by_age_alt", lang, start=age_label(ages[0], lang), end=age_label(ages[-1], lang),
                  chosen=age_label(chosen, lang), amount=money(chosen_amount or 0))
    return Chart(_figure(traces, layout), _rows(result, lang, per="age"), alt)


def thresholds(member: Member, ages: list[Fraction], lang: str) -> list[tuple[Fraction, str]]:
    """The ages where a rule's threshold falls: the plan's age thresholds and, for a member in service,
    the ages where service reaches its thresholds."""
    s = member.situation.today
    marks: dict[Fraction, str] = {}
    params = definitions(s.plan)
    for name, spec in params.items():
        if spec.unit == "years_of_age" and spec.value is not None:
            age = Fraction(spec.value)
            if ages[0] < age <= ages[-1]:
                marks.setdefault(age, ui_text("chart.threshold_age", lang, age=number(age)))
    if member.situation.in_service:
        for name, spec in params.items():
            if spec.unit == "years_of_service" and spec.value is not None:
                age = s.age + Fraction(spec.value) - s.service_years
                if ages[0] < age <= ages[-1]:
                    label = ui_text("chart.threshold_service", lang, years=number(spec.value))
                    marks[age] = f"{marks[age]} · {label}" if age in marks and label not in marks[age] else label
    return sorted(marks.items())


def service_chart(member: Member, lang: str) -> Chart:
    """(b) the pension at the chosen age by additional credited service."""
    extras = [Fraction(m, 12) for m in range(0, MAX_EXTRA_YEARS * 12 + 1)]
    result = grid(member.situation, [member.planned_age], extras)
    column = [(result.rule_at(0, j), float(result.monthly[0, j])) for j in range(len(extras))]
    age = age_label(member.planned_age, lang)
    traces = _rule_traces([float(e) for e in extras], column, result.rule_ids, lang)
    layout = _line_layout(ui_text("chart.by_service", lang, age=age), ui_text("chart.service_axis", lang), lang)
    alt = ui_text("chart.by_service_alt", lang, age=age, end=MAX_EXTRA_YEARS, amount=money(column[0][1]))
    return Chart(_figure(traces, layout), _rows(result, lang, per="extra"), alt)


def heat_chart(member: Member, lang: str) -> Chart:
    """(c) retirement age × additional service, whole years."""
    ages = ages_for(member, step_months=12)
    extras = [Fraction(y) for y in range(0, MAX_EXTRA_YEARS + 1)]
    result = grid(member.situation, ages, extras)
    z = result.monthly.tolist()
    names = [[rule_name(result.rule_at(i, j), lang) for j in range(len(extras))] for i in range(len(ages))]
    trace = {"type": "heatmap", "z": z, "x": [float(e) for e in extras], "y": [float(a) for a in ages],
             "customdata": names, "colorscale": "Blues", "colorbar": {"title": {"text": "$"}, "tickformat": ",.0f"},
             "hovertemplate": "%{y:.2f} · +%{x}: $%{z:,.2f}<br>%{customdata}<extra></extra>"}
    layout = {"title": {"text": ui_text("chart.heat", lang)}, "margin": {"t": 50},
              "xaxis": {"title": {"text": ui_text("chart.service_axis", lang)}},
              "yaxis": {"title": {"text": ui_text("chart.age_axis", lang)}}}
    flat = [m for row in z for m in row]
    alt = ui_text("chart.heat_alt", lang, min=money(min(flat)), max=money(max(flat)))
    return Chart(_figure([trace], layout), _rows(result, lang, per="both"), alt)


def _amount_at(result: Grid, i: int | None) -> float | None:
    return None if i is None else float(result.monthly[i, 0])


def _rows(result: Grid, lang: str, per: str) -> list[dict]:
    c = lambda key: ui_text(f"chart.{key}", lang)  # noqa: E731
    rows = []
    for i, age in enumerate(result.ages):
        for j, extra in enumerate(result.extras):
            row = {c("col_age"): round(float(age), 2)}
            if per != "age":
                row[c("col_extra")] = round(float(extra), 2)
            row[c("col_rule")] = rule_name(result.rule_at(i, j), lang)
            row[c("col_monthly")] = float(result.monthly[i, j])
            if result.coordinated_monthly is not None:
                value = result.coordinated_monthly[i, j]
                row[c("col_from_65")] = None if math.isnan(value) else float(value)
            rows.append(row)
    return rows


def key_dates_chart(dates, lang: str) -> Chart:
    """A timeline of the key dates, each with its monthly pension."""
    points = [d for d in dates if d.when is not None]
    names = [rule_name(d.rule, lang) if d.kind == "rule" else ui_text("result.coordination_after", lang)
             for d in points]
    trace = {"type": "scatter", "x": [d.when.isoformat() for d in points],
             "y": [float(d.monthly_pension) for d in points], "mode": "markers+text", "text": names,
             "textposition": "top center", "marker": {"size": 12, "color": PALETTE[0]}, "showlegend": False,
             "hovertemplate": "%{x}: $%{y:,.2f}<br>%{text}<extra></extra>"}
    layout = {"xaxis": {"title": {"text": ui_text("dates.date_axis", lang)}}, "height": 320, "margin": {"t": 30},
              "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f"}}
    rows = [{ui_text("dates.date_axis", lang): d.when.isoformat(), ui_text("chart.col_age", lang): age_label(d.age, lang),
             ui_text("chart.col_rule", lang): name, ui_text("chart.col_monthly", lang): float(d.monthly_pension)}
            for d, name in zip(points, names)]
    alt = ui_text("dates.chart_alt", lang, count=len(points),
                  first=points[0].when.isoformat() if points else "—", last=points[-1].when.isoformat() if points else "—")
    return Chart(_figure([trace], layout), rows, alt)
