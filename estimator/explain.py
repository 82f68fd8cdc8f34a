"""Quantities that carry the formula that produced them.

A rule computes its amount with `Q` values; the same code gives the exact amount with its formula
("75% × $1,956.11") for one scenario, and exact arrays for the grid, where `text` is None.
This is how the explanation a member sees cannot drift from the calculation.
"""

from __future__ import annotations

from typing import Any, Callable

from .numbers import greater, lesser, money, number, percent


class Q:
    __slots__ = ("v", "text", "compound")

    def __init__(self, v: Any, text: str | None = None, compound: bool = False):
        self.v = v
        self.text = text
        self.compound = compound  # a sum: parenthesised when multiplied

    # -- arithmetic ---------------------------------------------------------------------------
    def _join(self, other: "Q", op: str, compound: bool) -> str | None:
        if self.text is None or other.text is None:
            return None
        left = f"({self.text})" if self.compound and not compound else self.text
        right = f"({other.text})" if other.compound and (not compound or op == "−") else other.text
        return f"{left} {op} {right}"

    def __add__(self, other: "Q") -> "Q":
        return Q(self.v + other.v, self._join(other, "+", True), True)

    def __sub__(self, other: "Q") -> "Q":
        return Q(self.v - other.v, self._join(other, "−", True), True)

    def __mul__(self, other: "Q") -> "Q":
        return Q(self.v * other.v, self._join(other, "×", False))

    def __truediv__(self, other: "Q") -> "Q":
        return Q(self.v / other.v, self._join(other, "÷", False))

    # comparisons give the plain truth value (a bool, or a bool array on the grid)
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


def q_min(a: Q, b: Q, render: Callable[[Any], str] = number) -> Q:
    """The lesser of two quantities, shown by its value (e.g. the first 20 years of service)."""
    v = lesser(a.v, b.v)
    return Q(v, render(v) if a.text is not None else None)


def q_max(a: Q, b: Q, render: Callable[[Any], str] = number) -> Q:
    v = greater(a.v, b.v)
    return Q(v, render(v) if a.text is not None else None)


def q_max_of(a: Q, b: Q) -> Q:
    """The greater of two amounts, shown as the comparison: max(a, b)."""
    text = None if a.text is None or b.text is None else f"max({a.text}; {b.text})"
    return Q(greater(a.v, b.v), text)


RENDER = {"money": money, "percent": percent, "number": number}
