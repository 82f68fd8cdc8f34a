"""The command line: `python -m estimator estimate [FILE]` (CONTRACT.md) and `report`.

`estimate`: JSON Lines in (FILE or standard input), one answer line per input line, in order. A bad
line gets an `error` answer and the others are still answered; exit status 1 when any line was an
error. Nothing but answers on standard output and a one-line summary on standard error.

`report SCENARIO.json [MORE.json ...] -o FILE.pdf`: one scenario object in, the member's printable
PDF report out; two to four, a comparison report side by side. `--name` and `--notes` are printed on
the report and kept nowhere. Any problem: one line on standard error, exit status 1, no file written.

`average FILE --plan P`: a salary history file in (`salary_file.py`), one JSON object out: the
salaries read, the rows the plan's average takes, and the average; any problem an `error` object
naming the row or the file, exit status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import stat
import sys
import tempfile
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import IO, Any, Callable, Iterable, Iterator

from .compare import MAX_SCENARIOS
from .engine import estimate
from .models import ScenarioError, read_scenario
from .plans import PLAN_IDS
from .system_text import json_error_text, os_error_text
from .texts import LANGUAGES, t


# The longest input line answered, in bytes without its newline. A scenario takes a few hundred bytes;
# a longer line gets an error answer in its place and is never held in memory whole.
LINE_LIMIT = 64 * 1024
_CHUNK = 64 * 1024
# JSON integers longer than this are read as Decimal, whose size is checked before it is expanded
# (Python itself refuses to convert integer texts of more than 4,300 digits).
_LONGEST_INT_TEXT = 40


class LineTooLong:
    """Stands for an input line longer than LINE_LIMIT; its bytes were read and discarded."""


TOO_LONG = LineTooLong()


def read_lines(source: IO[bytes], before_read: Callable[[], Any] = lambda: None) -> Iterator[bytes | LineTooLong]:
    """The lines of a byte stream, without their newline, in memory bounded by LINE_LIMIT plus a chunk.

    A line is reported as TOO_LONG as soon as it passes LINE_LIMIT, and the rest of it is discarded up
    to its newline: an endless input without newlines (/dev/zero) is read in constant memory until it
    ends or the process is interrupted. `before_read` runs before each read that may wait for input,
    so answers already written are flushed rather than held back while the input is slow.
    """
    read = getattr(source, "read1", source.read)
    pending = bytearray()
    discarding = False
    while True:
        before_read()
        chunk = read(_CHUNK)
        if not chunk:
            break
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if discarding:
                discarding = False  # the over-long line ends here; it was answered already
            else:
                pending += chunk[start:end]
                yield TOO_LONG if len(pending) > LINE_LIMIT else bytes(pending)
            pending.clear()
            start = end + 1
        if not discarding:
            pending += chunk[start:]
            if len(pending) > LINE_LIMIT:
                yield TOO_LONG
                pending.clear()
                discarding = True
    if pending:
        yield bytes(pending)  # the last line, without a newline


def _reject_constant(name: str) -> float:
    return float(name.lower().replace("infinity", "inf"))  # NaN/Infinity: refused by validation


def _read_float(text: str) -> Decimal:
    """A JSON number with a point or an exponent, exactly as written.

    An exponent beyond what Decimal holds (`1e99999999999999999999`) becomes the largest one it does,
    so the value is still refused for what it is: too large, or too many decimals.
    """
    try:
        return Decimal(text)
    except InvalidOperation:
        mantissa, _, exponent = text.lower().partition("e")
        if Decimal(mantissa).is_zero():
            return Decimal(0)
        sign = "-" if mantissa.startswith("-") else ""
        return Decimal(f"{sign}1e{'-' if exponent.startswith('-') else ''}999999999")


def _read_int(text: str) -> int | Decimal:
    """A JSON integer; a long one as a Decimal, so its size is checked before it is ever expanded."""
    return int(text) if len(text) <= _LONGEST_INT_TEXT else Decimal(text)


def load_json(text: str) -> Any:
    """JSON with exact numbers: decimals as Decimal, no float rounding, no unbounded integer work."""
    return json.loads(text, parse_float=_read_float, parse_int=_read_int, parse_constant=_reject_constant)


def answer_line(line: str, lang: str) -> tuple[dict, bool]:
    """The answer to one input line, and whether it is a result (not an error)."""
    try:
        data = load_json(line)
    except (ValueError, RecursionError) as exc:
        return {"error": {"field": "(line)", "message": t("error.json", lang, detail=json_error_text(exc, lang))}}, False
    try:
        scenario = read_scenario(data, lang)
    except ScenarioError as exc:
        return {"error": exc.as_dict()}, False
    return estimate(scenario, lang).contract_dict(), True


class _LineProblem(Exception):
    """A line with nothing to read as JSON: blank, too long or not UTF-8; the message says which."""


def _line_text(line: str | bytes | LineTooLong, lang: str, first: bool) -> str:
    """The text of one input line, stripped; or a _LineProblem saying why there is none."""
    too_long = _LineProblem(t("cli.too_long", lang, limit=f"{LINE_LIMIT:,}"))
    if isinstance(line, LineTooLong):
        raise too_long
    if isinstance(line, (bytes, bytearray)):
        if len(line) > LINE_LIMIT:
            raise too_long
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _LineProblem(t("cli.not_utf8", lang, byte=f"0x{line[exc.start]:02X}",
                                 position=exc.start + 1)) from None
    else:
        text = line
        if len(text) > LINE_LIMIT or len(text.encode("utf-8", "surrogatepass")) > LINE_LIMIT:
            raise too_long
    if first:
        text = text.removeprefix("\ufeff")  # a byte-order mark starts some files: not part of the line
    text = text.strip()
    if not text:
        raise _LineProblem(t("cli.blank_line", lang))
    return text


def answer_lines(lines: Iterable[str | bytes | LineTooLong], lang: str = "es") -> Iterator[tuple[dict, bool]]:
    """One answer per line, in order: a blank, over-long or undecodable line gets an error in its place,
    so the answer for line n is always the n-th."""
    first = True
    for line in lines:
        try:
            yield answer_line(_line_text(line, lang, first), lang)
        except _LineProblem as problem:
            yield {"error": {"field": "(line)", "message": str(problem)}}, False
        except Exception as exc:  # never a traceback: the line gets an error, the rest go on
            yield {"error": {"field": "(line)", "message": f"internal error: {type(exc).__name__}"}}, False
        first = False


def _json_line(answer: dict) -> str:
    text = json.dumps(answer, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate echoed from the input: escape it, JSON allows that
        text = json.dumps(answer)
    return text + "\n"


class _CtrlC:
    """SIGINT, held back while one answer is being written and counted.

    Without it, Ctrl-C can land just after an answer went out and before it was counted, and the
    summary would be one short. Held back, each answer is written and counted together; a second
    Ctrl-C interrupts at once (a write blocked on a stalled reader must not hold the user).
    """

    def __init__(self) -> None:
        self.pressed = 0
        self.holding = False

    def __call__(self, signum: int, frame: Any) -> None:
        self.pressed += 1
        if not self.holding or self.pressed > 1:
            raise KeyboardInterrupt

    def install(self) -> Any:
        """Take over SIGINT, only where Python's own handler has it (not when the shell ignores it)."""
        try:
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                return signal.signal(signal.SIGINT, self)
        except ValueError:  # not the main thread: leave signals alone
            pass
        return None


