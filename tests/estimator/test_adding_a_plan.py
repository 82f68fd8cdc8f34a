"""Adding a plan is what the README's "How to add… A plan" says, and nothing else: a folder with its
`plan.toml`, rules, dated law, words, notes, citations and golden cases. A throwaway plan (Ley Demo, in
`tests/estimator/a_new_plan/demo/`) is copied to a temporary folder that the estimator is told of
(`ESTIMATOR_PLAN_FOLDERS`), and then answered on the command line, checked by the structure tests and its
golden cases, with no line of the estimator changed."""

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


@pytest.mark.parametrize("lang, words", [("es", "Ley Demo, artículo 1"), ("en", "Ley Demo, article 1")])
def test_the_command_line_answers_for_the_new_plan(environment, lang, words):
    # 2% × $30,000.00 × 12.5 = $7,500.00 a year; ÷ 12 = $625.00 a month (Ley Demo, artículo 1).
    line = '{"plan": "demo", "age": 62, "service_years": 12.5, "average_salary": 30000}'
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate", "--lang", lang], input=line + "\n",
                          capture_output=True, text=True, cwd=ROOT, env=environment, timeout=60)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["rule"] == "demo.a" and answer["monthly_pension"] == 625.0 and answer["annual_pension"] == 7500.0
    assert [step["formula"] for step in answer["steps"][1:]] == ["2% × $30,000.00 × 12.5", "$7,500.00 ÷ 12"]
    assert answer["steps"][1]["cite"] == "Ley Demo, artículo 1"  # its own citations, read by its own folder
    assert words in answer["reasons"][0]


def test_the_new_plan_meets_the_structure_tests_and_its_golden_cases(environment):
    proc = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "tests/estimator/test_structure.py", "tests/estimator/test_golden.py", "-k", "demo"],
                          capture_output=True, text=True, cwd=ROOT, env=environment, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:]
    passed = {line.split("::")[1].rsplit(" PASSED", 1)[0] for line in proc.stdout.splitlines() if " PASSED" in line}
    # Its folder, words, law, order and rules, and both golden cases, were each checked (not deselected away).
    assert {"test_each_plan_lives_in_one_folder[demo]", "test_a_plan_has_every_word_its_answers_need[demo]",
            "test_law_files_follow_the_schema[demo]", "test_rule_tables_follow_the_rule_book_order[demo]",
            "test_every_rule_a_plan_defines_is_in_its_table[demo]"} <= passed, proc.stdout[-2000:]
    assert sum(name.startswith("test_golden_case[demo") for name in passed) == 2, proc.stdout[-2000:]
