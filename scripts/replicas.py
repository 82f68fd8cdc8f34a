"""`scripts/run-app`'s logic: one app process, or several behind HAProxy.

    scripts/run-app                          # one process on 127.0.0.1:8501, as `streamlit run serve.py`
    scripts/run-app --port 8600              # the same on another port
    scripts/run-app --replicas 2 --port 8600 # two processes behind HAProxy on 127.0.0.1:8600
    scripts/run-app --replicas auto          # one process a core
    scripts/run-app --backends 10.0.0.11:8501,10.0.0.12:8501 --check-host pension.example.pr --address 0.0.0.0
                                             # HAProxy alone, in front of app processes on other machines

With `--replicas N` each process is `streamlit run serve.py` (app.py with serving's headers) on a free
loopback port; HAProxy listens on the port asked for and

- proxies the page's WebSocket (`timeout tunnel`: a page may stay open for hours);
- keeps a session on its process with a cookie (its WebSocket and its uploads must reach the process that
  holds it in memory), and moves a session whose process is gone to another (`option redispatch`);
- checks each process's `/_stcore/health` every 2 s (with a Host header the app accepts) and takes a process
  that fails it out of rotation;
- passes the app's own headers through untouched.

Every process gets the same `server.cookieSecret` (a random one for this run), so the XSRF cookie one process
set is accepted by another after a session moved. A process that ends on its own is started again.
SIGHUP replaces the processes one at a time (`rolling_restart`): each is drained and put in maintenance
through HAProxy's admin socket, stopped (its pages reconnect to another process and keep what the member
typed: ui/shell/state.py), started again, and put back once healthy. Ctrl-C or SIGTERM stops everything.

HAProxy's configuration and admin socket: `scripts/haproxy.py`; HAProxy alone in front of other machines
(`--backends`): `scripts/balancer.py`; starting, stopping and checking processes: `scripts/supervision.py`.

Bad input (`--replicas 0`, a word, a port in use, HAProxy missing and not installable, `--backends` that are not
host:port pairs) is one line on stderr saying what is wrong and what is accepted, exit status 2, and nothing
started.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as `python scripts/replicas.py`: the project's modules importable

from scripts.balancer import serve_backends  # noqa: E402
from scripts.haproxy import (admin, backend_list, bind_line, check_host_name, ensure_haproxy,  # noqa: E402
                             find_haproxy, haproxy_config)
from scripts.supervision import (LOOPBACK, BadInput, OneLineParser, check_port_free,  # noqa: E402
                                 free_loopback_ports, healthy, say, start, stop)

__all__ = ["BadInput", "backend_list", "check_port_free", "find_haproxy", "haproxy_config", "main", "parse",
           "port_number", "replica_count"]

APP = "serve.py"
MAX_REPLICAS = 64
START_TIMEOUT_S = 90     # a process's first health check, on a busy 2-core machine
RETRY_S = 5.0            # before starting again a process that did not come back
DRAIN_S = 2.0            # after draining, before the process is put in maintenance and stopped


# --- arguments ---------------------------------------------------------------------------------------------

def parse(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = OneLineParser(prog="scripts/run-app", description="Serve the app: one process, or several behind "
                           "HAProxy. Other arguments go to `streamlit run` (e.g. --server.allowedHosts=NAME).")
    parser.add_argument("--replicas", help="app processes behind HAProxy: a whole number from 1 to "
                        f"{MAX_REPLICAS}, or auto (one a core); without it, one process and no proxy")
    parser.add_argument("--port", help="the port to serve on (default 8501)", default="8501")
    parser.add_argument("--address", default=LOOPBACK,
                        help=f"the address to listen on (default {LOOPBACK}, this machine only)")
    parser.add_argument("--backends", help="HAProxy alone, in front of app processes on other machines: "
                        "host:port,host:port,… (docs/deployment.md)")
    parser.add_argument("--check-host", help=f"with --backends: the Host header of HAProxy's health checks, one "
                        f"the app allows (default {LOOPBACK})")
    args, extra = parser.parse_known_args(argv)
    args.port = port_number(args.port)
    args.replicas = None if args.replicas is None else replica_count(args.replicas)
    if args.backends is not None:
        if args.replicas is not None or extra:
            raise BadInput("--backends starts no app process here: give it without --replicas and without "
                           f"arguments for streamlit (got {' '.join(extra) or '--replicas'})")
        args.backends = backend_list(args.backends)
        args.check_host = check_host_name(LOOPBACK if args.check_host is None else args.check_host)
    elif args.check_host is not None:
        raise BadInput("--check-host goes with --backends (the app processes here are checked on 127.0.0.1)")
    return args, extra


def replica_count(text: str) -> int:
    accepted = f"a whole number from 1 to {MAX_REPLICAS}, or auto (one a core)"
    if text.strip().lower() == "auto":
        return max(1, min(MAX_REPLICAS, len(os.sched_getaffinity(0))))
    if not text.strip().isdigit():
        raise BadInput(f"--replicas {text!r} is not a number of processes: give {accepted}")
    count = int(text)
    if not 1 <= count <= MAX_REPLICAS:
        raise BadInput(f"--replicas {count} cannot serve: give {accepted}")
    return count


def port_number(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise BadInput(f"--port {text!r} is not a port: give a whole number from 1 to 65535")
    return int(text)


# --- processes -------------------------------------------------------------------------------------------

def streamlit_command(port: int, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "streamlit", "run", APP, f"--server.port={port}", f"--server.address={LOOPBACK}",
            "--server.headless=true", "--server.fileWatcherType=none", *extra]


@dataclass
class Replica:
    name: str  # HAProxy's name for it (app1, app2, …)
    port: int
    process: subprocess.Popen | None = None


@dataclass
class Supervisor:
    """N app processes behind one HAProxy, kept running until told to stop."""

    address: str
    port: int
    replicas: list[Replica]
    extra: list[str]
    haproxy_bin: str
    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="estimador-pension-")))
    haproxy: subprocess.Popen | None = None
    stopping: threading.Event = field(default_factory=threading.Event)
    restart_asked: threading.Event = field(default_factory=threading.Event)
    # The same in every process (XSRF cookies stay valid when a page moves); in the environment, not in `ps`.
    cookie_secret: str = field(default_factory=lambda: secrets.token_hex(32))

    @property
    def admin_socket(self) -> Path:
        return self.workdir / "admin.sock"

    def env(self) -> dict[str, str]:
        return {**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": self.cookie_secret}

    def launch(self, replica: Replica) -> None:
        replica.process = start(streamlit_command(replica.port, self.extra), env=self.env())

    def wait_healthy(self, replica: Replica) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not healthy(replica.port):
            if replica.process.poll() is not None:
                raise RuntimeError(f"app process {replica.name} ended with status {replica.process.returncode} "
                                   "before answering")
            if time.monotonic() > deadline or self.stopping.is_set():
                raise RuntimeError(f"app process {replica.name} did not answer within {START_TIMEOUT_S} s")
            time.sleep(0.2)

    def restart(self, replica: Replica) -> None:
        stop(replica.process)
        self.launch(replica)
        self.wait_healthy(replica)

    def start_all(self) -> None:
        config = self.workdir / "haproxy.cfg"
        config.write_text(haproxy_config(self.address, self.port, [(LOOPBACK, r.port) for r in self.replicas],
                                         self.admin_socket))
        checked = subprocess.run([self.haproxy_bin, "-c", "-q", "-f", str(config)], capture_output=True,
                                 text=True, timeout=30)
        if checked.returncode != 0:
            raise RuntimeError(f"HAProxy refused its configuration: {checked.stderr.strip()}")
        for replica in self.replicas:  # started together: each imports the app while the others do
            self.launch(replica)
        for replica in self.replicas:
            self.wait_healthy(replica)
        self.haproxy = start([self.haproxy_bin, "-db", "-f", str(config)])
        deadline = time.monotonic() + START_TIMEOUT_S
        host = LOOPBACK if self.address in ("0.0.0.0", "::", LOOPBACK) else self.address
        while not (self.admin_socket.exists() and healthy(self.port, host)):
            if self.haproxy.poll() is not None or time.monotonic() > deadline or self.stopping.is_set():
                raise RuntimeError(f"HAProxy did not start on {bind_line(self.address, self.port)}")
            time.sleep(0.1)

    def set_state(self, replica: Replica, state: str) -> None:
        answer = admin(self.admin_socket, f"set server streamlit/{replica.name} state {state}").strip()
        if answer:
            raise RuntimeError(f"HAProxy: {answer}")

    def rolling_restart(self) -> None:
        """Replace the processes one at a time; the others serve meanwhile (see the module's docstring)."""
        for replica in self.replicas:
            if self.stopping.is_set():
                return
            say(f"restarting {replica.name} (port {replica.port}): draining it")
            self.set_state(replica, "drain")  # no new session goes there
            self.stopping.wait(DRAIN_S)
            self.set_state(replica, "maint")  # nothing goes there: its pages move to the others
            self.restart(replica)
            self.set_state(replica, "ready")
            say(f"{replica.name} is back (pid {replica.process.pid})")
        say("rolling restart done")

    def watch(self) -> None:
        """Until stopped: restart a process that ended on its own; a rolling restart when asked (SIGHUP)."""
        while not self.stopping.wait(0.5):
            if self.haproxy.poll() is not None:
                raise RuntimeError(f"HAProxy ended with status {self.haproxy.returncode}")
            if self.restart_asked.is_set():
                self.restart_asked.clear()
                try:
                    self.rolling_restart()
                except RuntimeError as error:  # the process that failed is started again below
                    say(f"rolling restart stopped: {error}")
            for replica in self.replicas:
                if replica.process.poll() is not None and not self.stopping.is_set():
                    say(f"app process {replica.name} (port {replica.port}) ended with status "
                        f"{replica.process.returncode}; HAProxy sends its pages to the others; starting it again")
                    try:
                        self.restart(replica)
                        self.set_state(replica, "ready")  # back in rotation (a rolling restart may have left it out)
                    except RuntimeError as error:  # the others keep serving; tried again a little later
                        say(f"{error}; trying again in {RETRY_S:.0f} s")
                        self.stopping.wait(RETRY_S)

    def stop_all(self) -> None:
        stop(self.haproxy)
        for replica in self.replicas:
            stop(replica.process)
        shutil.rmtree(self.workdir, ignore_errors=True)


def serve_many(args: argparse.Namespace, extra: list[str]) -> int:
    check_port_free(args.address, args.port)
    haproxy_bin = ensure_haproxy("--replicas", ", or run without --replicas for one process")
    check_port_free(args.address, args.port)  # still free after a possibly long install
    replicas = [Replica(f"app{i}", port) for i, port in enumerate(free_loopback_ports(args.replicas), 1)]
    supervisor = Supervisor(args.address, args.port, replicas, extra, haproxy_bin)

    def on_stop(signum, _frame) -> None:
        supervisor.stopping.set()

    signal.signal(signal.SIGINT, on_stop)
    signal.signal(signal.SIGTERM, on_stop)
    signal.signal(signal.SIGHUP, lambda *_: supervisor.restart_asked.set())
    try:
        supervisor.start_all()
        if supervisor.stopping.is_set():
            return 0
        shown = LOOPBACK if args.address == LOOPBACK else args.address
        say(f"serving on http://{bind_line(shown, args.port)} with {len(replicas)} app processes behind HAProxy "
            f"(supervisor pid {os.getpid()}; `kill -HUP {os.getpid()}` restarts them one at a time; "
            f"HAProxy's admin socket: {supervisor.admin_socket}). Ctrl-C stops everything.")
        supervisor.watch()
        return 0
    except RuntimeError as error:
        if supervisor.stopping.is_set():  # stopped while starting
            return 0
        say(f"error: {error}; everything was stopped")
        return 1
    finally:
        supervisor.stop_all()


def serve_one(args: argparse.Namespace, extra: list[str]) -> int:
    """One process, as before: `streamlit run serve.py` in place of this one (a `--server.port=` or
    `--server.address=` among the other arguments still wins, as it did)."""
    given = {arg.split("=", 1)[0] for arg in extra}
    port = [] if "--server.port" in given else [f"--server.port={args.port}"]
    address = [] if "--server.address" in given else [f"--server.address={args.address}"]
    if port and address:
        check_port_free(args.address, args.port)
    os.chdir(ROOT)
    os.execv(sys.executable, [sys.executable, "-m", "streamlit", "run", APP, *port, *address, *extra])
    return 0  # not reached


def main(argv: list[str] | None = None) -> int:
    try:
        args, extra = parse(sys.argv[1:] if argv is None else argv)
        if args.backends is not None:
            return serve_backends(args)
        return serve_one(args, extra) if args.replicas is None else serve_many(args, extra)
    except BadInput as problem:
        print(f"run-app: {problem}", file=sys.stderr, flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
