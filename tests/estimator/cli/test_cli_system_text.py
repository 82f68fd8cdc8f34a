"""The command line's file problems: a pipe given as a scenario is refused at once (it would wait for a
writer forever), an output name up to the file system's 255 bytes is written, and Spanish messages carry no
English system text ("No such file or directory", "Extra data")."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys

import pytest

from estimator.io.system_text import ERRNO_KEYS, JSON_KINDS, json_error_text, os_error_text
from estimator.words.catalog import t
from tests.command import run_command
from tests.conftest import ROOT
from tests.estimator.cli.test_report_cli import SCENARIO, assert_clear_failure

ENGLISH = ("No such file", "Permission denied", "Is a directory", "Extra data", "Expecting", "delimiter",
           "Unterminated", "nested too deep")


def command(*args, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """A real process, for what could wait for ever: a report on a pipe once did, and the timeout fails it."""
    return subprocess.run([sys.executable, "-m", "estimator", *map(str, args)], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=120)


def test_a_pipe_given_as_the_scenario_is_refused_at_once(tmp_path):
    pipe, target = tmp_path / "escenario.json", tmp_path / "informe.pdf"
    os.mkfifo(pipe)
    proc = command("report", pipe, "-o", target)
    proc.stderr = proc.stderr.decode()
    assert_clear_failure(proc, target, f"{pipe} no es un archivo regular sino una tubería (FIFO)")


@pytest.mark.parametrize("name", ["a" * 237 + ".pdf", "b" * 251 + ".pdf", "é" * 125 + ".pdf"],
                         ids=["241-bytes", "255-bytes", "254-bytes-accented"])
def test_an_output_name_up_to_255_bytes_is_written(tmp_path, name):
    assert 241 <= len(name.encode()) <= 255
    source = tmp_path / "escenario.json"
    source.write_text(json.dumps(SCENARIO), encoding="utf-8")
    proc = run_command("report", source, "-o", tmp_path / name)
    assert proc.returncode == 0, proc.stderr.decode()
    assert (tmp_path / name).read_bytes().startswith(b"%PDF")
    assert sorted(os.listdir(tmp_path)) == sorted([source.name, name])  # no temporary file left behind


@pytest.mark.parametrize("args, stdin, said", [
    (["report", "{tmp}/falta/escenario.json", "-o", "{tmp}/informe.pdf"], b"", "No existe el archivo"),
    (["report", "{tmp}/escenario.json", "-o", "{tmp}/no-hay/informe.pdf"], b"", "no existe el archivo o la carpeta"),
    (["report", "{tmp}/extra.json", "-o", "{tmp}/informe.pdf"], b"", "hay algo más después del objeto"),
    (["report", "{tmp}", "-o", "{tmp}/informe.pdf"], b"", "una carpeta"),
    (["estimate", "{tmp}/falta.jsonl"], b"", "no existe el archivo o la carpeta"),
    (["estimate"], b'{"plan": "ley1"} 3\n{"plan": \n', "falta un valor en la línea 1"),
], ids=["missing-input", "missing-folder", "extra-data", "folder-as-input", "estimate-missing", "estimate-lines"])
def test_spanish_messages_carry_no_english_system_text(tmp_path, args, stdin, said):
    (tmp_path / "escenario.json").write_text(json.dumps(SCENARIO), encoding="utf-8")
    (tmp_path / "extra.json").write_text(json.dumps(SCENARIO) + " {}", encoding="utf-8")
    proc = run_command(*[arg.format(tmp=tmp_path) for arg in args], stdin=stdin)
    said_all = (proc.stdout + proc.stderr).decode()
    assert proc.returncode != 0
    assert said in said_all, said_all
    assert not [word for word in ENGLISH if word in said_all], said_all


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_system_reason_is_said_in_both_languages(lang):
    for code, key in ERRNO_KEYS.items():
        assert os_error_text(OSError(code, os.strerror(code)), lang) == t(f"system.{key}", lang)
    assert os_error_text(OSError(errno.ENOTSUP, "Operation not supported"), lang) == t("system.other", lang,
                                                                                       code="ENOTSUP")
    for start, key in JSON_KINDS:
        error = json.JSONDecodeError(start + " here", "x", 0)
        assert json_error_text(error, lang) == t(f"system.json_{key}", lang, line=1, column=1)
