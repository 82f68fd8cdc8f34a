"""The comparison report: two to four scenarios side by side — each one's amount, age and rule, its
inputs in words, and what differs from the first scenario and why (the same words as the comparison
page, from `estimator.compare`). A scenario the rules give no number (a refund, a case they do not
cover) is never given one: its reasons instead.
"""

from __future__ import annotations

from datetime import date
from typing import Sequence

from estimator.member.compare import (MAX_SCENARIOS, RESULT_LINES, Compared, comparison_inputs, has_amount, result_label,
                                      result_line)
from estimator.member.same_ages import difference_by_age, payments_compared, phased, reasons_by_age, same_age_rows
from estimator.arithmetic.dates import date_at
from estimator.calculation.answer import Answer
from estimator.calculation.scenario import Scenario
from estimator.arithmetic.display import money
from estimator.calculation.growth import growth_in
from estimator.words.catalog import t
from estimator.io.report.document import (NAME_LIMIT, NOTES_LIMIT, Document, Words, clean_text, start_day,
                                          title_block, written)
from estimator.io.report.sections import closing, dated

LABEL_WIDTH = 46  # millimetres of the first column; the scenarios share the rest


def build_comparison_report(scenarios: Sequence[Compared | Scenario], lang: str = "es", *,
                            birth_date: date | None = None, generated_on: date | None = None, name: str | None = None,
                            notes: str | None = None) -> bytes:
    """Two to four scenarios compared, in `lang`, as the bytes of a PDF file (a scenario bare, or as the
    comparison keeps it, with the assumptions its average rests on: `Compared`). `birth_date` (the same
    member in every scenario) gives each start age its date; `name` and `notes` are printed on the
    first page, nothing else."""
    if not 2 <= len(scenarios) <= MAX_SCENARIOS:
        raise ValueError(f"a comparison takes 2 to {MAX_SCENARIOS} scenarios")
    words = Words(lang)
    generated_on = generated_on or date.today()
    compared = [Compared.of(c) for c in scenarios]
    scenarios = [c.scenario for c in compared]
    answers = [dated(c.answer(lang), c.scenario, start_day(c.scenario, birth_date, generated_on), lang) for c in compared]
    name, notes = clean_text(name, NAME_LIMIT), clean_text(notes, NOTES_LIMIT, lines=True)

    def draw(doc: Document) -> None:
        doc.add_page()
        title_block(doc, words.t("compare_title"),
                    words.t("compare_subtitle", count=len(scenarios), date=words.date_text(generated_on)), name, notes)
        doc.paragraph(words.t("compare_intro_grown" if growth_in(answers) is not None else "compare_intro"), size=9.5)
        _results(doc, words, scenarios, answers, birth_date)
        _same_ages(doc, words, scenarios, answers)
        _inputs(doc, words, compared, birth_date)
        _differences(doc, words, compared, answers)
        closing(doc, words, answers)
    return written(draw, words, words.t("compare_title"), generated_on)


def _table(doc: Document, words: Words, rows: list[tuple[str, list[str]]], count: int,
           bold_rows: tuple[int, ...] = ()) -> None:
    share = (doc.epw - LABEL_WIDTH) / count
    headers = ["", *(words.t("col_scenario", n=n) for n in range(1, count + 1))]
    doc.grid_table(headers, [[label, *values] for label, values in rows], (LABEL_WIDTH, *(share,) * count),
                   ("LEFT",) * (count + 1), size=8.5, bold_rows=bold_rows)


def _no_amount(words: Words, scenario: Scenario, answer: Answer) -> str:
    if scenario.refunded:
        return words.t("refunded")
    return words.t("not_covered_short") if not answer.covered else t("compare.none", words.lang)


