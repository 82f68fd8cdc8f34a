"""Right-to-left names and notes: fpdf2 without a shaping engine would draw them reversed and unjoined, so the
report prints "?" in their place and says why, and the command line refuses them saying what is accepted."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from estimator import read_scenario
from estimator.io.report import build_report
from estimator.words.catalog import t
from tests.command import run_command
from tests.estimator.cli.test_report_cli import SCENARIO

HEBREW, ARABIC = "שלום כהן", "محمد علي"


def pdf_text(pdf: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_right_to_left_letters_print_as_marks_with_the_reason():
    text = pdf_text(build_report(read_scenario(SCENARIO), "es", name=HEBREW, notes=f"Llamar a {ARABIC}"))
    assert "Preparado para: ???? ???" in text and "Llamar a ???? ???" in text
    assert not set(HEBREW + ARABIC) - {" "} & set(text)  # never a reversed, unjoined letter
    assert t("report.unprintable", "es")[:40] in text.replace("\n", " ")


def test_a_latin_name_prints_as_typed_with_no_note():
    text = pdf_text(build_report(read_scenario(SCENARIO), "es", name="José Núñez Ñíguez"))
    assert "Preparado para: José Núñez Ñíguez" in text
    assert t("report.unprintable", "es")[:20] not in text


def test_the_command_line_refuses_a_right_to_left_name(tmp_path):
    source, target = tmp_path / "escenario.json", tmp_path / "informe.pdf"
    source.write_text(json.dumps(SCENARIO), encoding="utf-8")
    proc = run_command("report", source, "-o", target, "--name", ARABIC)
    assert proc.returncode == 1 and not target.exists()
    assert "--name: el informe no puede imprimir escritura de derecha a izquierda" in proc.stderr.decode()
