"""`python -m estimator average FILE --plan P` (CONTRACT.md, *Salary history → average*): a salary history
file in (`salary_file`), one JSON object out: the salaries read, the rows the plan's average takes, and
the average; any problem an `error` object naming the row or the file, exit status 1."""

from __future__ import annotations

import json
import sys

from estimator.io.salary_file import MAX_BYTES, SalaryFileError, read_history
from estimator.io.system_text import os_error_text
from estimator.words.catalog import t


def run_average(path: str, plan: str, lang: str, out) -> int:
    """One JSON object on `out`, the history and its average, or `{"error": {"field", "message"}}` with
    status 1. Never a traceback."""
    try:
        answer, status = read_history(_read_bounded(path, lang), plan, lang).contract_dict(), 0
    except SalaryFileError as problem:
        answer, status = {"error": problem.as_dict()}, 1
    except Exception as exc:  # a failure nobody foresaw: an error answer all the same
        answer, status = {"error": {"field": "file", "message": t("salary_file.internal", lang,
                                                                  detail=type(exc).__name__)}}, 1
    if hasattr(out, "reconfigure"):
        out.reconfigure(encoding="utf-8")  # the answer is UTF-8 JSON, whatever the locale says
    out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    out.flush()
    return status


def _read_bounded(path: str, lang: str) -> bytes:
    """The file's bytes (standard input for "-"), never more than one byte past the size limit."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SalaryFileError("file", t("salary_file.missing", lang, path=path)) from None
    except OSError as exc:
        raise SalaryFileError("file", t("salary_file.cannot_read", lang, path=path,
                                        detail=os_error_text(exc, lang))) from None
