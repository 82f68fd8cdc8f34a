"""The command-line contract (CONTRACT.md), through a real subprocess."""

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def run(lines, *args):
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate", *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc, answers


def test_contract_example():
    proc, answers = run(['{"plan":"teachers","age":52,"service_years":30,"average_monthly_salary":1956.11}'])
    assert proc.returncode == 0
    assert answers[0]["eligible"] is True
    assert answers[0]["rule"] == "teachers.A1"
    assert answers[0]["monthly_pension"] == 1467.08
    assert set(answers[0]) == {"covered", "eligible", "rule", "monthly_pension", "annual_pension",
                               "monthly_paid_at_start", "reduction_factor", "minimum_applied", "alternatives", "coordination",
                               "contribution", "reasons", "steps", "assumptions_used", "likely_slip", "later_law"}
    for step in answers[0]["steps"]:
        assert set(step) == {"label", "formula", "value", "cite", "assumption"}
    # 9% × $1,956.11 = $176.05 a month until 55: the contribution rate is the rule book's assumption.
    assert answers[0]["assumptions_used"] == [{"name": "teachers_contribution_rate", "value": 0.09, "source": "default"}]


BAD_LINES = {
    "not json": "{plan: teachers",
    "not an object": "[1, 2]",
    "unknown field": '{"plan":"ley1","age":65,"service_years":10,"average_salary":1,"salary":3}',
    "wrong type": '{"plan":"ley1","age":"65","service_years":10,"average_salary":1}',
    "boolean as number": '{"plan":"ley1","age":true,"service_years":10,"average_salary":1}',
    "negative": '{"plan":"ley1","age":65,"service_years":-1,"average_salary":1}',
    "NaN": '{"plan":"ley1","age":NaN,"service_years":10,"average_salary":1}',
    "infinity": '{"plan":"ley1","age":65,"service_years":10,"average_salary":Infinity}',
    "separation after age": '{"plan":"ley1","age":60,"separation_age":61,"service_years":10,"average_salary":1}',
    "service longer than working life": '{"plan":"ley1","age":30,"service_years":17,"average_salary":1}',
    "both averages": '{"plan":"ley1","age":65,"service_years":10,"average_salary":1,"average_monthly_salary":1}',
    "neither average": '{"plan":"ley1","age":65,"service_years":10}',
    "unknown plan": '{"plan":"ley3","age":65,"service_years":10,"average_salary":1}',
    "unknown group": '{"plan":"ley1","group":"army","age":65,"service_years":10,"average_salary":1}',
    "unknown assumption": '{"plan":"ley1","age":65,"service_years":10,"average_salary":1,"assumptions":{"x":1}}',
    "fraction above 1": '{"plan":"ley1","age":65,"service_years":10,"average_salary":1,"assumptions":{"reduction_factor":1.5}}',
    "string flag": '{"plan":"ley447","age":65,"service_years":10,"average_salary":1,"coordinated":"yes"}',
    "missing plan": '{"age":65,"service_years":10,"average_salary":1}',
}

EXPECTED_FIELD = {
    "unknown field": "salary", "wrong type": "age", "negative": "service_years", "NaN": "age",
    "separation after age": "separation_age", "service longer than working life": "service_years",
    "neither average": "average_salary", "unknown plan": "plan", "missing plan": "plan",
    "fraction above 1": "assumptions.reduction_factor", "unknown assumption": "assumptions.x",
}


def test_each_bad_line_gets_an_error_and_the_good_ones_are_still_answered():
    good = '{"plan":"ley1","age":65,"service_years":20,"average_salary":40000}'
    lines = []
    for bad in BAD_LINES.values():
        lines += [good, bad]
    lines.append(good)
    proc, answers = run(lines)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert len(answers) == len(lines)
    for index, (name, bad) in enumerate(BAD_LINES.items()):
        assert answers[2 * index]["monthly_pension"] == 1000.00
        error = answers[2 * index + 1]["error"]
        assert error["message"] and "internal error" not in error["message"], name
        if name in EXPECTED_FIELD:
            assert error["field"] == EXPECTED_FIELD[name], (name, error)
    assert answers[-1]["monthly_pension"] == 1000.00
    assert "errors" in proc.stderr


def test_service_limit_message_says_what_is_accepted():
    _, answers = run(['{"plan":"ley1","age":30,"service_years":17,"average_salary":1}'], "--lang", "en")
    assert "16" in answers[0]["error"]["message"]


def test_file_argument_and_english(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text('{"plan":"ley447","age":55,"service_years":25,"average_salary":30000}\n')
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate", str(path), "--lang", "en"],
                          capture_output=True, text=True, cwd=ROOT)
    answer = json.loads(proc.stdout)
    assert proc.returncode == 0
    assert answer["monthly_pension"] == 820.00
    assert "reduced" in " ".join(answer["reasons"])


def test_empty_input_answers_nothing_and_succeeds():
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate"], input="", capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0
    assert proc.stdout == ""


@pytest.mark.parametrize("raw", [b"\xff\xfe{\"plan\"}\n", b'{"plan":"ley1"\n'])
def test_undecodable_or_truncated_lines_are_errors(raw):
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate"], input=raw, capture_output=True,
                          cwd=ROOT)
    assert proc.returncode == 1
    assert b"Traceback" not in proc.stderr
    assert json.loads(proc.stdout)["error"]["message"]
