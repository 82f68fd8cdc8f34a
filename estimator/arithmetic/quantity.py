"""Quantities that carry the formula that produced them.

A rule computes its amount with `Q` values; the same code gives the exact amount with its formula
("75% × $1,956.11") for one scenario, and exact arrays for the grid, where `text` is None.
This is how the explanation a member sees cannot drift from the calculation.

Every figure in a formula is printed exactly (`display.exact_*`), so a calculator fed the formula as
printed gives the value (CONTRACT.md, *Steps*). A quantity also carries the named assumptions it
depends on and the citations of any exception that decided its value (e.g. Regla 19.6's floor), so a
step can say both without a list typed elsewhere.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from gmpy2 import mpq

from estimator.arithmetic.arrays import is_array
from estimator.arithmetic.display import enclosed, exact_money, exact_number, exact_percent
from estimator.arithmetic.exact import greater, lesser

NONE: frozenset = frozenset()


class CellMarks:
    """On the grid, the named assumptions a value depends on cell by cell: each name with the cells (a bool
    array) whose value read it. Where a rule takes one figure or another by a condition that differs from
    cell to cell (the merit pension's 75% from 55, 65% below), each cell carries only the one it took.
    Joined with `|` as a value's set of names is (a set's names hold in every cell)."""

    __slots__ = ("cells",)

    def __init__(self, cells: dict[str, Any]):
        self.cells = cells

    @staticmethod
    def of(marks: Any) -> "CellMarks":
        return marks if isinstance(marks, CellMarks) else CellMarks({name: True for name in marks})

    def __or__(self, other: Any) -> "CellMarks":
        import numpy as np

        other = CellMarks.of(other)
        cells = dict(self.cells)
        for name, where in other.cells.items():
            cells[name] = np.logical_or(cells[name], where) if name in cells else where
        return CellMarks(cells)

    __ror__ = __or__

    def __bool__(self) -> bool:
        return bool(self.cells)

    def at(self, shape: tuple[int, ...]) -> dict[str, Any]:
        """Each name with the cells that read it, as a bool array of the grid's shape."""
        import numpy as np

        return {name: np.broadcast_to(np.asarray(where, dtype=bool), shape) for name, where in self.cells.items()}


class Q:
    __slots__ = ("v", "text", "compound", "product", "assumed", "cites")

    def __init__(self, v: Any, text: str | None = None, compound: bool = False,
                 product: bool | None = None, assumed: frozenset = NONE, cites: frozenset = NONE):
        self.v = v
        self.text = text
        self.compound = compound  # a sum or difference: parenthesised when multiplied
        # a product or quotient ("301 ÷ 12" included): parenthesised after a division sign
        self.product = product if product is not None else (text is not None and ("÷" in text or "×" in text))
        self.assumed = assumed    # names of the assumptions (RULES.md) this value depends on (`CellMarks` on the grid)
        self.cites = cites        # citations of exceptions that set this value

    # -- arithmetic ---------------------------------------------------------------------------
    def _join(self, other: "Q", op: str) -> str:
        multiplying = op in ("×", "÷")
        left = f"({self.text})" if self.compound and multiplying else self.text
        right_parens = (other.compound and (multiplying or op == "−")) or (other.product and op == "÷")
        right = f"({other.text})" if right_parens else other.text
        return f"{left} {op} {right}"

    def _combine(self, other: "Q", v: Any, op: str) -> "Q":
        if self.text is None or other.text is None:  # without formulas (the grid, the key dates, the search),
            # still what the value depends on (positional: the search and the choice make thousands)
            return Q(v, None, False, False, self.assumed | other.assumed if self.assumed or other.assumed else NONE)
        return Q(v, self._join(other, op), op in ("+", "−"), product=op in ("×", "÷"),
                 assumed=self.assumed | other.assumed, cites=self.cites | other.cites)

    def __add__(self, other: "Q") -> "Q":
        return self._combine(other, self.v + other.v, "+")

    def __sub__(self, other: "Q") -> "Q":
        return self._combine(other, self.v - other.v, "−")

    def __mul__(self, other: "Q") -> "Q":
        return self._combine(other, self.v * other.v, "×")

    def __truediv__(self, other: "Q") -> "Q":
        return self._combine(other, self.v / other.v, "÷")

    # Comparisons give the plain truth value (a bool, or a bool array on the grid).
    def __ge__(self, other: "Q") -> Any:
        return self.v >= other.v

    def __gt__(self, other: "Q") -> Any:
        return self.v > other.v

    def __lt__(self, other: "Q") -> Any:
        return self.v < other.v

    def __le__(self, other: "Q") -> Any:
        return self.v <= other.v

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Q({self.v!r}, {self.text!r})"


