"""The charts (plotly) and their tables, built from the estimator's grid: plain functions.

Each chart comes with a text alternative, the same numbers as rows, and a CSV of them. Every chart
marks the member's present choice and says in words, beside each jump, what causes it. Amounts are
drawn from $0; dates are written as Puerto Rico writes them ("15 nov 2026"), in the page's language
(plotly's own locales are not loaded: the tick labels are written here).
"""

from __future__ import annotations

import csv
import io
import math
import textwrap
from dataclasses import dataclass, field
from datetime import date, timedelta
from fractions import Fraction
from functools import cache

import plotly.graph_objects as go

from estimator.numbers import money, number
from estimator.parameters import definitions
from estimator.projection import Grid, grid
from estimator.texts import span, t

from .formatting import age_label
from .member import Member
from .text import ui_text

PALETTE = ["#1b6ca8", "#e07b00", "#2e8b57", "#b22222", "#6a3d9a", "#8c564b", "#d6338a", "#4d4d4d"]
NO_RULE = "#bdbdbd"
COORDINATION = "#333333"
HEAT_SCALE = "Cividis"  # readable by viewers with any of the common colour-vision deficiencies
HORIZON_AGE = 75
MAX_EXTRA_YEARS = 10

# Labels above the data are laid out for the narrowest screen the app serves (a 390 px phone):
# the plot there is about PHONE_PLOT_PX wide; a label's line is about CHAR_PX a character.
PHONE_PLOT_PX = 255
CHAR_PX = 6.6
LINE_PX = 16
LABEL_CHARS = 34
DATA_PX = 210        # the height of the data in a line chart on a phone; labels above it add their own
AXIS_PX = 80         # the x axis, its title and the margins
LEGEND_ROW_PX = 24
DATES_PX = 170
FONT = {"size": 13}
LABEL_FONT = {"size": 13, "color": "#1f1f1f"}  # dark, not the theme's grey
TOP_PX = 36  # room above the plot for plotly's tool bar


@dataclass
class Chart:
    figure: go.Figure
    rows: list[dict]
    alt: str
    table: list[dict] | None = None       # the rows as the page shows them, when not the CSV's plain numbers
    notes: list[str] = field(default_factory=list)  # each jump (or change) in words, as the chart labels it

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


# --- words --------------------------------------------------------------------------------------------

def rule_name(rule_id: str | None, lang: str) -> str:
    if rule_id is None:
        return ui_text("chart.no_rule", lang)
    return t(f"rule.{rule_id}", lang).split(":")[0]


def short_rule(rule_id: str | None, lang: str) -> str:
    """The rule in a few words, for a label on a chart: "pensión por mérito", "unreduced (Regla 18.2)"."""
    if rule_id is None:
        return ui_text("chart.no_rule", lang).lower()
    return ui_text(f"chart.short.{rule_id}", lang)


def date_label(day: date, lang: str) -> str:
    """Puerto Rico style, in the page's language: "15 nov 2026" / "15 Nov 2026"."""
    return ui_text("chart.date", lang, day=day.day, month=_month(day, lang), year=day.year)


def month_label(day: date, lang: str) -> str:
    return ui_text("chart.month_year", lang, month=_month(day, lang), year=day.year)


def _month(day: date, lang: str) -> str:
    return ui_text("chart.months", lang).split(",")[day.month - 1]


def short_age(age: Fraction, lang: str) -> str:
    """An axis tick: "58", "58 a 3 m" / "58 y 3 m"."""
    years, months = divmod(int(Fraction(age) * 12), 12)
    return ui_text("chart.age_short_months", lang, years=years, months=months) if months else str(years)


def change_text(amount: float) -> str:
    """A difference in whole dollars with its sign: "+$855", "−$120"."""
    dollars = round(abs(amount))
    return f"{'+' if amount >= 0 else '−'}${dollars:,}"


def jump_text(cause: str, rule: str, change: float, lang: str) -> str:
    return ui_text("chart.jump", lang, cause=cause, rule=rule, change=change_text(change))


