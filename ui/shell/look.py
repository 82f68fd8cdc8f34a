"""The page's own styles: labels shown whole, the answer's summary on narrow screens, the file uploaders'
English instructions replaced by the member's language (Streamlit has no setting for them); on every page
a focus ring that is not the error colour and the title near the top; and session mode's larger type."""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from ui.shell.field_help import SHOWN as FIELD_HELP_SHOWN
from ui.shell.plain import plain
from ui.shell.text import ui_text

NARROW = 640  # px: below this width Streamlit stacks columns, so the answer comes after the form
FOCUS = "#0b4f8a"  # the focus ring: dark blue (7.9:1 on white), never the crimson of errors and the accent
CHOSEN = "#8c1823"  # the chosen option's type: the accent darkened, 6.2:1 on its hovered tint
# Session mode, a layout for a screen shared across a desk: about 24 px text is what a person reads from two
# metres on a 1366×768 laptop. Every size drawn from the root font size, and the charts' fonts, × this.
SESSION_SCALE = 1.5
SESSION_AMOUNT_REM = 2.5  # the answer's amount in session mode: 60 px, over the 56 px it needs from two metres
INK = "#111111"  # the theme's text colour (.streamlit/config.toml): captions drawn in it, at full contrast
FAINT_INK = "rgba(17, 17, 17, 0.2)"  # Streamlit's border of an unchosen button: the text colour at 20%
BASE_PX = 16  # Streamlit's root font size (theme.baseFontSize): its sizes are rem, so all follow the root


def session_scale(state) -> float:
    """How much larger the type is drawn: SESSION_SCALE in session mode, else 1."""
    return SESSION_SCALE if state.get("session_mode") else 1.0