def leaf(v: Any, render: Callable[[Any], str] | None, **marks: Any) -> Q:
    """A figure that enters a formula as a number, printed exactly (no text when `render` is None). A
    figure printed as a sum ("25 + 1 ÷ 12") is parenthesised where it is multiplied or subtracted. A
    scenario's Fraction is made the `mpq` the rules compute with (exact.py)."""
    if type(v) is Fraction:
        v = mpq(v.numerator, v.denominator)
    if render is None and not marks:  # the figures the search and the choice read, without text
        return Q(v, None, False, False, NONE)
    text = render(v) if render is not None else None
    if text is not None and (" + " in text or " − " in text) and not enclosed(text) and "compound" not in marks:
        marks = {**marks, "compound": True, "product": False}
    return Q(v, text, **marks)


def q_min(a: Q, b: Q, render: Callable[[Any], str] = exact_number) -> Q:
    """The lesser of two quantities, shown by its value (e.g. the first 20 years of service)."""
    return leaf(lesser(a.v, b.v), render if a.text is not None else None)


def q_excess(a: Q, b: Q, zero: Q, render: Callable[[Any], str] = exact_number, zero_explained: bool = False) -> Q:
    """The part of `a` in excess of `b` ("en exceso de"), zero when there is none. Shown as the difference
    it is, `(a − b)`, so a reader sees where the figure comes from (the average over $6,600, the years over
    20); when it is zero, by its value, or with `zero_explained` as `max(a − b; 0)` (a $0.00 that no input
    shows)."""
    difference = a - b
    v = greater(difference.v, zero.v)
    if difference.text is None:
        return Q(v)
    if difference.v > zero.v:
        return Q(v, difference.text, compound=True)
    if zero_explained:
        return Q(v, f"max({difference.text}; {render(zero.v)})", product=False)
    return leaf(v, render)


def q_max_of(a: Q, b: Q, cite_when_b: str | None = None) -> Q:
    """The greater of two amounts, shown as the comparison: max(a; b). `cite_when_b` is the
    citation of the rule that makes b a floor: it is carried when b sets the value."""
    v = greater(a.v, b.v)
    if a.text is None or b.text is None:
        return Q(v, assumed=a.assumed | b.assumed)
    cites = a.cites | b.cites
    if cite_when_b and b.v > a.v:
        cites |= {cite_when_b}
    return Q(v, f"max({a.text}; {b.text})", product=False, assumed=a.assumed | b.assumed, cites=cites)


def pick(condition: Any, when_true: Any, when_false: Any) -> Any:
    """`when_true` where `condition` holds, else `when_false`. For one scenario (a bool), one of the two as it
    is, formula and all. On the grid (a bool array), cell by cell: quantities (their values and the marks of
    the assumptions each cell read), exact amounts (`RArray`, or one exact number for every cell), and cents
    or truth values (integer arrays)."""
    if not is_array(condition):
        return when_true if condition else when_false
    import numpy as np  # the grid's only (arrays.py)

    if isinstance(when_true, Q) or isinstance(when_false, Q):
        return Q(pick(condition, when_true.v, when_false.v),
                 assumed=pick(condition, when_true.assumed, when_false.assumed))
    if isinstance(when_true, (frozenset, CellMarks)) or isinstance(when_false, (frozenset, CellMarks)):
        a, b = CellMarks.of(when_true), CellMarks.of(when_false)
        return CellMarks({name: np.where(condition, a.cells.get(name, False), b.cells.get(name, False))
                          for name in set(a.cells) | set(b.cells)})
    if isinstance(when_true, (int, np.ndarray)) and isinstance(when_false, (int, np.ndarray)):
        return np.where(condition, when_true, when_false)
    from estimator.arithmetic.rational import RArray

    return RArray.cellwise(lambda x, y: np.where(condition, x, y), when_true, when_false)


RENDER = {"money": exact_money, "percent": exact_percent, "number": exact_number}
