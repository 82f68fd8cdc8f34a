"""The labels above a chart's data: each jump said in words, in short lines, stacked in a band of their own so
that on a phone's width no label covers another or another's arrow.
"""

from __future__ import annotations

import textwrap

# Labels above the data are laid out for the narrowest screen the app serves (a 390 px phone):
# the plot there is about PHONE_PLOT_PX wide; a label's line is about CHAR_PX a character.
PHONE_PLOT_PX = 255
CHAR_PX = 6.6
LINE_PX = 16
LABEL_CHARS = 34
DATA_PX = 210        # the height of the data in a line chart on a phone; labels above it add their own
LABEL_FONT = {"size": 13, "color": "#1f1f1f"}  # dark, not the theme's grey


def wrapped(text: str, scale: float = 1.0) -> str:
    """A label in short lines (plotly never wraps): the cause on its own line, then the rest. With type
    `scale` times larger (session mode) each character is that much wider and a phone's plot that much
    narrower (the axes' type takes more of it): lines shorter by scale², so the plot still holds them."""
    chars = round(LABEL_CHARS / scale**2)
    head, sep, rest = text.partition(": ")
    if not sep:
        return "<br>".join(textwrap.wrap(text, chars))
    return "<br>".join(textwrap.wrap(head + ":", chars) + textwrap.wrap(rest, chars))


def callouts(points: list[tuple[object, float, float]], texts: list[str], y_max: float,
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
