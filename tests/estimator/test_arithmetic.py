"""The exact arithmetic's boundaries (docs/rules-in-code.md, the arithmetic): the rules compute on gmpy2's `mpq`
through its own operators, one scenario's numbers are told from the grid's arrays by their type, one `pick`
chooses a value by a condition for both, one `dollars` turns cents into dollars, and what leaves for the answer's
models is a Fraction of Python integers."""

import ast
from decimal import Decimal
from fractions import Fraction

import numpy as np
from gmpy2 import mpq
from hypothesis import given, settings
from hypothesis import strategies as st

from estimator import estimate, read_scenario
from estimator.arithmetic.arrays import is_array
from estimator.arithmetic.exact import dollars, round_cents
from estimator.arithmetic.quantity import NONE, CellMarks, Q, pick
from estimator.arithmetic.rational import RArray
from tests.conftest import ROOT, examples

PRIVATE_FIELDS = {"_numerator", "_denominator"}


def test_no_module_reads_a_private_field_or_makes_an_object_behind_its_constructor():
    for path in (ROOT / "estimator").rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in PRIVATE_FIELDS, f"{path}:{node.lineno} reads {node.attr}"
                made_bare = node.attr == "__new__" and isinstance(node.value, ast.Name) and node.value.id == "object"
                assert not made_bare, f"{path}:{node.lineno} makes an object without its constructor"
                asks_loaded = node.attr == "modules" and isinstance(node.value, ast.Name) and node.value.id == "sys"
                assert not asks_loaded, f"{path}:{node.lineno} asks which modules are loaded"


def test_numbers_and_arrays_are_told_apart_by_their_type():
    for number in (True, 3, mpq(301, 12), Fraction(1, 3), Decimal("1.10")):
        assert not is_array(number), number
    for array in (np.array([True, False]), np.arange(3), RArray.of(mpq(1, 3)), np.bool_(True)):
        assert is_array(array), array


def test_one_scenario_picks_one_of_the_two_values_as_it_is():
    a, b = Q(mpq(3, 4), "75%", assumed=frozenset({"x"})), Q(mpq(13, 20), "65%")
    assert pick(True, a, b) is a and pick(False, a, b) is b
    assert pick(False, 100, 250) == 250 and pick(True, mpq(1, 3), Fraction(1)) == mpq(1, 3)


def test_the_grid_picks_cell_by_cell_values_marks_and_cents():
    where = np.array([True, False, True])
    a, b = Q(mpq(3, 4), assumed=frozenset({"merit_pct"})), Q(RArray.from_fractions(np.array([1, 2, 3])))
    chosen = pick(where, a, b)
    assert [Fraction(int(n), chosen.v.den) for n in np.broadcast_to(chosen.v.num, (3,))] == [
        Fraction(3, 4), 2, Fraction(3, 4)]
    assert chosen.text is None and list(chosen.assumed.cells["merit_pct"]) == [True, False, True]
    marks = pick(where, NONE, CellMarks({"salary_growth": np.array([True, True, False])}))
    assert list(marks.cells["salary_growth"]) == [False, True, False]
    cents = pick(where, np.array([5, 6, 7]), 0)
    assert cents.dtype.kind == "i" and list(cents) == [5, 0, 7]


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(-10 ** 12, 10 ** 12))
def test_cents_become_dollars_one_way_for_an_answer_and_for_the_grid(cents):
    one = dollars(cents)
    assert isinstance(one, Decimal) and one == Decimal(cents) / 100 and one.as_tuple().exponent == -2
    assert dollars(np.array([cents]))[0] == float(one)  # the float the contract prints for the same amount
    assert round_cents(mpq(cents, 100)) == round_cents(Fraction(cents, 100)) == one


def test_an_answer_holds_fractions_of_python_integers():
    answer = estimate(read_scenario({"plan": "ley447", "age": 56, "service_years": 26, "average_salary": 30000}))
    factor = answer.reduction_factor
    assert factor < 1 and type(factor) is Fraction and type(factor.numerator) is int  # a reduced pension
