"""Words a counselor can say: the reasons and step labels of the command line's answers (RULES.md §0 Paths and
Choice, §4, §5, §6), one test for each thing said, through the real `python -m estimator estimate`."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def answers(lines: list[dict], lang: str = "es") -> list[dict]:
    proc = subprocess.run([sys.executable, "-m", "estimator", "estimate", "--lang", lang],
                          input="\n".join(json.dumps(line) for line in lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def texts(answer: dict) -> list[str]:
    """Every sentence an answer says: its reasons and its steps' labels."""
    return answer["reasons"] + [step["label"] for step in answer["steps"]]


@pytest.mark.parametrize("lang, plainly", [("es", "Se separó del servicio a los 30 años de edad con 5 años de servicio"),
                                           ("en", "The member left service at 30 years of age with 5 years of service")])
def test_a_separated_member_who_can_never_qualify_is_told_so_plainly(lang, plainly):
    # Separated at 30 with 5 years: service is fixed, and every rule asks 10 years or more; no age helps.
    (ley1, ley447) = answers([{"plan": "ley1", "age": 40, "separation_age": 30, "service_years": 5,
                               "average_salary": 30000},
                              {"plan": "ley447", "age": 40, "separation_age": 30, "service_years": 5,
                               "average_salary": 30000}], lang)
    for answer in (ley1, ley447):
        assert answer["covered"] and not answer["eligible"]
        assert answer["reasons"][0].startswith(plainly), answer["reasons"][0]
        assert not any("100" in reason for reason in answer["reasons"]), answer["reasons"]


@pytest.mark.parametrize("lang, said", [("es", "la anualidad diferida del inciso (d) le pagaría {amount} al mes, sin "
                                                "reducción actuarial"),
                                        ("en", "the deferred annuity of item (d) would pay {amount} a month, with no "
                                               "actuarial reduction")])
def test_an_early_pension_under_c_says_what_waiting_to_65_pays_under_d(lang, said):
    # (c) at 60 with 30 years: 1.5% × $30,000 × 30 = $13,500.00 a year × 0.7. Waiting to 65 (separated at 60),
    # (d) pays the unreduced $1,125.00: the command line's own answer at 65 says so; with a low average the
    # $500.00 minimum, again its own.
    lines = [{"plan": "ley1", "age": 60, "service_years": 30, "average_salary": 30000},
             {"plan": "ley1", "age": 65, "separation_age": 60, "service_years": 30, "average_salary": 30000},
             {"plan": "ley1", "age": 62, "separation_age": 56, "service_years": 25, "average_salary": 15000},
             {"plan": "ley1", "age": 65, "separation_age": 56, "service_years": 25, "average_salary": 15000}]
    early, waited, early_low, waited_low = answers(lines, lang)
    for now, later in ((early, waited), (early_low, waited_low)):
        assert now["rule"] == "ley1.c" and later["rule"] == "ley1.d"
        amount = f"${later['monthly_pension']:,.2f}"
        assert sum(said.format(amount=amount) in reason for reason in now["reasons"]) == 1, now["reasons"]
    assert "$1,125.00" in " ".join(early["reasons"]) and early["monthly_pension"] == 787.5


def test_regla_19_3_is_named_only_beside_a_deferred_pension():
    # Left at 56 with 30 years, pension at 62: the merit pension earned at separation (active service) is
    # this estimator's reading alone; left at 50 with 26 years: Regla 19.1(b), a deferred pension, names 19.3.
    for lang in ("es", "en"):
        active, deferred = answers([{"plan": "ley447", "age": 62, "separation_age": 56, "service_years": 30,
                                     "average_salary": 30000},
                                    {"plan": "ley447", "age": 62, "separation_age": 50, "service_years": 26,
                                     "average_salary": 30000}], lang)
        assert active["rule"] == "ley447.merit" and deferred["rule"] == "ley447.19.1b"
        assert not any("19.3" in text for text in texts(active)), active["reasons"]
        reading = "lectura de este estimador" if lang == "es" else "this estimator's reading"
        assert any(reading in reason and ("no aumenta" in reason or "does not grow" in reason)
                   for reason in active["reasons"]), active["reasons"]
        assert sum("Regla 19.3" in reason for reason in deferred["reasons"]) == 1, deferred["reasons"]


