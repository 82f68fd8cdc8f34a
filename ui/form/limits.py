"""The honest limits of the form's values: situations these rules do not cover."""

from __future__ import annotations

from ui.form.fields import FormValues
from ui.shell.text import ui_text


def limits(values: FormValues, lang: str) -> list[str]:
    """Situations these rules do not cover: said plainly, with who can answer, never a number."""
    found = []
    if values.disability:
        found.append(ui_text("limits.disability", lang))
    if values.both_systems:
        found.append(ui_text("limits.both_systems", lang))
    return found
