"""The command line on many scenarios, against a JSON-only baseline measured in the same run.

    python benchmarks/cli_speed.py [--count 100000]

Prints: the time to answer one line (start-up included, median of 5, beside the baseline's), the time and lines a
second for `--count` scenarios through `python -m estimator estimate`, the same lines through a baseline that only
parses and re-writes JSON (the floor for any JSON Lines tool), and the ratio between them. The estimator runs
five times, each between three runs of the baseline, and the medians are compared: in wall time, and in CPU time
(user + system of the child process), which a busy machine disturbs far less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR_RUNS = 3  # runs of the floor before, between and after the estimator's
BASELINE = "import sys, json\nfor line in sys.stdin:\n    sys.stdout.write(json.dumps(json.loads(line)) + '\\n')\n"


def scenarios(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        plan = rng.choice(["teachers", "ley447", "ley1"])
        age = rng.randint(40, 75) + rng.randint(0, 11) / 12
        data = {"plan": plan, "age": round(age, 4), "service_years": round(min(age - 18, rng.uniform(5, 40)), 2)}
        if plan == "teachers":
            data["average_monthly_salary"] = round(rng.uniform(1500, 6000), 2)
        else:
            data["average_salary"] = round(rng.uniform(15000, 90000), 2)
            data["group"] = rng.choice(["general", "general", "police", "firefighter"])
            data["coordinated"] = plan == "ley447" and rng.random() < 0.5
        lines.append(json.dumps(data))
    return lines


def timed(command: list[str], lines: list[str]) -> tuple[float, int, float]:
    """Wall time, lines written, and the CPU time (user + system) the command took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, proc.stdout.count("\n"), cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    args = parser.parse_args()
    lines = scenarios(args.count)
    estimator = [sys.executable, "-m", "estimator", "estimate"]
    # A batch of one is the common case for scripts: its time is mostly start-up. Median of 5, beside the same
    # baseline on the same line (a Python that starts, reads JSON and writes it).
    ones = sorted(timed(estimator, lines[:1])[0] for _ in range(5))
    one_floor = sorted(timed([sys.executable, "-c", BASELINE], lines[:1])[0] for _ in range(5))
    # The floor's own run is short (a tenth of a second for 5,000 lines) and both swing with the machine's load:
    # the estimator runs five times, each between three runs of the floor, and the medians are compared (a short
    # run's median needs more runs to settle).
    baseline = [sys.executable, "-c", BASELINE]
    floors, runs = [timed(baseline, lines) for _ in range(FLOOR_RUNS)], []
    for _ in range(5):
        runs.append(timed(estimator, lines))
        floors += [timed(baseline, lines) for _ in range(FLOOR_RUNS)]
    est_time, est_lines = statistics.median(r[0] for r in runs), runs[0][1]
    base_time, base_lines = statistics.median(f[0] for f in floors), floors[0][1]
    est_cpu, base_cpu = statistics.median(r[2] for r in runs), statistics.median(f[2] for f in floors)
    print(f"one line (start-up included): {ones[2] * 1000:8.0f} ms  (median of 5, {ones[0] * 1000:.0f}–{ones[-1] * 1000:.0f};"
          f" baseline {one_floor[2] * 1000:.0f} ms)")
    print(f"estimator: {est_lines:,} answers in {est_time:7.2f} s = {est_lines / est_time:>9,.0f} lines/s"
          f"  (median of 5 runs, {min(runs)[0]:.2f}–{max(runs)[0]:.2f} s; CPU {est_cpu:.2f} s)")
    print(f"baseline:  {base_lines:,} lines   in {base_time:7.2f} s = {base_lines / base_time:>9,.0f} lines/s"
          f"  (parse and re-write JSON only; median of {len(floors)} runs, {min(floors)[0]:.2f}–{max(floors)[0]:.2f} s;"
          f" CPU {base_cpu:.2f} s)")
    print(f"ratio:     the estimator takes {est_time / base_time:,.1f}× the baseline's wall time,"
          f" {est_cpu / base_cpu:,.1f}× its CPU time")


if __name__ == "__main__":
    main()
