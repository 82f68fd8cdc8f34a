"""Load and soak test of the real app: many browser sessions at once, then one long-running session.

    python benchmarks/load.py                                   # 20 sessions x 5 rounds, soak of 1000 reruns
    python benchmarks/load.py --sessions 20 --rounds 3 --soak 300
    python benchmarks/load.py --skip-soak                       # load phase only
    python benchmarks/load.py --skip-load --soak 500            # soak phase only
    python benchmarks/load.py --url http://127.0.0.1:8600 --skip-soak   # drive a running server or proxy
    python benchmarks/load.py --scale                           # 1 process against 2 behind HAProxy, same run
    python benchmarks/load.py --scale --url http://127.0.0.1:8600   # the throughput ladder on a running proxy
    python benchmarks/load.py --hosts 3                         # 1, 2, 3 separate hosts behind HAProxy; one lost

Starts ONE Streamlit server for serve.py (app.py as scripts/run-app serves it) on a free port on 127.0.0.1
and drives it with the system Chromium (/usr/bin/chromium) through Playwright's async API; never run
`playwright install`.

LOAD: `--sessions` browser contexts (separate Streamlit sessions) open the page at the same time;
then each, concurrently, types a different "Retribución promedio anual ($)" for `--rounds` rounds
and waits for ITS OWN monthly pension (the metric under "Pensión mensual a los …"). The expected
amount of every (session, round) is computed in-process with the project's own code
(ui.form.example.example → ui.form.member.build_member → estimator.estimate), and every value is distinct, so a
session showing another session's amount is counted as cross-talk. Errors: Streamlit exception
boxes, timeouts, browser failures. Latency = Enter pressed → the new amount visible in that page.
Also prints the server's memory per session: its RSS with all sessions connected, minus its RSS
before they connected (after one warm-up visit, so the app's one-time imports are not counted),
divided by the number of sessions.

SOAK: one session performs `--soak` reruns, alternating two values and waiting for the amount to
change each time (so the pace is bounded by the app itself); prints the server's RSS (VmRSS of the
streamlit python process, from /proc/PID/status) before, after, and after 5 s idle, and the reruns
per second.

SCALE (`--scale`): the reruns per second the app serves while the 95th percentile of "Enter → new amount"
stays under one second, with 1 process and with 2 (each `scripts/run-app --replicas N`, HAProxy in front,
started one after the other in the same run, `--scale-repeat` times alternating), and the ratio. The
sessions here are protocol clients, not browsers: each opens the page's WebSocket through the proxy and, for
each "Enter", sends what the browser sends (a rerun carrying the salary box's new text) and times until the
message carrying its own new amount arrives. Chromium drawing dozens of pages would take most of these 2
cores itself and measure the browser, not the servers (a member's browser runs on the member's machine).
A ladder of concurrent sessions (1, 2, 3, 4, 6, 8, 12, 16, 24), each typing back to back for
`--level-seconds`, stops at the first level whose p95 passes 1 s; the figure is the best reruns/s of a level
under 1 s. Every amount is checked against that session's own (distinct) expected amount: another session's
amount is cross-talk. Memory per session: the 1-process server's RSS with 40 sessions open, minus before
(after one warm-up session only), divided by 40.

HOSTS (`--hosts N`, as root): the same ladder through HAProxy to 1, 2, …, N separate hosts (network namespaces,
one app process each) in the same run, with each count's ratio to one host, and what a host's loss costs the
pages on it (the time until each answers again); see benchmarks/hosts_load.py.

With `--url`, the phases drive that server (a running `scripts/run-app`, with or without `--replicas`)
instead of starting one; the server's memory and CPU are then not read.

Exit code 0 unless the server cannot start (then 1); bad arguments: one line saying what is accepted, exit 2. What it started is stopped in all cases.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import re
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.served_app import APP, CHROMIUM, Server, free_port, launch_chromium, serve  # noqa: E402
from scripts.supervision import BadInput, OneLineParser, stop  # noqa: E402
from estimator.arithmetic.display import money
from ui.answer.formatting import age_label  # noqa: E402
from ui.form.fields import FormValues  # noqa: E402
from ui.form.member import build_member  # noqa: E402
from ui.form.example import example  # noqa: E402
from ui.shell.text import ui_text  # noqa: E402

LANG = "es"
INPUT = ".st-key-average_annual_text input"
EXCEPTION = '[data-testid="stException"]'
POLL_MS = 20  # how often each page checks for the new amount (in the browser)

# The amount under the answer's label `label` (ui/look.headline), "" if none.
SHOWN = """(label) => {
  for (const h of document.querySelectorAll('.st-key-headline')) {
    const l = h.querySelector('p');
    if (l && l.innerText.trim().startsWith(label)) {
      const v = h.querySelector('strong');
      return v ? v.innerText.trim() : "";
    }
  }
  return "";
}"""
# True when the answer labelled `label` shows exactly `want`.
SHOWS = f"([label, want]) => ({SHOWN})(label) === want"


# ---------------------------------------------------------------- expected answers (project code)

TODAY = date.today()
_EXAMPLE = example(TODAY)
BASE = FormValues(**{k: v for k, v in _EXAMPLE.items() if k in FormValues.__dataclass_fields__})


def expected(average_annual: float) -> tuple[str, str]:
    """(the answer's label, amount text) the app shows for the example member with this average salary."""
    member, errors = build_member(dataclasses.replace(BASE, average_annual=average_annual), TODAY, LANG)
    if member is None:
        raise SystemExit(f"the example member with average {average_annual} is invalid: {errors}")
    answer = member.answer(LANG)
    if not answer.eligible:
        raise SystemExit(f"the example member with average {average_annual} is not eligible")
    label = ui_text("result.monthly", LANG, age=age_label(member.planned_age, LANG))
    return label, money(answer.monthly_pension)


def load_value(session: int, rnd: int, sessions: int) -> float:
    """Distinct for every (session, round); never the example's 36,000 (the amount must change)."""
    return 30500.0 + 1000.0 * (session + sessions * rnd)


# ---------------------------------------------------------------- server

def rss_kib(server: Server) -> int | None:
    """The server process's resident memory (the python process running streamlit: no shell between)."""
    if server.process is None:  # a server given by --url
        return None
    try:
        for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_s(server: Server) -> float | None:
    """CPU seconds (user + system) the server process has used so far."""
    if server.process is None:
        return None
    try:
        fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def mib(kib: int | None) -> str:
    return "n/a" if kib is None else f"{kib / 1024:.1f} MiB"


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-p * len(ordered) // 100))))
    return ordered[rank - 1]


def cpu_line(server: Server, cpu_start: float | None, wall_s: float, reruns: int) -> str:
    now = cpu_s(server)
    if cpu_start is None or now is None or wall_s <= 0:
        return "server CPU: n/a"
    used = now - cpu_start
    return f"server CPU: {used:.1f} s over {wall_s:.1f} s = {100 * used / wall_s:.0f}% of one core, " \
           f"{1000 * used / max(reruns, 1):.0f} ms per rerun (all {os.cpu_count()} cores are shared with the browser)"


def latency_line(values: list[float]) -> str:
    if not values:
        return "latency: no successful measurement"
    return (f"latency ms (n={len(values)}): p50 {pct(values, 50):.0f}  p90 {pct(values, 90):.0f}  "
            f"p99 {pct(values, 99):.0f}  max {max(values):.0f}")


# ---------------------------------------------------------------- browser helpers

async def open_session(browser, url: str, label: str, amount: str, timeout_ms: int):
    """A new browser context (its own Streamlit session) showing the example member's amount."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = await context.new_page()
        await page.goto(url, timeout=timeout_ms)
        await page.wait_for_function(SHOWS, arg=[label, amount], polling=250, timeout=timeout_ms)
        await page.locator(INPUT).wait_for(state="visible", timeout=timeout_ms)
    except BaseException:
        await context.close()
        raise
    return context, page


async def commit(page, value: float, label: str, amount: str, timeout_ms: int) -> float:
    """Type the value, press Enter, wait until the metric shows `amount`; returns ms Enter → visible."""
    field = page.locator(INPUT)
    await field.fill(f"{value:.2f}", timeout=timeout_ms)
    start = time.perf_counter()
    await field.press("Enter", timeout=timeout_ms)
    await page.wait_for_function(SHOWS, arg=[label, amount], polling=POLL_MS, timeout=timeout_ms)
    return (time.perf_counter() - start) * 1000


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.crosstalk: list[str] = []


# ---------------------------------------------------------------- load phase

async def load_phase(browser, server: Server, sessions: int, rounds: int, timeout_ms: int) -> None:
    print(f"\n== LOAD: {sessions} concurrent sessions x {rounds} rounds ==", flush=True)
    label, start_amount = expected(BASE.average_annual)
    plan = {(i, r): expected(load_value(i, r, sessions))[1] for i in range(sessions) for r in range(rounds)}
    all_amounts = set(plan.values())
    if len(all_amounts) != len(plan) or start_amount in all_amounts:
        print("warning: some expected amounts coincide; cross-talk detection is weaker", flush=True)

    # Warm-up: the first visit imports the app's modules; keep that out of the per-session memory.
    cold = rss_kib(server)
    t0 = time.perf_counter()
    context, _ = await open_session(browser, server.url, label, start_amount, timeout_ms)
    await context.close()
    print(f"warm-up visit: {time.perf_counter() - t0:.1f} s; server RSS cold {mib(cold)} → warm {mib(rss_kib(server))}",
          flush=True)
    await asyncio.sleep(2)
    before = rss_kib(server)

    tally = Tally()
    connected = 0
    counts = {"arrived": 0, "finished": 0}
    all_connected, go, all_finished, all_done = (asyncio.Event() for _ in range(4))

    def arrived(ok: bool) -> None:
        nonlocal connected
        connected += ok
        counts["arrived"] += 1
        if counts["arrived"] == sessions:
            all_connected.set()

    def finished() -> None:
        counts["finished"] += 1
        if counts["finished"] == sessions:
            all_finished.set()

    async def one(i: int) -> None:
        try:
            context, page = await open_session(browser, server.url, label, start_amount, timeout_ms)
        except Exception as exc:  # noqa: BLE001 — counted, reported
            tally.errors.append(f"session {i} connect: {type(exc).__name__}: {str(exc).splitlines()[0]}")
            arrived(False)
            finished()
            return
        try:
            arrived(True)
            await go.wait()
            for r in range(rounds):
                value, want = load_value(i, r, sessions), plan[(i, r)]
                try:
                    tally.latencies.append(await commit(page, value, label, want, timeout_ms))
                    typed = await page.locator(INPUT).input_value()
                    if typed != f"{value:.2f}":
                        tally.crosstalk.append(f"session {i} round {r}: input shows {typed}, typed {value:.2f}")
                except Exception as exc:  # noqa: BLE001
                    shown = ""
                    try:
                        shown = await page.evaluate(SHOWN, label)
                    except Exception:  # noqa: BLE001
                        pass
                    if shown in all_amounts and shown != want:
                        tally.crosstalk.append(f"session {i} round {r}: shows {shown}, expected {want}")
                    else:
                        tally.errors.append(f"session {i} round {r}: {type(exc).__name__} "
                                            f"(shows {shown or 'nothing'}, expected {want})")
                try:
                    if await page.locator(EXCEPTION).count():
                        tally.errors.append(f"session {i} round {r}: Streamlit exception box on the page")
                except Exception as exc:  # noqa: BLE001
                    tally.errors.append(f"session {i} round {r}: page check failed: {type(exc).__name__}")
        finally:
            finished()
            await all_done.wait()  # keep every session open until all have finished
            await context.close()

    wall = time.perf_counter()
    tasks = [asyncio.create_task(one(i)) for i in range(sessions)]
    await all_connected.wait()  # bounded: each connect is bounded by timeout_ms
    connect_s = time.perf_counter() - wall
    await asyncio.sleep(1)
    with_all = rss_kib(server)
    print(f"{connected}/{sessions} sessions connected in {connect_s:.1f} s (each showing {start_amount})",
          flush=True)
    if before is not None and with_all is not None and connected:
        print(f"memory per session: server RSS {mib(before)} before → {mib(with_all)} with {connected} sessions "
              f"connected = {(with_all - before) / connected / 1024:.2f} MiB per session", flush=True)
    rounds_start, rounds_cpu = time.perf_counter(), cpu_s(server)
    go.set()
    await all_finished.wait()  # bounded: every wait inside a round is bounded by timeout_ms
    rounds_s = time.perf_counter() - rounds_start
    rounds_cpu_line = cpu_line(server, rounds_cpu, rounds_s, sessions * rounds)
    after_rounds = rss_kib(server)
    all_done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    wall_s = time.perf_counter() - wall

    print(f"server RSS after the rounds (sessions still open): {mib(after_rounds)}; "
          f"after closing them: {mib(rss_kib(server))}")
    print(f"sessions: {sessions}  rounds: {rounds}  reruns measured: {len(tally.latencies)}/{sessions * rounds}")
    print(f"errors: {len(tally.errors)}  cross-talk mismatches: {len(tally.crosstalk)}")
    for line in (tally.errors + tally.crosstalk)[:20]:
        print(f"  - {line}")
    print(latency_line(tally.latencies))
    print(f"rounds phase: {rounds_s:.1f} s ({len(tally.latencies) / max(rounds_s, 1e-9):.1f} reruns/s across sessions); "
          + rounds_cpu_line)
    print(f"total wall time (connect + rounds + close): {wall_s:.1f} s", flush=True)


# ---------------------------------------------------------------- soak phase

async def soak_phase(browser, server: Server, reruns: int, timeout_ms: int, limit_s: float) -> None:
    print(f"\n== SOAK: {reruns} reruns in one session ==", flush=True)
    label, start_amount = expected(BASE.average_annual)
    values = (40500.0, 41500.0)
    amounts = tuple(expected(v)[1] for v in values)
    tally = Tally()
    context, page = await open_session(browser, server.url, label, start_amount, timeout_ms)
    try:
        await asyncio.sleep(1)
        before = rss_kib(server)
        start, soak_cpu = time.perf_counter(), cpu_s(server)
        done = 0
        for n in range(reruns):
            if time.perf_counter() - start > limit_s:
                print(f"stopped after {limit_s:.0f} s (--soak-limit)")
                break
            try:
                tally.latencies.append(await commit(page, values[n % 2], label, amounts[n % 2], timeout_ms))
                done += 1
            except Exception as exc:  # noqa: BLE001
                tally.errors.append(f"rerun {n}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
                if len(tally.errors) >= 10:
                    print("stopped after 10 errors")
                    break
            if n % 50 == 49 and await page.locator(EXCEPTION).count():
                tally.errors.append(f"rerun {n}: Streamlit exception box on the page")
        elapsed = time.perf_counter() - start
        soak_cpu_line = cpu_line(server, soak_cpu, elapsed, done)
        after = rss_kib(server)
        await asyncio.sleep(5)
        idle = rss_kib(server)
    finally:
        await context.close()
    print(f"reruns: {done}/{reruns} in {elapsed:.1f} s = {done / elapsed:.1f} reruns/s; {soak_cpu_line}")
    print(f"errors: {len(tally.errors)}")
    for line in tally.errors[:10]:
        print(f"  - {line}")
    print(latency_line(tally.latencies))
    print(f"server RSS: before {mib(before)}  after {mib(after)}  after 5 s idle {mib(idle)}"
          + (f"  (growth {(idle - before) / 1024:+.1f} MiB, {(idle - before) / max(done, 1):+.2f} KiB per rerun)"
             if before is not None and idle is not None else ""), flush=True)


# ---------------------------------------------------------------- scale phase (protocol clients)

P95_LIMIT_MS = 1000.0
MEMORY_SESSIONS = 40  # sessions opened at once to read the memory a session takes
LADDER = (1, 2, 3, 4, 6, 8, 12, 16, 24)
BOX = "average_annual_text"  # the salary box's key: its widget id ends with "-" + this
BOLD_AMOUNT = re.compile(r"\*\*\\?(\$[\d,]+\.\d{2})\*\*")  # "**$1,234.56**" (the "$" may be escaped)


def scale_value(session: int, parity: int) -> float:
    """Each session alternates two averages of its own; no two sessions share one."""
    return 31500.0 + 1000.0 * (2 * session + parity)


class ProtocolSession:
    """One member's page as the server sees it: the page's WebSocket, the reruns the browser sends on Enter."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.socket = None
        self.box_id = ""

    async def open(self, timeout_s: float) -> None:
        from websockets.asyncio.client import connect

        ws_url = self.url.replace("http://", "ws://", 1) + "/_stcore/stream"
        self.socket = await connect(ws_url, subprotocols=["streamlit"], origin=self.url, max_size=None,
                                    open_timeout=timeout_s, compression=None)
        await self._rerun(None, timeout_s)
        if not self.box_id:
            raise RuntimeError("the page has no salary box")

    async def _rerun(self, text: str | None, timeout_s: float) -> tuple[float | None, list[str]]:
        """Send a rerun (with the box's new text); read the run's messages until it finishes. Returns
        (ms until the first message with a bold amount, every bold amount of the run)."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        back = BackMsg()
        back.rerun_script.query_string = ""
        if text is not None:
            widget = back.rerun_script.widget_states.widgets.add()
            widget.id, widget.string_value = self.box_id, text
        start = time.perf_counter()
        await self.socket.send(back.SerializeToString())
        first_ms, amounts = None, []
        async with asyncio.timeout(timeout_s):
            while True:
                msg = ForwardMsg()
                msg.ParseFromString(await self.socket.recv())
                kind = msg.WhichOneof("type")
                if kind == "script_finished":
                    return first_ms, amounts
                if kind != "delta" or msg.delta.WhichOneof("type") != "new_element":
                    continue
                element = msg.delta.new_element
                shape = element.WhichOneof("type")
                if shape == "text_input" and element.text_input.id.endswith("-" + BOX):
                    self.box_id = element.text_input.id
                elif shape == "markdown":
                    found = BOLD_AMOUNT.findall(element.markdown.body)
                    if found and first_ms is None:
                        first_ms = (time.perf_counter() - start) * 1000
                    amounts += found

    async def enter(self, value: float, timeout_s: float) -> tuple[float | None, list[str]]:
        return await self._rerun(f"{value:,.2f}", timeout_s)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


def app_pids(supervisor_pid: int) -> list[int]:
    """The app processes a `scripts/run-app --replicas` supervisor started (its children running streamlit)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == supervisor_pid \
                    and b"streamlit" in (entry / "cmdline").read_bytes():
                pids.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return pids


def rss_total_kib(pids: list[int]) -> int | None:
    total = 0
    for pid in pids:
        try:
            total += next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                          if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            return None
    return total if pids else None


@dataclasses.dataclass
class Level:
    sessions: int
    reruns: int
    seconds: float
    p50: float
    p95: float
    errors: int
    crosstalk: int

    @property
    def rate(self) -> float:
        return self.reruns / self.seconds if self.seconds else 0.0


async def memory_per_session(url: str, pids: list[int], sessions: int, timeout_s: float) -> float | None:
    """MiB a session adds to the app processes: their RSS with `sessions` protocol sessions open (each after its
    first run), minus before; measured on processes that have served only the warm-up, so no freed memory of
    earlier sessions is reused and hidden."""
    before = rss_total_kib(pids)
    clients = [ProtocolSession(url) for _ in range(sessions)]
    try:
        await asyncio.gather(*(c.open(timeout_s) for c in clients))
        await asyncio.sleep(1)
        after = rss_total_kib(pids)
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    return None if before is None or after is None else (after - before) / sessions / 1024


async def run_level(url: str, sessions: int, seconds: float, timeout_s: float) -> Level:
    want = {(i, k): expected(scale_value(i, k))[1] for i in range(sessions) for k in (0, 1)}
    everyone = set(want.values())
    clients = [ProtocolSession(url) for _ in range(sessions)]
    try:
        await asyncio.gather(*(c.open(timeout_s) for c in clients))
        latencies: list[float] = []
        tally = {"errors": 0, "crosstalk": 0}
        end = time.perf_counter() + seconds

        async def one(i: int) -> None:
            n = 0
            while time.perf_counter() < end:
                target = want[(i, n % 2)]
                try:
                    ms, shown = await clients[i].enter(scale_value(i, n % 2), timeout_s)
                except (Exception, TimeoutError):  # noqa: BLE001 — counted
                    tally["errors"] += 1
                    return
                if target in shown and ms is not None:
                    latencies.append(ms)
                elif any(a in everyone and a != target for a in shown):
                    tally["crosstalk"] += 1
                else:
                    tally["errors"] += 1
                n += 1

        start = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(sessions)))
        elapsed = time.perf_counter() - start
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    ordered = latencies or [float("inf")]
    return Level(sessions, len(latencies), elapsed, pct(ordered, 50), pct(ordered, 95), tally["errors"],
                 tally["crosstalk"])


