"""The command line's line contract and its bounds (CONTRACT.md; docs/command-line.md): one answer per
input line in its place, numbers checked for size before any exact arithmetic, lines longer than the
limit answered with an error in bounded memory, a closed pipe and Ctrl-C ended without a traceback.

Behaviour of the process (memory, signals, pipes) and anything that could run for ever (a number literal
that once took ten minutes) are tested through the real `python -m estimator`, where a generous subprocess
timeout is the only time bound (these machines are shared and noisy); what the command answers line by line
runs the same entry point in this Python (`tests/command.py`)."""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from estimator.io.cli import LINE_LIMIT, answer_lines
from estimator.calculation.scenario import read_scenario
from tests.command import run_command
from tests.conftest import ROOT

GOOD = '{"plan":"ley1","age":65,"service_years":20,"average_salary":40000}'
HOSTILE = [json.loads(line) for line in (ROOT / "tests" / "data" / "hostile_lines.jsonl").open(encoding="utf-8")]
COMMAND = [sys.executable, "-m", "estimator", "estimate"]


def run(raw: bytes, *args):
    proc = run_command("estimate", *args, stdin=raw)
    return proc, [json.loads(line) for line in proc.stdout.splitlines()]


def run_process(raw: bytes, *args, timeout: float):
    proc = subprocess.run([*COMMAND, *args], input=raw, capture_output=True, cwd=ROOT, timeout=timeout)
    return proc, [json.loads(line) for line in proc.stdout.splitlines()]


def lines(*texts: str) -> bytes:
    return "".join(text + "\n" for text in texts).encode("utf-8", "surrogatepass")


