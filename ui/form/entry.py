"""What a member types, read by the app: numbers and dates typed as text, checked in the member's language.

Streamlit's number and date widgets refuse values in the browser, with English tooltips the script
never sees. So every number and date a member types is a plain text box the app reads: "36,000",
"36000.50", "$36,000" and "15/02/1970" are understood; anything else gets a message under its field.

A box's text is read once, into its exact value (an int, a `Decimal` or a date), checked once against the
field's range (`ui/form/fields.py`); that exact value is what the member is built from. The session keeps the
value under the field's name as the saved file holds it (a JSON number); the box keeps the text under
`box_key(name)`. `sync` ties the two at the start of each run: a value changed elsewhere (the example, a
loaded file, clearing) is written into its box, and a box's text is read into its value — or, when it
cannot be used, the value becomes None and a problem code says why (`problem_message` turns it into words).
The pages' own whole-number boxes beyond the form (the comparison's variant, the lifetime view's ages) are read the
same way (`whole_box`).
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, MutableMapping

import streamlit as st

from estimator import DOT, money, readings_of

from ui.form.fields import FIELDS, Field
from ui.shell.text import has_text, ui_text

# The fields typed as text, each with its kind, its range and where its message shows (`ui/form/fields.py`);
# checks across fields are in `ui.form.member.build_member`.
SPECS: dict[str, Field] = {f.key: f for f in FIELDS if f.typed}
TWO_WAYS = "two_ways:"  # a problem code followed by the text that reads two ways
SHOWN = "entry_shown"  # session key: the value each box was last written from or read into

_DATE = re.compile(r"^(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})$")
_DROPPED = str.maketrans({"$": None, "%": None, " ": None, "\u00a0": None, "\u2212": "-"})


def box_key(name: str) -> str:
    """The session key of the text box a member types `name` into."""
    return f"{name}_text"


def read_number(text: str | None) -> tuple[Decimal | None, str | None]:
    """A number as people write it, read as a salary file's amounts are (`estimator.io.salary_file.amounts`): the
    Puerto Rico style (36,000.50) or the Spanish one (36.000,50), "$", "%" and a sign allowed. A number that
    reads two ways ("42.000": 42,000 or 42) is not guessed: its problem, `TWO_WAYS` and the text, asks which.
    Commas without a point ("36,000") are thousands, as the app itself writes amounts."""
    cleaned = (text or "").strip().translate(_DROPPED)
    if not cleaned:
        return None, "empty"
    negative, body = cleaned[:1] == "-", cleaned[1:] if cleaned[:1] in "+-" else cleaned
    found = readings_of("0" + body if body.startswith((".", ",")) else body)
    if "." not in body and DOT in found:  # "36,000": a box has no other rows to settle it, the app's own style does
        found = {DOT: found[DOT]}
    values = set(found.values())
    if not values:
        return None, "not_number"
    if len(values) > 1:
        return None, TWO_WAYS + cleaned
    return (-values.pop() if negative else values.pop()), None


def read_date(text: str | None) -> tuple[date | None, str | None]:
    """A date written day/month/year ("15/02/1970", "15-2-1970", "15.02.1970")."""
    cleaned = (text or "").strip()
    if not cleaned:
        return None, "empty"
    match = _DATE.match(cleaned)
    if not match:
        return None, "date_format"
    day, month, year = (int(part) for part in match.groups())
    try:
        return date(year, month, day), None
    except ValueError:
        return None, "no_such_date"


def read(name: str, text: str | None) -> tuple[Any, str | None]:
    """The value of field `name` typed as `text`, or None and a problem code (see `problem_message`)."""
    spec = SPECS[name]
    if spec.kind == "date":
        return read_date(text)
    number, problem = read_number(text)
    if problem:
        return None, problem
    if spec.kind == "whole" and number != number.to_integral_value():
        return None, "not_whole"
    if not within(name, number):  # below the range, or above it: each may say so in its own words
        return None, "below" if spec.low is not None and number < spec.low else "range"
    return (int(number) if spec.kind == "whole" else number), None


def within(name: str, number: Decimal) -> bool:
    """Whether a number read from a box is in the range field `name` accepts on its own."""
    spec = SPECS[name]
    if spec.low is not None and (number < spec.low or (spec.above_low and number == spec.low)):
        return False
    return spec.high is None or number <= spec.high


def shown_text(name: str, value: Any) -> str:
    """What the box shows for a value set by the app (the example, a loaded file)."""
    if value is None:
        return ""
    kind = SPECS[name].kind
    if kind == "date":
        return value.strftime("%d/%m/%Y") if isinstance(value, date) else ""
    try:
        number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        return ""
    if kind == "money":
        return f"{number:,.2f}"
    if kind == "whole":
        return f"{number:.0f}"
    return f"{number.normalize():f}"


def sync(state: MutableMapping[str, Any], exact: dict[str, Any] | None = None) -> dict[str, str]:
    """Tie each box to its value (see the module's docstring); returns the problems, by field name. The
    values read from the boxes go into `exact` as read."""
    shown = dict(state.get(SHOWN) or {})
    problems: dict[str, str] = {}
    for name in SPECS:
        box, value = box_key(name), state.get(name)
        if box not in state or name not in shown or shown[name] != value or type(shown[name]) is not type(value):
            state[box] = shown_text(name, value)  # set by the app: the box shows it
            shown[name] = value
            continue
        value, problem = read(name, state[box])
        if problem:
            problems[name] = problem
        if exact is not None:
            exact[name] = value
        state[name] = shown[name] = float(value) if isinstance(value, Decimal) else value  # as a file holds it
    state[SHOWN] = shown
    return problems


def problem_message(name: str, problem: str, lang: str) -> str:
    """A problem with what was typed in field `name`, in words that say what is accepted."""
    spec = SPECS[name]
    what = ui_text(f"check.what.{name}", lang)
    if problem.startswith(TWO_WAYS):  # which of the two it is: each written so that it reads one way only
        text = problem[len(TWO_WAYS):]
        one, other = sorted(readings_of(text.lstrip("+-")).values(), reverse=True)
        written = (lambda v: money(v)[1:]) if spec.kind == "money" else (lambda v: f"{v.normalize():,f}")
        return ui_text("check.two_ways", lang, what=what, text=text, one=written(one), other=written(other))
    if problem == "below" and has_text(f"check.below.{name}", lang):
        return ui_text(f"check.below.{name}", lang, high=_bound(spec, spec.high))
    if problem in ("range", "below"):
        return ui_text(f"check.range.{name}", lang, low=_bound(spec, spec.low),
                       high=_bound(spec, spec.high))
    if problem == "not_number" and spec.kind == "money":
        problem = "not_number_money"  # cents and thousands are said where there are any
    return ui_text(f"check.{problem}", lang, what=what, example=spec.sample)


def _bound(spec: Field, value: Decimal | None) -> str:
    if value is None:
        return ""
    return money(value) if spec.kind == "money" else f"{value.normalize():f}"


# The page's own boxes beyond the form (`whole_box`): their default follows the member on screen.
PAGE_BOXES = ("variant_age", "variant_extra", "lifetime_until", "lifetime_other")
FRESH_BOXES = "page_boxes_to_reset"  # after clearing: each is set to its default when next drawn


def whole_box(where, label: str, key: str, default: int, low: int, high: int, lang: str) -> int | None:
    """A whole number typed as text and checked by the app, never by the browser: the number, or None
    with a message under the box saying what is accepted (for the page's own inputs beyond the form)."""
    fresh = st.session_state.get(FRESH_BOXES, [])
    shown = str(default)
    if key in fresh:  # the member was cleared: the box shows its default, not what the browser kept
        fresh.remove(key)
        st.session_state[key] = shown
        shown = None  # given once, by the session (both would make Streamlit log a warning with a stack)
    number, problem = read_number(where.text_input(label, value=shown, key=key, autocomplete="off"))
    if problem is None and number == number.to_integral_value() and low <= number <= high:
        return int(number)
    where.error(ui_text("check.whole_range", lang, low=low, high=high), icon="⚠️")
    return None
