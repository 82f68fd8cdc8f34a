"""`report` writes only the file it was asked to: never over its input, never through a symbolic link,
never into a device, a pipe or a folder; an existing regular file is replaced whole. Any refusal: one
line on standard error, exit status 1, nothing written and no temporary file left behind.

What could wait for ever (a pipe, a device, an endless input) and what depends on the process (its umask) run in
a real subprocess, with a timeout; the rest runs the same command in this Python (`tests/command.py`)."""

import json
import os
import stat
import subprocess
import sys

import pytest

from estimator.io.cli import files
from estimator.io.cli.report import SCENARIO_FILE_LIMIT
from tests.command import run_command
from tests.conftest import ROOT

SCENARIO = {"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11}


def process(*args, **options):
    return subprocess.run([sys.executable, "-m", "estimator", "report", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, **options)


def run(*args):
    return run_command("report", *args, text=True)


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    return path


def listing(folder):
    return sorted(p.name for p in folder.iterdir())


def assert_refused(proc, expected: str) -> None:
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and expected in proc.stderr, proc.stderr


def test_the_input_itself_is_refused_as_output(tmp_path, source):
    before = source.read_bytes()
    assert_refused(run(source, "--lang", "en", "-o", source), "same file as the input")
    assert source.read_bytes() == before
    assert listing(tmp_path) == ["scenario.json"]


def test_the_input_under_another_name_is_refused_as_output(tmp_path, source):
    other_name = tmp_path / "sub" / ".." / "scenario.json"
    (tmp_path / "sub").mkdir()
    hard_link = tmp_path / "same-file.pdf"
    os.link(source, hard_link)
    before = source.read_bytes()
    assert_refused(run(source, "--lang", "en", "-o", other_name), "same file as the input")
    assert_refused(run(source, "--lang", "es", "-o", hard_link), "mismo archivo que la entrada")
    assert source.read_bytes() == before


def test_a_symbolic_link_at_the_output_is_refused_and_what_it_points_to_is_untouched(tmp_path, source):
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("keep me")
    link = tmp_path / "report.pdf"
    link.symlink_to(elsewhere)
    assert_refused(run(source, "--lang", "en", "-o", link), "symbolic link")
    assert elsewhere.read_text() == "keep me"
    assert link.is_symlink() and os.readlink(link) == str(elsewhere)
    assert listing(tmp_path) == ["precious.txt", "report.pdf", "scenario.json"]


def test_a_dangling_symbolic_link_is_refused_and_creates_nothing(tmp_path, source):
    link = tmp_path / "report.pdf"
    link.symlink_to(tmp_path / "created-through-the-link.pdf")
    assert_refused(run(source, "--lang", "es", "-o", link), "enlace simbólico")
    assert not (tmp_path / "created-through-the-link.pdf").exists()
    assert listing(tmp_path) == ["report.pdf", "scenario.json"]


def test_a_folder_is_refused(tmp_path, source):
    folder = tmp_path / "out"
    folder.mkdir()
    assert_refused(run(source, "--lang", "en", "-o", folder), "not a regular file (a folder)")
    assert listing(folder) == []


def test_a_fifo_is_refused_without_waiting_for_a_reader(tmp_path, source):
    fifo = tmp_path / "report.pdf"
    os.mkfifo(fifo)
    assert_refused(process(source, "--lang", "en", "-o", fifo), "a pipe (FIFO)")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_a_device_is_refused(source):
    assert_refused(process(source, "--lang", "es", "-o", "/dev/null"), "un dispositivo")


def test_an_existing_regular_file_is_replaced_whole_with_the_usual_permissions(tmp_path, source):
    target = tmp_path / "report.pdf"
    target.write_bytes(b"an older report " * 100_000)
    proc = process(source, "-o", target, preexec_fn=lambda: os.umask(0o022))
    assert proc.returncode == 0, proc.stderr
    assert target.read_bytes().startswith(b"%PDF") and b"an older report" not in target.read_bytes()
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o644
    assert listing(tmp_path) == ["report.pdf", "scenario.json"]  # no temporary file left


def test_a_scenario_file_beyond_the_limit_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (SCENARIO_FILE_LIMIT + 1) + json.dumps(SCENARIO).encode())
    assert_refused(run(big, "--lang", "en", "-o", tmp_path / "report.pdf"), "too large for a scenario")
    assert listing(tmp_path) == ["big.json"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_endless_input_is_refused(tmp_path):
    assert_refused(process("/dev/zero", "--lang", "en", "-o", tmp_path / "report.pdf"), "not a regular file but a device")
    assert listing(tmp_path) == []


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "report.pdf"

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", failing_replace)
    with pytest.raises(files.ReportProblem, match="no space left on the disk"):  # the system reason, in English words
        files.write_atomically(str(target), b"%PDF-1.4", "en", [])
    assert listing(tmp_path) == []


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.write_atomically(str(tmp_path / "report.pdf"), b"%PDF-1.4", "en", [])
    assert listing(tmp_path) == []


def test_a_link_that_appears_after_the_check_is_replaced_not_followed(tmp_path, monkeypatch):
    """The rename replaces whatever name is at the target; it never writes through a link."""
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("keep me")
    target = tmp_path / "report.pdf"

    def check_then_plant_a_link(path, sources, lang):
        target.symlink_to(elsewhere)  # the check passed; the link lands between it and the rename

    monkeypatch.setattr(files, "check_target", check_then_plant_a_link)
    files.write_atomically(str(target), b"%PDF-1.4", "en", [])
    assert elsewhere.read_text() == "keep me"
    assert not target.is_symlink() and target.read_bytes() == b"%PDF-1.4"
