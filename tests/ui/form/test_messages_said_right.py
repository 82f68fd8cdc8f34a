"""Messages a person reads closely: each says what its own field accepts (no cents for years, no "too large" for
a negative figure), and English text quotes as English does ("…", never «…»)."""

from __future__ import annotations

import pytest

from estimator.words.catalog import catalog as estimator_catalog
from ui.form.entry import problem_message, read
from ui.form.saved import field_name
from ui.shell.text import catalog as app_catalog


@pytest.mark.parametrize("lang, cents", [("es", "centavos"), ("en", "cents")])
def test_a_number_of_years_in_words_is_not_told_about_cents(lang, cents):
    value, problem = read("service_years", "veinte")
    message = problem_message("service_years", problem, lang)
    assert value is None and "27" in message and cents not in message
    _, problem = read("average_annual", "treinta mil")
    assert cents in problem_message("average_annual", problem, lang)  # an amount has cents


@pytest.mark.parametrize("lang, said, not_said", [("es", "no puede ser negativo", "llega a tanto"),
                                                  ("en", "cannot be negative", "that large")])
def test_a_negative_social_security_figure_is_told_it_is_negative(lang, said, not_said):
    value, problem = read("social_security", "-300")
    message = problem_message("social_security", problem, lang)
    assert value is None and said in message and not_said not in message and "$0" in message
    _, problem = read("social_security", "9,000")  # above the range: the largest benefit, said as before
    assert not_said in problem_message("social_security", problem, lang)


def test_english_text_never_quotes_with_angle_quotes():
    texts = {**{f"app:{k}": v for k, v in app_catalog("en").items()},
             **{f"estimator:{k}": v for k, v in estimator_catalog("en").items()}}
    assert len(texts) > 300
    assert {key: text for key, text in texts.items() if isinstance(text, str) and ("«" in text or "»" in text)} == {}
    assert field_name(("system",), "en").startswith('"') and field_name(("system",), "es").startswith("«")
    assert field_name(("no_such_key",), "en") == '"no_such_key"'