@pytest.mark.parametrize("lang, paragraph_d", [("es", "apartado D"), ("en", "paragraph D")])
def test_the_d_guarantee_is_named_in_a_step_only_when_social_security_is_known(lang, paragraph_d):
    member = {"plan": "ley447", "age": 60, "service_years": 30, "average_salary": 30000, "coordinated": True}
    unknown, known = answers([member, {**member, "social_security_monthly": 1200}], lang)
    assert not any(paragraph_d in step["label"] for step in unknown["steps"]), [s["label"] for s in unknown["steps"]]
    assert sum(paragraph_d in step["label"] for step in known["steps"]) == 1, [s["label"] for s in known["steps"]]


@pytest.mark.parametrize("lang, untouched", [("es", "no afecta la pensión mínima"),
                                             ("en", "does not touch the minimum pension")])
def test_coordination_does_not_touch_the_minimum_only_where_the_minimum_applies(lang, untouched):
    # Regla 19.6's floor: 30% × $20,000 = $6,000.00 a year, $500.00 a month, no minimum; the coordinated
    # $267.00 is raised to the minimum, which the sentence says instead. 1.5% × $15,000 × 10 = $187.50 a month:
    # the minimum applies, and coordination does not touch it.
    floor, minimum = answers([{"plan": "ley447", "age": 66, "separation_age": 50, "service_years": 12,
                               "average_salary": 20000, "coordinated": True, "in_system_june_1960": True},
                              {"plan": "ley447", "age": 66, "service_years": 10, "average_salary": 15000,
                               "coordinated": True}], lang)
    assert not floor["minimum_applied"] and floor["coordination"]["monthly_pension_from_65"] == 500
    assert not any(untouched in reason.lower() for reason in floor["reasons"]), floor["reasons"]
    assert any("19.6" in reason for reason in floor["reasons"])
    assert minimum["minimum_applied"]
    assert any(untouched in reason.lower() for reason in minimum["reasons"]), minimum["reasons"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_500_dollars_is_said_with_its_cents_in_every_label_and_reason(lang):
    lines = [{"plan": "ley1", "age": 65, "service_years": 20, "average_salary": 5000},
             {"plan": "ley447", "age": 62, "service_years": 30, "average_salary": 15000, "coordinated": True},
             {"plan": "ley447", "age": 66, "separation_age": 50, "service_years": 12, "average_salary": 20000,
              "coordinated": True, "in_system_june_1960": True}]
    said = [text for answer in answers(lines, lang) for text in texts(answer)]
    assert not [text for text in said if re.search(r"\$500(?![.,\d])", text)]
    assert sum("$500.00" in text for text in said) >= 4  # the minimum's steps and the coordination's reason


@pytest.mark.parametrize("lang, reading, table, deferred", [
    ("es", "lectura de este estimador", "la tabla", "diferida"),
    ("en", "this estimator's reading", "table", "deferred")])
def test_the_tie_break_is_said_as_this_estimators_reading_only_the_part_that_applies(lang, reading, table, deferred):
    # Police at 58 with 25 years: 18.3 and 18.2 give F, both in the active table. Left at 58 with 26 years, at
    # 60: 18.2 (active) and 19.1(b) (deferred) give F.
    within, across = answers([{"plan": "ley447", "group": "police", "age": 58, "service_years": 25,
                               "average_salary": 36000},
                              {"plan": "ley447", "age": 60, "separation_age": 58, "service_years": 26,
                               "average_salary": 36000}], lang)
    (tie_within,) = [r for r in within["reasons"] if reading in r and table in r]
    assert deferred not in tie_within  # no deferred pension is tied here
    (tie_across,) = [r for r in across["reasons"] if reading in r and ("diferida" in r or "deferred pension" in r)]
    assert table not in tie_across.split(";")[-1], tie_across


# Every rule's name as the words catalogs give it, at the start of a sentence ("Pensión por mérito: …").
TITLE_MID_SENTENCE = re.compile(r"(según|under|Se aplica|No aplica|derecho a partir de [^:]*:) (Pensión|Regla|Inciso|"
                                r"Maestros|Merit|Item|Teachers)")


@pytest.mark.parametrize("lang, merit", [("es", "Se aplica la pensión por mérito, con 30 años de servicio (Reglamento"),
                                         ("en", "The merit pension, with 30 years of service (Reglamento")])
def test_a_rules_name_reads_as_part_of_the_sentence(lang, merit):
    lines = [{"plan": "ley447", "age": 56, "service_years": 30, "average_salary": 36000},
             {"plan": "ley447", "age": 50, "service_years": 20, "average_salary": 36000},
             {"plan": "ley1", "age": 60, "service_years": 30, "average_salary": 30000},
             {"plan": "teachers", "age": 45, "service_years": 20, "average_monthly_salary": 3000}]
    said = [text for answer in answers(lines, lang) for text in texts(answer)]
    assert not [text for text in said if TITLE_MID_SENTENCE.search(text)]
    assert not [text for text in said if "according to" in text or "según Pensión" in text]
    assert any(text.startswith(merit) for text in said), said
    label = "Pensión anual según la pensión por mérito" if lang == "es" else "Annual pension under the merit pension"
    assert any(text.startswith(label) for text in said), said


RULE_IDS = re.compile(r"\((?:Reglamento, Regla [\d.()a-z, ]+|Ley 1-1990, inciso \([a-d]\)[^)]*|Maestros, [^)]*)\)")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_not_eligible_answer_has_at_most_6_reasons_each_rule_named_once(lang):
    # A police officer who left at 41 with 12 years and 10 months, coordinated (not for the police), with Social
    # Security and an assumption entered: eight rules, four fields. Before, twelve reasons, 19.4(b) named twice.
    lines = [{"plan": "ley447", "age": 57.3, "separation_age": 41, "service_years": 12.833333,
              "average_salary": 60967.8, "group": "police", "coordinated": True, "social_security_monthly": 1309.53,
              "assumptions": {"merit_pct_55_plus": 1}},
             {"plan": "ley447", "age": 46.2, "service_years": 7.166667, "average_salary": 218046.74,
              "group": "judiciary", "coordinated": True, "social_security_monthly": 232.02,
              "assumptions": {"early_reduction_per_year": 0.0, "reduction_factor": 1, "merit_pct_55_plus": 0.0,
                              "merit_pct_under_55": 0.388}},
             {"plan": "ley447", "age": 43.416667, "separation_age": 35.833333, "service_years": 12.333333,
              "average_salary": 294400.97, "group": "police", "coordinated": True,
              "social_security_monthly": 2219.45, "assumptions": {"merit_pct_under_55": 0.0}},
             {"plan": "teachers", "age": 45, "service_years": 20, "average_monthly_salary": 3000}]
    for answer in answers(lines, lang):
        assert not answer["eligible"] and len(answer["reasons"]) <= 6, answer["reasons"]
        names = [name for reason in answer["reasons"] for name in RULE_IDS.findall(reason)]
        assert len(names) == len(set(names)), names
        # the rule of the earliest eligibility, named in the first reason, is not named again
        first = answer["reasons"][0]
        rule_words = first.split(": ", 1)[-1].rstrip(".")
        assert not any(rule_words in reason for reason in answer["reasons"][1:]), answer["reasons"]


@pytest.mark.parametrize("lang, paid", [("es", "El Sistema paga {amount} al mes desde"),
                                        ("en", "The System pays {amount} a month from")])
def test_the_first_reason_of_an_eligible_answer_says_what_is_paid_and_from_when(lang, paid):
    lines = [{"plan": "teachers", "age": 52, "service_years": 30, "average_monthly_salary": 1956.11},
             {"plan": "ley447", "age": 60, "service_years": 30, "average_salary": 30000, "coordinated": True},
             {"plan": "ley447", "age": 66, "service_years": 30, "average_salary": 30000, "coordinated": True,
              "start_date": "2031-05-01"},
             {"plan": "ley1", "age": 60, "service_years": 30, "average_salary": 3500}]  # a likely slip, said second
    teacher, before_65, from_start, slip = answers(lines, lang)
    for answer in (teacher, before_65, from_start, slip):
        first = answer["reasons"][0]
        assert first.startswith(paid.format(amount=f"${answer['monthly_paid_at_start']:,.2f}")), first
    assert ("52 años" if lang == "es" else "52 years") in teacher["reasons"][0]
    # before 65 and coordinated from 65: both amounts, each from when it is paid
    assert f"${before_65['coordination']['monthly_pension_from_65']:,.2f}" in before_65["reasons"][0]
    assert ("1 de mayo de 2031" if lang == "es" else "May 1, 2031") in from_start["reasons"][0]
    assert slip["reasons"][1] == slip["likely_slip"]["message"]
