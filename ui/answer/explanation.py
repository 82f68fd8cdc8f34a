"""¿Cómo se calculó?: the answer's own steps as a numbered list a person can check with a calculator.

Each step: what it is, its arithmetic with the value it gives, the law it applies, and, where it
uses an assumption, the assumption's name, figure and whose figure it is. Plain HTML (escaped) that
wraps at any width: no table to scroll sideways on a phone.
"""

from __future__ import annotations

import re
from html import escape

from estimator import Answer, assumption_mark, step_value

from ui.shell.text import ui_text

STYLE = """<style>
ol.calc-steps {padding-left: 1.6em; margin: 0.25em 0 0.5em;}
ol.calc-steps li {margin-bottom: 0.8em; overflow-wrap: anywhere;}
ol.calc-steps .math {font-variant-numeric: tabular-nums; margin: 0.1em 0;}
ol.calc-steps .math .whole {white-space: nowrap;}
ol.calc-steps .law, ol.calc-steps .assumed {font-size: 0.92em; opacity: 0.9;}
ol.calc-steps .assumed {border-left: 3px solid #8a5a00; padding-left: 0.5em; margin-top: 0.2em;}
</style>"""

# A short group in parentheses, "(28.25 − 20)", kept on one line when the formula wraps.
SHORT_GROUP = re.compile(r"\([^()]{1,32}\)")


def value_text(label: str, value: float | None, lang: str) -> str:
    """A step's value as printed (`estimator.texts.step_value`), or nothing."""
    return "" if value is None else step_value(label, value, lang)


def assumption_note(answer: Answer, name: str, lang: str, with_source: bool = True) -> str:
    """"Supuesto: <label> = 6% (valor por defecto del estimador: <source>)"."""
    used = answer.assumption(name)
    return assumption_mark(name, None if used is None else used.value, used is not None and used.entered, lang,
                           with_source)  # the report's words (estimator.parameters)


def steps_html(answer: Answer, lang: str) -> str:
    items = []
    for step in answer.steps:
        math = SHORT_GROUP.sub(lambda group: f'<span class="whole">{group[0]}</span>', escape(step.formula))
        shown = value_text(step.label, step.value, lang)
        if shown:
            math = f"{math} = <strong>{escape(shown)}</strong>"
        parts = [f'<div class="what">{escape(step.label)}</div>', f'<div class="math">{math}</div>',
                 f'<div class="law">{escape(ui_text("how.law", lang, cite=step.cite))}</div>']
        if step.assumption:
            parts.append(f'<div class="assumed">{escape(assumption_note(answer, step.assumption, lang, with_source=False))}</div>')
        items.append(f"<li>{''.join(parts)}</li>")
    return f'{STYLE}<ol class="calc-steps">{"".join(items)}</ol>'