def _wrapped(text: str, scale: float = 1.0) -> str:
    """A label in short lines (plotly never wraps): the cause on its own line, then the rest. With type
    `scale` times larger (session mode) each character is that much wider and a phone's plot that much
    narrower (the axes' type takes more of it): lines shorter by scale², so the plot still holds them."""
    chars = round(LABEL_CHARS / scale**2)
    head, sep, rest = text.partition(": ")
    if not sep:
        return "<br>".join(textwrap.wrap(text, chars))
    return "<br>".join(textwrap.wrap(head + ":", chars) + textwrap.wrap(rest, chars))


def colour_of(rule_ids: list[str]) -> dict[str | None, str]:
    colours: dict[str | None, str] = {rule: PALETTE[i % len(PALETTE)] for i, rule in enumerate(rule_ids)}
    colours[None] = NO_RULE
    return colours


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


# --- jumps and labels ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Jump:
    index: int        # the first point at the new amount
    rule: str | None  # the rule from there on
    change: float     # the new amount less the one before


def find_jumps(column: list[tuple[str | None, float]], thresholds: set[int]) -> list[Jump]:
    """Where the rule changes, or where, at one of the plan's thresholds, the amount moves by more than
    it ever does from one point to the next elsewhere under one rule (a month's or a year's accrual,
    a raise)."""
    steps = [abs(column[i][1] - column[i - 1][1]) for i in range(1, len(column))
             if column[i][0] == column[i - 1][0] and i not in thresholds]
    normal = max(steps, default=0.0)
    jumps = []
    for i in range(1, len(column)):
        (before_rule, before), (rule, amount) = column[i - 1], column[i]
        moved = i in thresholds and abs(amount - before) > 1.5 * normal + 0.5
        if rule != before_rule or moved:
            jumps.append(Jump(i, rule, amount - before))
    return jumps


def _callouts(points: list[tuple[object, float, float]], texts: list[str], y_max: float,
              data_px: float = DATA_PX, scale: float = 1.0) -> tuple[list[dict], float, int]:
    """Labels stacked above the data, each with an arrow down to its point, laid out so that on a phone's
    width no label covers another or another's arrow; `points` are (x as plotly takes it, x from 0 to 1
    across the axis, y). The labels take a band of their own above the data, which keeps `data_px`:
    returns the annotations, the top of the y axis and the band's height. `scale`: the labels' type is
    that much larger (session mode), their widths and lines too, and the phone's plot that much narrower."""
    spans = []  # each label's anchor and its left and right edges, from 0 to 1 of the width
    for (_, where, _), text in zip(points, texts):
        width = min(1.0, (max(len(line) for line in text.split("<br>")) * CHAR_PX * scale + 8) * scale / PHONE_PLOT_PX)
        anchor = "left" if where < 0.34 else "right" if where > 0.66 else "center"
        left = {"left": where, "right": where - width, "center": where - width / 2}[anchor]
        left = min(max(left, 0.0), 1.0 - width)
        spans.append((anchor, left, left + width))
    level_of: dict[int, int] = {}  # label → level, 0 the highest
    for k in sorted(range(len(points)), key=lambda k: min(points[k][1], 1 - points[k][1])):  # edges first
        where, (_, left, right) = points[k][1], spans[k]

        def clear(level: int) -> bool:
            for other, at in level_of.items():
                o_left, o_right, o_where = spans[other][1], spans[other][2], points[other][1]
                if at == level and o_left < right and left < o_right:
                    return False  # side by side, they would overlap
                if at > level and o_left <= where <= o_right:
                    return False  # this arrow would cross the label below
                if at < level and left <= o_where <= right:
                    return False  # this label would cover the arrow from above
            return True

        lowest = max(level_of.values(), default=-1) + 1
        level_of[k] = next((level for level in range(lowest) if clear(level)), lowest)
    if not level_of:
        return [], (y_max or 1.0) * 1.1, 0
    heights: dict[int, int] = {}  # each level as tall as its tallest label
    for k, level in level_of.items():
        heights[level] = max(heights.get(level, 0), round((texts[k].count("<br>") + 1) * LINE_PX * scale) + 10)
    band = sum(heights.values()) + 10
    per_px = (y_max or 1.0) * 1.04 / data_px
    top = per_px * (data_px + band)
    annotations = []
    for k, ((x, _, y), text) in enumerate(zip(points, texts)):
        level = level_of[k]
        above = sum(h for lv, h in heights.items() if lv <= level)  # stacked from the top down
        annotations.append({"x": x, "y": y, "ax": x, "ay": top - above * per_px, "axref": "x", "ayref": "y",
                            "text": text, "showarrow": True, "arrowhead": 2, "arrowwidth": 1.5,
                            "arrowcolor": "#333", "xanchor": spans[k][0], "yanchor": "bottom", "align": "left",
                            "font": LABEL_FONT, "bgcolor": "rgba(255,255,255,0.9)", "standoff": 3})
    return annotations, top, band