def level_line(name: str, level: Level) -> str:
    return (f"  {name:<11} {level.sessions:>2} sessions: {level.rate:6.1f} reruns/s  p50 {level.p50:6.0f} ms  "
            f"p95 {level.p95:6.0f} ms  errors {level.errors}  cross-talk {level.crosstalk}")


async def ladder(servers: dict[str, str], seconds: float, timeout_s: float) -> dict[str, list[Level]]:
    """For each level of concurrent sessions, each server in turn (the first one alternating, so the machine's
    other work weighs on both alike), until every server has passed the limit. `servers`: name → URL."""
    found: dict[str, list[Level]] = {name: [] for name in servers}
    running = list(servers)
    for step, sessions in enumerate(LADDER):
        for name in (running if step % 2 == 0 else running[::-1]):
            found[name].append(await run_level(servers[name], sessions, seconds, timeout_s))
            print(level_line(name, found[name][-1]) + f"  (machine load {os.getloadavg()[0]:.1f})", flush=True)
        running = [name for name in running if found[name][-1].p95 < P95_LIMIT_MS and not found[name][-1].errors]
        if not running:
            break
    return found


def best_rate(levels: list[Level]) -> float:
    """The reruns per second of the best level whose p95 stayed under the limit (0 if none did)."""
    return max((l.rate for l in levels if l.p95 < P95_LIMIT_MS and not l.errors), default=0.0)