def default_sigint():
    """The child handles Ctrl-C as from a terminal even when this test runs with SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# --- one answer per line, in its place ---

def test_hostile_lines_from_the_data_file_each_get_their_answer_in_place():
    mixed = []
    for case in HOSTILE:
        mixed += [GOOD, case["line"]]
    proc, answers = run(lines(*mixed), "--lang", "en")
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
    assert len(answers) == len(mixed)
    for index, case in enumerate(HOSTILE):
        assert answers[2 * index]["monthly_pension"] == 1000.0, case["case"]
        answer = answers[2 * index + 1]
        if case["field"] is None:
            assert "error" not in answer, (case["case"], answer)
        else:
            assert answer["error"]["field"] == case["field"], (case["case"], answer)
            assert "internal error" not in answer["error"]["message"], case["case"]


def test_blank_and_whitespace_lines_are_errors_in_their_place():
    proc, answers = run(lines(GOOD, "", "   ", "\t\r", GOOD), "--lang", "en")
    assert proc.returncode == 1
    assert len(answers) == 5
    assert answers[0]["monthly_pension"] == answers[4]["monthly_pension"] == 1000.0
    for answer in answers[1:4]:
        assert answer["error"]["field"] == "(line)" and "blank" in answer["error"]["message"]
    assert proc.stderr.decode().strip() == "5 answered, 2 results, 3 errors"


def test_a_byte_order_mark_at_the_start_is_ignored_on_standard_input_and_in_a_file(tmp_path):
    raw = b"\xef\xbb\xbf" + lines(GOOD, GOOD)
    proc, answers = run(raw)
    assert proc.returncode == 0 and [a["monthly_pension"] for a in answers] == [1000.0, 1000.0]
    path = tmp_path / "with-bom.jsonl"
    path.write_bytes(raw)
    proc, answers = run(b"", str(path))
    assert proc.returncode == 0 and len(answers) == 2


def test_a_byte_order_mark_alone_at_the_start_is_a_blank_line():
    _, answers = run(b"\xef\xbb\xbf\n" + lines(GOOD), "--lang", "en")
    assert "blank" in answers[0]["error"]["message"] and answers[1]["monthly_pension"] == 1000.0


@pytest.mark.parametrize("bad", [b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82", b"\x80"])
def test_invalid_utf8_is_that_line_s_error_and_the_others_are_answered(bad):
    raw = lines(GOOD) + b'{"plan":"ley1","group":"' + bad + b'"}\n' + lines(GOOD)
    proc, answers = run(raw, "--lang", "en")
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
    assert len(answers) == 3
    assert "UTF-8" in answers[1]["error"]["message"]
    assert answers[0]["monthly_pension"] == answers[2]["monthly_pension"] == 1000.0


def test_null_for_an_optional_field_means_its_default():
    plain = read_scenario(json.loads(GOOD))
    nulls = dict(json.loads(GOOD), assumptions=None, group=None, coordinated=None, refunded=None,
                 separation_age=None, social_security_monthly=None, in_system_june_1960=None,
                 contribution_shortfall=None, average_monthly_salary=None)
    assert read_scenario(nulls) == plain


# --- numbers checked for size before exact arithmetic ---

@pytest.mark.parametrize("literal, field_message", [
    ("1" + "0" * 4400, "too large"),            # beyond Python's 4,300-digit conversion limit
    ("1" + "0" * 60000, "too large"),
    ("0." + "0" * 60000 + "1", "decimals"),
    ("1." + "1" * 60000, "decimals"),
    ("1" * 30000 + "e-29990", "decimals"),
])
def test_very_long_number_literals_are_errors_in_milliseconds(literal, field_message):
    line = '{"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":%s}' % literal
    proc, answers = run_process(lines(line, GOOD), "--lang", "en", timeout=60)
    assert b"Traceback" not in proc.stderr
    assert answers[0]["error"]["field"] == "average_monthly_salary"
    assert field_message in answers[0]["error"]["message"]
    assert answers[1]["monthly_pension"] == 1000.0


def test_the_billion_digit_exponent_of_the_issue_is_refused_at_once():
    line = '{"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":1e999999999}'
    proc, answers = run_process(lines(line), timeout=60)  # before: more than ten minutes of exact arithmetic
    assert proc.returncode == 1
    assert answers == [{"error": {"field": "average_monthly_salary",
                                  "message": "«average_monthly_salary» es demasiado grande: se acepta hasta 1,000,000,000."}}]


# --- the line limit, in bounded memory ---

def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_is_an_error():
    exact = GOOD[:-1] + " " * (LINE_LIMIT - len(GOOD)) + "}"
    assert len(exact.encode()) == LINE_LIMIT
    longer = GOOD[:-1] + " " * (LINE_LIMIT - len(GOOD) + 1) + "}"
    proc, answers = run(lines(exact, longer, GOOD), "--lang", "en")
    assert answers[0]["monthly_pension"] == 1000.0
    assert answers[1]["error"]["field"] == "(line)" and "65,536 bytes" in answers[1]["error"]["message"]
    assert answers[2]["monthly_pension"] == 1000.0
    assert len(answers) == 3


def test_the_limit_applies_to_lines_given_to_the_python_api_too():
    answers = list(answer_lines([GOOD, "x" * (LINE_LIMIT + 1), "é" * (LINE_LIMIT // 2 + 1), "", "\ufeff" + GOOD], "en"))
    assert [ok for _, ok in answers] == [True, False, False, False, False]
    assert "too long" in answers[1][0]["error"]["message"] and "too long" in answers[2][0]["error"]["message"]
    assert "blank" in answers[3][0]["error"]["message"]


# Runs the estimator as its only child and prints that child's peak resident memory, in KiB.
MEASURE = ("import os, resource, subprocess, sys\n"
           "with open(os.environ['ANSWERS'], 'wb') as out:\n"
           "    subprocess.run(sys.argv[1:], stdout=out, stderr=subprocess.DEVNULL)\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def peak_kib(tmp_path: Path, source: Path) -> tuple[int, list[dict]]:
    """The estimator's peak resident memory (KiB) on `source`, and its answers."""
    answers = tmp_path / f"{source.name}.out"
    proc = subprocess.run([sys.executable, "-c", MEASURE, *COMMAND, str(source)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env=dict(os.environ, ANSWERS=str(answers)))
    return int(proc.stdout), [json.loads(line) for line in answers.read_text().splitlines()]


@pytest.mark.process
def test_megabytes_without_a_newline_are_answered_once_in_constant_memory(tmp_path):
    small = tmp_path / "small.jsonl"
    small.write_text(GOOD + "\n")
    big = tmp_path / "big.jsonl"
    with big.open("wb") as handle:  # 32 MB in one line, then a good line, then 10 MB without a newline
        handle.write(b"7" * (32 * 1024 * 1024) + b"\n" + GOOD.encode() + b"\n" + b"[" * (10 * 1024 * 1024))
    baseline, _ = peak_kib(tmp_path, small)
    peak, answers = peak_kib(tmp_path, big)
    assert len(answers) == 3
    assert "error" in answers[0] and answers[1]["monthly_pension"] == 1000.0 and "error" in answers[2]
    # Holding the 32 MB line would add at least 32 MB; reading in chunks adds about one chunk.
    assert peak - baseline < 8 * 1024, (baseline, peak)


@pytest.mark.process
@pytest.mark.skipif(not (os.path.exists("/dev/zero") and os.path.exists("/proc/self/io")), reason="Linux only")
def test_dev_zero_is_read_in_constant_memory_and_ctrl_c_ends_it_with_the_summary():
    proc = subprocess.Popen([*COMMAND, "/dev/zero", "--lang", "en"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=ROOT, preexec_fn=default_sigint)
    try:
        first = json.loads(proc.stdout.readline())  # the endless line is answered once it passes the limit
        assert "too long" in first["error"]["message"]
        before = resident_kib(proc.pid)
        read_on(proc, 256 * 1024 * 1024)  # a quarter of a gigabyte of zeros more, however long that takes
        after = resident_kib(proc.pid)
        assert after - before < 4 * 1024, (before, after)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert out == b""
    assert err.decode() == "interrupted: 1 answered, 0 results, 1 errors\n"


def read_on(proc: subprocess.Popen, size: int, timeout_s: float = 120) -> None:
    """Wait until `proc` has read `size` more bytes (its `rchar` in /proc), polling: no fixed time."""
    def read_so_far() -> int:
        for line in Path(f"/proc/{proc.pid}/io").read_text().splitlines():
            if line.startswith("rchar:"):
                return int(line.split()[1])
        raise AssertionError("no rchar")

    start, deadline = read_so_far(), time.monotonic() + timeout_s
    while read_so_far() - start < size:
        assert proc.poll() is None, "the command ended while reading"
        assert time.monotonic() < deadline, f"read {read_so_far() - start} bytes in {timeout_s} s"
        time.sleep(0.05)


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


# --- the process: Ctrl-C, a closed pipe, no traceback ---

@pytest.mark.process
def test_ctrl_c_prints_the_summary_of_what_was_answered_and_exits_130():
    proc = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            preexec_fn=default_sigint)
    try:
        proc.stdin.write(lines(GOOD, "{"))
        proc.stdin.flush()
        answers = [json.loads(proc.stdout.readline()) for _ in range(2)]  # answered while the input stays open
        assert answers[0]["monthly_pension"] == 1000.0 and "error" in answers[1]
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.decode() == "interrupted: 2 answered, 1 results, 1 errors\n"


@pytest.mark.process
@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_a_closed_output_pipe_ends_quietly(tmp_path, unbuffered):
    source = tmp_path / "many.jsonl"
    source.write_text((GOOD + "\n") * 3000)
    env = dict(os.environ, PYTHONUNBUFFERED=unbuffered)
    proc = subprocess.Popen([*COMMAND, str(source)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    try:
        assert json.loads(proc.stdout.readline())["monthly_pension"] == 1000.0  # like `| head -1`
        proc.stdout.close()
        err = proc.stderr.read()
        proc.wait(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 1
    assert err == b""  # no traceback, no "Exception ignored"


@pytest.mark.parametrize("args", [
    ["estimate", "/nonexistent/scenarios.jsonl"],
    ["estimate", "."],
    ["report", ".", "-o", "/nonexistent/report.pdf"],
    ["report", "/nonexistent.json", "-o", "."],
    ["average", ".", "--plan", "ley1"],
])
def test_no_traceback_reaches_the_user_in_any_subcommand(args):
    proc = subprocess.run([sys.executable, "-m", "estimator", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert proc.returncode in (1, 2)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert (proc.stderr + proc.stdout).strip()


@pytest.mark.process
@pytest.mark.parametrize("loaded", ["pydantic", "estimator.law.parameters", "estimator.calculation.scenario", "estimator.explanation.engine", "estimator.io.cli"])
def test_ctrl_c_while_the_command_starts_ends_quietly(loaded):
    """An interrupt while the rules are still loading — sent once the module `loaded` is imported, as Python
    reports it (`-X importtime`), not after a fixed time: on a busy machine a time could land in Python's own
    start-up instead — ends with status 130 and no traceback."""
    import queue
    import threading

    proc = subprocess.Popen([sys.executable, "-X", "importtime", *COMMAND[1:]], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, preexec_fn=default_sigint)
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True)
    reader.start()
    said = []
    try:
        while not said or said[-1].split(b"|")[-1].strip() != loaded.encode():
            said.append(lines.get(timeout=60))
        proc.send_signal(signal.SIGINT)
        proc.stdin.close()
        proc.wait(timeout=60)
        reader.join(timeout=60)
    finally:
        proc.kill()
    while not lines.empty():
        said.append(lines.get())
    err = b"".join(line for line in said if not line.startswith(b"import time:")).decode()
    assert "Traceback" not in err, err
    # 130; or, interrupted outside the command's own handling, ended by the signal (a shell shows 130 too)
    assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, err)


def test_answers_leave_in_blocks_of_64_kib_on_the_same_descriptor(tmp_path):
    """A pipe takes the answers in 64 KiB writes, not Python's 8 KiB (docs/performance.md): 60,000 bytes
    written stay in the block until it is full or flushed, then reach the file behind standard output, which stays
    open; a stream with no descriptor (a test's) is written through its own buffer."""
    from estimator.io.cli import _answers_out

    target = tmp_path / "out.jsonl"
    with target.open("w", encoding="latin-1") as stream:  # a locale's encoding: the answers are UTF-8 anyway
        out = _answers_out(stream)
        out.write(("é" * 30_000).encode())  # 60,000 bytes in UTF-8
        assert os.fstat(stream.fileno()).st_size == 0
        out.write(b"x" * 10_000)  # past the block's size: the block leaves
        assert os.fstat(stream.fileno()).st_size >= 60_000
        out.flush()
        del out
        stream.write("z")  # the descriptor is still open
    assert target.read_bytes() == ("é" * 30_000).encode() + b"x" * 10_000 + b"z"
    in_memory = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    assert _answers_out(in_memory) is in_memory.buffer