def run_estimate(source: IO[bytes] | Iterable[str | bytes], out: IO[str], err: IO[str], lang: str) -> int:
    """Answer every line of `source` (a byte stream, read in bounded chunks, or lines) on `out`.

    Ctrl-C stops it: the answers already written stay, the summary on `err` says how many, and the
    exit status is 130 (the shell's convention for an interrupt).
    """
    answered = errors = 0
    lines = read_lines(source, before_read=out.flush) if hasattr(source, "read") else source
    ctrl_c = _CtrlC()
    previous = ctrl_c.install()
    try:
        for answer, ok in answer_lines(lines, lang):
            text = _json_line(answer)
            ctrl_c.holding = True
            out.write(text)
            answered += 1
            errors += not ok
            ctrl_c.holding = False
            if ctrl_c.pressed:
                raise KeyboardInterrupt
        out.flush()
    except KeyboardInterrupt:
        out.flush()
        _say(err, f"interrupted: {answered} answered, {answered - errors} results, {errors} errors")
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    _say(err, f"{answered} answered, {answered - errors} results, {errors} errors")
    return 1 if errors else 0


def _say(err: IO[str], line: str) -> None:
    """One line on standard error; a closed standard error is no reason for a traceback."""
    try:
        err.write(line + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


class ReportProblem(Exception):
    """Why no report was written: one line for standard error."""


# The largest scenario file read: a scenario is a few hundred bytes, even pretty-printed; reading stops
# here, so a device or an endless file (/dev/zero) is refused instead of filling the memory.
SCENARIO_FILE_LIMIT = 1024 * 1024


def _read_scenario_file(path: str, lang: str, named: bool = False):
    """The one scenario object of a JSON file, validated; or a ReportProblem saying what is wrong (and,
    when several files are read, in which one)."""
    try:
        with _open_regular(path, lang) as handle:
            raw = handle.read(SCENARIO_FILE_LIMIT + 1)
        if len(raw) > SCENARIO_FILE_LIMIT:
            raise ReportProblem(t("report.cli.input_too_large", lang, path=path, limit=f"{SCENARIO_FILE_LIMIT:,}"))
        text = raw.decode("utf-8-sig")
    except FileNotFoundError:
        raise ReportProblem(t("report.cli.missing", lang, path=path)) from None
    except OSError as exc:
        raise ReportProblem(t("report.cli.cannot_read", lang, path=path, detail=os_error_text(exc, lang))) from None
    except UnicodeDecodeError as exc:
        raise ReportProblem(t("report.cli.not_utf8", lang, path=path, position=exc.start + 1)) from None
    try:
        data = load_json(text)
    except (ValueError, RecursionError) as exc:
        raise ReportProblem(t("report.cli.bad_json", lang, path=path, detail=json_error_text(exc, lang))) from None
    if not isinstance(data, dict):
        raise ReportProblem(t("report.cli.not_object", lang, path=path))
    try:
        return read_scenario(data, lang)
    except ScenarioError as exc:
        raise ReportProblem(f"{path}: {exc.field}: {exc.message}" if named else f"{exc.field}: {exc.message}") from None


def _open_regular(path: str, lang: str) -> IO[bytes]:
    """`path` opened for reading if it is a regular file; a pipe (FIFO), device or folder is refused at
    once (opening a FIFO would wait for a writer forever, a device may never end)."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise ReportProblem(t("report.cli.input_not_regular", lang, path=path, kind=_kind(mode, lang)))
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


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


def _kind(mode: int, lang: str) -> str:
    for test, kind in ((stat.S_ISDIR, "directory"), (stat.S_ISFIFO, "fifo"), (stat.S_ISCHR, "device"),
                       (stat.S_ISBLK, "device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return t(f"report.cli.kind_{kind}", lang)
    return t("report.cli.kind_other", lang)


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)  # the same file under any name, hard links included
    except OSError:
        return os.path.realpath(one) == os.path.realpath(other)


def check_target(path: str, sources: list[str], lang: str) -> None:
    """Refuse an output the report must not write: one of its inputs, a symbolic link (which would
    send the report somewhere the user did not name), or anything but a regular file (a device, a
    pipe, a folder). An absent path or an existing regular file is fine: it is created or replaced."""
    for source in sources:
        if _same_file(path, source):
            raise ReportProblem(t("report.cli.same_as_input", lang, path=path, source=source))
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ReportProblem(t("report.cli.cannot_write", lang, path=path, detail=os_error_text(exc, lang))) from None
    if stat.S_ISLNK(info.st_mode):
        raise ReportProblem(t("report.cli.symlink", lang, path=path))
    if not stat.S_ISREG(info.st_mode):
        raise ReportProblem(t("report.cli.not_regular", lang, path=path, kind=_kind(info.st_mode, lang)))


def _creation_mode() -> int:
    """The mode a newly created file gets here (0666 less the umask), as `open` would give it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write_atomically(path: str, content: bytes, lang: str, sources: list[str] = ()) -> None:
    """The whole file or none, and only the file named.

    The content goes to a new temporary file in the target's folder (mkstemp: created exclusively,
    never through an existing name), which is then renamed over the target. A rename replaces a
    directory entry and never writes through a link, so even a link that appears after the check
    is replaced, not followed. Whatever happens, the temporary file does not stay behind.
    """
    folder = os.path.dirname(os.path.abspath(path))
    temporary = None
    try:
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=_temporary_prefix(path), suffix=".part")
        with os.fdopen(descriptor, "wb") as handle:
            os.fchmod(handle.fileno(), _creation_mode())
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        check_target(path, list(sources), lang)  # again, just before the rename
        os.replace(temporary, path)
        temporary = None
    except OSError as exc:
        raise ReportProblem(t("report.cli.cannot_write", lang, path=path, detail=os_error_text(exc, lang))) from None
    finally:
        if temporary is not None:
            try:
                os.remove(temporary)
            except OSError:
                pass


