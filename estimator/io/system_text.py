"""What the operating system and the JSON reader say when a file cannot be used, in the member's language.

Python's own texts are English ("No such file or directory", "Extra data: line 1 column 5"): a Spanish
message must not embed them. An `OSError` is said by its errno, a JSON error by its kind and place; an
error of a kind not listed is named by its code (`ENOTSUP`), which is language-neutral.
"""

from __future__ import annotations

import errno
import json

from estimator.io.json_input import JsonRefused
from estimator.words.catalog import t

ERRNO_KEYS = {
    errno.ENOENT: "not_found", errno.EACCES: "denied", errno.EPERM: "denied", errno.EISDIR: "is_directory",
    errno.ENOTDIR: "not_directory", errno.ENOSPC: "no_space", errno.EDQUOT: "no_space", errno.EROFS: "read_only",
    errno.ENAMETOOLONG: "name_too_long", errno.ELOOP: "loop", errno.EIO: "io", errno.EBUSY: "busy",
    errno.ENXIO: "no_device", errno.ENODEV: "no_device", errno.EMFILE: "too_many_open",
    errno.ENFILE: "too_many_open", errno.EFBIG: "too_big", errno.EINVAL: "invalid", errno.EEXIST: "exists",
    errno.ETXTBSY: "busy", errno.EAGAIN: "busy",
}

# json.JSONDecodeError's messages (CPython's json module), by their start.
JSON_KINDS = (
    ("Expecting value", "expecting_value"), ("Extra data", "extra_data"),
    ("Expecting property name", "expecting_name"), ("Expecting ',' delimiter", "expecting_comma"),
    ("Expecting ':' delimiter", "expecting_colon"), ("Unterminated string", "unterminated_string"),
    ("Invalid control character", "control_character"), ("Invalid \\", "bad_escape"),
)


def os_error_text(error: OSError, lang: str) -> str:
    """The system's reason for `error`, in `lang` ("no existe el archivo o la carpeta")."""
    key = ERRNO_KEYS.get(error.errno)
    if key:
        return t(f"system.{key}", lang)
    code = errno.errorcode.get(error.errno) if error.errno is not None else None
    return t("system.other", lang, code=code or type(error).__name__)


def json_error_text(error: Exception, lang: str) -> str:
    """Why a text is not JSON, in `lang`, with the line and column when the reader gives them."""
    if isinstance(error, JsonRefused):
        return t(error.text_key, lang, **error.values)
    if isinstance(error, RecursionError):
        return t("system.json_too_deep", lang)
    if isinstance(error, json.JSONDecodeError):
        kind = next((key for start, key in JSON_KINDS if error.msg.startswith(start)), "invalid")
        return t(f"system.json_{kind}", lang, line=error.lineno, column=error.colno)
    return t("system.json_invalid_number", lang)  # a number Python refuses to read (e.g. over 4,300 digits)