@contextlib.contextmanager
def run_app(replicas: int, timeout_s: float = 180):
    """`scripts/run-app --replicas N` (its Python part) on a free loopback port; stopped after."""
    import subprocess
    import tempfile

    port = free_port()
    log = Path(tempfile.mkstemp(prefix="run-app-", suffix=".log")[1])
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "replicas.py"), "--replicas", str(replicas),
                                    "--port", str(port)], cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout_s
        while "serving on" not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"run-app --replicas {replicas} did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        stop(process, timeout_s=30)
        log.unlink(missing_ok=True)


def scale_phase(args) -> int:
    print(f"\n== SCALE: reruns/s with p95 of Enter → new amount under {P95_LIMIT_MS:.0f} ms; "
          f"{os.cpu_count()} CPUs ==", flush=True)
    if args.url:
        levels = asyncio.run(ladder({args.url: args.url}, args.level_seconds, args.timeout))[args.url]
        print(f"{args.url}: {best_rate(levels):.1f} reruns/s with p95 under 1 s", flush=True)
        return 0
    rates: dict[str, list[float]] = {"1 process": [], "2 processes": []}
    bad = {"errors": 0, "crosstalk": 0}
    # Both served at once (an idle process costs nothing) and measured level by level in turn.
    with run_app(1) as (url1, supervisor1), run_app(2) as (url2, supervisor2):
        servers = {"1 process": url1, "2 processes": url2}
        pids = app_pids(supervisor1)
        print(f"1 process behind HAProxy: {url1} (pid {pids}); 2 processes: {url2} (pids {app_pids(supervisor2)})")
        asyncio.run(run_level(url1, 1, 3, args.timeout))  # warm-up: the process's first runs
        memory = asyncio.run(memory_per_session(url1, pids, MEMORY_SESSIONS, args.timeout))
        if memory is not None:
            print(f"memory per session: {memory:.2f} MiB ({MEMORY_SESSIONS} sessions open on the 1-process server: "
                  f"its RSS with them minus before)", flush=True)
        for url in servers.values():  # warm-up: every process's first runs
            asyncio.run(run_level(url, 4, 3, args.timeout))
        for repeat in range(args.scale_repeat):
            print(f"run {repeat + 1} of {args.scale_repeat}:", flush=True)
            for name, levels in asyncio.run(ladder(servers, args.level_seconds, args.timeout)).items():
                rates[name].append(best_rate(levels))
                bad["errors"] += sum(level.errors for level in levels)
                bad["crosstalk"] += sum(level.crosstalk for level in levels)
    one, two = (sorted(rates[name])[len(rates[name]) // 2] for name in rates)
    each = "; ".join(f"{name}: " + ", ".join(f"{rate:.1f}" for rate in found) for name, found in rates.items())
    print(f"\nreruns/s with p95 under 1 s (median of {args.scale_repeat} runs): 1 process {one:.1f}  2 processes "
          f"{two:.1f}  ratio {two / one if one else float('nan'):.2f}x  (each run: {each})")
    print(f"errors: {bad['errors']}  cross-talk: {bad['crosstalk']}", flush=True)
    return 0


# ---------------------------------------------------------------- main

async def run(args, server: Server) -> None:
    from playwright.async_api import async_playwright

    timeout_ms = int(args.timeout * 1000)
    async with async_playwright() as pw:
        browser = await launch_chromium(pw)
        try:
            if not args.skip_load:
                try:
                    await load_phase(browser, server, args.sessions, args.rounds, timeout_ms)
                except Exception as exc:  # noqa: BLE001 — report, carry on
                    print(f"load phase failed: {type(exc).__name__}: {exc}")
            if not args.skip_soak and args.soak > 0:
                try:
                    await soak_phase(browser, server, args.soak, timeout_ms, args.soak_limit)
                except Exception as exc:  # noqa: BLE001
                    print(f"soak phase failed: {type(exc).__name__}: {exc}")
        finally:
            await browser.close()


def main() -> int:
    parser = OneLineParser(prog="benchmarks/load.py", description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=20, help="concurrent browser sessions (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="value changes per session (default 5)")
    parser.add_argument("--soak", type=int, default=1000, help="reruns in the soak session (default 1000)")
    parser.add_argument("--skip-load", action="store_true")
    parser.add_argument("--skip-soak", action="store_true")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per page load or per rerun wait")
    parser.add_argument("--soak-limit", type=float, default=1800, help="stop the soak after this many seconds")
    parser.add_argument("--url", help="drive this running server or proxy (e.g. scripts/run-app --replicas 2) "
                        "instead of starting one")
    parser.add_argument("--scale", action="store_true", help="the throughput ladder, 1 process against 2 behind "
                        "HAProxy in the same run (with --url: the ladder on that server only)")
    parser.add_argument("--scale-repeat", type=int, default=2, help="runs of each in --scale, alternating (default 2)")
    parser.add_argument("--level-seconds", type=float, default=10, help="seconds each ladder level types (default 10)")
    parser.add_argument("--hosts", help="1 to N separate hosts behind HAProxy, N from 2 to 4 (needs root)")
    parser.add_argument("--loss-pages", type=int, default=6, help="with --hosts: browser pages when a host is lost "
                        "(default 6; 0 leaves the loss out)")
    try:
        args = parser.parse_args()
        if args.hosts is not None and (not args.hosts.isdigit() or not 2 <= int(args.hosts) <= 4):
            raise BadInput(f"--hosts {args.hosts!r}: give a whole number from 2 to 4")
    except BadInput as problem:
        print(f"load.py: {problem}", file=sys.stderr)
        return 2
    args.sessions = max(1, args.sessions)
    args.rounds = max(1, args.rounds)
    args.scale_repeat = max(1, args.scale_repeat)

    wall = time.perf_counter()
    if args.hosts is not None or args.scale:
        from benchmarks.hosts_load import hosts_phase

        args.hosts = None if args.hosts is None else int(args.hosts)
        try:
            return hosts_phase(args) if args.hosts else scale_phase(args)
        except RuntimeError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        finally:
            print(f"\ntotal: {time.perf_counter() - wall:.1f} s", flush=True)
    if args.url:
        print(f"server: {args.url} (given: its memory and CPU are not read)")
        asyncio.run(run(args, Server(args.url.rstrip("/"), None, Path(os.devnull), time.perf_counter())))
        print(f"\ntotal: {time.perf_counter() - wall:.1f} s", flush=True)
        return 0
    try:
        with serve(APP) as server:
            print(f"server: pid {server.process.pid} ({Path(sys.executable).name} -m streamlit), {server.url}, "
                  f"RSS {mib(rss_kib(server))}")
            print(f"machine: {os.cpu_count()} CPUs; browser {CHROMIUM}")
            asyncio.run(run(args, server))
    except RuntimeError as exc:
        print(f"error: the Streamlit server could not start: {exc}", file=sys.stderr)
        return 1
    print(f"\ntotal: {time.perf_counter() - wall:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