def _figure(traces: list[dict], layout: dict, scale: float = 1.0) -> go.Figure:
    """One figure built at once from plain dicts (adding traces and lines one by one is ten times slower),
    without plotly's check of each property (two thirds of a chart's time): written as plotly writes a
    checked figure (`_in_plotly_order`), so the browser receives the same bytes; tests/test_charts.py
    compares every chart with plotly's checked figure. `scale` above 1 (session mode) draws every text and
    the figure's height that much larger."""
    layout = _scaled(layout, scale) if scale != 1 else layout
    return go.Figure({"data": [_in_plotly_order(trace, trace=True) for trace in traces],
                      "layout": _in_plotly_order(layout)}, _validate=False)


@cache
def _colorscale(name: str) -> list:
    """A named colour scale as plotly writes it in a checked figure (its stops as plotly computes them)."""
    from plotly.validator_cache import ValidatorCache

    return ValidatorCache.get_validator("heatmap", "colorscale").validate_coerce(name)


def _in_plotly_order(value: object, trace: bool = False) -> object:
    """Keys as a checked figure has them: in alphabetical order at every level, a trace's type last."""
    if isinstance(value, dict):
        ordered = {key: _in_plotly_order(value[key]) for key in sorted(value) if not (trace and key == "type")}
        if trace:
            ordered["type"] = value["type"]
        return ordered
    if isinstance(value, list):
        return [_in_plotly_order(item) for item in value]
    return value


def _scaled(layout: dict, scale: float) -> dict:
    """The layout with its fonts (plotly's default 12 px, the legend's, the hover's, the labels') and its
    height `scale` times larger; labels stay where they are in the data."""
    font = lambda f: {**(f or {}), "size": round((f or {}).get("size", 12) * scale, 1)}  # noqa: E731
    layout = {**layout, "font": font(layout.get("font"))}
    for part in ("legend", "hoverlabel"):
        if part in layout:
            layout[part] = {**layout[part], "font": font(layout[part].get("font"))}
    if "annotations" in layout:
        layout["annotations"] = [{**a, "font": font(a.get("font"))} for a in layout["annotations"]]
    if "height" in layout:
        layout["height"] = round(layout["height"] * scale)
    return layout


def _line_layout(x_title: str, lang: str, top: float, height: int, annotations: list | None = None,
                 shapes: list | None = None) -> dict:
    return {"xaxis": {"title": {"text": x_title}, "automargin": True},
            "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f",
                      "rangemode": "tozero", "range": [0, top], "automargin": True},
            "legend": {"orientation": "h", "yanchor": "top", "y": -0.18, "x": 0, "font": FONT},
            "margin": {"t": TOP_PX, "r": 10, "b": 10, "l": 10}, "height": height + TOP_PX, "hoverlabel": {"font": FONT},
            **({"shapes": shapes} if shapes else {}), **({"annotations": annotations} if annotations else {})}





