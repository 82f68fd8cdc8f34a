"""The printable reports, as PDF bytes: one member's estimate explained (`build_report`), or two to four
scenarios side by side (`build_comparison_report`).

Built only when asked for (a download, or `python -m estimator report`). Drawn with fpdf2 and the
bundled DejaVu fonts; the chart is fpdf2's own rectangles and lines. Amounts come from the engine, the
key dates and the projection grid, never recomputed here; every text is in
`texts/report.{es,en}.toml` (and the key dates' and comparisons' own files, shared with the app). A
name and notes typed at the download are printed on the first page and kept nowhere.

- `document.py`: the page (fonts, footer, writing helpers) and the words every section shares;
- `sections.py`: the member's report, section by section; `chart.py`: its chart by age;
- `comparison.py`: the comparison report.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from estimator.explanation.engine import estimate
from estimator.member.member import Member
from estimator.calculation.answer import AssumptionUsed, Step
from estimator.calculation.scenario import Scenario
from estimator.calculation.situation import Situation
from estimator.io.report import sections
from estimator.io.report.chart import chart_ages, chart_section
from estimator.io.report.comparison import build_comparison_report
from estimator.io.report.document import NAME_LIMIT, NOTES_LIMIT, Context, Document, clean_text, written
from estimator.io.report.sections import assumption_rows, assumption_text, headline, input_rows

__all__ = ["NAME_LIMIT", "NOTES_LIMIT", "Context", "assumption_rows", "assumption_text", "build_comparison_report",
           "build_report", "chart_ages", "clean_text", "headline", "input_rows"]


def build_report(scenario: Scenario, lang: str = "es", *, member: Member | None = None,
                 birth_date: date | None = None,
                 situation: Situation | None = None, average_steps: list[Step] | None = None,
                 average_assumptions: list[AssumptionUsed] | None = None,
                 salary_growth: Fraction = Fraction(0), generated_on: date | None = None,
                 name: str | None = None, notes: str | None = None) -> bytes:
    """The report of `scenario` (the member at the age the pension would start) in `lang` ("es" or
    "en"), as the bytes of a PDF file.

    `member` is the member as the app knows them (`scenario` is theirs at the planned age): the answer,
    the key dates and the chart then follow the app's projection (and its salary growth), as does a
    `situation` given (the member today) with `birth_date`. `average_steps` are the steps of an average
    taken from a salary history or projected (`situation.average_at`), with the assumptions they
    use. `name` and `notes` are printed on the first page, nothing else."""
    if member is not None:
        scenario, situation, birth_date = member.scenario, member.situation, member.birth_date
        answer = member.answer(lang)
    else:
        if situation is not None:
            member = Member(situation, scenario.age, birth_date, generated_on or date.today())
        answer = estimate(scenario, lang, average_steps=average_steps, average_assumptions=average_assumptions,
                          situation=member.situation if member is not None else None)
    ctx = Context(lang=lang, scenario=scenario, answer=answer, birth_date=birth_date,
                  salary_growth=situation.salary_growth if situation is not None else Fraction(salary_growth),
                  generated_on=generated_on or date.today(), situation=situation, member=member,
                  name=clean_text(name, NAME_LIMIT), notes=clean_text(notes, NOTES_LIMIT, lines=True))
    ctx.answer = sections.dated(answer, scenario, ctx.start_date, lang)
    if answer.covered:
        parts = (sections.title, sections.summary, sections.key_dates_section, chart_section, sections.steps,
                 sections.reasons, sections.alternatives, sections.assumptions, sections.inputs)
    else:  # RULES.md §0, Not covered: why, and who can answer; no amount, no other rules, no assumptions
        parts = (sections.title, sections.summary, sections.inputs)

    def draw(doc: Document) -> None:
        doc.add_page()
        for section in parts:
            section(doc, ctx)
        sections.closing(doc, ctx, [ctx.answer])
    return written(draw, ctx, ctx.t("title"), ctx.generated_on)
