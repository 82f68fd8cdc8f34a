"""One reader for JSON from outside (estimator/json_input.py): a command-line line, a report's scenario
file and the app's saved file are read with the same policy — duplicate keys refused, depth bounded before
parsing, numbers exactly as written — and each says why in its own words."""

from __future__ import annotations

import json
import time
from decimal import Decimal

import pytest

from estimator.io.cli import answer_lines
from estimator.io.json_input import DuplicateKey, TooDeep, TooLarge, read_json
from tests.estimator.cli.test_report_cli import SCENARIO, assert_clear_failure
from tests.estimator.cli.test_report_cli import run as run_report
from ui.form.saved import dump_inputs, load_inputs

GOOD = '{"plan":"ley1","age":65,"service_years":20,"average_salary":40000}'


def test_numbers_are_read_exactly_and_huge_ones_without_expanding_them():
    assert read_json('[0.1, 1e99999999999999999999, 25, %s]' % ("9" * 50)) == [
        Decimal("0.1"), Decimal("1e999999999"), 25, Decimal("9" * 50)]
    nan, infinite = read_json("[NaN, -Infinity]")  # left to the fields that hold them, which refuse them by name
    assert nan != nan and infinite == float("-inf")


@pytest.mark.parametrize("lang, said", [("es", "«age» aparece dos veces"), ("en", "\"age\" appears twice")])
def test_a_line_naming_a_field_twice_is_refused_not_read_as_the_last(lang, said):
    """Before, `{"age": 55, …, "age": 56}` was answered for 56, silently."""
    twice = GOOD[:-1] + ',"age":66}'
    (error, ok), (good, good_ok) = answer_lines([twice, GOOD], lang)
    assert not ok and error["error"]["field"] == "(line)" and said in error["error"]["message"]
    assert good_ok and good["monthly_pension"] == 1000.0


def test_a_scenario_file_naming_a_field_twice_is_refused(tmp_path):
    source, target = tmp_path / "scenario.json", tmp_path / "report.pdf"
    source.write_text(json.dumps(SCENARIO)[:-1] + ', "age": 60}', encoding="utf-8")
    assert_clear_failure(run_report(source, "--lang", "en", "-o", target), target, "\"age\" appears twice")


def test_depth_is_bounded_before_parsing_for_every_caller():
    deep = '{"plan":"ley1","assumptions":{"x":[[[1]]]}}'  # five levels: no scenario has more than two
    (error, ok), = answer_lines([deep], "en")
    assert not ok and "nested too deep" in error["error"]["message"]
    start = time.perf_counter()
    (error, ok), = answer_lines(["[" * 60_000], "en")  # a parser would recurse past Python's limit
    assert not ok and "nested too deep" in error["error"]["message"]
    assert time.perf_counter() - start < 5  # linear: a quadratic scan of 60,000 brackets takes minutes
    with pytest.raises(TooDeep) as refused:
        read_json('{"inputs": {"history_rows": [[[1]]]}}')
    assert refused.value.path == ["inputs", "history_rows"]


def test_the_saved_file_reader_is_the_same_reader():
    saved = json.loads(dump_inputs({}))
    text = json.dumps(saved)
    twice = text[:-1] + ', "version": 1}'
    with pytest.raises(DuplicateKey):
        read_json(twice)
    inputs, message = load_inputs(twice.encode(), "en")
    assert inputs is None and "more than once" in message
    with pytest.raises(TooLarge):
        read_json(b" " * 11, limit=10)
