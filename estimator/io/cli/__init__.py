"""The command line (CONTRACT.md): `python -m estimator estimate | report | average`.

`estimate.py` answers JSON Lines (`lines.py` reads them with limits), `report.py` writes the printable
report (`files.py`: which files are read, and writing whole or not at all), `average.py` reads a salary
history. Here: the arguments, and `protected_main`, which lets no traceback reach the user.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from typing import IO

from estimator.law.registry import PLAN_IDS
from estimator.io.system_text import os_error_text
from estimator.words.catalog import LANGUAGES, t
from estimator.io.cli.estimate import answer_line, answer_lines, run_estimate
from estimator.io.cli.lines import LINE_LIMIT, say

__all__ = ["LINE_LIMIT", "answer_line", "answer_lines", "main", "protected_main", "run_estimate"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m estimator",
                                     description="Estimador de Pensión: rules of Puerto Rico's public pension plans.")
    commands = parser.add_subparsers(dest="command", required=True)
    est = commands.add_parser("estimate", help="answer JSON Lines scenarios (CONTRACT.md)")
    est.add_argument("file", nargs="?", help="JSON Lines file (default: standard input)")
    est.add_argument("--lang", choices=LANGUAGES, default="es", help="language of messages, reasons and steps")
    rep = commands.add_parser("report", help="write the printable PDF report of one scenario, or compare 2 to 4")
    rep.add_argument("file", nargs="+", help="JSON file holding one scenario object (CONTRACT.md); 2 to 4 files: "
                                             "a comparison report")
    rep.add_argument("--lang", choices=LANGUAGES, default="es", help="language of the report and messages")
    rep.add_argument("-o", "--output", required=True, help="the PDF file to write")
    rep.add_argument("--birth-date", help="date of birth, YYYY-MM-DD, for calendar key dates")
    rep.add_argument("--name", help="printed on the report as the person it is prepared for; stored nowhere")
    rep.add_argument("--notes", help="printed on the report's first page; stored nowhere")
    avg = commands.add_parser("average", help="the plan's average from a salary history file (CONTRACT.md)")
    avg.add_argument("file", help="salaries as spreadsheets export them: one a line, or period and amount (- for standard input)")
    avg.add_argument("--plan", choices=PLAN_IDS, required=True, help="the member's plan")
    avg.add_argument("--lang", choices=LANGUAGES, default="es", help="language of messages")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "report":  # each command imports what only it reads: `estimate` starts sooner
        from estimator.io.cli.report import run_report

        return run_report(args, sys.stderr)
    if args.command == "estimate":
        return _estimate_command(args)
    if args.command == "average":
        from estimator.io.cli.average import run_average

        return run_average(args.file, args.plan, args.lang, sys.stdout)
    return 2


# Answers leave in blocks of this size rather than Python's 8 KiB: a pipe then takes an eighth of the writes, and its
# reader an eighth of the wake-ups (a tenth of a batch's time, docs/performance.md). An answer still leaves before
# each read that may wait for input (`run_estimate`), so a slow input is answered as it comes.
OUTPUT_BLOCK = 64 * 1024


def _answers_out(stream: IO[str]) -> IO[bytes]:
    """Standard output's bytes, as the answers are written: each already UTF-8 (JSON Lines are, whatever the locale
    says: `json_line`), in blocks of OUTPUT_BLOCK, on the same file descriptor (left open when this closes). A stream
    with no descriptor (a test's) is written through its own buffer."""
    stream.flush()
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError and a ValueError
        return stream.buffer
    return io.BufferedWriter(io.FileIO(descriptor, "w", closefd=False), OUTPUT_BLOCK)


def _estimate_command(args: argparse.Namespace) -> int:
    """Bytes in (FILE or standard input, each line decoded on its own), UTF-8 JSON Lines out."""
    out = _answers_out(sys.stdout)
    if not args.file:
        return run_estimate(sys.stdin.buffer, out, sys.stderr, args.lang)
    try:
        source = open(args.file, "rb")
    except OSError as exc:
        say(sys.stderr, t("cli.cannot_read", args.lang, path=args.file, detail=os_error_text(exc, args.lang)))
        return 2
    with source:
        return run_estimate(source, out, sys.stderr, args.lang)


def protected_main(argv: list[str] | None = None) -> int:
    """`main` as the command line runs it: whatever happens, no traceback reaches the user.

    A closed output pipe (`... | head -1`) ends quietly with status 1: standard output is pointed at
    /dev/null so the interpreter's last flush cannot fail again (Python's documented remedy for
    SIGPIPE). Ctrl-C outside an answer loop ends with 130; any other failure is one line.
    """
    try:
        return main(argv)
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a failure nobody foresaw: one line, not a traceback
        say(sys.stderr, f"internal error: {type(exc).__name__}")
        return 2


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