# The temporary file's name: "." + the target's name + "." + 8 random characters + ".part" must stay within
# a folder entry's 255 bytes, so the target's name is cut to this many bytes in it.
TEMPORARY_NAME_BYTES = 255 - len(".") - len(".xxxxxxxx.part")


def _temporary_prefix(path: str) -> str:
    """The temporary file's prefix: the target's name, cut to fit (cut bytes of a character are kept as
    the file system's own bytes by `os.fsdecode`, so the name is still valid)."""
    name = os.fsencode(os.path.basename(path))[:TEMPORARY_NAME_BYTES]
    return "." + os.fsdecode(name) + "."


def _typed_text(text: str | None, option: str, limit: int, lang: str, lines: bool = False) -> str | None:
    """--name or --notes as it will be printed, or a ReportProblem when it is too long."""
    from .report import clean_text
    from .report.document import prints

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
        from .report import NAME_LIMIT, NOTES_LIMIT, build_comparison_report, build_report  # fpdf2 only now

        scenarios = [_read_scenario_file(path, args.lang, named=len(sources) > 1) for path in sources]
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
        _write_atomically(args.output, content, args.lang, sources)
    except ReportProblem as problem:
        _say(err, str(problem))
        return 1
    except KeyboardInterrupt:
        _say(err, t("report.cli.interrupted", args.lang))
        return 130
    err.write(t("report.cli.written", args.lang, path=args.output) + "\n")
    return 0


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
    if args.command == "report":
        return run_report(args, sys.stderr)
    if args.command == "estimate":
        return _estimate_command(args)
    if args.command == "average":
        from .salary_file import run_average

        return run_average(args.file, args.plan, args.lang, sys.stdout)
    return 2


def _estimate_command(args: argparse.Namespace) -> int:
    """Bytes in (FILE or standard input, each line decoded on its own), UTF-8 JSON Lines out."""
    sys.stdout.reconfigure(encoding="utf-8")  # JSON Lines are UTF-8, whatever the locale says
    if not args.file:
        return run_estimate(sys.stdin.buffer, sys.stdout, sys.stderr, args.lang)
    try:
        source = open(args.file, "rb")
    except OSError as exc:
        _say(sys.stderr, t("cli.cannot_read", args.lang, path=args.file, detail=os_error_text(exc, args.lang)))
        return 2
    with source:
        return run_estimate(source, sys.stdout, sys.stderr, args.lang)


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
        _say(sys.stderr, f"internal error: {type(exc).__name__}")
        return 2


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
