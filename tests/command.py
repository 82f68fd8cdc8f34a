"""`python -m estimator ARGS` run inside the test's own Python: the same entry point (`estimator/__main__.py`,
by `runpy`), with standard input, output and error as bytes, and the exit status as a process would give it.

A new Python pays about half a second of imports before the first line is read; tests about what the command
answers use this instead. Tests about the process itself (signals, memory, closed pipes, import time, a run
that must not hang, the contract through a real subprocess in `tests/estimator/cli/test_cli.py`) still start one.
"""

from __future__ import annotations

import io
import runpy
import subprocess
import sys
from pathlib import Path


def run_command(*args: str | Path, stdin: bytes | str = b"", text: bool = False) -> subprocess.CompletedProcess:
    """What `subprocess.run([python, "-m", "estimator", *args], input=stdin, capture_output=True)` returns
    (decoded as UTF-8 when `text`), run in this process."""
    raw = stdin.encode() if isinstance(stdin, str) else stdin
    argv = ["estimator", *map(str, args)]
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr, sys.excepthook
    sys.argv, sys.stdin, sys.stdout, sys.stderr = argv, io.TextIOWrapper(io.BytesIO(raw)), stdout, stderr
    try:
        runpy.run_module("estimator", run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as end:
        status = end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        out, err = stdout.buffer.getvalue(), stderr.buffer.getvalue()
        sys.argv, sys.stdin, sys.stdout, sys.stderr, sys.excepthook = saved
    if text:
        return subprocess.CompletedProcess(argv, status, out.decode(), err.decode())
    return subprocess.CompletedProcess(argv, status, out, err)