def _rule_traces(x: list[float], column: list[tuple[str | None, float]], rule_ids: list[str], lang: str,
                 hover: list[str]) -> list[dict]:
    """One line per rule (gaps where another rule applies), stepped: amounts change by the month."""
    colours = colour_of(rule_ids)
    traces = []
    for rule in [None, *rule_ids]:
        ys = [m if r == rule else None for r, m in column]
        if all(y is None for y in ys):
            continue
        name = rule_name(rule, lang)
        traces.append({"type": "scatter", "x": x, "y": ys, "mode": "lines", "name": name, "customdata": hover,
                       "line": {"color": colours[rule], "width": 3, "shape": "hv"},
                       "hovertemplate": "%{customdata}: $%{y:,.2f}<extra>" + name + "</extra>"})
    return traces


def _guides(xs: list[float]) -> list[dict]:
    """A dotted line down each jump's threshold."""
    return [{"type": "line", "x0": x, "x1": x, "yref": "paper", "y0": 0, "y1": 1, "layer": "below",
             "line": {"dash": "dot", "color": "#777", "width": 1}} for x in xs]


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
    traces = _rule_traces(xs, column, result.rule_ids, lang, hover)
    chosen = member.planned_age
    at = ages.index(chosen) if chosen in ages else None
    chosen_amount = None if at is None else column[at][1]
    tops = [m for _, m in column]

    marks = dict(thresholds(member, ages, lang))
    jumps = find_jumps(column, {i for i, a in enumerate(ages) if a in marks})
    notes = [jump_text(_age_cause(member, ages[j.index], marks, lang), short_rule(j.rule, lang), j.change, lang)
             for j in jumps]
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
            notes.append(jump_text(ui_text("chart.threshold_age", lang, age=65), ui_text("chart.coordination", lang),
                                   system[at] - chosen_amount, lang))

    if chosen_amount is not None:
        traces.append({"type": "scatter", "x": [float(chosen)], "y": [chosen_amount], "mode": "markers",
                       "name": ui_text("chart.chosen", lang), "customdata": [age_label(chosen, lang)],
                       "hovertemplate": "%{customdata}: $%{y:,.2f}<extra></extra>",
                       "marker": {"size": 16, "symbol": "star", "color": "#000", "line": {"color": "#fff", "width": 1}}})
    annotations, top, band = _callouts(points, [_wrapped(n, scale) for n in labels], max(tops, default=0), scale=scale)
    layout = _line_layout(ui_text("chart.age_axis", lang), lang, top, _height(traces, band), annotations,
                          _guides([xs[j.index] for j in jumps]))
    alt = ui_text("chart.by_age_alt", lang, start=age_label(ages[0], lang), end=age_label(ages[-1], lang),
                  chosen=age_label(chosen, lang), amount=money(chosen_amount or 0)) + _notes_alt(notes, lang)
    return Chart(_figure(traces, layout, scale), _rows(result, lang, per="age"), alt, notes=notes)


def _height(traces: list[dict], band: int) -> int:
    """The data keep DATA_PX on a phone, where each entry of the legend takes a line of its own."""
    return DATA_PX + band + AXIS_PX + LEGEND_ROW_PX * sum(trace.get("showlegend", True) for trace in traces)


def _service_limits(plan: str) -> set[Fraction]:
    return {Fraction(spec.value) for spec in definitions(plan).values()
            if spec.unit == "years_of_service" and spec.value is not None}


def _service_cause(plan: str, service: Fraction, lang: str) -> str | None:
    """"30 años de servicio" at a threshold; "más de 25 años de servicio" a month past one ("más de
    veinticinco años", ¶A.4); otherwise None."""
    limits = _service_limits(plan)
    if service in limits:
        return ui_text("chart.threshold_service", lang, years=number(service))
    if service - Fraction(1, 12) in limits:
        return ui_text("chart.threshold_more_service", lang, years=number(service - Fraction(1, 12)))
    return None


def _age_cause(member: Member, age: Fraction, marks: dict[Fraction, str], lang: str) -> str:
    """What happens at `age` on the age chart: a threshold of age or service, else the age itself."""
    situation = member.situation
    if age in marks:
        return marks[age]
    if situation.in_service and situation.accrues:
        cause = _service_cause(member.plan, situation.today.service_years + age - situation.today.age, lang)
        if cause:
            return cause
    return age_label(age, lang)


