"""The page's sections a test opens before it reads or types into what they hold: a closed section's contents
are not drawn (ui/form/form.py), as a person sees them only after opening it."""

from __future__ import annotations

import re

from ui.form.form import SAVED_OPEN


def opened(at, *sections: str):
    """`at` run again with these sections open (`ADVANCED_OPEN`, `SAVED_OPEN`, `EXTRAS_OPEN`), as a click on
    each heading opens it."""
    for section in sections:
        at.session_state[section] = True
    return at.run()


def uploader(at, name: str):
    """The one uploader named `name` (its key gets a new number after each file read); the saved-data one is in
    *Guardar o cargar los datos*, opened first when it is closed."""
    if name == "saved_upload" and not (SAVED_OPEN in at.session_state and at.session_state[SAVED_OPEN]):
        opened(at, SAVED_OPEN)
    found = [u for u in at.file_uploader if re.fullmatch(rf"{name}_\d+", u.key or "")]
    assert len(found) == 1, [u.key for u in at.file_uploader]
    return found[0]
