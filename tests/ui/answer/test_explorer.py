"""The explorer: the grid the page sends equals the one-scenario answer in every cell, its words exist in both
languages, and confirming an age sets the form's start age (AppTest)."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timezone
from decimal import Decimal
from fractions import Fraction

import pytest
import time_machine
from hypothesis import given, settings, strategies as st_
from streamlit.proto.WidgetStates_pb2 import WidgetState

from estimator import estimate, read_scenario
from estimator.calculation.freeze import frozen
from estimator.arithmetic.display import money
from estimator.words.assumptions import used_mark
from estimator.calculation.growth import growth_in
from estimator.calculation.situation import Situation, average_at, scenario_at
from estimator.words.catalog import span
from tests.conftest import ROOT, examples, sampled
from ui.answer.formatting import dollars_words
from ui.answer.explorer_data import LAST_AGE, MAX_EXTRA_YEARS, _money, cell, explorer_data, explorer_grid
from ui.form.form import _values
from ui.form.member import build_member
from ui.form.example import example
from ui.shell.text import catalog
from tests.amounts import amounts



def situation(data: dict, **kw) -> Situation:
    return Situation(read_scenario(data), **kw)


# Members of every plan: in service and separated, every group that changes the rules, coordination with
# and without Social Security, a salary history with growth, a shortfall, a freeze, one past 65.
MEMBERS = {
    "teachers in service": (situation({"plan": "teachers", "age": Fraction(563, 12), "service_years": 21,
                                       "average_monthly_salary": 2500}), Fraction(55)),
    "teachers, shortfall, history": (situation({"plan": "teachers", "age": 48, "service_years": Fraction(301, 12),
                                                "average_monthly_salary": 1956.11, "contribution_shortfall": True}),
                                     Fraction(50)),
    "ley447 coordinated, Social Security": (situation({
        "plan": "ley447", "age": Fraction(609, 12), "service_years": 24, "average_salary": 36000,
        "coordinated": True, "social_security_monthly": 900}), Fraction(58)),
    "ley447 coordinated, past 65": (situation({
        "plan": "ley447", "age": 66, "service_years": 12, "average_salary": 28000, "coordinated": True}),
        Fraction(67)),
    "ley447 police": (situation({"plan": "ley447", "group": "police", "age": 44, "service_years": 19,
                                 "average_salary": 41000}), Fraction(50)),
    "ley447 separated": (situation({"plan": "ley447", "age": 52, "separation_age": 45, "service_years": 12,
                                    "average_salary": 30000}), Fraction(58)),
    "ley447 freeze": (frozen(situation({"plan": "ley447", "age": Fraction(681, 12), "service_years": 28,
                                        "average_salary": 40000}), date(1970, 2, 15), date(2026, 11, 30)),
                      Fraction(58)),
    "ley1 in service, history with growth": (situation(
        {"plan": "ley1", "age": 45, "service_years": Fraction(157, 12), "average_salary": 1},
        salary_history=tuple(Fraction(s) for s in (30000, 31500, 33000, 34000, 35500)),
        salary_growth=Fraction(3, 100)), Fraction(65)),
    "ley1 separated": (situation({"plan": "ley1", "age": 57, "separation_age": 50, "service_years": 26,
                                  "average_salary": 45000}), Fraction(57)),
}


def assert_every_cell_is_the_answer(member: Situation, planned: Fraction, data: dict) -> int:
    assert data["extras"] == (MAX_EXTRA_YEARS + 1 if member.in_service else 1)  # no service to add once left
    assert data["first"] <= int(planned * 12) <= data["first"] + data["count"] - 1
    assert data["first"] + data["count"] - 1 == max(LAST_AGE * 12, -(-int(planned * 12) // 12) * 12)
    assert data["first"] >= int(member.today.age * 12)
    checked = 0
    cells = [(months, extra) for months in range(data["first"], data["first"] + data["count"])
             for extra in range(data["extras"])]
    for months, extra in sampled(cells):
        explained = average_at(member, Fraction(months, 12))  # as the answer at the planned age has it
        answer = estimate(scenario_at(member, Fraction(months, 12), Fraction(extra)), find_earliest=False,
                          average_assumptions=explained.assumptions)
        sent = cell(data, months, extra)
        where = f"age {months // 12}y{months % 12}m, +{extra} years"
        assert sent["rule"] == answer.rule, where
        # RULES.md §0: each assumption that entered the amounts shown (the net while contributing included), marked
        # as the answer lists it
        assert sent["marks"] == [used_mark(used, "es") for used in answer.assumptions_used if answer.eligible], where
        # 000 ¶B: the contribution and the net until 55, as the page shows them
        if data["net"] is None:
            assert answer.contribution is None, where
        else:
            shown = answer.contribution if answer.eligible else None
            assert (sent["contribution"], sent["net"]) == ((money(shown.monthly), money(shown.net_monthly_pension))
                                                           if shown else ("", "")), where
        # RULES.md §7: which dollars, as the answer's own caption says (a growth other than 0% that entered it)
        assert sent["dollars"] == (dollars_words(growth_in([answer]), "es") if answer.eligible else ""), where
        # what is paid from the first month (RULES.md §0); the rule's amount beside it where they differ
        assert sent["monthly"] == money(answer.monthly_paid_at_start or 0), where
        differs = answer.eligible and answer.monthly_paid_at_start != answer.monthly_pension
        if data["reference"] is not None:
            assert sent["reference"] == (money(answer.monthly_pension) if differs else ""), where
        else:
            assert not differs, where
        if data["from_65"] is None:
            assert answer.coordination is None, where
        elif answer.eligible:
            assert sent["from_65"] == money(answer.coordination.monthly_pension_from_65), where
        else:
            assert sent["from_65"] == "", where
        checked += 1
    return checked


@pytest.mark.parametrize("name", MEMBERS)
def test_every_cell_sent_is_the_one_scenario_answer_to_the_cent(name):
    member, planned = MEMBERS[name]
    data = explorer_data(member, planned, "es")
    assert data is not None
    cells = list(range(data["count"] * data["extras"]))
    assert assert_every_cell_is_the_answer(member, planned, data) == len(sampled(cells))


def test_the_range_starts_at_the_earliest_age_any_rule_could_apply():
    member, planned = MEMBERS["teachers in service"]  # 46 years 11 months, 21 years of service
    data = explorer_data(member, planned, "es")
    # With 10 more years (31 in all), ¶A.2 (30 years before 50) applies at once: the range starts today,
    # though without added service no rule applies yet (and the one-scenario answer agrees).
    assert data["first"] == 563
    assert cell(data, 563, MAX_EXTRA_YEARS)["rule"] == "teachers.A2"
    assert cell(data, 563, 0)["rule"] is None
    young, _ = MEMBERS["ley1 in service, history with growth"]
    later = explorer_data(young, Fraction(65), "es")
    assert later["first"] > 45 * 12  # no rule of Ley 1 applies at 45, even with 10 more years
    assert any(cell(later, later["first"], j)["rule"] for j in range(MAX_EXTRA_YEARS + 1))


def test_rules_in_words_with_their_citation_as_the_law_reads():
    member, planned = MEMBERS["ley447 coordinated, Social Security"]
    for lang in ("es", "en"):
        data = explorer_data(member, planned, lang)
        by_id = {r["id"]: r for r in data["rules"]}
        assert by_id["ley447.18.2"]["cite"] == "Reglamento, Regla 18.2"  # the law's words in both languages
        assert by_id["ley447.18.2"]["name"].startswith("Regla 18.2")
        assert "¶" not in json.dumps(data, ensure_ascii=False) and "004" not in json.dumps(data["rules"])


def test_nothing_to_explore_without_any_pension():
    refunded = situation({"plan": "ley1", "age": 50, "service_years": 20, "average_salary": 30000, "refunded": True})
    assert explorer_grid(refunded, Fraction(55)) is None
    left_teacher = situation({"plan": "teachers", "age": 50, "separation_age": 45, "service_years": 20,
                              "average_monthly_salary": 2000})
    assert explorer_data(left_teacher, Fraction(55), "es") is None


def test_the_data_carries_only_figures_of_the_grid_and_a_digest():
    member, planned = MEMBERS["ley447 coordinated, Social Security"]
    data = explorer_data(member, planned, "es")
    assert set(data) == {"signature", "first", "count", "planned", "extras", "rules", "rule", "monthly", "from_65",
                         "reference", "contribution", "net", "net_until", "ages", "planned_words", "marks", "assumed",
                         "dollars", "grown_bit"}
    # each row's age in the one formatter's words (the browser writes none of its own)
    assert len(data["ages"]) == data["count"] and data["ages"][0] == span(Fraction(data["first"], 12), "es")
    assert data["planned_words"] == span(planned, "es")
    assert re.fullmatch(r"[0-9a-f]{16}", data["signature"])
    assert "36000" not in json.dumps(data) and "36,000" not in json.dumps(data)  # the salary is not sent


@settings(max_examples=examples(300), deadline=None)
@given(st_.integers(min_value=-10**12, max_value=10**12))
def test_amounts_are_written_exactly_as_money_writes_them(cents):
    assert _money(cents / 100) == money(Decimal(cents) / 100)


def test_every_word_the_component_uses_exists_in_both_languages():
    script = (ROOT / "ui" / "answer" / "explorer.js").read_text()
    used = set(re.findall(r"\bT\.(\w+)", script))
    for lang in ("es", "en"):
        keys = {k.removeprefix("explorer.") for k in catalog(lang) if k.startswith("explorer.")}
        assert used <= keys, (lang, used - keys)
    assert {k for k in catalog("es") if k.startswith("explorer.")} == {k for k in catalog("en")
                                                                       if k.startswith("explorer.")}
    assert "Edad" in catalog("es")["explorer.age_label"] and "Age" in catalog("en")["explorer.age_label"]


# --- in the app (AppTest) ---------------------------------------------------------------------------------

def explorer_element(at):
    found = [e for e in at.get("bidi_component") if e.proto.component_name == "pension_explorer"]
    assert len(found) == 1
    return found[0]


def sent_data(at) -> dict:
    return json.loads(explorer_element(at).proto.bytes)


def send_from_the_explorer(at, value: dict) -> None:
    """What the component's buttons do: set a state value (setStateValue), which reruns the script with the
    new widget state."""
    element = explorer_element(at)
    states = at._tree.get_widget_states()
    state = WidgetState(id=element.proto.id)
    state.json_value = json.dumps(value)
    states.widgets.append(state)
    at._run(states)


def choose_in_the_explorer(at, months: int) -> None:
    """The component's "use this age" button."""
    send_from_the_explorer(at, {"chosen": {"age": months, "at": 1}})


