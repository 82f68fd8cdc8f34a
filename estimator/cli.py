"""The command line: `python -m estimator estimate [FILE]` (CONTRACT.md) and `report`.

`estimate`: JSON Lines in (FILE or standard input), one answer line per input line, in order. A bad
line gets an `error` answer and the others are still answered; exit status 1 when any line was an
error. Nothing but answers on standard output and a one-line summary on standard error.

`report SCENARIO.json -o FILE.pdf`: one scenario object in, the printable PDF report out. Any
problem: one line on standard error, exit status 1, no file written.

`average FILE --plan P`: a salary history file in (`salary_file.py`), one JSON object out: the
salaries read, the rows the plan's average takes, and the average; any problem an `error` object
naming the row or the file, exit status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import IO, Iterable, Iterator

from .engine import estimate
from .models import ScenarioError, read_scenario
from .texts import LANGUAGES, t


def _reject_constant(name: str) -> float:
    return float(name.lower().replace("infinity", "inf"))  # NaN/Infinity: refused by validation


def answer_line(line: str, lang: str) -> tuple[dict, bool]:
    """The answer to one input line, and whether it is a result (not an error)."""
    try:
        data = json.loads(line, parse_float=Decimal, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        detail = str(exc).split(":")[0] if isinstance(exc, ValueError) else "nested too deep"
        return {"error": {"field": "(line)", "message": t("error.json", lang, detail=detail)}}, False
    try:
        scenario = read_scenario(data, lang)
    except ScenarioError as exc:
        return {"error": exc.as_dict()}, False
    return estimate(scenario, lang).contract_dict(), True


def answer_lines(lines: Iterable[str], lang: str = "es") -> Iterator[tuple[dict, bool]]:
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue  # blank lines carry no scenario
        try:
            yield answer_line(stripped, lang)
        except Exception as exc:  # never a traceback: the line gets an error, the rest go on
            yield {"error": {"field": "(line)", "message": f"internal error: {type(exc).__name__}"}}, False


def run_estimate(source: IO[str], out: IO[str], err: IO[str], lang: str) -> int:
    answered = errors = 0
    for answer, ok in answer_lines(source, lang):
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        answered += 1
        errors += not ok
    err.write(f"{answered} answered, {answered - errors} results, {errors} errors\n")
    return 1 if errors else 0


class ReportProblem(Exception):
    """Why no report was written: one line for standard error."""


def _read_scenario_file(path: str, lang: str):
    """The one scenario object of a JSON file, validated; or a ReportProblem saying what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ReportProblem(t("report.cli.missing", lang, path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise ReportProblem(t("report.cli.cannot_read", lang, path=path, detail=detail)) from None
    try:
        data = json.loads(text, parse_float=Decimal, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        detail = str(exc).split(":")[0] if isinstance(exc, ValueError) else "nested too deep"
        raise ReportProblem(t("report.cli.bad_json", lang, path=path, detail=detail)) from None
    if not isinstance(data, dict):
        raise ReportProblem(t("report.cli.not_object", lang, path=path))
    try:
        return read_scenario(data, lang)
    except ScenarioError as exc:
        raise ReportProblem(f"{exc.field}: {exc.message}") from None


def _birth_date(text: str | None, lang: str) -> date | None:
    if text is None:
        return None
    try:
        born = date.fromisoformat(text)
    except ValueError:
        born = None
    if born is None or born > date.today():
        raise ReportProblem(t("report.cli.bad_birth_date", lang, value=text))
    return born


def _write_atomically(path: str, content: bytes, lang: str) -> None:
    """The whole file or none: written beside the target, then renamed over it."""
    temporary = f"{path}.part"
    try:
        with open(temporary, "wb") as handle:
            handle.write(content)
        os.replace(temporary, path)
    except OSError as exc:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise ReportProblem(t("report.cli.cannot_write", lang, path=path, detail=exc.strerror)) from None


def run_report(args: argparse.Namespace, err: IO[str]) -> int:
    from .report import build_report  # fpdf2 is loaded only when a report is asked for

    try:
        scenario = _read_scenario_file(args.file, args.lang)
        born = _birth_date(args.birth_date, args.lang)
        try:
            content = build_report(scenario, args.lang, birth_date=born)
        except Exception as exc:  # never a traceback
            raise ReportProblem(t("report.cli.internal", args.lang, detail=type(exc).__name__)) from None
        _write_atomically(args.output, content, args.lang)
    except ReportProblem as problem:
        err.write(f"{problem}\n")
        return 1
    err.write(t("report.cli.written", args.lang, path=args.output) + "\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m estimator",
                                     description="Estimador de Pensión: rules of Puerto Rico's public pension plans.")
    commands = parser.add_subparsers(dest="command", required=True)
    est = commands.add_parser("estimate", help="answer JSON Lines scenarios (CONTRACT.md)")
    est.add_argument("file", nargs="?", help="JSON Lines file (default: standard input)")
    est.add_argument("--lang", choices=LANGUAGES, default="es", help="language of messages, reasons and steps")
    rep = commands.add_parser("report", help="write the printable PDF report of one scenario")
    rep.add_argument("file", help="JSON file holding one scenario object (CONTRACT.md)")
    rep.add_argument("--lang", choices=LANGUAGES, default="es", help="language of the report and messages")
    rep.add_argument("-o", "--output", required=True, help="the PDF file to write")
    rep.add_argument("--birth-date", help="date of birth, YYYY-MM-DD, for calendar key dates")
    avg = commands.add_parser("average", help="the plan's average from a salary history file (CONTRACT.md)")
    avg.add_argument("file", help="salaries as spreadsheets export them: one a line, or period and amount (- for standard input)")
    avg.add_argument("--plan", choices=("teachers", "ley447", "ley1"), required=True, help="the member's plan")
    avg.add_argument("--lang", choices=LANGUAGES, default="es", help="language of messages")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "report":
        return run_report(args, sys.stderr)
    if args.command == "average":
        from .salary_file import run_average

        return run_average(args.file, args.plan, args.lang, sys.stdout)
    if args.command == "estimate":
        if args.file:
            try:
                with open(args.file, encoding="utf-8", errors="replace") as source:
                    return run_estimate(source, sys.stdout, sys.stderr, args.lang)
            except OSError as exc:
                sys.stderr.write(f"cannot read {args.file}: {exc.strerror}\n")
                return 2
        stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False)
        return run_estimate(stdin, sys.stdout, sys.stderr, args.lang)
    return 2
