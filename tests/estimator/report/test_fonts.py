"""The report's Latin fonts (`scripts/latin_fonts.py`): the whole DejaVu fonts' own glyphs for the characters
of `LATIN_RANGES`, and a report needing any other character written in the whole fonts."""

from __future__ import annotations

import io
from datetime import date

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

import estimator.io.report.document as document
from estimator import read_scenario
from estimator.io.report import build_comparison_report, build_report
from scripts.latin_fonts import latin_font
from tests.estimator.report.test_report import LEY1_REDUCED, pdf_text


PAIRS = list(zip(document.FULL_FONTS, document.LATIN_FONTS))


@pytest.mark.parametrize(("whole", "latin"), [(whole, latin) for (_, whole), (_, latin) in PAIRS])
def test_the_latin_fonts_are_the_whole_fonts_cut_to_the_latin_ranges(whole, latin):
    """Each character of the ranges the whole font has, and no other, with the whole font's advance width and
    outline (fpdf2 lays text out by those widths, so a report's lines break where they did); the files are
    what the script makes from the ranges today (a range changed without running it fails here)."""
    full, cut = TTFont(document.FONTS / whole), TTFont(document.FONTS / latin)
    in_ranges = {code for code in full.getBestCmap()
                 if any(first <= code <= last for first, last in document.LATIN_RANGES)}
    assert set(cut.getBestCmap()) == in_ranges
    assert set(latin_font(document.FONTS / whole).getBestCmap()) == in_ranges
    for code in in_ranges:
        name, cut_name = full.getBestCmap()[code], cut.getBestCmap()[code]
        assert cut["hmtx"][cut_name] == full["hmtx"][name], hex(code)
        assert (cut["glyf"][cut_name].getCoordinates(cut["glyf"])[0]
                == full["glyf"][name].getCoordinates(full["glyf"])[0]), hex(code)


@pytest.fixture
def fonts_used(monkeypatch):
    """The font files of each `Document` made, in order."""
    used = []
    made = document.Document.__init__

    def recording(self, words, title, generated_on, fonts=document.LATIN_FONTS):
        used.append(fonts)
        made(self, words, title, generated_on, fonts)
    monkeypatch.setattr(document.Document, "__init__", recording)
    return used


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_report_in_latin_letters_is_written_once_in_the_latin_fonts(fonts_used, lang):
    scenario = read_scenario(LEY1_REDUCED)
    text = pdf_text(build_report(scenario, lang, generated_on=date(2026, 12, 1), name="José Núñez Ibáñez",
                                 notes="Año fiscal “2026” — reunión: 10 × 2 ≥ 15 → sí"))
    assert fonts_used == [document.LATIN_FONTS]
    assert "José Núñez Ibáñez" in text and "“2026” — reunión: 10 × 2 ≥ 15 → sí" in text
    fonts_used.clear()
    build_comparison_report([scenario, read_scenario(LEY1_REDUCED | {"age": 62})], lang,
                            generated_on=date(2026, 12, 1), name="Zoë Øvergård")
    assert fonts_used == [document.LATIN_FONTS]


@pytest.mark.parametrize("name", ["Ελένη Παπαδοπούλου", "Ольга Петрова", "Nguyễn Thị Minh"])
def test_a_name_outside_the_latin_fonts_is_printed_from_the_whole_fonts(fonts_used, name):
    """Greek, Cyrillic and Vietnamese letters are not in the Latin fonts: the report is drawn again in the
    whole fonts, and prints the name as typed."""
    scenario = read_scenario(LEY1_REDUCED)
    text = pdf_text(build_report(scenario, "es", generated_on=date(2026, 12, 1), name=name))
    assert fonts_used == [document.LATIN_FONTS, document.FULL_FONTS]
    assert name in text
    fonts_used.clear()
    text = pdf_text(build_comparison_report([scenario, read_scenario(LEY1_REDUCED | {"age": 62})], "en",
                                            generated_on=date(2026, 12, 1), notes=name))
    assert fonts_used == [document.LATIN_FONTS, document.FULL_FONTS]
    assert name in text


def embedded_fonts(pdf: bytes) -> dict[str, TTFont]:
    """The fonts a PDF embeds, by name."""
    fonts = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            fonts[font["/BaseFont"]] = TTFont(io.BytesIO(descriptor["/FontFile2"].get_object().get_data()))
    return fonts


# Font-wide maxima a font cut down may keep from the whole font (they bound every glyph; nothing is drawn from them):
# the font's bounding box, its widest advance and extent, its largest glyph's points and contours.
AT_MOST = {"head": ("xMin", "yMin"), "hhea": ("minLeftSideBearing", "minRightSideBearing")}
AT_LEAST = {"head": ("xMax", "yMax"), "hhea": ("advanceWidthMax", "xMaxExtent"),
            "maxp": ("maxPoints", "maxContours", "maxCompositePoints", "maxCompositeContours", "maxComponentDepth")}


def test_fonts_parsed_once_give_the_file_fpdf2_gives(monkeypatch):
    """Each report gets its own copy of the fonts parsed once, opened without recomputing every glyph's box (the
    cut font is then written from the glyphs' own bytes: a third of the time fpdf2 took to write it). After other
    reports printed other characters, a report has the pages and the glyphs, widths and character maps of the one
    fpdf2's own `add_font` gives, byte for byte; only the fonts' overall maxima may stay the whole font's."""
    from estimator.io.report import build_comparison_report

    scenarios = [read_scenario(data) for data in (LEY1_REDUCED, LEY1_REDUCED | {"age": 62})]
    made = date(2026, 11, 29)
    build_report(read_scenario(LEY1_REDUCED), "en", generated_on=made, name="Zoë Øvergård", notes="ĳ ŉ ǅ")
    once = build_comparison_report(scenarios, "es", generated_on=made, name="José Núñez")
    assert document._parsed_font.cache_info().hits >= 2  # the fonts were not parsed again
    monkeypatch.setattr(document.Document, "_add_font_parsed_once",
                        lambda self, style, file: self.add_font(document.FAMILY, style, document.FONTS / file))
    plain = build_comparison_report(scenarios, "es", generated_on=made, name="José Núñez")
    ours, theirs = PdfReader(io.BytesIO(once)), PdfReader(io.BytesIO(plain))
    assert [page.get_contents().get_data() for page in ours.pages] == [page.get_contents().get_data() for page in theirs.pages]
    ours, theirs = embedded_fonts(once), embedded_fonts(plain)
    assert list(ours) == list(theirs) and len(ours) == 2
    for name, font in ours.items():
        other = theirs[name]
        assert sorted(font.keys()) == sorted(other.keys())
        for tag in font.keys():
            if tag != "GlyphOrder" and tag not in AT_LEAST:
                assert font.getTableData(tag) == other.getTableData(tag), (name, tag)
        for tag, fields in AT_MOST.items():
            assert all(getattr(font[tag], f) <= getattr(other[tag], f) for f in fields), (name, tag)
        for tag, fields in AT_LEAST.items():
            assert all(getattr(font[tag], f) >= getattr(other[tag], f) for f in fields), (name, tag)
        assert font["head"].unitsPerEm == other["head"].unitsPerEm and font["hhea"].ascent == other["hhea"].ascent
