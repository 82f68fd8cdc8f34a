"""The rules page speaks the page's language: the law's own words, then the estimator's readings said as such,
never the rule book's file or sections, nor notes written for the code."""

import re

import pytest

from estimator.calculation.choice import rules_of
from ui.shell.text import ui_text

FOR_THE_CODE = re.compile(r"RULES|\.md\b|\bseeds?\b|Decision|Assumption \(|rule book|libro de reglas|semilla")


def page_texts(app, lang: str) -> list[str]:
    app.switch_page("pages/2_Reglas_y_supuestos.py").run()
    if lang == "en":
        app.segmented_control(key="lang").set_value("en").run()
    assert not app.exception
    texts = [m.value for m in app.markdown] + [c.value for c in app.caption]
    for shown in (*app.dataframe, *app.table):
        texts += [str(v) for v in shown.value.values.ravel()]
    return texts


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_rules_page_names_no_rule_book_file_section_or_code_note(app, lang):
    texts = page_texts(app, lang)
    assert not [text for text in texts if FOR_THE_CODE.search(text)]
    reading = ui_text("rules.reading", lang)
    assert any(text.startswith(f"**{reading}:**") and ui_text("rules.note.ley1.d", lang) in text for text in texts)
    # the dates that decide the plan and the scope, as dated parameters in words
    assert any("1 de enero de 2000" in t or "January 1, 2000" in t for t in texts)


def test_every_rule_shows_only_the_laws_own_words_as_its_legal_text():
    for plan in ("teachers", "ley447", "ley1"):
        for rule in rules_of(plan):
            assert rule.legal_text.startswith("«") and rule.legal_text.rstrip(".").endswith("»"), rule.id


@pytest.mark.parametrize("lang, title", [("es", "Coordinación con el Seguro Social (Plan Coordinado)"),
                                         ("en", "Coordination with Social Security (Plan Coordinado)")])
def test_the_coordination_has_its_entry_with_its_text_and_this_estimators_reading(app, lang, title):
    texts = page_texts(app, lang)
    entry = next(e for e in app.expander if e.label.startswith(title))
    assert "Coordinación con el Seguro Social, apartado A, B, D, E.5, F" in entry.label
    words = [m.value for m in entry.markdown]
    assert any("seis mil seiscientos dólares" in w and "plenamente asegurado" in w for w in words)  # the law's own
    reading = ui_text("rules.reading", lang)
    assert any(w.startswith(f"**{reading}:**") and ("18.6(d)" in w) for w in words)
    assert not [text for text in texts if FOR_THE_CODE.search(text)]
