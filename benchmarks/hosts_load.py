"""HOSTS mode of benchmarks/load.py (`--hosts N`): the app on separate hosts behind one HAProxy, as on several
machines. Needs root: each host is a network namespace of this machine with its own address (`scripts/hosts.py`),
running one app process; the balancer is `scripts/run-app --backends …` in the root namespace.

THROUGHPUT: the SCALE ladder of load.py (protocol sessions typing through the balancer; the best reruns/s whose
p95 of Enter → new amount stays under 1 s) with 1, 2, …, N hosts in the same run, the hosts left out put in
maintenance on the balancer's admin socket; `--scale-repeat` times, the order alternating (1..N, then N..1), so
the machine's other work weighs on every count alike. The figure: each count's median, and its ratio to 1 host.
All hosts share this machine's cores: the ratio says what the balancer and the hosts add or lose, not what N
machines would give.

A HOST LOST: `--loss-pages` browser pages (Chromium) spread over every host, each with a salary of its own; one
host's link is cut. Reported: the time until the balancer marks it down, and for each page that was on it the
time from the cut until it answers a change with its own amount again (it retypes its value every 2 s, as a
member would); and the changes of the pages on the other hosts during that time. Then the link comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.load import (BASE, ROOT, best_rate, commit, expected, ladder, open_session, pct, run_level)
from scripts.haproxy import COOKIE, admin, server_states
from scripts.hosts import cannot_make_hosts, host_network
from scripts.served_app import free_port, launch_chromium
from scripts.supervision import stop

RETYPE_MS = 2_000   # a page of the lost host types its value again after this long without its amount
LOSS_LIMIT_S = 120  # a page not answering again by then is reported as not answering


@contextlib.contextmanager
def balancer(backends: str, timeout_s: float = 60):
    """`scripts/run-app --backends …` (its Python part) on a free loopback port: (URL, admin socket)."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="balancer-", suffix=".log")[1])
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "replicas.py"), "--backends", backends,
                                    "--port", str(port)], cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout_s
        while "serving on" not in (said := log.read_text(errors="replace")):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"run-app --backends did not start:\n{said[-2000:]}")
            time.sleep(0.2)
        socket = Path(said.split("admin socket: ", 1)[1].split(")", 1)[0])
        while set(server_states(socket).values()) != {"UP"}:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the hosts were not all up: {server_states(socket)}")
            time.sleep(0.5)
        yield f"http://127.0.0.1:{port}", socket
    finally:
        stop(process, timeout_s=30)
        log.unlink(missing_ok=True)


def use_hosts(socket: Path, names: list[str], count: int) -> None:
    """The first `count` hosts take pages; the others are in maintenance (none of their sessions remain)."""
    for i, name in enumerate(names):
        answer = admin(socket, f"set server streamlit/{name} state {'ready' if i < count else 'maint'}").strip()
        if answer:
            raise RuntimeError(f"HAProxy: {answer}")


def throughput(url: str, socket: Path, names: list[str], args) -> dict[int, list[float]]:
    counts = list(range(1, len(names) + 1))
    rates: dict[int, list[float]] = {n: [] for n in counts}
    for n in counts:  # warm-up: every host's first runs
        use_hosts(socket, names, n)
        asyncio.run(run_level(url, 2 * n, 3, args.timeout))
    for repeat in range(args.scale_repeat):
        print(f"run {repeat + 1} of {args.scale_repeat}:", flush=True)
        for n in (counts if repeat % 2 == 0 else counts[::-1]):
            use_hosts(socket, names, n)
            levels = asyncio.run(ladder({f"{n} host{'s' * (n > 1)}": url}, args.level_seconds, args.timeout))
            rates[n].append(best_rate(next(iter(levels.values()))))
    use_hosts(socket, names, len(names))
    return rates


async def answer_again(page, values: tuple[float, float], label: str, since: float) -> float | None:
    """Seconds from `since` until the page shows its own amount for a change, typed again every RETYPE_MS. Both
    values differ from the one the page shows: an amount already on the page would count as an answer."""
    attempt = 0
    while time.perf_counter() - since < LOSS_LIMIT_S:
        value = values[attempt % 2]
        try:
            await commit(page, value, label, expected(value)[1], RETYPE_MS)
            return time.perf_counter() - since
        except Exception:  # noqa: BLE001 — not yet: typed again (the other value: the same text sends nothing)
            attempt += 1
    return None


