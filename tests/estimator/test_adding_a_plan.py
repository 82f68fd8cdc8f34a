"""Adding a plan is what the README's "How to add… A plan" says, and nothing else: a folder with its
`plan.toml`, rules, dated law, words and golden cases (no notes of its own, its citations in its words, a rule
that is law only from a day its law dates). A throwaway plan (Ley Demo, in
`tests/estimator/a_new_plan/demo/`) is copied to a temporary folder that the estimator is told of
(`ESTIMATOR_PLAN_FOLDERS`), and then answered on the command line, checked by the structure tests and its
golden cases, with no line of the estimator changed. A named assumption a member may override is one more entry of
its `law.toml`, and nothing else."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PLAN = ROOT / "tests" / "estimator" / "a_new_plan" / "demo"


@pytest.fixture(scope="module")
def environment(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plans")
    shutil.copytree(PLAN, folder / "demo")
    return {**os.environ, "ESTIMATOR_PLAN_FOLDERS": str(folder), "PYTHONDONTWRITEBYTECODE": "1"}


# Ley Demo's rate a year, made a named assumption a member or counselor may override (CONTRACT.md, `assumptions`).
AN_ASSUMPTION = """assumption = true
source_es = "Supuesto de la Ley Demo: 2% por año de servicio."
source_en = "Ley Demo's assumption: 2% a year of service."
entered = { order = 6, field = "demo_rate_pct", percent = true, low = 0, high = 100, sample = "2" }
"""


def _answer(environment, line: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate"], input=line + "\n", capture_output=True,
                          text=True, cwd=ROOT, env=environment, timeout=60)
    return json.loads(proc.stdout)


@pytest.mark.parametrize("lang, words", [("es", "Ley Demo, artículo 1"), ("en", "Ley Demo, artículo 1")])
def test_the_command_line_answers_for_the_new_plan(environment, lang, words):
    # 2% × $30,000.00 × 12.5 = $7,500.00 a year; ÷ 12 = $625.00 a month (Ley Demo, artículo 1).
    line = '{"plan": "demo", "age": 62, "service_years": 12.5, "average_salary": 30000}'
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate", "--lang", lang], input=line + "\n",
                          capture_output=True, text=True, cwd=ROOT, env=environment, timeout=60)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["rule"] == "demo.a" and answer["monthly_pension"] == 625.0 and answer["annual_pension"] == 7500.0
    assert [step["formula"] for step in answer["steps"][1:]] == ["2% × $30,000.00 × 12.5", "$7,500.00 ÷ 12"]
    assert answer["steps"][1]["cite"] == "Ley Demo, artículo 1"  # its own citations, from its own words
    assert words in answer["reasons"][1]  # after what is paid and from when


def test_a_rule_is_law_from_the_day_its_law_dates(environment):
    """Artículo 2 is law from 1 January 2030 (`in_force`, a dated parameter of its law.toml): a pension starting
    before then is judged without it, one starting that day with it, as the law of the day reads its values."""
    line = {"plan": "demo", "age": 57, "service_years": 10, "average_salary": 30000}
    today = _answer(environment, json.dumps(line))
    assert today["eligible"] is False and today["rule"] is None
    assert not any("artículo 2" in reason for reason in today["reasons"])  # not law yet: not said as a rule failed
    then = _answer(environment, json.dumps({**line, "start_date": "2030-01-01"}))
    assert then["rule"] == "demo.b" and then["monthly_pension"] == 500.0  # 2% × $30,000 × 10 ÷ 12
    before = _answer(environment, json.dumps({**line, "start_date": "2029-12-31"}))
    assert before["eligible"] is False


def test_the_new_plan_meets_the_structure_tests_and_its_golden_cases(environment):
    proc = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "tests/estimator/test_structure.py", "tests/estimator/test_golden.py", "-k", "demo"],
                          capture_output=True, text=True, cwd=ROOT, env=environment, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:]
    passed = {line.split("::")[1].rsplit(" PASSED", 1)[0] for line in proc.stdout.splitlines() if " PASSED" in line}
    # Its folder, words, law, order and rules, and its four golden cases (artículo 2's before and from the day it
    # became law among them), were each checked (not deselected away).
    assert {"test_each_plan_lives_in_one_folder[demo]", "test_a_plan_has_every_word_its_answers_need[demo]",
            "test_law_files_follow_the_schema[demo]", "test_rule_tables_follow_the_rule_book_order[demo]",
            "test_every_rule_a_plan_defines_is_in_its_table[demo]"} <= passed, proc.stdout[-2000:]
    assert sum(name.startswith("test_golden_case[demo") for name in passed) == 4, proc.stdout[-2000:]


def test_an_assumption_added_to_its_law_is_entered_on_the_command_line(environment, tmp_path):
    folder = tmp_path / "plans"
    shutil.copytree(PLAN, folder / "demo")
    law = folder / "demo" / "law.toml"
    law.write_text(law.read_text().replace('label_en = "Percent per year of service"\n',
                                           'label_en = "Percent per year of service"\n' + AN_ASSUMPTION))
    changed = [path.name for path in (folder / "demo").iterdir()
               if path.is_file() and path.read_bytes() != (PLAN / path.name).read_bytes()]
    assert changed == ["law.toml"]  # the plan's law, and nothing else
    with_it = {**environment, "ESTIMATOR_PLAN_FOLDERS": str(folder)}
    line = ('{"plan": "demo", "age": 62, "service_years": 12.5, "average_salary": 30000, '
            '"assumptions": {"rate_per_year": 0.03}}')
    # Without the entry, the name is refused as any unknown field is.
    assert _answer(environment, line)["error"]["field"] == "assumptions.rate_per_year"
    # 3% × $30,000.00 × 12.5 = $11,250.00 a year; ÷ 12 = $937.50 a month.
    answer = _answer(with_it, line)
    assert answer["monthly_pension"] == 937.5 and answer["steps"][1]["formula"] == "3% × $30,000.00 × 12.5"
    assert answer["steps"][1]["assumption"] == "rate_per_year"
    assert answer["assumptions_used"] == [{"name": "rate_per_year", "value": 0.03, "source": "entered"}]
    default = _answer(with_it, line.replace(', "assumptions": {"rate_per_year": 0.03}', ""))
    assert default["monthly_pension"] == 625.0
    assert default["assumptions_used"] == [{"name": "rate_per_year", "value": 0.02, "source": "default"}]
    # Another plan's answer is as before.
    other = _answer(with_it, '{"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 2000}')
    assert [used["name"] for used in other["assumptions_used"]] == ["teachers_contribution_rate"]