def _notes_alt(notes: list[str], lang: str) -> str:
    return ui_text("chart.jumps_alt", lang, jumps="; ".join(notes)) if notes else ""


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
    if member.situation.in_service and member.situation.accrues:
        for name, spec in params.items():
            if spec.unit == "years_of_service" and spec.value is not None:
                age = s.age + Fraction(spec.value) - s.service_years
                if ages[0] < age <= ages[-1]:
                    label = ui_text("chart.threshold_service", lang, years=number(spec.value))
                    marks[age] = f"{marks[age]} · {label}" if age in marks and label not in marks[age] else label
    return sorted(marks.items())


def service_chart(member: Member, lang: str, scale: float = 1.0) -> Chart:
    """(b) the pension at the chosen age by additional credited service."""
    extras = [Fraction(m, 12) for m in range(0, MAX_EXTRA_YEARS * 12 + 1)]
    result = grid(member.situation, [member.planned_age], extras)
    paid = result.paid_monthly  # computed on each access: once here
    column = [(result.rule_at(0, j), float(paid[0, j])) for j in range(len(extras))]
    age = age_label(member.planned_age, lang)
    xs = [float(e) for e in extras]
    hover = ["+" + span(e, lang) for e in extras]
    traces = _rule_traces(xs, column, result.rule_ids, lang, hover)
    traces.append({"type": "scatter", "x": [0.0], "y": [column[0][1]], "mode": "markers",
                   "name": ui_text("chart.chosen_service", lang), "customdata": [ui_text("chart.chosen_service", lang)],
                   "hovertemplate": "%{customdata}: $%{y:,.2f}<extra></extra>",
                   "marker": {"size": 16, "symbol": "star", "color": "#000", "line": {"color": "#fff", "width": 1}}})

    service = member.scenario.service_years
    limits = _service_limits(member.plan)
    jumps = find_jumps(column, {j for j, e in enumerate(extras) if service + e in limits})
    notes = [jump_text(_service_cause(member.plan, service + extras[j.index], lang) or
                       ui_text("chart.service_at", lang, span=span(service + extras[j.index], lang)),
                       short_rule(j.rule, lang), j.change, lang) for j in jumps]
    points = [(xs[j.index], xs[j.index] / MAX_EXTRA_YEARS, column[j.index][1]) for j in jumps]
    tops = [m for _, m in column]
    annotations, top, band = _callouts(points, [_wrapped(n, scale) for n in notes], max(tops, default=0), scale=scale)
    layout = _line_layout(ui_text("chart.service_axis", lang), lang, top, _height(traces, band), annotations,
                          _guides([xs[j.index] for j in jumps]))
    alt = ui_text("chart.by_service_alt", lang, age=age, end=MAX_EXTRA_YEARS, amount=money(column[0][1]))
    return Chart(_figure(traces, layout, scale), _rows(result, lang, per="extra"), alt + _notes_alt(notes, lang), notes=notes)


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
             "customdata": customdata, "colorscale": _colorscale(HEAT_SCALE), "hoverongaps": False, "xgap": 1, "ygap": 1,
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
    rows = _rows(result, lang, per="both")
    in_money = _money_columns(lang)
    table = [{**row, **{k: (money(v) if v is not None else "—") for k, v in row.items() if k in in_money}}
             for row in rows]
    return Chart(_figure([trace, star], layout, scale), rows, alt, table=table)


def _money_columns(lang: str) -> set[str]:
    return {ui_text("chart.col_monthly", lang), ui_text("chart.col_from_65", lang)}


def _rows(result: Grid, lang: str, per: str) -> list[dict]:
    age, extra, rule, monthly, from_65 = (ui_text(f"chart.{key}", lang) for key in
                                          ("col_age", "col_extra", "col_rule", "col_monthly", "col_from_65"))
    names = {rule_id: rule_name(rule_id, lang) for rule_id in [None, *result.rule_ids]}
    rows = []
    paid = result.paid_monthly
    for i, at in enumerate(result.ages):
        for j, added in enumerate(result.extras):
            row = {age: round(float(at), 2)}
            if per != "age":
                row[extra] = round(float(added), 2)
            row[rule] = names[result.rule_at(i, j)]
            row[monthly] = float(paid[i, j])
            if result.coordinated_monthly is not None:
                value = result.coordinated_monthly[i, j]
                row[from_65] = None if math.isnan(value) else float(value)
            rows.append(row)
    return rows