def test_the_page_sends_the_exact_grid_of_the_example_member(app):
    today = date.today()
    member, errors = build_member(_values(example(today)), today, "es")
    assert not errors
    data = sent_data(app)
    assert data["planned"] == int(member.planned_age * 12)
    assert set(data["text"]) >= {"age_label", "use", "announce"} and data["lang"] == "es"
    assert data["large"] is False
    assert_every_cell_is_the_answer(member.situation, member.planned_age, data)


def test_the_example_member_s_merit_pension_at_another_age_says_its_75_percent_is_an_assumption(request):
    """RULES.md §0 at another age, on 1 December 2026: the example member at 61 years and 8 months, with 30 years
    of service, has the merit pension, whose 75% is this estimator's assumption; at the form's 58 years (Regla
    18.2) none enters; today, at 56 years and 9 months with no added service, the reduced pension's 6% a year
    does."""
    with time_machine.travel(datetime(2026, 12, 1, 12, tzinfo=timezone.utc), tick=True):
        data = sent_data(request.getfixturevalue("app"))
    merit = cell(data, 61 * 12 + 8, 0)
    assert (merit["rule"], merit["monthly"]) == ("ley447.merit", "$2,250.00")
    assert merit["marks"] == ["Supuesto: Pensión por mérito a los 55 o más = 75% (valor por defecto del estimador)"]
    assert cell(data, data["planned"], 0)["marks"] == []
    reduced = cell(data, data["first"], 0)
    assert reduced["rule"] == "ley447.18.6a"
    assert reduced["marks"] == ["Supuesto: Reducción actuarial por cada año de edad antes de la edad sin reducción = 6% "
                                "(valor por defecto del estimador)"]


