"""The page's own styles: labels shown whole, the answer's summary on narrow screens, and the file
uploaders' English instructions replaced by the member's language (Streamlit has no setting for them)."""

from __future__ import annotations

import json

from .text import ui_text

NARROW = 640  # px: below this width Streamlit stacks columns, so the answer comes after the form


def page_css(lang: str) -> str:
    """A <style> element for the page, in `lang` (the uploaders' texts are CSS-generated content)."""
    drop, browse = (json.dumps(ui_text(f"check.{key}", lang), ensure_ascii=False) for key in ("drop", "browse"))
    return f"""<style>
/* Long checkbox and toggle labels wrap instead of being cut off. */
[data-testid="stCheckbox"] label, [data-testid="stCheckbox"] label p,
[data-testid="stToggle"] label, [data-testid="stToggle"] label p,
[data-testid="stWidgetLabel"] p {{
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
  height: auto !important;
}}
/* The answer's one-line summary above the form: only where the columns stack (phones). */
.st-key-summary {{
  border-left: 0.3rem solid #b3202e; padding: 0.25rem 0 0.25rem 0.75rem; background: #f6f6f6;
}}
@media (min-width: {NARROW}px) {{ .st-key-summary {{ display: none; }} }}
/* Years and months stay side by side on a phone (Streamlit stacks every pair of columns there). */
@media (max-width: {NARROW - 0.02}px) {{
  [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > .st-key-service_years_text),
  [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > .st-key-retire_years_text) {{
    flex-wrap: nowrap !important;
  }}
  [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > .st-key-service_years_text) > [data-testid="stColumn"],
  [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > .st-key-retire_years_text) > [data-testid="stColumn"] {{
    min-width: 0 !important; width: auto !important; flex: 1 1 0 !important;
  }}
}}
/* The uploaders' texts in the member's language (the caption above each says format and limit). */
[data-testid="stFileUploaderDropzoneInstructions"] span {{ display: none; }}
[data-testid="stFileUploaderDropzoneInstructions"] > div::before {{ content: {drop}; }}
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] {{ display: none; }}
[data-testid="stFileUploaderDropzone"] button span[data-has-shortcut]::after {{ content: {browse}; }}
</style>"""
