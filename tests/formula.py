"""A calculator for the steps' formulas, exactly as CONTRACT.md (*Steps*) fixes their grammar.

numbers (an optional `$`, thousands commas, an optional `%`), `×`, `÷`, `+`, `−`, parentheses,
`min(a; b)`, `max(a; b)`. Exact arithmetic: what a careful person with a calculator gets.
"""

from __future__ import annotations

import re
from fractions import Fraction

TOKEN = re.compile(r"\s*(?:(?P<number>\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|\$?\d+(?:\.\d+)?%?)|(?P<op>[×÷+−();])|(?P<fn>min|max)\()")


class FormulaError(ValueError):
    pass


def tokens(formula: str) -> list[tuple[str, str]]:
    out, position = [], 0
    text = formula.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise FormulaError(f"cannot read {text[position:]!r} in {formula!r}")
        kind = match.lastgroup
        out.append((kind, match.group(kind)))
        position = match.end()
    return out


def evaluate(formula: str) -> Fraction:
    items = tokens(formula)
    position = 0

    def peek():
        return items[position] if position < len(items) else (None, None)

    def take(expected=None):
        nonlocal position
        kind, value = peek()
        if expected is not None and value != expected:
            raise FormulaError(f"expected {expected!r} in {formula!r}")
        position += 1
        return kind, value

    def expression():
        value = term()
        while peek()[1] in ("+", "−"):
            _, op = take()
            right = term()
            value = value + right if op == "+" else value - right
        return value

    def term():
        value = factor()
        while peek()[1] in ("×", "÷"):
            _, op = take()
            right = factor()
            value = value * right if op == "×" else value / right
        return value

    def factor():
        kind, value = peek()
        if kind == "number":
            take()
            text = value.replace("$", "").replace(",", "")
            if text.endswith("%"):
                return Fraction(text[:-1]) / 100
            return Fraction(text)
        if kind == "fn":
            take()
            first = expression()
            take(";")
            second = expression()
            take(")")
            return min(first, second) if value == "min" else max(first, second)
        if value == "(":
            take()
            inner = expression()
            take(")")
            return inner
        raise FormulaError(f"unexpected {value!r} in {formula!r}")

    result = expression()
    if position != len(items):
        raise FormulaError(f"left over {items[position:]} in {formula!r}")
    return result
