"""The command line: `python -m estimator estimate [FILE]` (CONTRACT.md).

JSON Lines in (FILE or standard input), one answer line per input line, in order. A bad line gets
an `error` answer and the others are still answered; exit status 1 when any line was an error.
Nothing but answers on standard output and a one-line summary on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m estimator",
                                     description="Estimador de Pensión: rules of Puerto Rico's public pension plans.")
    commands = parser.add_subparsers(dest="command", required=True)
    est = commands.add_parser("estimate", help="answer JSON Lines scenarios (CONTRACT.md)")
    est.add_argument("file", nargs="?", help="JSON Lines file (default: standard input)")
    est.add_argument("--lang", choices=LANGUAGES, default="es", help="language of messages, reasons and steps")
    args = parser.parse_args(argv)
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
