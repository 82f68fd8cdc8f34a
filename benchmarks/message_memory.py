"""What one client's big WebSocket message costs the server's memory: the served app's peak resident memory
(VmHWM) before and after a client sends a 150 MB message, with the app's `server.maxMessageSize` and with
Streamlit's default (200 MB), each on a server of its own.

    .venv/bin/python benchmarks/message_memory.py

(docs/deployment.md, *One request never takes a host down*)."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.served_app import APP, serve  # noqa: E402
from tests.serving.test_one_request import close_code, frame, handshake  # noqa: E402

MESSAGE_BYTES = 150_000_000


def peak_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def one_big_message(options: tuple[str, ...]) -> tuple[float, float, int | None]:
    """(peak MiB before, peak MiB after, the close code the server sent) for one 150 MB message."""
    with serve(APP, options=options) as server:
        address = urlsplit(server.url)
        before = peak_mib(server.process.pid)
        sock, answer = handshake((address.hostname, address.port), address.netloc, f"http://{address.netloc}")
        assert answer.startswith(b"HTTP/1.1 101"), answer
        code = None
        with contextlib.closing(sock):
            with contextlib.suppress(OSError):  # a server that refuses it closes while it is being sent
                sock.sendall(frame(os.urandom(MESSAGE_BYTES)))
            with contextlib.suppress(OSError):
                code = close_code(sock)
        return before, peak_mib(server.process.pid), code


def main() -> int:
    for name, options in (("the app's limit (.streamlit/config.toml)", ()),
                          ("Streamlit's default, 200 MB", ("--server.maxMessageSize=200",))):
        before, after, code = one_big_message(options)
        print(f"{name}: peak memory {before:.0f} MiB before, {after:.0f} MiB after one 150 MB message "
              f"(+{after - before:.0f} MiB); the server closed with {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
