"""Golden cases (estimator/plans/<plan>/cases.toml): one per rule and per side of each threshold, arithmetic in comments."""

import tomllib

import pytest

from datetime import date

from estimator import estimate, read_scenario
from estimator.law.registry import PLAN_IDS, plan_folder


def load_cases():
    """Each case with the day it is read on: its own `read_on`, or its file's."""
    for path in (plan_folder(plan_id) / "cases.toml" for plan_id in PLAN_IDS):
        with path.open("rb") as handle:
            cases = tomllib.load(handle)
        for case in cases["case"]:
            yield pytest.param({"read_on": cases["read_on"], **case}, id=f"{path.parent.name}: {case['name']}")


def _none(value):
    return None if value == "none" else value


CASES = list(load_cases())


def test_every_plan_has_its_golden_cases():
    """The cases are found where the plans keep them: an empty list would make the cases below pass unseen."""
    plans = {case.id.split(":")[0] for case in CASES}
    assert plans == set(PLAN_IDS) >= {"teachers", "ley447", "ley1"} and len(CASES) >= 90, (plans, len(CASES))
    assert all(isinstance(case.values[0]["read_on"], date) for case in CASES)


@pytest.mark.parametrize("case", CASES)
def test_golden_case(case):
    # read by the law in force on the case's day, as a pension starting that day (a past day too: `kept`)
    answer = estimate(read_scenario({**case["scenario"], "start_date": case["read_on"].isoformat()}, kept=True))
    assert answer.law_on == case["read_on"]
    got = answer.contract_dict()
    expect = dict(case["expect"])
    reasons_contain = expect.pop("reasons_contain", None)
    earliest = expect.pop("earliest", None)
    expect.setdefault("covered", True)
    if "rule" in expect or "monthly_pension" in expect and expect["monthly_pension"] != 0:
        expect.setdefault("eligible", True)
    for field, wanted in expect.items():
        wanted = _none(wanted)
        if field in ("contribution", "coordination") and wanted is not None:
            assert got[field] is not None, f"{field}: expected {wanted}, got none"
            for key, value in wanted.items():
                assert got[field][key] == pytest.approx(value, abs=0) if isinstance(value, bool) else got[field][key] == value, (field, key)
        elif field == "reduction_factor":
            assert got[field] == pytest.approx(wanted, rel=1e-12), field
        else:
            assert got[field] == wanted, f"{field}: expected {wanted!r}, got {got[field]!r}"
    if reasons_contain is not None:
        assert any(reasons_contain in reason for reason in got["reasons"]), got["reasons"]
    if earliest is not None:
        if _none(earliest) is None:
            assert answer.earliest is None
        else:
            assert answer.earliest is not None, got["reasons"]
            assert answer.earliest.rule == earliest["rule"]
            assert answer.earliest.age == pytest.approx(earliest["age"], abs=1e-5)
    if got["eligible"]:
        assert got["steps"], "every amount carries its steps"
        assert all(step["cite"] for step in got["steps"])
