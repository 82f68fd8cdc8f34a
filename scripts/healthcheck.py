"""The app's health check from inside its container or pod (the image's HEALTHCHECK): asks
`http://127.0.0.1:$STREAMLIT_SERVER_PORT/_stcore/health` with the first name of $STREAMLIT_SERVER_ALLOWED_HOSTS
as its Host (the app refuses any Host it does not allow) and exits 0 when the app answers "ok", 1 when not.

    STREAMLIT_SERVER_PORT=8501 STREAMLIT_SERVER_ALLOWED_HOSTS="localhost pension.example.pr" \\
        python scripts/healthcheck.py

Settings it cannot use: one line on stderr saying what is accepted, exit status 2, nothing asked."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as `python scripts/healthcheck.py`

from scripts.supervision import LOOPBACK, healthy  # noqa: E402


def main(environ: dict[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    port, names = environ.get("STREAMLIT_SERVER_PORT", "8501"), environ.get("STREAMLIT_SERVER_ALLOWED_HOSTS", "")
    if not port.strip().isdigit() or not 1 <= int(port) <= 65535:
        print(f"healthcheck: STREAMLIT_SERVER_PORT={port!r} is not a port: give a whole number from 1 to 65535",
              file=sys.stderr)
        return 2
    host = (names.split() or [LOOPBACK])[0]  # Streamlit reads the list separated by spaces
    return 0 if healthy(int(port), LOOPBACK, host) else 1


if __name__ == "__main__":
    sys.exit(main())