async def host_lost(url: str, socket: Path, network, pages_count: int, timeout_s: float) -> None:
    from playwright.async_api import async_playwright

    label, start_amount = expected(BASE.average_annual)
    timeout_ms = int(timeout_s * 1000)
    async with async_playwright() as pw:
        browser = await launch_chromium(pw)
        try:
            opened = [await open_session(browser, url, label, start_amount, timeout_ms) for _ in range(pages_count)]
            own = [(41_500.0 + 3000 * i, 42_500.0 + 3000 * i, 43_500.0 + 3000 * i) for i in range(pages_count)]
            for (context, page), values in zip(opened, own):
                await commit(page, values[0], label, expected(values[0])[1], timeout_ms)
            placed = [next(c["value"] for c in await context.cookies() if c["name"] == COOKIE) for context, _ in opened]
            victim = placed[0]
            lost = network.hosts[int(victim.removeprefix("app")) - 1]
            print(f"{pages_count} pages: " + ", ".join(f"{n} {placed.count(n)}" for n in sorted(set(placed)))
                  + f"; cutting {victim}'s link ({lost.address})", flush=True)
            cut_at = time.perf_counter()
            network.cut(lost)

            async def marked_down() -> float:
                while server_states(socket).get(victim) != "DOWN":
                    await asyncio.sleep(0.1)
                return time.perf_counter() - cut_at

            moved = [i for i, name in enumerate(placed) if name == victim]
            others = [i for i, name in enumerate(placed) if name != victim]
            down, *back = await asyncio.gather(
                marked_down(), *(answer_again(opened[i][1], own[i][1:], label, cut_at) for i in moved))
            print(f"{victim} marked down by the balancer {down:.1f} s after its link was cut")
            answered = sorted(s for s in back if s is not None)
            print(f"its {len(moved)} pages answered again with their own amount after: "
                  + ", ".join(f"{s:.1f} s" for s in answered)
                  + (f"; {len(moved) - len(answered)} did not within {LOSS_LIMIT_S} s" if len(answered) < len(moved)
                     else "") + (f" (median {pct(answered, 50):.1f} s)" if answered else ""), flush=True)
            spent = []
            for i in others:  # the other hosts' pages, after the loss: a change answered as before
                spent.append(await commit(opened[i][1], own[i][1], label, expected(own[i][1])[1], timeout_ms))
            print(f"the other hosts' {len(others)} pages: a change each, Enter → amount p50 {pct(spent, 50):.0f} ms, "
                  f"max {max(spent):.0f} ms", flush=True)
            network.restore(lost)
        finally:
            await browser.close()


def hosts_phase(args) -> int:
    reason = cannot_make_hosts()
    if reason:
        print(f"error: --hosts needs network namespaces: {reason}", file=sys.stderr)
        return 1
    print(f"\n== HOSTS: 1 to {args.hosts} hosts (network namespaces, one app process each) behind HAProxy ==",
          flush=True)
    with host_network(args.hosts) as network:
        network.start_apps(allowed=["127.0.0.1"])
        with balancer(network.backends) as (url, socket):
            names = [f"app{i}" for i in range(1, args.hosts + 1)]
            print(f"balancer {url}; hosts " + ", ".join(f"{n} {h.backend}" for n, h in zip(names, network.hosts)))
            rates = throughput(url, socket, names, args)
            medians = {n: sorted(found)[len(found) // 2] for n, found in rates.items()}
            print(f"\nreruns/s with p95 under 1 s (median of {args.scale_repeat} runs), ratio to 1 host:")
            for n, found in rates.items():
                ratio = medians[n] / medians[1] if medians[1] else float("nan")
                print(f"  {n} host{'s' * (n > 1)}: {medians[n]:5.1f}  {ratio:.2f}x  (runs: "
                      + ", ".join(f"{r:.1f}" for r in found) + ")", flush=True)
            if args.loss_pages:
                print("\n== A HOST LOST ==", flush=True)
                asyncio.run(host_lost(url, socket, network, args.loss_pages, args.timeout))
    return 0
