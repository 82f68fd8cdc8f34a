"""`python -m estimator report SCENARIO.json -o FILE.pdf`, run in this Python (`tests/command.py`); a real
subprocess writes a report in `tests/estimator/cli/test_report_target.py` (with the process's umask)."""

import io
import json

import pytest
from pypdf import PdfReader

from tests.command import run_command

SCENARIO = {"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11}


def run(*args):
    return run_command("report", *args, text=True)


@pytest.mark.parametrize("lang, written", [("es", "Informe escrito"), ("en", "Report written")])
def test_writes_a_valid_pdf_and_says_so_in_one_line(tmp_path, lang, written):
    source, target = tmp_path / "scenario.json", tmp_path / "report.pdf"
    source.write_text(json.dumps(SCENARIO), encoding="utf-8")
    proc = run(source, "--lang", lang, "-o", target, "--birth-date", "1974-03-15")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and written in proc.stderr
    pdf = target.read_bytes()
    assert pdf.startswith(b"%PDF")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "$1,467.08" in text


BAD_FILES = {
    "invalid JSON": ('{"plan": "teachers", "age": ', "JSON"),
    "not an object": ("[1, 2]", "JSON"),
    "invalid scenario": (json.dumps(dict(SCENARIO, plan="ley3")), "plan:"),
    "missing field": (json.dumps({"plan": "ley1", "age": 65, "average_salary": 1}), "service_years:"),
    "wrong type": (json.dumps(dict(SCENARIO, age="52")), "age:"),
    "service too long": (json.dumps(dict(SCENARIO, service_years=45)), "service_years:"),
}


def assert_clear_failure(proc, target, expected: str) -> None:
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and expected in proc.stderr
    assert not target.exists()
    assert not list(target.parent.glob("*.pdf*"))


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_gives_one_clear_line_exit_1_and_no_file(tmp_path, name):
    content, expected = BAD_FILES[name]
    source, target = tmp_path / "scenario.json", tmp_path / "report.pdf"
    source.write_text(content, encoding="utf-8")
    assert_clear_failure(run(source, "-o", target), target, expected)


def test_messages_follow_the_chosen_language(tmp_path):
    source, target = tmp_path / "scenario.json", tmp_path / "report.pdf"
    source.write_text(json.dumps({"plan": "ley1", "age": 65, "average_salary": 1}), encoding="utf-8")
    assert_clear_failure(run(source, "--lang", "es", "-o", target), target, "Falta el campo")
    assert_clear_failure(run(source, "--lang", "en", "-o", target), target, "is required and missing")


def test_a_missing_file_gives_one_clear_line_exit_1_and_no_file(tmp_path):
    target = tmp_path / "report.pdf"
    assert_clear_failure(run(tmp_path / "nowhere.json", "--lang", "en", "-o", target), target, "nowhere.json")


def test_a_bad_birth_date_gives_one_clear_line_exit_1_and_no_file(tmp_path):
    source, target = tmp_path / "scenario.json", tmp_path / "report.pdf"
    source.write_text(json.dumps(SCENARIO), encoding="utf-8")
    assert_clear_failure(run(source, "-o", target, "--birth-date", "1974-13-01"), target, "--birth-date")


def test_an_unwritable_target_gives_one_clear_line_and_exit_1(tmp_path):
    source = tmp_path / "scenario.json"
    source.write_text(json.dumps(SCENARIO), encoding="utf-8")
    target = tmp_path / "no-such-folder" / "report.pdf"
    proc = run(source, "-o", target)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "report.pdf" in proc.stderr


@pytest.mark.parametrize("lang, from_65, not_yet", [("es", "Desde los 65 años", "aún no cobra"),
                                                    ("en", "From 65 years of age", "not paid yet")])
def test_the_comparison_report_compares_what_is_paid_at_the_same_ages(tmp_path, lang, from_65, not_yet):
    # Ley 447, Plan Coordinado, $42,000 a year, Social Security $1,400 (tests/estimator/test_same_ages.py shows the
    # arithmetic): at 61 with 33 years, $2,625.00 until 65 and $1,869.25 from 65; at 65 with 37 years, $2,138.25.
    # Side by side: "from 65", $1,869.25 and $2,138.25 (+$269.00); from 61 to 65 the second is not yet paid.
    # The first months' difference, 2,138.25 − 2,625.00 = −$486.75, is never printed as a loss.
    coordinated = {"plan": "ley447", "average_salary": 42000, "coordinated": True, "social_security_monthly": 1400}
    first, second, target = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "comparison.pdf"
    first.write_text(json.dumps(dict(coordinated, age=61, service_years=33)), encoding="utf-8")
    second.write_text(json.dumps(dict(coordinated, age=65, service_years=37)), encoding="utf-8")
    proc = run(first, second, "--lang", lang, "-o", target)
    assert proc.returncode == 0, proc.stderr
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(target.read_bytes())).pages)
    assert from_65 in text and not_yet in text
    assert "$2,138.25 (+$269.00)" in text
    assert "486.75" not in text
