"""A chart's plotly figure from plain dicts: its colours, lines, guides, layout and height in pixels, and the
figure itself built as plotly writes a checked one (the same bytes reach the browser) without its checks.
"""

from __future__ import annotations

from functools import cache

import plotly.graph_objects as go

from ui.answer.chart_labels import DATA_PX
from ui.answer.chart_words import rule_name
from ui.shell.text import ui_text

PALETTE = ["#1b6ca8", "#e07b00", "#2e8b57", "#b22222", "#6a3d9a", "#8c564b", "#d6338a", "#4d4d4d"]
NO_RULE = "#bdbdbd"
COORDINATION = "#333333"
AXIS_PX = 80         # the x axis, its title and the margins
LEGEND_ROW_PX = 24
FONT = {"size": 13}
TOP_PX = 36  # room above the plot for plotly's tool bar


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
    return layout


def line_layout(x_title: str, lang: str, top: float, height: int, annotations: list | None = None,
                 shapes: list | None = None) -> dict:
    return {"xaxis": {"title": {"text": x_title}, "automargin": True},
            "yaxis": {"title": {"text": ui_text("chart.amount_axis", lang)}, "tickprefix": "$", "tickformat": ",.0f",
                      "rangemode": "tozero", "range": [0, top], "automargin": True},
            "legend": {"orientation": "h", "yanchor": "top", "y": -0.18, "x": 0, "font": FONT},
            "margin": {"t": TOP_PX, "r": 10, "b": 10, "l": 10}, "height": height + TOP_PX, "hoverlabel": {"font": FONT},
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


def chart_height(traces: list[dict], band: int) -> int:
    """The data keep DATA_PX on a phone, where each entry of the legend takes a line of its own."""
    return DATA_PX + band + AXIS_PX + LEGEND_ROW_PX * sum(trace.get("showlegend", True) for trace in traces)