def test_confirming_an_age_sets_the_form_start_age(app):
    months = sent_data(app)["planned"] + 14  # one year and two months later
    choose_in_the_explorer(app, months)
    assert not app.exception
    assert app.text_input(key="retire_years_text").value == str(months // 12)
    assert app.text_input(key="retire_months_text").value == str(months % 12)
    assert app.session_state["retire_years"] == months // 12 and app.session_state["retire_months"] == months % 12
    assert sent_data(app)["planned"] == months  # the explorer now starts from the form's age
    today = date.today()
    values = example(today) | {"retire_years": months // 12, "retire_months": months % 12}
    member, _ = build_member(_values(values), today, "es")
    assert amounts(app)[0].value == money(estimate(member.scenario).monthly_paid_at_start)


@pytest.mark.parametrize("chosen", [{"age": "700"}, {"age": 70.5}, {"age": 13 * 12}, {"age": 101 * 12}, {"age": True},
                                    "seven hundred", None])
def test_a_malformed_choice_changes_nothing(app, chosen):
    before = app.text_input(key="retire_years_text").value
    element = explorer_element(app)
    states = app._tree.get_widget_states()
    state = WidgetState(id=element.proto.id)
    state.json_value = json.dumps({"chosen": chosen})
    states.widgets.append(state)
    app._run(states)
    assert not app.exception
    assert app.text_input(key="retire_years_text").value == before


def test_adding_from_the_explorer_adds_the_scenario_on_screen(app):
    data = sent_data(app)
    assert data["compare"] is True
    months, extra = data["planned"] + 12, 2  # a year later than the form, two years added
    send_from_the_explorer(app, {"added": {"age": months, "extra": extra, "signature": data["signature"], "at": 1}})
    assert not app.exception
    [added] = app.session_state["comparison"]
    shown = cell(data, months, extra)  # what the explorer showed at that position
    assert money(estimate(read_scenario(added)).monthly_pension) == shown["monthly"]
    today = date.today()
    member, _ = build_member(_values(example(today)), today, "es")
    assert added == scenario_at(member.situation, Fraction(months, 12), Fraction(extra)).contract_dict()
    assert added != member.scenario.contract_dict()
    assert any("1 de 4" in s.value for s in app.success)
    app.switch_page("pages/1_Comparar.py").run()
    assert amounts(app)[0].value == shown["monthly"]


def test_an_addition_from_an_older_grid_adds_nothing_and_says_so(app):
    data = sent_data(app)
    app.text_input(key="average_annual_text").set_value("36,100").run()  # the grid on screen is now another
    send_from_the_explorer(app, {"added": {"age": data["planned"], "extra": 1, "signature": data["signature"],
                                           "at": 1}})
    assert not app.exception
    assert app.session_state["comparison"] == []
    assert any("no se añadió nada" in w.value for w in app.warning)


@pytest.mark.parametrize("added", [{"age": 700, "extra": 11}, {"age": 700, "extra": "1"}, {"age": 700.0, "extra": 1},
                                   {"age": 700, "extra": 1}, None])  # the last: no signature
def test_a_malformed_addition_adds_nothing(app, added):
    send_from_the_explorer(app, {"added": added})
    assert not app.exception
    assert app.session_state["comparison"] == []


def test_the_form_button_names_the_scenario_it_adds(app):
    [button] = [b for b in app.button if b.key == "add_to_compare"]
    assert button.label == "Añadir a la comparación el escenario del formulario (58 años)"


def test_the_explorer_follows_language_and_session_mode(app):
    app.segmented_control(key="lang").set_value("en").run()
    app.toggle(key="session_mode").set_value(True).run()
    data = sent_data(app)
    assert data["lang"] == "en" and data["large"] is True
    assert data["text"]["age_label"] == catalog("en")["explorer.age_label"]
    assert all(not r["name"].startswith("Pensión") for r in data["rules"])


def test_the_grid_is_kept_for_the_session_until_an_input_changes(app):
    memo = app.session_state["explorer_memo"]
    app.toggle(key="session_mode").set_value(True).run()  # not an input of the member: same grid, not recomputed
    assert app.session_state["explorer_memo"] is memo  # the very object kept, not an equal one made again
    app.text_input(key="average_annual_text").set_value("36,100").run()
    assert app.session_state["explorer_memo"][0] != memo[0]


def test_a_change_of_salary_computes_no_age_of_the_grid_again(app):
    """The ages' timing (start day, separation age, service) reads the dates, status and service, no salary: the
    session keeps it, a new salary reuses it, a new service computes it again (the cells: tests/estimator)."""
    timing = app.session_state["explorer_timing"]
    app.text_input(key="average_annual_text").set_value("41,000").run()
    assert app.session_state["explorer_timing"] is timing
    app.text_input(key="service_years_text").set_value("11").run()
    assert app.session_state["explorer_timing"] is not timing
    assert (timing.services[0], app.session_state["explorer_timing"].services[0]) == (27, 11)  # today's service


def test_the_policy_lets_the_explorer_load_and_nothing_more():
    """Streamlit loads a component's JavaScript as a module from a blob: URL it makes itself: script-src
    allows 'self', blob: and the known inline scripts by hash, and no other source."""
    from serving import content_security_policy

    policy = dict(part.strip().split(" ", 1) for part in content_security_policy().split(";"))
    sources = policy["script-src"].split()
    assert [s for s in sources if not s.startswith("'sha256-")] == ["'self'", "blob:", "'wasm-unsafe-eval'"]


@pytest.mark.parametrize("name", ["ley447 separated", "ley1 separated"])
def test_a_member_who_left_service_is_offered_no_added_service(name):
    member, planned = MEMBERS[name]
    assert explorer_grid(member, planned).grid.extras == [0]
    still, planned = MEMBERS["ley447 police"]
    assert len(explorer_grid(still, planned).grid.extras) == MAX_EXTRA_YEARS + 1
    script = (ROOT / "ui" / "answer" / "explorer.js").read_text(encoding="utf-8")
    assert "setHidden(extra.closest(\".control\"), columns < 2)" in script  # the control is not drawn
