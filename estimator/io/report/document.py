"""The report's page and words: a Letter PDF with the bundled DejaVu fonts (every Spanish character
prints), its footer and the writing helpers every section uses; the words every report shares (dates,
ages, rules) and what one member's report reads (`Context`).
"""

from __future__ import annotations

import copy
import functools
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from datetime import date, datetime, time, timezone
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Sequence

from fontTools.ttLib import TTFont
from fpdf import FPDF
from fpdf.fonts import FontFace

from estimator.words.citations import display
from estimator.member.compare import short_rule
from estimator.law.registry import plan as plan_of
from estimator.calculation.law_day import law_of
from estimator.member.member import Member
from estimator.calculation.answer import Answer
from estimator.calculation.scenario import Scenario
from estimator.law.parameters import Params
from estimator.calculation.situation import Situation
from estimator.arithmetic.dates import date_at
from estimator.words.catalog import date_words, span, t

FONTS = Path(__file__).parent / "fonts"
FAMILY = "DejaVu"
FULL_FONTS = (("", "DejaVuSans.ttf"), ("B", "DejaVuSans-Bold.ttf"))
# The same two cut down to these characters (`scripts/latin_fonts.py` makes them): written from them, a report
# takes about half the time (fpdf2 cuts each font down again to what the PDF prints, and that is quicker from
# 1,058 glyphs than from 6,200). A report needing any other character is written in the whole fonts (`written`).
LATIN_FONTS = (("", "DejaVuSans-Latin.ttf"), ("B", "DejaVuSans-Bold-Latin.ttf"))
LATIN_RANGES = (
    (0x0020, 0x024F),  # Basic Latin, Latin-1, Latin Extended-A and -B
    (0x0300, 0x036F),  # combining accents (a name typed as "e" + "´")
    (0x2000, 0x206F),  # punctuation: dashes, quotes, ellipsis
    (0x20A0, 0x20CF),  # currency signs
    (0x2190, 0x21FF),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x2260, 0x2265),  # ≠, ≤, ≥
    (0x25A0, 0x25FF),  # geometric shapes (bullets, markers)
)
# What a person may type for the report (the app's boxes and the command line hold them to this).
NAME_LIMIT = 120
NOTES_LIMIT = 1500
# Right-to-left letters (Hebrew, Arabic, …): fpdf2 draws them left to right and unjoined unless a shaping
# engine (uharfbuzz) is installed, so a name in them would print reversed: they are not printed.
RIGHT_TO_LEFT = frozenset({"R", "AL"})


@cache
def report_glyphs() -> frozenset[int]:
    """The characters both report fonts (regular and bold) draw."""
    pdf = FPDF()
    for style, file in FULL_FONTS:
        pdf.add_font(FAMILY, style, FONTS / file)
    return frozenset(set(pdf.fonts["dejavu"].cmap) & set(pdf.fonts["dejavuB"].cmap))


def prints(char: str) -> bool:
    """Whether the report prints `char` as it reads: the fonts have it and it is not right-to-left."""
    return char == "\n" or (ord(char) in report_glyphs() and unicodedata.bidirectional(char) not in RIGHT_TO_LEFT)


@dataclass
class Words:
    """The words of a report in one language: its texts, dates, ages and rules."""

    lang: str

    def t(self, key: str, **values: Any) -> str:
        return t(f"report.{key}", self.lang, **values)

    def date_text(self, day: date) -> str:
        """15 de febrero de 2028 / February 15, 2028."""
        return date_words(day, self.lang)

    def years_text(self, value: Any) -> str:
        """An age or a period in years and months ("58 años y 3 meses"), never a decimal."""
        return span(value, self.lang)

    def age_short(self, value: Fraction) -> str:
        """An age where room is short (a chart's axis, a table's first column): "58", "58 a 3 m"."""
        years, months = divmod(round(Fraction(value) * 12), 12)
        return str(years) if months == 0 else self.t("age_short", years=years, months=months)

    def rule_title(self, rule_id: str) -> str:
        return t(f"rule.{rule_id}", self.lang)

    def short_rule(self, rule_id: str | None) -> str:
        return short_rule(rule_id, self.lang)

    def rule_cite(self, rule_id: str) -> str:
        """The rule's citation as the law reads ("Reglamento, Regla 18.6(a)"), as the app shows it."""
        plan = rule_id.split(".")[0]
        return display(next(rule.cite for rule in plan_of(plan).table if rule.id == rule_id), self.lang)


