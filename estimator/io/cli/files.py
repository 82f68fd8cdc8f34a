"""Files the command line reads and writes: only a regular file is read (a pipe or a device could wait
or never end), and a report is written whole or not at all, to the file named and nowhere else."""

from __future__ import annotations

import os
import stat
import tempfile
from typing import IO

from estimator.io.system_text import os_error_text
from estimator.words.catalog import t


class ReportProblem(Exception):
    """Why no report was written: one line for standard error."""


def open_regular(path: str, lang: str) -> IO[bytes]:
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


def write_atomically(path: str, content: bytes, lang: str, sources: list[str] = ()) -> None:
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
