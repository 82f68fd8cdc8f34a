"""Make the report's Latin fonts: DejaVu Sans and DejaVu Sans Bold cut down to the Latin scripts, their
accents, punctuation and the symbols the reports print (`LATIN_RANGES` in `estimator/report/document.py`).

    python -m scripts.latin_fonts          # writes estimator/fonts/DejaVuSans*-Latin.ttf

fpdf2 cuts each font down to the characters a PDF prints when it writes the PDF; from the whole DejaVu
(6,200 glyphs) that was more than half of a report's time, from these (1,058) it takes about a third as long.
A report whose text needs a character outside them is written in the whole fonts
(`estimator/report/document.py`, `written`). The glyphs and widths of the characters kept are the whole fonts'
own (`tests/estimator/report/test_fonts.py` checks them, and the files against this script's ranges).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from estimator.io.report.document import FONTS, FULL_FONTS, LATIN_FONTS, LATIN_RANGES


def latin_font(source: Path) -> TTFont:
    """`source` cut down to the characters of `LATIN_RANGES` it has, with every layout feature kept."""
    font = TTFont(source, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    options.drop_tables += ["FFTM"]  # FontForge's timestamps: fontTools cannot cut them down
    cutter = subset.Subsetter(options)
    cmap = font.getBestCmap()
    cutter.populate(unicodes=[code for first, last in LATIN_RANGES for code in range(first, last + 1) if code in cmap])
    cutter.subset(font)
    return font


def main() -> None:
    for (_, whole), (_, latin) in zip(FULL_FONTS, LATIN_FONTS):
        latin_font(FONTS / whole).save(FONTS / latin)
        print(f"{FONTS / latin}: {(FONTS / latin).stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
