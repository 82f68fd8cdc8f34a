"""Reading salary files, against a baseline measured in the same run.

    python benchmarks/salary_file_speed.py [--repeat 20]

Prints the median time to read and average (a) a teacher's file of 600 months (a 50-year career) and
(b) the largest file accepted (2,000 salaries), both in the Spanish style with semicolons and quotes;
(c) the refusal of a file over 1 MB; and (d) `python -m estimator average` on file (b), start-up
included. The baseline is `csv.reader` + `Decimal` on the same number of plain lines (the floor for
any reader) and, for (d), the interpreter importing the command line and nothing else.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from estimator.io.salary_file import MAX_BYTES, MAX_ROWS, SalaryFileError, read_history


def spanish_months(count: int) -> bytes:
    rows = ["Mes;Salario"] + [f'{1900 + i // 12}-{i % 12 + 1:02d};"{2000 + i:,}.{i % 100:02d}"'
                              .replace(",", "_").replace(".", ",").replace("_", ".") for i in range(count)]
    return ("\r\n".join(rows) + "\r\n").encode()


def median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def baseline(count: int):
    text = "\n".join(str(30000 + i) for i in range(count))
    return lambda: [Decimal(row[-1]) for row in csv.reader(io.StringIO(text))]


def refuse(raw: bytes):
    def run():
        try:
            read_history(raw, "ley1")
        except SalaryFileError:
            pass
    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    for label, count in (("600 months", 600), (f"{MAX_ROWS:,} salaries", MAX_ROWS)):
        raw = spanish_months(count)
        ours = median_ms(lambda: read_history(raw, "teachers"), repeat)
        floor = median_ms(baseline(count), repeat)
        print(f"{label} ({len(raw):,} bytes): {ours:.1f} ms; csv.reader + Decimal {floor:.2f} ms "
              f"({ours / floor:.0f}×)")
    over = b"1" * (MAX_BYTES + 1)
    print(f"over 1 MB refused: {median_ms(refuse(over), repeat) * 1000:.1f} µs")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "salarios.csv"
        path.write_bytes(spanish_months(MAX_ROWS))
        command = [sys.executable, "-m", "estimator", "average", str(path), "--plan", "teachers"]
        ours = median_ms(lambda: subprocess.run(command, cwd=ROOT, capture_output=True, check=True), 5)
        floor = median_ms(lambda: subprocess.run([sys.executable, "-c", "import estimator.io.cli"], cwd=ROOT,
                                                 capture_output=True, check=True), 5)
        print(f"python -m estimator average, {MAX_ROWS:,} salaries: {ours:.0f} ms; "
              f"importing the command line only {floor:.0f} ms ({ours / floor:.2f}×)")


if __name__ == "__main__":
    main()