def frame_css(lang: str) -> str:
    """Styles for every page: a focus ring distinct from errors, no empty band above the title, and the hint
    Streamlit shows under a box being typed in ("Press Enter to apply") in the member's language."""
    enter, ctrl_enter = (json.dumps(ui_text(f"check.{key}", lang), ensure_ascii=False)
                         for key in ("press_enter", "press_ctrl_enter"))
    reconnecting = json.dumps(ui_text("app.reconnecting", lang), ensure_ascii=False)
    refused = json.dumps("⚠️ " + ui_text("check.file_refused", lang, limit=f"{st.get_option('server.maxUploadSize')} MB"),
                         ensure_ascii=False)
    return f"""<style>
/* "The data lives only in this tab", in the page itself only where the sidebar that says it starts closed. */
@media (min-width: {NARROW}px) {{ .st-key-tab_note {{ display: none; }} }}
/* A file refused (by the browser: too large, wrong type; by the server: a name too long, too many files) is
   said under its uploader, not only on hover; the note about the file loaded before it, right under the
   uploader, is no longer shown (the refusal reruns nothing, so the page would keep saying "loaded"). */
[data-testid="stFileUploader"]:has([data-testid="stFileChip"][aria-invalid="true"])::after {{
  content: {refused}; display: block; margin-top: 0.5rem; color: #b3202e; font-size: 0.875rem;
}}
div:has(> [class*="st-key-"] [data-testid="stFileChip"][aria-invalid="true"])
  + [data-testid="stElementContainer"]:has([data-testid="stAlert"]) {{ display: none; }}
/* The toolbars Streamlit puts over tables and charts (search, download, full screen) name and explain their
   buttons in English only, and nothing there is needed to read the answer: not drawn. */
[data-testid="stElementToolbar"] {{ display: none !important; }}
/* Streamlit's hint under a box being typed in is English only: the member's words instead. */
[data-testid="InputInstructions"] > span {{ display: none; }}
[data-testid="stTextInput"] [data-testid="InputInstructions"]::after {{ content: {enter}; }}
[data-testid="stTextArea"] [data-testid="InputInstructions"]::after {{ content: {ctrl_enter}; }}
/* Focus: a dark blue ring set off from the control. Streamlit draws it in the accent colour, which is the
   crimson of errors and messages, so a field being edited looked wrong; errors keep crimson and their text. */
:focus-visible:not(main) {{ outline: 3px solid {FOCUS} !important; outline-offset: 2px !important; box-shadow: none !important; }}
[data-testid="stTextInputRootElement"]:focus-within, [data-testid="stTextAreaRootElement"]:focus-within,
[data-testid="stNumberInputContainer"]:focus-within, [data-testid="stSelectbox"] [data-baseweb="select"] > div:focus-within {{
  border-color: {FOCUS} !important; outline: 3px solid {FOCUS}; outline-offset: 2px;
}}
[data-testid="stTextInputField"]:focus-visible, [data-testid="stTextArea"] textarea:focus-visible,
[data-testid="stSelectbox"] input:focus-visible {{ outline: none !important; }}
/* Checkboxes, radios and toggles draw their own box: the ring goes round the box and its label. */
label:has(> input:focus-visible), label:has(input[type="checkbox"]:focus-visible),
label:has(input[type="radio"]:focus-visible) {{
  outline: 3px solid {FOCUS}; outline-offset: 2px; border-radius: 0.25rem;
}}
/* The chosen language's crimson type a shade darker: 4.5:1 and more on the tint Streamlit puts under it when
   it is hovered or focused (the accent itself gives 4.46:1 there). */
[data-testid="stButtonGroup"] button[data-selected="true"], [data-testid="stButtonGroup"] button[data-selected="true"] p {{
  color: {CHOSEN} !important;
}}
/* While the page has lost its server (a process restarted or ended), Streamlit leaves the last answer on
   screen (its widgets disabled): the page says so in the member's words, and dims the answer, until it is
   connected again (ui/shell/reconnect.py keeps the inputs). Said on the app's own element, not with
   `body:has(…)`: that made every element the page adds restyle the whole page (opening the charts took about
   a third longer: 501 ms against 376, docs/performance.md). */
[data-testid="stApp"]:not([data-test-connection-state="CONNECTED"]) [data-testid="stMain"] {{ opacity: 0.4; }}
[data-testid="stApp"]:not([data-test-connection-state="CONNECTED"])::before {{
  content: {reconnecting}; position: fixed; top: 4rem; left: 50%; transform: translateX(-50%); z-index: 1000100;
  width: min(36rem, 90vw); padding: 0.75rem 1rem; border: 2px solid #8a5a00; border-radius: 0.5rem;
  background: #fff4d6; color: #111111; font-size: 1rem; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
}}
/* The keyboard's order: the skip link, then the page's own content, then the sidebar (Chromium's reading-flow; in
   other browsers the sidebar comes first, and the skip link passes it). A closed sidebar, only slid out of sight,
   is out of reach too. */
[data-testid="stAppViewContainer"] {{ reading-flow: source-order; }}
[data-testid="stSidebar"] {{ reading-order: 1; }}
[data-testid="stSidebar"][data-collapsed="true"] {{ visibility: hidden; }}
/* A field's help, under the field while the keyboard is on it (ui/shell/field_help.py). */
.{FIELD_HELP_SHOWN} {{
  position: fixed; z-index: 1000050; pointer-events: none; box-sizing: border-box; padding: 0.5rem 0.75rem;
  border: 1px solid {FAINT_INK}; border-left: 0.25rem solid {FOCUS}; border-radius: 0.5rem; background: #ffffff;
  color: {INK}; font-size: 0.875rem; line-height: 1.4; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.2);
}}
/* The title near the top: Streamlit leaves 6rem above the page's first line. */
[data-testid="stMainBlockContainer"] {{ padding-top: 3rem !important; }}
</style>"""


HEADLINE = "headline"  # the key of the answer's amount: the page's styles and the tests find it by it


def headline(label: str, amount: str) -> None:
    """The answer's amount, large, under its label. Markdown rather than `st.metric`: the browser fetches
    each kind of element's code when its first element arrives, and the metric's (with a number formatter
    and a chart loader) came last on the first screen, holding the first answer back by about 0.4 s
    (`benchmarks/cold_start.py`); markdown's code is there already."""
    with st.container(key=HEADLINE):
        st.markdown(f"{plain(label)}\n\n**{plain(amount)}**")


def paragraphs(draw: Any, lines: list[str]) -> None:
    """Lines of one kind drawn by `draw` (`st.caption`, `st.markdown`) as one element, a paragraph each: the browser
    draws every element again several times a run (docs/performance.md)."""
    if lines:
        draw("\n\n".join(lines))


