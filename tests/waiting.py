"""Waiting on what a server shows (it answers, it is healthy), never for a fixed time: `condition` is asked again
every `every` seconds until it holds, and the wait fails with `what` (and `said()`, what the server logged) past
`timeout_s`."""

from __future__ import annotations

import time
from typing import Callable


def wait_for(condition: Callable[[], object], timeout_s: float, what: str,
             said: Callable[[], str] = lambda: "", every: float = 0.2) -> object:
    deadline = time.monotonic() + timeout_s
    while not (result := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout_s} s\n{said()}")
        time.sleep(every)
    return result
