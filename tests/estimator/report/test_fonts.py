"""The report's Latin fonts (`scripts/latin_fonts.py`): the whole DejaVu fonts' own glyphs for the characters
of `LATIN_RANGES`, and a report needing any other character written in the whole fonts."""

from __future__ import annotations

from datetime import date

import pytest
from fontTools.ttLib import TTFont

import estimator.report.document as document
from estimator import read_scenario
from estimator.report import build_comparison_report, build_report
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
