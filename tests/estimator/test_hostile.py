"""Hostile input: random JSON, extreme numbers, broken lines. Never a crash or a traceback; every bad
line gets an error answer and the good lines around it are still answered."""

import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator import estimate, read_scenario
from estimator.io.cli import answer_lines
from tests.conftest import ROOT, examples
from tests.strategies import scenarios

GOOD = '{"plan":"ley1","age":65,"service_years":20,"average_salary":40000}'
FIELDS = ["plan", "group", "age", "separation_age", "service_years", "average_salary", "average_monthly_salary",
          "coordinated", "social_security_monthly", "refunded", "contribution_shortfall", "in_system_june_1960",
          "assumptions"]

numbers = (st.integers(min_value=-10 ** 30, max_value=10 ** 30) | st.floats(allow_nan=True, allow_infinity=True)
           | st.sampled_from([1e-300, 5e-324, 1e308, 10 ** 400, -0.0, 0, 1e9, 1e9 + 1]))
values = st.recursive(st.none() | st.booleans() | numbers | st.text(max_size=12),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
                      max_leaves=10)
objects = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=10), values, max_size=8)
garbage = st.text(max_size=60).filter(lambda s: s.strip() and "\n" not in s and "\r" not in s)
line = st.one_of(objects.map(lambda o: json.dumps(o, allow_nan=True)), garbage,
                 scenarios().map(json.dumps), scenarios().map(lambda s: json.dumps(s)[: len(json.dumps(s)) // 2]))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(line, min_size=1, max_size=6))
def test_every_line_is_answered_in_order_without_exceptions(lines):
    mixed = []
    for text in lines:
        mixed += [GOOD, text]
    answers = list(answer_lines(mixed, "en"))
    assert len(answers) == len(mixed)
    for (answer, ok), text in zip(answers, mixed):
        json.dumps(answer, allow_nan=False)  # every answer is valid JSON: no NaN or infinity
        if ok:  # a number, or none at all when the rules do not cover the case
            assert answer["monthly_pension"] >= 0 if answer["covered"] else answer["monthly_pension"] is None
        else:
            message = answer["error"]["message"]
            assert message and "internal error" not in message, (text, message)
    assert all(answers[i][0]["monthly_pension"] == 1000.0 for i in range(0, len(mixed), 2))


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(["age", "separation_age", "service_years", "average_salary", "social_security_monthly"]),
       numbers)
def test_extreme_numbers_give_an_answer_or_a_clear_error(field, value):
    data = json.loads(GOOD)
    data[field] = value
    answer, ok = next(answer_lines([json.dumps(data, allow_nan=True)], "es"))
    json.dumps(answer, allow_nan=False)
    if not ok:
        assert answer["error"]["field"] in (field, "(line)", "separation_age", "service_years")
        assert "internal error" not in answer["error"]["message"]


def test_unicode_and_control_characters_are_refused_clearly():
    for text in ['{"plan":"ley1\\u0000","age":65}', '{"plán":1}', '{"plan":"ley447","group":"polícia"}', "\ufeff{}",
                 '"just a string"', "null", "[]", "{" * 5000]:
        answer, ok = next(answer_lines([text], "es"))
        assert not ok and answer["error"]["message"] and "internal error" not in answer["error"]["message"], text


def test_large_batch_through_the_real_command_line():
    good = [json.dumps(s) for s in [
        {"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11},
        {"plan": "ley447", "age": 55, "service_years": 25, "average_salary": 30000},
    ]]
    lines = (good + ["{", "", "  ", '{"plan": 5}', "\x00\x01"]) * 200
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate"], input="\n".join(lines),
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    answers = [json.loads(text) for text in proc.stdout.splitlines()]
    assert len(answers) == 200 * 7  # a blank line is answered too, so positions never shift
    assert [a.get("monthly_pension") for a in answers[:2]] == [1467.08, 820.0]
    assert sum("error" in a for a in answers) == 200 * 5
    assert all("error" in answers[i] for i in range(3, len(answers), 7))  # the blank ones, in their place


def test_the_estimate_of_a_valid_line_matches_the_python_api():
    answer, ok = next(answer_lines([GOOD], "es"))
    assert ok and answer == estimate(read_scenario(json.loads(GOOD))).contract_dict()
