"""The project's structure: a pure rules package, parameter files against a strict schema,
both languages with the same texts, every rule cited and quoted."""

import ast
import re
import string
import tomllib
from datetime import date
from decimal import Decimal

import pytest
from pydantic import ValidationError

from estimator.law import law_file, parameters
from estimator.words import catalog as texts
from estimator.law.assumptions import overridable
from estimator.calculation.answer import Answer
from estimator.calculation.scenario import Assumptions
from estimator.explanation.reasons import DEFAULT_HOOKS, hooks
from estimator.words.assumptions import value_shown
from estimator.words.citations import display
from estimator.law.registry import PLAN_IDS, PLANS, plan_folder, plan_folders
from tests.conftest import ROOT

PACKAGE = ROOT / "estimator"
REGISTRY = {plan_id: plan.table for plan_id, plan in PLANS.items()}


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


@pytest.mark.parametrize("path", [folder / "law.toml" for folder in plan_folders()], ids=lambda p: p.parent.name)
def test_law_files_follow_the_schema(path):
    entries = law_file.read_file(path)  # raises on any deviation from the strict schema
    assert entries
    for name, entry in entries.items():
        assert re.fullmatch(r"[a-z0-9_]+", name)
        for value in entry.values:
            if not entry.later_law:  # a later law beyond the seeds cites itself (RULES.md §8)
                # a seed's paragraph, which a folder's `citations.py` reads into the law's words, or a law
                for part in value.cite.split("; "):
                    assert part.startswith("Ley ") or display(part) != part, f"{name}: {part} is read by no folder"


LAW_ENTRY = 'unit = "fraction"\nlabel_es = "abc"\nlabel_en = "abc"\n'
ASSUMPTION = 'assumption = true\nsource_es = "0123456789"\nsource_en = "0123456789"\n'
ENTERED = 'entered = { order = 9, field = "x_pct", percent = true, low = 0, high = 100, sample = "6" }'


@pytest.mark.parametrize("values", [
    'values = [{ value = 2, cite = "000 ¶A" }]',                                   # a fraction above 1
    'values = [{ value = 1, cite = "000 ¶A", extra = 1 }]',                        # an unknown field
    'values = [{ value = 1 }]',                                                    # no citation
    'values = []',                                                                 # no value at all
    'values = [{ from = 2013-07-01, value = 1, cite = "001 (a)" }, { value = 1, cite = "001 (a)" }]',  # undated after dated
    'values = [{ from = 2013-07-01, value = 1, cite = "001 (a)" }, { from = 2013-07-01, value = 1, cite = "001 (a)" }]',
    ENTERED + '\nvalues = [{ value = 0.5, cite = "000 ¶A" }]',                    # entered, not an assumption
    ASSUMPTION + ENTERED.replace(', sample = "6"', "") + '\nvalues = [{ value = 0.5, cite = "000 ¶A" }]',  # no example
])
def test_schema_rejects_a_bad_entry(tmp_path, values):
    bad = tmp_path / "law.toml"
    bad.write_text(f"[x]\n{LAW_ENTRY}{values}\n")
    with pytest.raises(ValidationError):
        law_file.read_file(bad)


def test_only_an_assumption_that_is_a_fraction_may_be_entered(tmp_path):
    law = tmp_path / "law.toml"
    law.write_text(f"[x]\n{LAW_ENTRY}{ASSUMPTION}{ENTERED}\n" + 'values = [{ value = 0.5, cite = "000 ¶A" }]\n')
    assert law_file.read_file(law)["x"].entered.field == "x_pct"
    law.write_text(f"[x]\n{LAW_ENTRY.replace('fraction', 'count')}{ASSUMPTION}{ENTERED}\n"
                   'values = [{ value = 3, cite = "000 ¶A" }]\n')
    with pytest.raises(ValidationError):
        law_file.read_file(law)


