"""A page that outlived its server process keeps the member's inputs.

Served as several processes (scripts/run-app --replicas), a page whose process ended reconnects to another
one, which knows nothing of it: the member's next action runs the page in a new session that receives the
values of the page's widgets (the boxes' texts, the choices' labels, the checkboxes), while everything the
session kept outside widgets is gone: the comparison too, which the comparison page then says
(`BROUGHT_BACK`). Streamlit hands a widget's value to the script only once the widget is
drawn, and the page reads the inputs before it draws the form; so the inputs the session does not hold are
read from the values the page sent (`sent_widgets`) and put back in the session, with what the session kept
beside them rebuilt from them, by the form that draws them (`ui/form/restore.py`, called through
`MemberInputs.restore_sent` in ui/shell/state.py).
Streamlit 1.67 has no public API for the values a page sent before its widgets are drawn: they are read from
the script run's session state (`get_widget_states`), each widget's id ending with its key.
"""

from __future__ import annotations

from typing import Any, MutableMapping

from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.state.common import is_keyed_element_id

# Set in a session that took over a page from an earlier one: what that one kept outside widgets (the comparison)
# is gone, and the comparison page says so (ui/comparison/compare.py).
BROUGHT_BACK = "brought_back"


def sent_widgets(state: MutableMapping[str, Any]) -> dict[str, Any]:
    """The widget values the page sent that the session does not know yet, by the widget's key (Streamlit's
    widget ids end with "-<key>"); a session that took over a page is marked so (`BROUGHT_BACK`)."""
    ctx = get_script_run_ctx()
    if ctx is None:
        return {}
    sent = {}
    for widget in ctx.session_state.get_widget_states():
        if is_keyed_element_id(widget.id):
            key = widget.id.split("-", 2)[2]  # "$$ID-<hash>-<key>"
            if key not in state:
                sent[key] = widget
    if set(sent) - {"lang"}:  # a new page sends at most its language, taken from the address
        state[BROUGHT_BACK] = True
    return sent
