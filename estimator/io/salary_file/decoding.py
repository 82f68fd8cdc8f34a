"""A salary file as text: its size and encoding checked, its lines with content, and the error that
names a row or the file."""

from __future__ import annotations

from estimator.words.catalog import t


MAX_BYTES = 1024 * 1024   # the app's upload limit (server.maxUploadSize = 1 MB)
MAX_ROWS = 2000           # rows with content: a 50-year career of monthly salaries is 600
MAX_LINE = 250            # characters in one line: a period and an amount need a few dozen
MAX_CELL = 60             # characters in one cell (a long header such as "Salario anual bruto (USD)" fits)


class SalaryFileError(ValueError):
    """Why a file gives no salary history: `field` is "row N" (its line in the file) or "file"."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


def decode(raw: bytes, lang: str) -> str:
    """The file's text: bounded in size, UTF-8 with or without a byte-order mark, not a workbook."""
    if len(raw) > MAX_BYTES:
        raise SalaryFileError("file", t("salary_file.too_big", lang))
    if raw.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):  # .xlsx/.ods (zip) and .xls
        raise SalaryFileError("file", t("salary_file.workbook", lang))
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise SalaryFileError("file", t("salary_file.utf16", lang))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        row = before.count(b"\n") + 1
        raise SalaryFileError(f"row {row}", t("salary_file.not_utf8", lang, row=row)) from None
    if "\x00" in text:
        if text.count("\x00") * 3 >= len(text):  # every other byte: UTF-16 saved without its mark
            raise SalaryFileError("file", t("salary_file.utf16", lang))
        row = text[:text.index("\x00")].replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
        raise SalaryFileError(f"row {row}", t("salary_file.nul", lang, row=row))
    return text.removeprefix("\ufeff")


def content_lines(text: str, lang: str) -> list[tuple[int, str]]:
    """(row, line) of every line with content, bounded in count and length before any parsing.
    Rows count every line of the file (CRLF, LF or CR), so "row N" is what an editor shows."""
    lines: list[tuple[int, str]] = []
    for row, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        if not line.strip(" \t,;\"'\u00a0"):
            continue  # blank, or a spreadsheet's empty row (",,")
        if len(line) > MAX_LINE:
            raise SalaryFileError(f"row {row}", t("salary_file.line_too_long", lang, row=row,
                                                  length=len(line), limit=MAX_LINE))
        lines.append((row, line))
        if len(lines) > MAX_ROWS + 1:  # one more for a header
            raise SalaryFileError("file", t("salary_file.too_many_rows", lang, limit=MAX_ROWS))
    return lines


def quoted_cell(cell: str) -> str:
    """A cell quoted in a message: short, and without control characters."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in cell)
    return clean if len(clean) <= 30 else clean[:29] + "…"
