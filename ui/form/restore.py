"""The form's inputs put back from what a page that outlived its server process sent (ui/shell/reconnect.py).

Each box's text as typed, with the value read from it; the salary history's box, its rows read from the text on
this run; the checkboxes; each choice from its label, in either language.
"""

from __future__ import annotations

from typing import Any, MutableMapping

from estimator import LANGUAGES

from ui.form.entry import SHOWN, box_key, read
from ui.form.fields import FIELDS, OPTION_PREFIX
from ui.form.form import choice_format
from ui.form.salary_table import HISTORY_BOX, HISTORY_SHOWN
from ui.shell.reconnect import sent_widgets


def restore_sent(state: MutableMapping[str, Any]) -> None:
    """Put back the form's inputs the page sent and the session lacks."""
    missing = [field for field in FIELDS if field.key not in state]
    sent = sent_widgets(state) if missing else {}  # nothing missing: an ordinary run, nothing to read
    if not sent:
        return
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
