"""Plausibility (RULES.md §0): an average far more likely a slip than a fact is named beside the field and no
amount shows until the member confirms that very figure."""

import pytest

from estimator.arithmetic.display import money
from tests.amounts import amounts
from tests.ui.answer.test_app import typed


def teacher(app):
    app.radio(key="system").set_value("teachers").run()
    typed(app, "service_years", "30")
    typed(app, "retire_years", "57")
    return app


@pytest.mark.parametrize("setup, field, typed_text, other, words", [
    (teacher, "average_monthly", "38,000", "38,500", "salario anual en la casilla del mensual"),
    (lambda app: app, "average_annual", "2,500", "2,900", "salario mensual en la casilla del anual"),
    # Both sides of each bound (RULES.md §0): a monthly salary of $3,500 in the annual box, an extra digit, a
    # teacher's weekly salary.
    (lambda app: app, "average_annual", "3,500", "3,600", "salario mensual en la casilla del anual"),
    (lambda app: app, "average_annual", "420,000", "430,000", "un dígito de más"),
    (teacher, "average_monthly", "315", "320", "salario semanal"),
])
def test_a_likely_slip_is_named_and_no_amount_shows_until_confirmed(app, setup, field, typed_text, other, words):
    setup(app)
    typed(app, field, typed_text)
    assert not app.exception
    assert not amounts(app), "no amount for a likely slip"
    assert any(words in e.value for e in app.error), [e.value for e in app.error]  # beside the field
    assert any(words in i.value for i in app.info), "and in the answer"
    amount = money(float(typed_text.replace(",", "")))
    box = next(c for c in app.checkbox if c.label.startswith("Sí,") and amount in c.label)
    box.check().run()
    assert not app.exception
    assert amounts(app), "confirmed: the amount shows"
    assert not [e for e in app.error if words in e.value]
    typed(app, field, other)  # another figure: asked again
    assert not amounts(app)


def test_a_plausible_average_asks_nothing(app):
    teacher(app)
    typed(app, "average_monthly", "3,000")
    assert amounts(app) and not [c for c in app.checkbox if c.label.startswith("Sí,")]


def test_the_slip_is_named_in_english_too(app):
    app.segmented_control(key="lang").set_value("en").run()
    typed(app, "average_annual", "420,000")
    assert not amounts(app)
    assert any("an extra digit" in e.value and "$420,000.00" in e.value.replace("\\", "") for e in app.error)
    assert any(c.label.replace("\\", "") == "Yes, $420,000.00 is right" for c in app.checkbox)