def test_the_law_is_read_as_on_a_date(tmp_path):
    """The value in effect on a day: the last that took effect on or before it; none in effect: left out."""
    path = tmp_path / "law.toml"
    path.write_text(f"[x]\n{LAW_ENTRY}"
                    'values = [{ from = 2013-07-01, value = 0.5, cite = "001 (a)" }, '
                    '{ from = 2020-01-01, value = 0.25, cite = "001 (a)" }]\n')
    entry = law_file.read_file(path)["x"]
    assert entry.on(date(2013, 6, 30)) is None
    assert entry.on(date(2013, 7, 1)).value == Decimal("0.5")
    assert entry.on(date(2019, 12, 31)).value == Decimal("0.5")
    assert entry.on(date(2020, 1, 1)).value == Decimal("0.25")


def test_the_minimum_is_dated_and_absent_before_it_took_effect():
    """001 (a): $500 a month from 1 July 2013; before it, the law has no minimum, and a rule reading it says so."""
    ley1 = parameters.Params("ley1", on=date(2013, 6, 30))
    assert ley1.raw("minimum_monthly_pension") is None
    with pytest.raises(AttributeError, match="minimum_monthly_pension has no value in effect on 2013-06-30"):
        ley1.minimum_monthly_pension
    assert parameters.Params("ley1", on=date(2013, 7, 1)).raw("minimum_monthly_pension") == 500
    minimum = parameters.definitions("ley1")["minimum_monthly_pension"]
    assert minimum.effective_from == date(2013, 7, 1)
    assert value_shown(minimum, "es") == "$500.00 desde el 1 de julio de 2013"  # the rules page says when it took effect


def test_the_scope_dates_and_the_freezes_are_dated_entries_of_the_law():
    assert parameters.dates("ley1")["new_participants_from"] == date(1990, 4, 1)
    assert parameters.dates("ley1")["savings_account_from"] == date(2000, 1, 1)
    assert parameters.dates("teachers")["defined_contribution_from"] == date(2014, 8, 1)
    # RULES.md §8: later laws beyond the seeds, dated values read like any other, marked as a later law's
    for plan, day in (("ley447", date(2013, 6, 30)), ("teachers", date(2022, 3, 15))):
        freeze = parameters.definitions(plan)["accrual_freeze"]
        assert (freeze.date, freeze.later_law) == (day, True)
        assert not any(spec.later_law for name, spec in parameters.definitions(plan).items() if name != "accrual_freeze")


CONTRACT_ASSUMPTIONS = ("early_reduction_per_year", "reduction_factor", "teachers_contribution_rate",
                        "merit_pct_55_plus", "merit_pct_under_55")  # CONTRACT.md, `assumptions`, in its order


def test_every_named_assumption_of_the_contract_is_a_parameter_marked_as_assumption():
    assert tuple(Assumptions.model_fields) == CONTRACT_ASSUMPTIONS  # the law's `entered` entries, in order
    assert tuple(a.name for a in overridable()) == CONTRACT_ASSUMPTIONS
    for name in CONTRACT_ASSUMPTIONS:
        owners = [plan for plan in PLAN_IDS if name in parameters.definitions(plan)]
        assert owners, name
        assert all(parameters.definitions(plan)[name].assumption for plan in owners)


