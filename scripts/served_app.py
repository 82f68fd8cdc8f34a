"""The app served on a free loopback port (`serve(APP)` runs `streamlit run serve.py`, what `scripts/run-app`
starts, until its health check answers, and stops it afterwards) and a headless system Chromium
(`launch_chromium`): the one way the browser tests and the benchmarks serve and open the app. Never
`playwright install`: the browser is Debian's /usr/bin/chromium."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from scripts.supervision import free_loopback_ports, stop  # the one way a served app is stopped (run-app's too)

ROOT = Path(__file__).resolve().parent.parent
APP = "serve.py"  # what `scripts/run-app` starts: app.py behind serving's headers and error handler
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@dataclass
class Server:
    url: str
    process: subprocess.Popen | None  # None: a server started elsewhere (benchmarks/load.py --url)
    log: Path
    started_at: float  # time.perf_counter() when the process was started

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def free_port() -> int:
    return free_loopback_ports(1)[0]


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.status == 200 and response.read().decode().strip() == "ok"
    except (urllib.error.URLError, OSError):
        return False


@contextmanager
def serve(script: Path | str = APP, cwd: Path = ROOT, timeout_s: float = 60,
          port: int | None = None, options: tuple[str, ...] = ()) -> Iterator[Server]:
    """`streamlit run script` on a free loopback port (or `port`: a server started again where one was), with
    these further `options` (`--server.maxMessageSize=200`), until it answers its health check; stopped after."""
    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    log = Path(tempfile.mkstemp(prefix="streamlit-", suffix=".log")[1])
    command = [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless=true",
               f"--server.port={port}", "--server.address=127.0.0.1", "--browser.gatherUsageStats=false",
               "--server.fileWatcherType=none", *options]
    with log.open("w") as sink:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = Server(url, process, log, started)
    try:
        deadline = time.monotonic() + timeout_s
        while not healthy(url):
            if process.poll() is not None:
                raise RuntimeError(f"streamlit exited with {process.returncode}:\n{server.output()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not answer within {timeout_s} s:\n{server.output()[-3000:]}")
            time.sleep(0.1)
        yield server
    finally:
        stop(process)
        log.unlink(missing_ok=True)


def need_chromium() -> None:
    """Stop a benchmark at once, saying what to install, where the system Chromium is missing."""
    if not CHROMIUM.exists():
        raise SystemExit(f"{CHROMIUM} is missing: install Debian's chromium (never `playwright install`)")


def launch_chromium(playwright):
    """The system Chromium, headless (sync or async Playwright: returns what `launch` returns)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