@dataclass(kw_only=True)
class Context(Words):
    """What every section of one member's report reads: the scenario at the age the pension would
    start, its answer, and the options. `situation` is the member today, when known (the app): the key
    dates and the chart then start from today, as in the app."""

    scenario: Scenario
    answer: Answer
    birth_date: date | None = None
    salary_growth: Fraction = Fraction(0)
    generated_on: date = field(default_factory=date.today)
    situation: Situation | None = None
    member: Member | None = None  # the member today, when known: their key dates
    name: str | None = None
    notes: str | None = None
    params: Params = field(init=False)

    def __post_init__(self) -> None:
        self.params = law_of(self.scenario, explain=False)

    @property
    def start_date(self) -> date | None:
        return start_day(self.scenario, self.birth_date, self.generated_on)


def start_day(scenario: Scenario, birth_date: date | None, today: date) -> date | None:
    """The day the scenario's pension would start, when the birth date is known: never before today (RULES.md §0)."""
    return max(date_at(birth_date, scenario.age), today) if birth_date else None


def clean_text(text: str | None, limit: int, lines: bool = False) -> str | None:
    """What a person typed, as it will be printed: control and format characters out, spaces collapsed
    (line breaks kept for notes), at most `limit` characters; None when nothing is left."""
    if text is None:
        return None
    if len(text) > limit:
        raise ValueError(f"longer than {limit} characters")
    kept = []
    for char in text.replace("\r\n", "\n"):
        if char == "\n" and lines:
            kept.append(char)
        elif unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            kept.append(" ")
        else:
            kept.append(char)
    rows = [" ".join(row.split()) for row in "".join(kept).split("\n")]
    cleaned = "\n".join(rows).strip("\n ")
    while "\n\n\n" in cleaned:
        cleaned = cleaned.replace("\n\n\n", "\n\n")
    return cleaned or None


@functools.lru_cache(maxsize=None)
def _parsed_font(style: str, file: str) -> Any:
    """A bundled font as fpdf2 reads it (once per process)."""
    probe = FPDF()
    probe.add_font(FAMILY, style, FONTS / file)
    return probe.fonts[f"{FAMILY.lower()}{style}"]