def _mentions(path, names):
    """Where a module names one of `names` other than by reading a value: `p.<name>` (a rule reading its law,
    an answer's field) and `p.raw("<name>")` are reads; docstrings are prose."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        first = (getattr(node, "body", None) or [None])[0] if isinstance(node, (ast.Module, ast.ClassDef,
                                                                                 ast.FunctionDef)) else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skipped.add(id(first.value))  # a docstring
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "raw":
            skipped.update(id(arg) for arg in node.args)
    fields = {id(node.target) for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            said = [n for n in names if re.search(rf"(?<![a-z0-9_]){n}(?![a-z0-9_])", node.value)]
        else:
            said = [getattr(node, attr) for attr in ("id", "arg", "name", "asname")
                    if getattr(node, attr, None) in names]
        found += [(node.lineno, name, "field" if id(node) in fields else type(node).__name__) for name in said]
    return found


# The answer's `reduction_factor` (CONTRACT.md: the factor applied) shares the assumption's name: these modules
# name it as the answer's field: a field of the answer and `CONTRACT_FIELDS`, the grid's field and row, the
# keyword that builds an answer.
ANSWER_FIELD = {"estimator/calculation/answer.py": {"field", "Constant"},
                "estimator/calculation/grid.py": {"field", "Constant"},
                "estimator/explanation/engine.py": {"keyword"}, "estimator/explanation/reasons.py": {"keyword"}}


def test_no_module_lists_the_named_assumptions_by_hand():
    """The named assumptions a scenario may override are the law's (`entered` in law.toml): their model, the form's
    boxes, the reasons and the report follow from it. Outside a plan's folders, no module names one but to read
    its value; a plan's own modules name those of its law (its rules read them, its notes explain them)."""
    named = {a.name for a in overridable()}
    assert named >= set(CONTRACT_ASSUMPTIONS)
    names = named | {a.entered.field for a in overridable()}  # and the form's boxes (a saved file's keys)
    answer_fields = names & set(Answer.model_fields)
    offenders = []
    for path in _code_modules():
        where = path.relative_to(ROOT).as_posix()
        folder = path.parent.name if where.startswith("estimator/plans/") else None
        own = {n for plan in PLAN_IDS if folder in {f.name for f in PLANS[plan].folders}
               for n in law_file.law(plan)} if folder else set()
        for line, name, kind in _mentions(path, names - own):
            if name in answer_fields and kind in ANSWER_FIELD.get(where, ()):
                continue
            offenders.append(f"{where}:{line} {name} ({kind})")
    assert offenders == []


def test_both_languages_have_the_same_keys_and_placeholders():
    es, en = texts.catalog("es"), texts.catalog("en")
    assert set(es) == set(en)
    fields = lambda text: {f for _, f, _, _ in string.Formatter().parse(text) if f}
    for key in es:
        assert fields(es[key]) == fields(en[key]), key


@pytest.mark.parametrize("lang", texts.LANGUAGES)
def test_each_sentence_is_said_under_one_key(lang):
    """Each sentence lives in one catalog under one key (the estimator's, the plans' and the app's words
    together): a sentence written twice drifts apart when one copy is corrected."""
    from ui.shell.text import catalog as app_catalog

    owners: dict[str, list[str]] = {}
    for origin, words in (("estimator", texts.catalog(lang)), ("app", app_catalog(lang))):
        for key, text in words.items():
            if isinstance(text, str) and len(text) >= 40:
                owners.setdefault(text, []).append(f"{origin}:{key}")
    assert len(owners) > 300  # the catalogs were read
    assert {text: keys for text, keys in owners.items() if len(keys) > 1} == {}


def test_every_rule_is_cited_quoted_and_named_in_both_languages():
    for plan, rules in REGISTRY.items():
        for rule in rules:
            assert re.match(r"^00[0-4] ", rule.cite), rule.id
            assert "«" in rule.legal_text and "»" in rule.legal_text, rule.id
            for lang in texts.LANGUAGES:
                assert texts.t(f"rule.{rule.id}", lang)
                # its name inside a sentence ("Se aplica la pensión por mérito, …"), never its title's capital
                assert texts.t(f"rule_in_text.{rule.id}", lang)[:1].islower(), rule.id


