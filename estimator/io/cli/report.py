"""`python -m estimator report SCENARIO.json [MORE.json ...] -o FILE.pdf` (CONTRACT.md, *Reports*).

One scenario object in, the member's printable PDF report out; two to four, a comparison report side
by side. `--name` and `--notes` are printed on the report and kept nowhere. Any problem: one line on
standard error, exit status 1, no file written.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import IO

from estimator.member.compare import MAX_SCENARIOS
from estimator.io.json_input import TooLarge, read_json
from estimator.calculation.scenario import ScenarioError, read_scenario
from estimator.io.system_text import json_error_text, os_error_text
from estimator.words.catalog import t
from estimator.io.cli.files import ReportProblem, check_target, open_regular, write_atomically
from estimator.io.cli.lines import say

# The largest scenario file read: a scenario is a few hundred bytes, even pretty-printed; reading stops
# here, so a device or an endless file (/dev/zero) is refused instead of filling the memory.
SCENARIO_FILE_LIMIT = 1024 * 1024


def read_scenario_file(path: str, lang: str, named: bool = False):
    """The one scenario object of a JSON file, validated; or a ReportProblem saying what is wrong (and,
    when several files are read, in which one)."""
    try:
        with open_regular(path, lang) as handle:
            raw = handle.read(SCENARIO_FILE_LIMIT + 1)
        data = read_json(raw, limit=SCENARIO_FILE_LIMIT)
    except FileNotFoundError:
        raise ReportProblem(t("report.cli.missing", lang, path=path)) from None
    except OSError as exc:
        raise ReportProblem(t("report.cli.cannot_read", lang, path=path, detail=os_error_text(exc, lang))) from None
    except TooLarge:
        raise ReportProblem(t("report.cli.input_too_large", lang, path=path, limit=f"{SCENARIO_FILE_LIMIT:,}")) from None
    except UnicodeDecodeError as exc:
        raise ReportProblem(t("report.cli.not_utf8", lang, path=path, position=exc.start + 1)) from None
    except (ValueError, RecursionError) as exc:
        raise ReportProblem(t("report.cli.bad_json", lang, path=path, detail=json_error_text(exc, lang))) from None
    if not isinstance(data, dict):
        raise ReportProblem(t("report.cli.not_object", lang, path=path))
    try:
        return read_scenario(data, lang)
    except ScenarioError as exc:
        raise ReportProblem(f"{path}: {exc.field}: {exc.message}" if named else f"{exc.field}: {exc.message}") from None


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


def _typed_text(text: str | None, option: str, limit: int, lang: str, lines: bool = False) -> str | None:
    """--name or --notes as it will be printed, or a ReportProblem when it is too long."""
    from estimator.io.report import clean_text
    from estimator.io.report.document import prints

    try:
        cleaned = clean_text(text, limit, lines=lines)
    except ValueError:
        raise ReportProblem(t("report.cli.text_too_long", lang, option=option, limit=limit)) from None
    if cleaned and not all(map(prints, cleaned)):
        raise ReportProblem(t("report.cli.unprintable", lang, option=option))
    return cleaned


def run_report(args: argparse.Namespace, err: IO[str]) -> int:
    sources = args.file if isinstance(args.file, list) else [args.file]
    try:
        if len(sources) > MAX_SCENARIOS:  # before anything is read or written
            raise ReportProblem(t("report.cli.too_many", args.lang, count=len(sources), limit=MAX_SCENARIOS))
        check_target(args.output, sources, args.lang)  # before any work: a refused target costs nothing
        from estimator.io.report import NAME_LIMIT, NOTES_LIMIT, build_comparison_report, build_report

        scenarios = [read_scenario_file(path, args.lang, named=len(sources) > 1) for path in sources]
        born = _birth_date(args.birth_date, args.lang)
        name = _typed_text(args.name, "--name", NAME_LIMIT, args.lang)
        notes = _typed_text(args.notes, "--notes", NOTES_LIMIT, args.lang, lines=True)
        try:
            if len(scenarios) == 1:
                content = build_report(scenarios[0], args.lang, birth_date=born, name=name, notes=notes)
            else:
                content = build_comparison_report(scenarios, args.lang, birth_date=born, name=name, notes=notes)
        except Exception as exc:  # never a traceback
            raise ReportProblem(t("report.cli.internal", args.lang, detail=type(exc).__name__)) from None
        write_atomically(args.output, content, args.lang, sources)
    except ReportProblem as problem:
        say(err, str(problem))
        return 1
    except KeyboardInterrupt:
        say(err, t("report.cli.interrupted", args.lang))
        return 130
    err.write(t("report.cli.written", args.lang, path=args.output) + "\n")
    return 0