# --- key dates ---------------------------------------------------------------------------------------

def date_ticks(first: date, last: date, lang: str, most: int = 4) -> tuple[list[str], list[str]]:
    """At most `most` ticks on the first of a month, evenly spaced between `first` and `last`, labelled
    "ene 2028" / "Jan 2028" (plotly's month names would be English whatever the page's language)."""
    low, high = first.year * 12 + first.month - 1 + (first.day > 1), last.year * 12 + last.month - 1
    months: list[int] = []
    for step in (1, 2, 3, 6, 12, 24, 36, 60, 120, 240):
        months = list(range(-(-low // step) * step, high + 1, step))
        if len(months) <= most:
            break
    days = [date(m // 12, m % 12 + 1, 1) for m in months]
    return [d.isoformat() for d in days], [month_label(d, lang) for d in days]


def key_dates_chart(dates, lang: str, scale: float = 1.0) -> Chart:
    """A timeline of the key dates, each with its monthly pension and what happens then in words."""
    points = [d for d in dates if d.when is not None]
    names = [rule_name(d.rule, lang) if d.kind == "rule" else ui_text("result.coordination_after", lang)
             for d in points]
    words = [short_rule(d.rule, lang) if d.kind == "rule" else ui_text("chart.coordination", lang)
             for d in points]
    labels = [f"{date_label(d.when, lang)}: {w[:1].upper()}{w[1:]}" for d, w in zip(points, words)]
    amounts = [float(d.monthly_pension) for d in points]
    trace = {"type": "scatter", "x": [d.when.isoformat() for d in points], "y": amounts, "mode": "markers",
             "customdata": [[date_label(d.when, lang), w] for d, w in zip(points, words)],
             "marker": {"size": 12, "color": PALETTE[0]}, "showlegend": False,
             "hovertemplate": "%{customdata[0]}: $%{y:,.2f}<br>%{customdata[1]}<extra></extra>"}
    layout = {"xaxis": {"title": {"text": ui_text("dates.date_axis", lang)}, "automargin": True, "type": "date"},
              "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f",
                        "rangemode": "tozero", "automargin": True},
              "margin": {"t": TOP_PX, "r": 10, "b": 10, "l": 10}, "hoverlabel": {"font": FONT}}
    if points:
        first, last = points[0].when, points[-1].when
        pad = timedelta(days=max(90, (last - first).days // 12))
        low, high = first - pad, last + pad
        stretch = (high - low).days or 1
        place = [(d.when.isoformat(), (d.when - low).days / stretch, a) for d, a in zip(points, amounts)]
        annotations, top, band = _callouts(place, [_wrapped(label, scale) for label in labels], max(amounts), DATES_PX,
                                           scale)
        tickvals, ticktext = date_ticks(first, last, lang, most=3)  # inside: plotly hides a label past the edge
        if len(tickvals) < 2:
            tickvals, ticktext = date_ticks(low, high, lang, most=3)
        layout["xaxis"].update(range=[low.isoformat(), high.isoformat()], tickvals=tickvals, ticktext=ticktext)
        layout["yaxis"]["range"] = [0, top]
        layout.update(annotations=annotations, height=DATES_PX + band + AXIS_PX + TOP_PX)
    rows = [{ui_text("dates.date_axis", lang): date_label(d.when, lang), ui_text("chart.col_age", lang): age_label(d.age, lang),
             ui_text("chart.col_rule", lang): name, ui_text("chart.col_monthly", lang): float(d.monthly_pension)}
            for d, name in zip(points, names)]
    alt = ui_text("dates.chart_alt", lang, count=len(points),
                  first=date_label(points[0].when, lang) if points else "—",
                  last=date_label(points[-1].when, lang) if points else "—")
    return Chart(_figure([trace], layout, scale), rows, alt, notes=labels)
