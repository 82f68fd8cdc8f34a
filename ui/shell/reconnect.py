"""A page that outlived its server process keeps the member's inputs.

Served as several processes (scripts/run-app --replicas), a page whose process ended reconnects to another
one, which knows nothing of it: the member's next action runs the page in a new session that receives the
values of the page's widgets (the boxes' texts, the choices' labels, the checkboxes), while everything the
session kept outside widgets is gone: the comparison too, which the comparison page then says
(`BROUGHT_BACK`). Streamlit hands a widget's value to the script only once the widget is
drawn, and the page reads the inputs before it draws the form; so `restore_sent` reads the values the page
sent, for the inputs the session does not hold, and puts them back in the session, with what the session
kept beside them rebuilt from them (each box's value and the salary history's rows, read from the text).
Streamlit 1.67 has no public API for the values a page sent before its widgets are drawn: they are read from
the script run's session state (`get_widget_states`), each widget's id ending with its key.
"""

from __future__ import annotations

from typing import Any, MutableMapping

from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.state.common import is_keyed_element_id

from estimator.texts import LANGUAGES

from ui.form.entry import SHOWN, box_key, read
from ui.form.fields import FIELDS, OPTION_PREFIX
from ui.form.salary_table import HISTORY_BOX, HISTORY_SHOWN


def sent_widgets(state: MutableMapping[str, Any]) -> dict[str, Any]:
    """The widget values the page sent that the session does not know yet, by the widget's key (Streamlit's
    widget ids end with "-<key>")."""
    ctx = get_script_run_ctx()
    if ctx is None:
        return {}
    sent = {}
    for widget in ctx.session_state.get_widget_states():
        if is_keyed_element_id(widget.id):
            key = widget.id.split("-", 2)[2]  # "$$ID-<hash>-<key>"
            if key not in state:
                sent[key] = widget
    return sent


# Set in a session that took over a page from an earlier one: what that one kept outside widgets (the comparison)
# is gone, and the comparison page says so (ui/comparison/compare.py).
BROUGHT_BACK = "brought_back"


def restore_sent(state: MutableMapping[str, Any]) -> None:
    """Put back the form's inputs the page sent and the session lacks (see the module's docstring)."""
    missing = [field for field in FIELDS if field.key not in state]
    sent = sent_widgets(state) if missing else {}  # nothing missing: an ordinary run, nothing to read
    if set(sent) - {"lang"}:  # a new page sends at most its language, taken from the address
        state[BROUGHT_BACK] = True
    if not sent:
        return
    from ui.form.form import choice_format  # the form's own labels (loaded only when needed)

    shown = dict(state.get(SHOWN) or {})
    for field in missing:
        widget = sent.get(box_key(field.key) if field.typed else HISTORY_BOX if field.kind == "salaries" else field.key)
        if widget is None:
            continue
        text = widget.string_value if widget.WhichOneof("value") == "string_value" else None
        if field.typed and text is not None:
            state[box_key(field.key)] = text  # as typed, even when it cannot be read (its message follows)
            state[field.key] = shown[field.key] = read(field.key, text)[0]
        elif field.kind == "salaries" and text is not None:
            state[HISTORY_BOX] = text
            # Not read yet: `sync_history` reads the box into the rows on this run (and says which row is wrong).
            state[field.key] = state[HISTORY_SHOWN] = [None]
        elif field.kind == "flag" and widget.WhichOneof("value") == "bool_value":
            state[field.key] = widget.bool_value
        elif field.key in OPTION_PREFIX and text is not None:
            labels = {choice_format(field.key, lang)(option): option for lang in LANGUAGES
                      for option in field.options}  # the label chosen, in either language
            if text in labels:
                state[field.key] = labels[text]
    state[SHOWN] = shown
