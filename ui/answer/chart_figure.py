"""A chart's plotly figure from plain dicts: its colours, lines, guides, layout and height in pixels, and the
figure itself built as plotly writes a checked one (the same bytes reach the browser) without its checks.

The line charts' and the timeline's margins are set here, not measured by plotly (`automargin`, and a legend
outside the plot): measuring them made plotly lay the figure out twice, and with the page around it that was most of the time
from opening the charts to seeing one (`benchmarks/slow_actions.py`). A line chart's legend is written as the
page's own text under the figure (`legend_html`): it wraps at any width, and grows with session mode. The heat
map, opened by its own tab, still lets plotly place its colour bar and legend.
"""

from __future__ import annotations

import html
import math
from functools import cache

import plotly.graph_objects as go

from ui.answer.chart_labels import DATA_PX
from ui.answer.chart_words import rule_name
from ui.shell.text import ui_text

PALETTE = ["#1b6ca8", "#e07b00", "#2e8b57", "#b22222", "#6a3d9a", "#8c564b", "#d6338a", "#4d4d4d"]
NO_RULE = "#bdbdbd"
COORDINATION = "#333333"
AXIS_PX = 64         # below the data: the x axis' labels (12 px), its title (14 px) and the gaps between them
FONT = {"size": 13}
TOP_PX = 36  # room above the plot for plotly's tool bar
TICK_CHAR_PX = 7.2   # a character of an amount on the y axis (plotly's 12 px type), a little more than it takes
Y_TITLE_PX = 36      # the y axis' title (14 px, turned) and the gaps on either side of it


def colour_of(rule_ids: list[str]) -> dict[str | None, str]:
    colours: dict[str | None, str] = {rule: PALETTE[i % len(PALETTE)] for i, rule in enumerate(rule_ids)}
    colours[None] = NO_RULE
    return colours


def plotly_figure(traces: list[dict], layout: dict, scale: float = 1.0) -> go.Figure:
    """One figure built at once from plain dicts (adding traces and lines one by one is ten times slower),
    without plotly's check of each property (two thirds of a chart's time): written as plotly writes a
    checked figure (`_in_plotly_order`), so the browser receives the same bytes; tests/ui/answer/test_charts.py
    compares every chart with plotly's checked figure. `scale` above 1 (session mode) draws every text and
    the figure's height that much larger."""
    layout = _scaled(layout, scale) if scale != 1 else layout
    return go.Figure({"data": [_in_plotly_order(trace, trace=True) for trace in traces],
                      "layout": _in_plotly_order(layout)}, _validate=False)


@cache
def colorscale(name: str) -> list:
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
    if "margin" in layout:
        layout["margin"] = {side: round(px * scale) for side, px in layout["margin"].items()}
    return layout


def margins(top: float) -> dict:
    """Room for the axes' labels and titles, at 12 and 14 px (`_scaled` grows it with the type): on the left
    the widest amount up to `top` ("$4,000") and the title beside it; below, the x axis."""
    widest = len(f"${math.floor(top):,}")
    return {"t": TOP_PX, "r": 10, "b": AXIS_PX, "l": math.ceil(widest * TICK_CHAR_PX + Y_TITLE_PX)}


def line_layout(x_title: str, lang: str, top: float, height: int, annotations: list | None = None,
                 shapes: list | None = None) -> dict:
    return {"xaxis": {"title": {"text": x_title}, "automargin": False},
            "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f",
                      "rangemode": "tozero", "range": [0, top], "automargin": False},
            "showlegend": False,  # the page writes it under the figure (legend_html)
            "margin": margins(top), "height": height + TOP_PX, "hoverlabel": {"font": FONT},
            **({"shapes": shapes} if shapes else {}), **({"annotations": annotations} if annotations else {})}


def rule_traces(x: list[float], column: list[tuple[str | None, float]], rule_ids: list[str], lang: str,
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


def guides(xs: list[float]) -> list[dict]:
    """A dotted line down each jump's threshold."""
    return [{"type": "line", "x0": x, "x1": x, "yref": "paper", "y0": 0, "y1": 1, "layer": "below",
             "line": {"dash": "dot", "color": "#777", "width": 1}} for x in xs]


def chart_height(band: int) -> int:
    """The labels' band, the data (DATA_PX, as on a phone) and the x axis under them."""
    return DATA_PX + band + AXIS_PX


def legend_html(traces: list[dict]) -> str:
    """The legend of a line chart as the page's text: each line's colour and dash (or the star's mark) beside
    its name, wrapping as the width allows. The marks are drawn for sighted readers only; the names are text."""
    entries = []
    for trace in traces:
        if not trace.get("showlegend", True):
            continue
        if trace.get("mode") == "markers":
            mark = '<span aria-hidden="true" style="font-size:1.1em">★</span>'
        else:
            line = trace.get("line", {})
            style = {"dash": "dashed", "dot": "dotted"}.get(line.get("dash"), "solid")
            mark = (f'<span aria-hidden="true" style="display:inline-block;width:1.8em;vertical-align:middle;'
                    f'border-top:0.2em {style} {line.get("color", "#000")}"></span>')
        entries.append(f'<li style="display:inline-flex;align-items:center;gap:0.4em">{mark}'
                       f'{html.escape(trace["name"])}</li>')
    return ('<ul class="chart-legend" style="list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;'
            f'gap:0.25em 1.25em">{"".join(entries)}</ul>')