def kept_places(count: int) -> None:
    """Places held for `count` elements this run does not draw, each an empty element (nothing on screen). A field
    or a mark that comes and goes then moves nothing below it in the page's tree: the browser updates what follows
    instead of drawing it anew (docs/performance.md, "Places kept")."""
    for _ in range(count):
        st.empty()


def table(data: Any, name: str, **kwargs: Any) -> None:
    """`st.dataframe` at the page's type size. Its canvas takes the root font size once, when it is first
    drawn: the container's key follows session mode, so turning the mode on or off draws it anew."""
    with st.container(key=f"{name}_{round(session_scale(st.session_state) * 100)}"):
        st.dataframe(data, **kwargs)


def compare_css(parts: int) -> str:
    """The comparison's columns, each made of the same `parts` in the same order (ui/comparison/compare.py): on a wide
    screen every part sits level with the same part of the other columns (a grid whose columns share its
    rows), so the inputs line up row by row and the "Quitar" buttons in one row at the bottom; where the
    columns stack (a phone) each scenario stays whole, its button last. Inputs that differ from the first
    scenario's stand out with a bar and a tint besides their bold type and their words."""
    block = '.st-key-compare_columns [data-testid="stHorizontalBlock"]'
    column = f'{block} > [data-testid="stColumn"]'
    return f"""<style>
{column} [data-testid="stVerticalBlock"] {{ gap: 0.25rem; }}
{column} [class*="st-key-compare_result_"], {column} [class*="st-key-compare_reasons_"] {{ margin: 0.25rem 0 0.75rem; }}
{column} [class*="st-key-remove_"] {{ margin-top: auto; }}
@media (min-width: {NARROW}px) {{
  {block} {{ display: grid !important; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr);
            grid-template-rows: repeat({parts}, auto); row-gap: 0.25rem; }}
  {column} {{ grid-row: 1 / span {parts}; display: grid !important; grid-template-rows: subgrid;
             width: auto !important; min-width: 0 !important; }}
  {column} > [data-testid="stVerticalBlock"] {{ display: contents !important; }}
  {column} [class*="st-key-remove_"] {{ align-self: end; }}
}}
/* Each result's headline ("Pensión mensual a los 58 años y 8 meses") wraps in a narrow column instead of
   being cut before the age. */
{column} [data-testid="stMetricLabel"], {column} [data-testid="stMetricLabel"] * {{
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important; height: auto !important;
}}
dl.compare-input {{ margin: 0; padding: 0.2rem 0.4rem; border-left: 0.25rem solid transparent; }}
dl.compare-input dt {{ font-size: 0.875rem; font-weight: 400; margin: 0; }}
dl.compare-input dd {{ margin: 0; overflow-wrap: anywhere; }}
dl.compare-input.differs {{ border-left-color: #8a5a00; background: #fff4d6; }}
dl.compare-input .mark {{ font-size: 0.875rem; display: inline-block; }}
</style>"""


def session_css(scale: float = SESSION_SCALE) -> str:
    """Session mode: the root font size grows, and with it every size Streamlit gives in rem — labels, what
    is typed, amounts, bullets, tables, the steps, captions, the sidebar — all by the same factor. For the
    screen shared across a desk, what is read while talking is never under the root size (24 px): the
    amount larger still, captions and table cells at the text's size and full contrast; and on a wide
    screen the answer takes the whole width first, the form below it, out of the way while talking (the
    order of the page for the keyboard and for readers stays the form's, then the answer's)."""
    form_row = ('[data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] .st-key-birth_date_text)')
    return f"""<style>
html {{ font-size: {BASE_PX * scale:g}px !important; }}
.st-key-{HEADLINE} p:last-child, [data-testid="stMetricValue"] {{ font-size: {SESSION_AMOUNT_REM}rem !important; }}
.st-key-{HEADLINE} p, [data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stCaptionContainer"] p, [data-testid="stMarkdownContainer"] table,
[data-testid="stTable"] table, ol.calc-steps .law, ol.calc-steps .assumed {{
  font-size: 1rem !important; color: {INK} !important; opacity: 1 !important;
}}
@media (min-width: {NARROW}px) {{
  {form_row} {{ flex-direction: column !important; }}
  {form_row} > [data-testid="stColumn"] {{ width: 100% !important; flex: 1 1 auto !important; }}
  {form_row} > [data-testid="stColumn"]:last-child {{ order: -1; }}
  {form_row} [data-testid="stColumn"]:has(.st-key-to_correct) {{ position: static; }}
}}
</style>"""


