"""Input lines read with limits, and the one-line messages on standard error.

A line longer than LINE_LIMIT is answered with an error and never held in memory whole; a blank line,
or one that is not UTF-8, gets an error in its place, so the answer for line n is always the n-th.
"""

from __future__ import annotations

from typing import IO, Any, Callable, Iterator

from estimator.words.catalog import t

# The longest input line answered, in bytes without its newline. A scenario takes a few hundred bytes;
# a longer line gets an error answer in its place and is never held in memory whole.
LINE_LIMIT = 64 * 1024
_CHUNK = 64 * 1024


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
            elif pending:  # a line begun in an earlier chunk
                pending += chunk[start:end]
                yield TOO_LONG if len(pending) > LINE_LIMIT else bytes(pending)
                pending.clear()
            else:  # most lines: whole within this chunk, copied once
                yield TOO_LONG if end - start > LINE_LIMIT else chunk[start:end]
            start = end + 1
        if not discarding:
            pending += chunk[start:]
            if len(pending) > LINE_LIMIT:
                yield TOO_LONG
                pending.clear()
                discarding = True
    if pending:
        yield bytes(pending)  # the last line, without a newline


class LineProblem(Exception):
    """A line with nothing to read as JSON: blank, too long or not UTF-8; the message says which."""


def line_text(line: str | bytes | LineTooLong, lang: str, first: bool) -> str:
    """The text of one input line, stripped; or a LineProblem saying why there is none."""
    if isinstance(line, LineTooLong):
        raise _too_long(lang)
    if isinstance(line, (bytes, bytearray)):
        if len(line) > LINE_LIMIT:
            raise _too_long(lang)
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LineProblem(t("cli.not_utf8", lang, byte=f"0x{line[exc.start]:02X}",
                                position=exc.start + 1)) from None
    else:
        text = line
        if len(text) > LINE_LIMIT or len(text.encode("utf-8", "surrogatepass")) > LINE_LIMIT:
            raise _too_long(lang)
    if first:
        text = text.removeprefix("\ufeff")  # a byte-order mark starts some files: not part of the line
    text = text.strip()
    if not text:
        raise LineProblem(t("cli.blank_line", lang))
    return text


def _too_long(lang: str) -> LineProblem:
    return LineProblem(t("cli.too_long", lang, limit=f"{LINE_LIMIT:,}"))


def say(err: IO[str], line: str) -> None:
    """One line on standard error; a closed standard error is no reason for a traceback."""
    try:
        err.write(line + "\n")
        err.flush()
    except (OSError, ValueError):
        pass
