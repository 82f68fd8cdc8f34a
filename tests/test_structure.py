"""The project's structure: a pure rules package, parameter files against a strict schema,
both languages with the same texts, every rule cited and quoted."""

import ast
import re
import string

import pytest
from pydantic import ValidationError

from estimator import parameters, texts
from estimator.plans import TABLES as REGISTRY
from tests.conftest import ROOT

PACKAGE = ROOT / "estimator"


def test_estimator_never_imports_streamlit():
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "streamlit" for n in names), f"{path} imports streamlit"


@pytest.mark.parametrize("path", parameters.all_files(), ids=lambda p: p.name)
def test_parameter_files_follow_the_schema(path):
    entries = parameters.read_file(path)  # raises on any deviation from the strict schema
    assert entries
    for name, entry in entries.items():
        assert re.fullmatch(r"[a-z0-9_]+", name)
        assert re.match(r"^(00[0-4] |Ley )", entry.cite), f"{name}: cite must name the seed or the law"


def test_schema_rejects_a_bad_entry(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[x]\nvalue = 2\nunit = "fraction"\nlabel_es = "abc"\nlabel_en = "abc"\ncite = "000 ¶A"\n')
    with pytest.raises(ValidationError):
        parameters.read_file(bad)
    bad.write_text('[x]\nvalue = 1\nunit = "fraction"\nlabel_es = "abc"\nlabel_en = "abc"\ncite = "000 ¶A"\nextra = 1\n')
    with pytest.raises(ValidationError):
        parameters.read_file(bad)


def test_every_named_assumption_of_the_contract_is_a_parameter_marked_as_assumption():
    for name in ("early_reduction_per_year", "reduction_factor", "teachers_contribution_rate",
                 "merit_pct_55_plus", "merit_pct_under_55"):
        owners = [plan for plan in parameters.PLAN_FILES if name in parameters.definitions(plan)]
        assert owners, name
        assert all(parameters.definitions(plan)[name].assumption for plan in owners)


def test_both_languages_have_the_same_keys_and_placeholders():
    es, en = texts.catalog("es"), texts.catalog("en")
    assert set(es) == set(en)
    fields = lambda text: {f for _, f, _, _ in string.Formatter().parse(text) if f}
    for key in es:
        assert fields(es[key]) == fields(en[key]), key


def test_every_rule_is_cited_quoted_and_named_in_both_languages():
    for plan, rules in REGISTRY.items():
        for rule in rules:
            assert re.match(r"^00[0-4] ", rule.cite), rule.id
            assert "«" in rule.legal_text and "»" in rule.legal_text, rule.id
            for lang in texts.LANGUAGES:
                assert texts.t(f"rule.{rule.id}", lang)


def test_rule_tables_follow_the_rule_book_order():
    assert [r.id for r in REGISTRY["teachers"]] == ["teachers.C", "teachers.A1", "teachers.A2", "teachers.A3", "teachers.A4"]
    assert [r.id for r in REGISTRY["ley447"]] == ["ley447.merit", "ley447.18.3", "ley447.18.2", "ley447.18.6a",
                                                  "ley447.19.4a", "ley447.19.4b", "ley447.19.1a", "ley447.19.1b"]
    assert [r.id for r in REGISTRY["ley1"]] == ["ley1.b75", "ley1.b65", "ley1.a", "ley1.c", "ley1.d"]


def test_rules_read_parameters_not_literals():
    """No number in a plan module's rule code but 0 and 1 (thresholds live in parameter files)."""
    for module in ("teachers", "ley447", "ley1", "coordination", "government"):
        tree = ast.parse((PACKAGE / "plans" / f"{module}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
                assert node.value in (0, 1), f"{module}.py has the literal {node.value}"


def test_every_rule_a_plan_defines_is_in_its_table():
    """Registration is explicit: a rule written in a plan's module but left out of its table is an error."""
    from estimator.plans import ley1, ley447, teachers
    from estimator.rules import Rule
    for module in (teachers, ley447, ley1):
        defined = {value.id for value in vars(module).values() if isinstance(value, Rule)}
        assert defined == {rule.id for rule in module.RULES}, module.__name__
