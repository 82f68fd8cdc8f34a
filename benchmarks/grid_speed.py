"""How many scenarios a second the grid evaluates, against the one-scenario path in the same run.

    python benchmarks/grid_speed.py [--repeat 5]

Prints scenarios per second for the grid (`estimator.calculation.grid`) and for the baseline
(`estimator.estimate`, one scenario at a time, on the same cells), and their ratio. The machine is
noisy: the ratio is the figure to compare across machines; each figure is the best of the repeats.
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from estimator import estimate, read_scenario
from estimator.calculation.grid import grid
from estimator.calculation.situation import Situation, scenario_at

MEMBERS = [
    {"plan": "ley447", "age": 40, "service_years": 15, "average_salary": 30000, "coordinated": True,
     "social_security_monthly": 900},
    {"plan": "ley1", "group": "police", "age": 35, "service_years": 10, "average_salary": 41000},
    {"plan": "teachers", "age": 38, "service_years": 12, "average_monthly_salary": 2300},
]


def best_of(repeat: int, work) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ages", type=int, default=480, help="retirement ages, one a month")
    parser.add_argument("--extras", type=int, default=121, help="amounts of added service, one a month")
    args = parser.parse_args()

    situations = [Situation(read_scenario(m), salary_growth=Fraction(2, 100)) for m in MEMBERS]
    cells = 0
    grids = []
    for situation in situations:
        ages = [situation.today.age + Fraction(m, 12) for m in range(args.ages)]
        extras = [Fraction(m, 12) for m in range(args.extras)]
        grids.append((situation, ages, extras))
        cells += len(ages) * len(extras)
    grid_time = best_of(args.repeat, lambda: [grid(s, a, x) for s, a, x in grids])

    sample = [(s, a[i], x[j]) for s, a, x in grids for i in range(0, len(a), 37) for j in range(0, len(x), 29)]
    scenarios = [scenario_at(s, age, extra) for s, age, extra in sample]
    scalar_time = best_of(args.repeat, lambda: [estimate(sc, find_earliest=False) for sc in scenarios])

    grid_rate = cells / grid_time
    scalar_rate = len(scenarios) / scalar_time
    print(f"grid:     {cells:>9,} scenarios in {grid_time * 1000:8.1f} ms = {grid_rate:>12,.0f} scenarios/s")
    print(f"baseline: {len(scenarios):>9,} scenarios in {scalar_time * 1000:8.1f} ms = {scalar_rate:>12,.0f} scenarios/s"
          "  (one at a time, exact, with steps)")
    print(f"ratio:    grid is {grid_rate / scalar_rate:,.0f}× the one-scenario path; target ≥ 200,000 scenarios/s: "
          f"{'met' if grid_rate >= 200_000 else 'NOT met'}")


if __name__ == "__main__":
    main()