class Document(FPDF):
    """A Letter page with DejaVu fonts, the report's footer and a few writing helpers."""

    def __init__(self, words: Words, title: str, generated_on: date,
                 fonts: tuple[tuple[str, str], ...] = LATIN_FONTS):
        super().__init__(format="Letter", unit="mm")
        self.words = words
        for style, file in fonts:
            self._add_font_parsed_once(style, file)
        self.set_margins(18, 16, 18)
        self.set_auto_page_break(True, margin=18)
        self.set_title(title)
        self.set_lang(words.lang)
        self.set_creator("Estimador de Pensión")
        self.set_creation_date(datetime.combine(generated_on, time(), tzinfo=timezone.utc))

    def _add_font_parsed_once(self, style: str, file: str) -> None:
        """`add_font`, without parsing the TrueType file again for every report (it was half of a report's
        time): a copy of the font as fpdf2 reads it, with font tables of its own, which the
        document cuts down to the characters it prints when it is written. Any surprise from fpdf2's
        internals: the plain `add_font`."""
        try:
            parsed = _parsed_font(style, file)
            # Its widths and the characters it uses are this document's own; the two large tables of
            # numbers are copied flat (a deep copy of their 6,000 whole numbers each took as long as parsing).
            flat = {id(table): copy.copy(table) for table in (parsed.cw, parsed.glyph_ids)}
            flat[id(parsed.ttfont)] = None  # not copied: opened anew below
            font = copy.deepcopy(parsed, flat)
            font.i = len(self.fonts) + 1
            # The font tables, never shared (writing the document cuts them down): the file opened anew as
            # fpdf2 opens it, lazily (only what the cutting reads is parsed). A copy of the parsed tables
            # took 0.1-0.2 s a font. Glyph boxes are not recomputed: the cut font is written from each glyph's own
            # bytes, not rebuilt point by point (a third of its writing time), and keeps the whole font's overall
            # maxima; the pages and glyphs written are fpdf2's own (tests/estimator/report/test_fonts.py).
            font.ttfont = TTFont(FONTS / file, recalcTimestamp=False, recalcBBoxes=False, fontNumber=0, lazy=True)
        except Exception:  # noqa: BLE001 - a newer fpdf2 may lay its fonts out otherwise
            self.add_font(FAMILY, style, FONTS / file)
            return
        self.fonts[font.fontkey] = font

    def lacks_glyphs(self) -> bool:
        """Whether some character drawn so far is not in the document's fonts (fpdf2 notes each one as it draws)."""
        return any(font.missing_glyphs for font in self.fonts.values())

    def printable(self, text: str) -> str:
        """Typed text with any character the report cannot print as it reads (`prints`) shown as "?"
        (nothing goes missing silently, and nothing typed is ever named in a warning)."""
        return "".join(char if prints(char) else "?" for char in text)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(FAMILY, "", 8)
        self.set_text_color(90)
        self.cell(0, 5, self.words.t("footer", page=self.page_no(), pages="{nb}"), align="C")
        self.set_text_color(0)

    def ensure_space(self, height: float) -> None:
        if self.get_y() + height > self.page_break_trigger:
            self.add_page()

    def heading(self, text: str, size: float = 13, keep: float = 25) -> None:
        """A bold title, on a new page unless `keep` millimetres fit below it."""
        self.ensure_space(keep)
        self.ln(3)
        self.set_font(FAMILY, "B", size)
        self.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        self.ln(1.5)

    def paragraph(self, text: str, size: float = 10, bold: bool = False) -> None:
        self.set_font(FAMILY, "B" if bold else "", size)
        self.multi_cell(0, size * 0.5, text, align="L", new_x="LMARGIN", new_y="NEXT")
        self.ln(1)

    def bullets(self, items: Sequence[str], size: float = 10) -> None:
        self.set_font(FAMILY, "", size)
        for item in items:
            self.ensure_space(size)  # the bullet and its first line on the same page
            self.cell(5, size * 0.5, "•")
            self.multi_cell(0, size * 0.5, item, align="L", new_x="LMARGIN", new_y="NEXT")
            self.ln(0.8)

    def rule(self) -> None:
        """A thin line across the page."""
        self.set_draw_color(160)
        self.set_line_width(0.3)
        self.line(self.l_margin, self.get_y(), self.w - self.r_margin, self.get_y())
        self.set_draw_color(0)

    def grid_table(self, headers: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
                   aligns: Sequence[str], size: float = 8.5, share: float = 1, bold_rows: Sequence[int] = ()) -> None:
        """A table `share` of the text width wide, its first row the headings; the rows `bold_rows`
        (counted from 0 after the headings) in bold."""
        self.set_font(FAMILY, "", size)
        self.set_fill_color(255)
        bold = FontFace(emphasis="BOLD")
        with self.table(col_widths=widths, text_align=tuple(aligns), line_height=size * 0.5,
                        headings_style=FontFace(emphasis="BOLD", fill_color=(235, 235, 235)),
                        padding=(0.6, 1), width=self.epw * share, align="LEFT") as table:
            for index, row in enumerate([headers, *rows], start=-1):
                cells = table.row()
                for text in row:
                    cells.cell(text, style=bold if index in bold_rows else None)
        self.ln(2)


def written(draw: Callable[[Document], None], words: Words, title: str, generated_on: date) -> bytes:
    """The PDF that `draw` draws on a new `Document`, in the Latin fonts; drawn again in the whole fonts when it
    holds a character those lack (a name in Greek letters, say), so that it prints exactly as before."""
    doc = Document(words, title, generated_on, LATIN_FONTS)
    draw(doc)
    if doc.lacks_glyphs():
        doc = Document(words, title, generated_on, FULL_FONTS)
        draw(doc)
    return bytes(doc.output())


def title_block(doc: Document, title: str, subtitle: str, name: str | None, notes: str | None) -> None:
    """The first lines of a report: its title, what and when, and for whom with the notes typed at the
    download (printed here only; never kept)."""
    words = doc.words
    doc.set_font(FAMILY, "B", 20)
    doc.cell(0, 10, title, new_x="LMARGIN", new_y="NEXT")
    doc.paragraph(subtitle, size=10)
    if name:
        doc.paragraph(words.t("prepared_for", name=doc.printable(name)), size=11, bold=True)
    if notes:
        doc.paragraph(words.t("notes_label"), size=9, bold=True)
        doc.paragraph(doc.printable(notes), size=9.5)
    if not all(map(prints, (name or "") + (notes or ""))):  # say why some letters are "?"
        doc.paragraph(words.t("unprintable"), size=8.5)
    doc.ln(1)
    doc.rule()
    doc.ln(2)
