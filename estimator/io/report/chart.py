"""The report's chart: the monthly pension by the age it starts, drawn with fpdf2's own rectangles and
lines (no image library), coloured by rule, the chosen age outlined, with its legend and the same
numbers as a table. Amounts come from the projection grid, never recomputed here.
"""

from __future__ import annotations

import math
from fractions import Fraction

from estimator.calculation.scenario import Scenario
from estimator.arithmetic.display import money
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import coordination_age
from estimator.law.registry import plan
from estimator.words.catalog import t
from estimator.words.assumptions import used_mark
from estimator.calculation.growth import growth_change
from estimator.calculation.grid import Grid, grid
from estimator.calculation.situation import Situation, assumptions_of
from estimator.io.report.document import FAMILY, Context, Document

# One colour per rule, by the rule's place in its plan's table (colour-blind-safe Okabe–Ito).
PALETTE = [(0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
           (213, 94, 0), (240, 228, 66), (120, 120, 120)]
CHART_HEIGHT = 60
CHART_YEARS = 15    # the chart runs from today's age for at least these years...
CHART_UNTIL = 70    # ...and at least until this age


def chart_ages(s: Scenario, today_age: Fraction | None = None) -> list[Fraction]:
    """Whole years before and after the chosen age `s.age`, from today's age (`today_age`, or the
    scenario's own) to at least 15 years on and at least 70 (and the chosen age): always one of them."""
    start = s.age if today_age is None else Fraction(today_age)
    first = s.age - math.floor(s.age - start)
    years = math.floor(max(start + CHART_YEARS, Fraction(CHART_UNTIL), s.age) - first)
    return [first + k for k in range(years + 1)]


def _whole_months(*values: Fraction) -> bool:
    return all((Fraction(v) * 12).denominator == 1 for v in values)


def chart_section(doc: Document, ctx: Context) -> None:
    s = ctx.scenario
    if not ctx.answer.covered:
        return
    situation = ctx.situation or Situation(s, salary_growth=ctx.salary_growth)
    today = situation.today
    if not _whole_months(s.age, today.age, today.separation_age, today.service_years):
        doc.heading(ctx.t("chart"))
        doc.paragraph(ctx.t("chart_skipped"))
        return
    result = grid(situation, chart_ages(s, today.age))
    legend_lines = len({int(i) for i in result.rule_index[:, 0] if i >= 0}) + 2
    doc.heading(ctx.t("chart"), keep=CHART_HEIGHT + 35 + 5 * legend_lines)  # with its chart and legend
    doc.paragraph(ctx.t("chart_working" if situation.in_service else "chart_waiting") + " "
                  + _salary_sentence(ctx, situation, result), size=9)
    if not result.monthly.any():
        doc.paragraph(ctx.t("chart_no_pension"))
        return
    chosen = result.ages.index(s.age)
    _draw_chart(doc, ctx, result, chosen)
    _legend(doc, ctx, result)
    _chart_table(doc, ctx, result, chosen)
    # RULES.md §0: each assumption behind an amount of the chart and its table, as the page marks it
    doc.bullets([used_mark(used, ctx.lang) for used in assumptions_of(situation, result.assumed)], size=9)


def _salary_sentence(ctx: Context, situation: Situation, result: Grid) -> str:
    """What the chart assumes of the salary, as its table computes it: an average that stays the same, one
    that rises as the last salary of a history replaces lower ones (from the first age's to the last's),
    or a growth rate."""
    if situation.salary_growth != 0:
        return ctx.t("chart_growth", change=growth_change(situation.salary_growth, ctx.lang, "report.chart_growth"))
    if len(set(result.averages)) <= 1:
        return ctx.t("chart_today")
    unit = "compare.a_month" if plan(situation.today.plan).monthly else "compare.a_year"
    low, high = (t(unit, ctx.lang, amount=money(round_cents(v))) for v in (result.averages[0], result.averages[-1]))
    return ctx.t("chart_today_rising", low=low, high=high)


def _coordinated(result: Grid) -> list[float] | None:
    if result.coordinated_monthly is None:
        return None
    return [float(v) for v in result.coordinated_monthly[:, 0]]


def _tick_step(top: float) -> float:
    """A round step giving at most 6 gridlines up to `top`."""
    for step in (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000):
        if top / step <= 6:
            return step
    return 10 ** math.ceil(math.log10(top))


def _draw_chart(doc: Document, ctx: Context, result: Grid, chosen: int) -> None:
    doc.ensure_space(CHART_HEIGHT + 30)
    monthly = [float(v) for v in result.paid_monthly[:, 0]]  # what is paid from the first month (RULES.md §0)
    coordinated = _coordinated(result)
    top_value = max(monthly + [v for v in coordinated or [] if not math.isnan(v)])
    step = _tick_step(top_value)
    y_max = step * math.ceil(top_value / step)
    left, width = doc.l_margin + 20, doc.epw - 20
    top = doc.get_y() + 8
    bottom = top + CHART_HEIGHT

    def y_of(value: float) -> float:
        return bottom - value / y_max * CHART_HEIGHT

    doc.set_font(FAMILY, "B", 8)
    doc.set_xy(doc.l_margin, top - 7)
    doc.cell(0, 4, ctx.t("chart_axis_y") + " ($)")
    _gridlines(doc, left, width, y_max, step, y_of)
    slot = width / len(monthly)
    for i, value in enumerate(monthly):
        index = int(result.rule_index[i, 0])
        if index >= 0:
            doc.set_fill_color(*PALETTE[index % len(PALETTE)])
            doc.rect(left + i * slot + slot * 0.15, y_of(value), slot * 0.7, bottom - y_of(value), style="F")
    # The chosen age: its slot outlined from the axis to the top.
    doc.set_draw_color(0)
    doc.set_line_width(0.5)
    doc.set_dash_pattern(dash=1, gap=0.8)
    doc.rect(left + chosen * slot + slot * 0.05, top, slot * 0.9, CHART_HEIGHT)
    doc.set_dash_pattern()
    if coordinated is not None:
        _coordinated_line(doc, [left + (i + 0.5) * slot for i in range(len(monthly))], coordinated, y_of)
    doc.set_draw_color(0)
    doc.set_line_width(0.3)
    doc.line(left, bottom, left + width, bottom)
    doc.line(left, top, left, bottom)
    _age_labels(doc, ctx, result.ages, left, slot, bottom, chosen)


def _gridlines(doc: Document, left: float, width: float, y_max: float, step: float, y_of) -> None:
    doc.set_font(FAMILY, "", 7)
    doc.set_draw_color(215)
    doc.set_line_width(0.2)
    for k in range(int(y_max / step) + 1):
        y = y_of(k * step)
        doc.line(left, y, left + width, y)
        doc.set_xy(doc.l_margin, y - 2)
        doc.cell(18, 4, f"${k * step:,.0f}", align="R")


def _coordinated_line(doc: Document, xs: list[float], values: list[float], y_of) -> None:
    doc.set_draw_color(0)
    doc.set_fill_color(0)
    doc.set_line_width(0.6)
    points = [(x, y_of(v)) for x, v in zip(xs, values) if not math.isnan(v) and v > 0]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        doc.line(x1, y1, x2, y2)
    for x, y in points:
        doc.rect(x - 0.7, y - 0.7, 1.4, 1.4, style="F")


def _age_labels(doc: Document, ctx: Context, ages: list[Fraction], left: float, slot: float, bottom: float,
                chosen: int) -> None:
    whole = all(Fraction(age).denominator == 1 for age in ages)
    every = 1 if len(ages) <= (16 if whole else 8) else 2
    for i, age in enumerate(ages):
        if (i - chosen) % every == 0:
            doc.set_font(FAMILY, "B" if i == chosen else "", 7)
            doc.set_xy(left + (i - 0.5 * (every - 1)) * slot, bottom + 1)
            doc.cell(slot * every, 4, ctx.age_short(age), align="C")
    doc.set_font(FAMILY, "B", 8)
    doc.set_xy(left, bottom + 6)
    doc.cell(doc.epw - 20, 4, ctx.t("chart_axis_x"), align="C", new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)


def _legend(doc: Document, ctx: Context, result: Grid) -> None:
    shown = sorted({int(i) for i in result.rule_index[:, 0] if i >= 0})
    doc.set_font(FAMILY, "", 8)
    for index in shown:
        doc.ensure_space(6)  # the mark and its words on the same page
        doc.set_fill_color(*PALETTE[index % len(PALETTE)])
        doc.rect(doc.l_margin, doc.get_y() + 0.8, 3, 3, style="F")
        doc.set_x(doc.l_margin + 5)
        doc.multi_cell(0, 4.5, ctx.rule_title(result.rule_ids[index]), align="L", new_x="LMARGIN", new_y="NEXT")
    if result.coordinated_monthly is not None:
        doc.ensure_space(6)
        doc.set_fill_color(0)
        doc.rect(doc.l_margin, doc.get_y() + 2, 3, 0.8, style="F")
        doc.set_x(doc.l_margin + 5)
        label = ctx.t("chart_coordinated", age=ctx.years_text(coordination_age(ctx.params.on)))
        doc.multi_cell(0, 4.5, label, align="L", new_x="LMARGIN", new_y="NEXT")
    doc.ensure_space(6)
    doc.set_draw_color(0)
    doc.set_line_width(0.4)
    doc.set_dash_pattern(dash=0.8, gap=0.6)
    doc.rect(doc.l_margin + 0.3, doc.get_y() + 0.8, 2.4, 3)
    doc.set_dash_pattern()
    doc.set_x(doc.l_margin + 5)
    doc.multi_cell(0, 4.5, ctx.t("chart_chosen", age=ctx.years_text(ctx.scenario.age)), align="L",
                   new_x="LMARGIN", new_y="NEXT")
    doc.ln(2)


def _chart_table(doc: Document, ctx: Context, result: Grid, chosen: int) -> None:
    """RULES.md §0: the amounts paid, as the chart draws them — what the System pays from the first month, and for a
    start before 65 what it pays from 65 under coordination; the pension under the rule only as a labelled reference,
    where the coordinated amount is paid from the start."""
    doc.ensure_space(25)
    doc.paragraph(ctx.t("chart_table"), size=9)
    coordinated = _coordinated(result)
    from_age = coordination_age(ctx.params.on)
    headers = [ctx.t("col_age"), ctx.t("col_rule"), ctx.t("row_monthly")]
    if coordinated is not None:
        headers += [ctx.t("col_from_coordination", age=ctx.years_text(from_age)), ctx.t("row_reference")]
    rows = []
    for i, age in enumerate(result.ages):
        rule = result.rule_at(i, 0)
        if rule is None:
            rows.append([ctx.age_short(age), ctx.t("none"), *[ctx.t("none")] * (len(headers) - 2)])
            continue
        paid, under_rule = float(result.paid_monthly[i, 0]), float(result.monthly[i, 0])
        cells = [money(paid)]
        if coordinated is not None:  # before 65 what comes from 65; from 65 it is paid from the start
            cells += [money(coordinated[i]) if age < from_age else ctx.t("none"),
                      money(under_rule) if paid != under_rule else ctx.t("none")]
        rows.append([ctx.age_short(age), ctx.short_rule(rule), *cells])
    merged = _merge_equal_rows(rows, keep=chosen)
    widths = (14, 34, 20, 20, 20)[:len(headers)]
    doc.grid_table(headers, merged, widths, ("CENTER", "LEFT", "RIGHT", "RIGHT", "RIGHT")[:len(headers)],
                   size=7.5, share=len(widths) * 0.2)


def _merge_equal_rows(rows: list[list[str]], keep: int | None = None) -> list[list[str]]:
    """Consecutive ages with the same rule and amounts as one row ("56 – 70"); the row `keep` (the
    chosen age) stays on its own, marked."""
    merged: list[list[str]] = []
    first_age = ""
    joinable = False
    for i, row in enumerate(rows):
        if joinable and i != keep and merged[-1][1:] == row[1:]:
            merged[-1][0] = f"{first_age} – {row[0]}"
        else:
            first_age = row[0]
            merged.append(list(row) if i != keep else [f"► {row[0]}", *row[1:]])
        joinable = i != keep
    return merged
