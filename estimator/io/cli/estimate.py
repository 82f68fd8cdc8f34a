"""`python -m estimator estimate [FILE]` (CONTRACT.md): JSON Lines in, one answer line per input line.

A bad line gets an `error` answer and the others are still answered; exit status 1 when any line was
an error. Nothing but answers on standard output and a one-line summary on standard error.
"""

from __future__ import annotations

import json
import signal
from typing import IO, Any, Iterable, Iterator

from estimator.explanation.engine import estimate
from estimator.io.json_input import read_json
from estimator.calculation.scenario import ScenarioError, read_scenario
from estimator.io.system_text import json_error_text
from estimator.words.catalog import t
from estimator.io.cli.lines import LineProblem, LineTooLong, line_text, read_lines, say


def answer_line(line: str, lang: str) -> tuple[dict, bool]:
    """The answer to one input line, and whether it is a result (not an error)."""
    try:
        data = read_json(line)
    except (ValueError, RecursionError) as exc:
        return {"error": {"field": "(line)", "message": t("error.json", lang, detail=json_error_text(exc, lang))}}, False
    try:
        scenario = read_scenario(data, lang)
    except ScenarioError as exc:
        return {"error": exc.as_dict()}, False
    return estimate(scenario, lang).contract_dict(), True


def answer_lines(lines: Iterable[str | bytes | LineTooLong], lang: str = "es") -> Iterator[tuple[dict, bool]]:
    """One answer per line, in order: a blank, over-long or undecodable line gets an error in its place,
    so the answer for line n is always the n-th."""
    first = True
    for line in lines:
        try:
            yield answer_line(line_text(line, lang, first), lang)
        except LineProblem as problem:
            yield {"error": {"field": "(line)", "message": str(problem)}}, False
        except Exception as exc:  # never a traceback: the line gets an error, the rest go on
            yield {"error": {"field": "(line)", "message": f"internal error: {type(exc).__name__}"}}, False
        first = False


# One encoder for every line (`json.dumps` with an option makes a new one each call). An answer is a tree of fresh
# dicts and lists (`model_dump`'s, or an error's): no container holds itself, so none is tracked to prove it.
_UTF8_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def json_line(answer: dict) -> bytes:
    """An answer's line, in UTF-8 (as JSON Lines are): encoded once, the check that it can be and the bytes written."""
    try:
        return (_UTF8_JSON.encode(answer) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate echoed from the input: escape it, JSON allows that
        return (json.dumps(answer) + "\n").encode("ascii")


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


def run_estimate(source: IO[bytes] | Iterable[str | bytes], out: IO[bytes], err: IO[str], lang: str) -> int:
    """Answer every line of `source` (a byte stream, read in bounded chunks, or lines) on `out`, in UTF-8.

    Ctrl-C stops it: the answers already written stay, the summary on `err` says how many, and the
    exit status is 130 (the shell's convention for an interrupt).
    """
    answered = errors = 0
    lines = read_lines(source, before_read=out.flush) if hasattr(source, "read") else source
    ctrl_c = _CtrlC()
    previous = ctrl_c.install()
    try:
        for answer, ok in answer_lines(lines, lang):
            line = json_line(answer)
            ctrl_c.holding = True
            out.write(line)
            answered += 1
            errors += not ok
            ctrl_c.holding = False
            if ctrl_c.pressed:
                raise KeyboardInterrupt
        out.flush()
    except KeyboardInterrupt:
        out.flush()
        say(err, f"interrupted: {answered} answered, {answered - errors} results, {errors} errors")
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    say(err, f"{answered} answered, {answered - errors} results, {errors} errors")
    return 1 if errors else 0