def _cases(plan_id: str) -> dict:
    with (plan_folder(plan_id) / "cases.toml").open("rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize("plan_id", PLAN_IDS)
def test_rule_tables_follow_the_rule_book_order(plan_id):
    """The order a plan's table lists its rules (which breaks ties) is the rule book's, written once: the module
    defines its rules in that order, as the law's table lists them, and `RULES` lists them so."""
    tree = ast.parse((plan_folder(plan_id) / "rules.py").read_text(encoding="utf-8"))
    written = [decorator.args[0].value for node in tree.body if isinstance(node, ast.FunctionDef)
               for decorator in node.decorator_list
               if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "rule"]
    assert [r.id for r in REGISTRY[plan_id]] == written
    assert "rule_order" not in _cases(plan_id)  # no second list to keep in step


def test_rules_read_parameters_not_literals():
    """No number in a plan's rule code but 0 and 1 (thresholds live in the law files)."""
    modules = [*PACKAGE.glob("plans/*/rules.py"), *PACKAGE.glob("plans/*/coordination.py")]
    assert len(modules) == len(plan_folders()) + 1
    for path in modules:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
                assert node.value in (0, 1), f"{path} has the literal {node.value}"


@pytest.mark.parametrize("plan_id", PLAN_IDS)
def test_every_rule_a_plan_defines_is_in_its_table(plan_id):
    """Registration is explicit: a rule written in a plan's module but left out of its table is an error."""
    from estimator.law.rules import Rule
    module = PLANS[plan_id].rules
    defined = {value.id for value in vars(module).values() if isinstance(value, Rule)}
    assert defined == {rule.id for rule in module.RULES}, module.__name__


PLAN_FILES = ("plan.toml", "rules.py", "law.toml", "words.es.toml", "words.en.toml", "cases.toml")


@pytest.mark.parametrize("plan_id", PLAN_IDS)
def test_each_plan_lives_in_one_folder(plan_id):
    """A plan's rules, dated law, words in both languages and golden cases sit in its folder (its own
    explanations too, when it says more than every plan: `notes.py`, whose hooks the explanation calls in place of
    the defaults); every rule has a title and a chart label there, and a golden case."""
    folder = plan_folder(plan_id)
    assert [name for name in PLAN_FILES if not (folder / name).is_file()] == []
    own_law = law_file.read_file(folder / "law.toml")
    assert own_law and all(value.cite for entry in own_law.values() for value in entry.values)
    notes = PLANS[plan_id].notes
    # its own `notes.py`, when it has one, says something of its own; the other hooks are every plan's
    assert notes is None or any(hook is not DEFAULT_HOOKS[name] for name, hook in vars(hooks(plan_id)).items())
    for lang in texts.LANGUAGES:
        with (folder / f"words.{lang}.toml").open("rb") as handle:
            words = tomllib.load(handle)
        for rule in REGISTRY[plan_id]:
            assert rule.id in words["rule"], (lang, rule.id)
            assert rule.id in words["app"]["chart"]["short"], (lang, rule.id)
    chosen = {case["expect"].get("rule") for case in _cases(plan_id)["case"]}
    assert {rule.id for rule in REGISTRY[plan_id]} <= chosen


def words_a_plan_needs(plan_id: str) -> set[str]:
    """The keys its answers and reports say for a plan, by what the registry says it has: its scope, its name
    in a report, why a field it has no use for changes nothing, and why an assumption its law lets a member enter
    changes nothing for another plan's member (in the words of the folder whose law defines it)."""
    the_plan = PLANS[plan_id]
    needed = {f"reason.scope_{plan_id}", f"report.plan.{plan_id}"}
    needed |= {f"reason.outside_{plan_id}"} if the_plan.entries_until else set()
    needed |= set() if the_plan.groups else {f"reason.group_not_{plan_id}"}
    needed |= set() if the_plan.coordination else {f"reason.coordination_not_{plan_id}"}
    needed |= set() if the_plan.deferred else {f"reason.{plan_id}_deferred"}
    needed |= {f"reason.unused_{a.folder}_plan" for a in overridable() if a.name in law_file.law(plan_id)}
    return needed


@pytest.mark.parametrize("plan_id", PLAN_IDS)
def test_a_plan_has_every_word_its_answers_need(plan_id):
    for lang in texts.LANGUAGES:
        assert words_a_plan_needs(plan_id) - set(texts.catalog(lang)) == set(), lang


def _code_modules():
    """Every Python module of the code (tests and benchmarks, with their data, excepted)."""
    skipped = {"tests", "benchmarks", ".venv", ".git", "build"}  # build: an installed copy, not the code
    return [path for path in ROOT.rglob("*.py") if not skipped & set(path.relative_to(ROOT).parts)]


def _modules_naming(names, paths):
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_the_plan_ids_are_typed_in_the_registry_only():
    """One list of plans, found by the registry (`estimator/plans/__init__.py`) as folders with a `plan.toml`:
    the estimator asks it what a plan is and has and names none; in the whole code, at most two modules name a
    plan (the form's field table, whose system option is the teachers' plan)."""
    estimator = _modules_naming(set(PLAN_IDS), PACKAGE.rglob("*.py"))
    assert estimator == set()
    everywhere = _modules_naming(set(PLAN_IDS), _code_modules())
    assert len(everywhere) <= 3, everywhere


def test_plans_attach_through_the_registry_never_by_import_path():
    """Outside a plan's own folders, no module imports a plan's modules by path (`plans.ley447.coordination`,
    `plans.government.rules`): it asks the registry (`plan(id).coordinator`, `.minimum`, a rule's `Reduction`)."""
    by_path = re.compile(r"^\s*(?:from|import)\s+[\w.]*plans\.\w+", re.M)
    outside = [path for path in _code_modules() if "estimator/plans/" not in path.as_posix()]
    offenders = sorted(str(path.relative_to(ROOT)) for path in outside if by_path.search(path.read_text("utf-8")))
    assert offenders == []


CODE = ("estimator", "ui", "pages", "serving", "scripts", "app.py", "serve.py")


def test_no_module_is_over_350_lines():
    """A module does one job, small enough to read in one sitting: the app's, the estimator's, serving's."""
    modules = [path for place in CODE for path in
               ([ROOT / place] if place.endswith(".py") else (ROOT / place).rglob("*.py"))]
    assert len(modules) > 40  # the places exist and hold the code
    long = {path.relative_to(ROOT).as_posix(): n for path in modules
            if (n := len(path.read_text().splitlines())) > 350}
    assert long == {}


def test_one_payment_pipeline_and_one_reading_of_the_coordination_age():
    """What is paid (minimum and rounding, coordination, the contribution) is computed by `payment.py` alone,
    which the answer and the grid both call; the coordination age is read from the law in one place, the
    law's `coordination_age(on)`, which everything else asks with the day of the pension it speaks of."""
    def calling(pattern: str) -> set[str]:
        found = re.compile(pattern)
        return {path.relative_to(ROOT).as_posix() for path in _code_modules() if found.search(path.read_text("utf-8"))}

    assert calling(r"\b(payable_cents|coordinated_cents)\(") - {"estimator/calculation/cents.py"} == {
        "estimator/calculation/payment.py"}
    assert calling(r"= payment\(s\b") == {"estimator/explanation/engine.py", "estimator/calculation/grid.py"}
    # read where the law is read; the public door (`estimator/__init__.py`) only names it
    assert calling(r"[\"']coordination_age[\"']") - {"estimator/__init__.py"} == {"estimator/law/parameters.py"}


def test_one_scenario_is_answered_without_numpy():
    """Only the grid makes arrays (`estimator/arrays.py`): answering lines, with and without a pension, with the
    earliest eligibility searched and Social Security coordinated, loads neither numpy nor the rational arrays."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from estimator.io.cli.estimate import answer_line\n"
        "for line in ['{\"plan\": \"ley447\", \"age\": 66, \"service_years\": 30, \"average_salary\": 40000,"
        " \"coordinated\": true}', '{\"plan\": \"teachers\", \"age\": 45, \"service_years\": 12,"
        " \"average_monthly_salary\": 3000}', '{\"plan\": \"ley1\", \"age\": 61, \"service_years\": 12,"
        " \"average_salary\": 20000}']:\n"
        "    answer, ok = answer_line(line, 'es')\n"
        "    assert ok and 'monthly_pension' in answer, answer\n"
        "print(sorted(name for name in sys.modules if name == 'numpy' or name.endswith('.rational')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
