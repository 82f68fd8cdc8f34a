"""Exact arithmetic of one expression a rule computes, on gmpy2's `mpq` (what the rules use) and on `Fraction`.

    python benchmarks/rational_speed.py [--repeat 7]

Prints the time of one evaluation of a typical amount (1.8% × an average × years of service, less the same over
a reduction's years: three products and a difference of exact rationals) on each type, the best of the repeats,
and their ratio, measured in the same run.
"""

from __future__ import annotations

import argparse
import timeit
from fractions import Fraction

from gmpy2 import mpq

SETUP = "a, b, c, d = exact(9, 500), exact(2043272, 100), exact(301, 12), exact(1, 20)"
EXPRESSION = "a * b * c - a * b * d"
NUMBER = 100_000


def best(kind: type, repeat: int) -> float:
    """Seconds for one evaluation, the best of `repeat` runs of NUMBER each."""
    runs = timeit.repeat(EXPRESSION, SETUP, globals={"exact": kind}, number=NUMBER, repeat=repeat)
    return min(runs) / NUMBER


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    on_mpq, on_fraction = best(mpq, args.repeat), best(Fraction, args.repeat)
    print(f"mpq:      {on_mpq * 1e6:6.2f} µs  ({EXPRESSION})")
    print(f"Fraction: {on_fraction * 1e6:6.2f} µs")
    print(f"ratio:    Fraction takes {on_fraction / on_mpq:.1f}× mpq's time")


if __name__ == "__main__":
    main()