def _results(doc: Document, words: Words, scenarios: Sequence[Scenario], answers: list[Answer],
             birth_date: date | None) -> None:
    doc.heading(words.t("results"), size=12)
    paid = [payments_compared(s, a) for s, a in zip(scenarios, answers)]
    rows = [
        (words.t("row_monthly"), [money(a.monthly_paid_at_start) if has_amount(a) else _no_amount(words, s, a)
                                  for s, a in zip(scenarios, answers)]),
        (words.t("row_age"), [_age(words, s, birth_date) for s in scenarios]),
        (words.t("row_rule"), [words.short_rule(a.rule) if has_amount(a) else words.t("none") for a in answers]),
        (words.t("row_difference"), [words.t("none")] + [
            difference_by_age(paid[0], p, words.lang, n) if has_amount(a) and has_amount(answers[0]) else words.t("none")
            for n, (p, a) in enumerate(zip(paid[1:], answers[1:]), start=2)]),
    ]
    for kind in RESULT_LINES:  # the lines the comparison page shows under each amount
        lines = [result_line(kind, a, words.lang) for a in answers]
        if any(lines):
            said = next(a for a, line in zip(answers, lines) if line)  # the age as its law reads it
            rows.append((result_label(kind, words.lang, said), [line or words.t("none") for line in lines]))
    _table(doc, words, rows, len(scenarios), bold_rows=(0,))


def _same_ages(doc: Document, words: Words, scenarios: Sequence[Scenario], answers: list[Answer]) -> None:
    """RULES.md §0: when the scenarios pay in different phases, what each pays at the same ages, range by range."""
    paid = [payments_compared(s, a) for s, a in zip(scenarios, answers)]
    if not phased(paid):
        return
    doc.heading(t("compare.same_ages", words.lang), size=12)
    doc.paragraph(t("compare.same_ages_note", words.lang), size=9)
    _table(doc, words, same_age_rows(paid, words.lang), len(scenarios))


def _age(words: Words, scenario: Scenario, birth_date: date | None) -> str:
    age = words.years_text(scenario.age)
    if birth_date is None:
        return age
    return f"{age} ({words.date_text(date_at(birth_date, scenario.age))})"


def _inputs(doc: Document, words: Words, compared: list[Compared], birth_date: date | None) -> None:
    doc.heading(words.t("scenario_data"), size=12)
    _table(doc, words, comparison_inputs(compared, words.lang), len(compared))
    if birth_date is not None:
        doc.paragraph(words.t("same_birth_date", date=words.date_text(birth_date)), size=9)


def _differences(doc: Document, words: Words, compared: list[Compared], answers: list[Answer]) -> None:
    doc.heading(words.t("differences"), size=12)
    base, base_answer = compared[0], answers[0]
    base_paid = payments_compared(base, base_answer)
    if not has_amount(base_answer):
        _without_amount(doc, words, 1, base.scenario, base_answer)
    for n, (other, answer) in enumerate(zip(compared[1:], answers[1:]), start=2):
        if has_amount(answer):
            paid = payments_compared(other, answer)
            if has_amount(base_answer) and phased([base_paid, paid]):  # too long for a heading: said under it
                doc.heading(words.t("col_scenario", n=n), size=10.5, keep=20)
                doc.paragraph(difference_by_age(base_paid, paid, words.lang, n), size=9.5)
            else:
                change = (difference_by_age(base_paid, paid, words.lang, n) if has_amount(base_answer)
                          else money(answer.monthly_paid_at_start))
                doc.heading(words.t("difference_heading", n=n, change=change), size=10.5, keep=20)
        else:
            _without_amount(doc, words, n, other.scenario, answer)
        doc.bullets(reasons_by_age(base, base_answer, other, answer, words.lang), size=9.5)


def _without_amount(doc: Document, words: Words, n: int, scenario: Scenario, answer: Answer) -> None:
    """A scenario the rules give no pension: why, in the engine's own words; never a number."""
    doc.heading(words.t("difference_heading", n=n, change=_no_amount(words, scenario, answer)), size=10.5, keep=20)
    doc.paragraph(words.t("no_amount_reasons"), size=9)
    doc.bullets(answer.reasons, size=9.5)