def page_css(lang: str) -> str:
    """A <style> element for the fields, the sidebar and the answer, in `lang` (the uploaders' texts are
    CSS-generated content); every page draws it with `frame_css`, in one element (ui/shell/frame.py)."""
    drop, browse = (json.dumps(ui_text(f"check.{key}", lang), ensure_ascii=False) for key in ("drop", "browse"))
    return f"""<style>
/* Long checkbox and toggle labels wrap instead of being cut off. */
[data-testid="stCheckbox"] label, [data-testid="stCheckbox"] label p,
[data-testid="stToggle"] label, [data-testid="stToggle"] label p,
[data-testid="stWidgetLabel"] p {{
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
  height: auto !important;
}}
/* The sidebar's page names wrap rather than being cut ("Rules and assumptions" in session mode). */
[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"] span,
[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"] p {{
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
}}
/* The language buttons each with a border and corners of their own, a little apart: Streamlit joins them into
   one bar, which reads as a broken box when they wrap onto two lines (session mode, a narrow sidebar). */
[data-testid="stSidebar"] [data-testid="stButtonGroup"] [role="radiogroup"] {{ column-gap: 0.375rem; }}
[data-testid="stSidebar"] [data-testid="stButtonGroup"] button {{ border-radius: 0.5rem !important; margin: 0 !important; }}
[data-testid="stSidebar"] [data-testid="stButtonGroup"] button[aria-checked="false"]:not(:hover) {{
  border-right-color: {FAINT_INK} !important;
}}
/* Buttons that name what they do in full ("Añadir a la comparación el escenario del formulario (58 años)")
   wrap rather than being cut. */
.st-key-add_to_compare button p {{ white-space: normal !important; text-align: left; }}
/* The answer's amount (ui/shell/look.py, headline): its label small, the amount large, as Streamlit draws a metric. */
.st-key-{HEADLINE} p {{ font-size: 0.875rem; margin-bottom: 0.25rem; }}
.st-key-{HEADLINE} p:last-child {{ font-size: 2.25rem; line-height: 1.2; margin-bottom: 0; }}
.st-key-{HEADLINE} strong {{ font-weight: 400; }}
/* The answer's one-line summary above the form: only where the columns stack (phones). */
.st-key-summary {{
  border-left: 0.3rem solid #b3202e; padding: 0.25rem 0 0.25rem 0.75rem; background: #f6f6f6;
}}
@media (min-width: {NARROW}px) {{ .st-key-summary {{ display: none; }} }}
/* On a phone it stays in sight under the page's top bar while the member scrolls through the form. */
@media (max-width: {NARROW - 0.02}px) {{
  [data-testid="stLayoutWrapper"]:has(> .st-key-summary) {{ position: sticky; top: 3.75rem; z-index: 5; }}
  [data-testid="stMain"] {{ scroll-padding-top: 9rem; }}  /* a field moved into view is not hidden under it */
}}
/* While a value is refused, what to correct stays in sight beside the form as the member scrolls it (on a
   phone the sticky summary line says it). */
@media (min-width: {NARROW}px) {{
  [data-testid="stColumn"]:has(.st-key-to_correct) {{ position: sticky; top: 4rem; align-self: flex-start; }}
}}
/* Years and months stay side by side on a phone, in session mode too: a row of boxes wraps any box narrower than
   its least width, and each box here may be as narrow as half the row. */
.st-key-service_boxes > *, .st-key-retire_boxes > * {{ min-width: 0 !important; flex: 1 1 0 !important; }}
/* The uploaders' texts in the member's language (the caption above each says format and limit). */
[data-testid="stFileUploaderDropzoneInstructions"] span {{ display: none; }}
[data-testid="stFileUploaderDropzoneInstructions"] > div::before {{ content: {drop}; }}
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] {{ display: none; }}
[data-testid="stFileUploaderDropzone"] button span[data-has-shortcut]::after {{ content: {browse}; }}
</style>"""
