"""The explorer shows what a teacher is paid while contributing (000 ¶B, RULES.md §2): at 52, the pension under
inciso 1 (75% × $1,956.11 = $1,467.08) less the 9% contribution (9% × $1,956.11 = $176.05) until 55, a net of
$1,291.03 a month — as the page says it beside the amount."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from .test_app_browser import MONEY, amount_shown, date_input, number_input, open_app, type_number

pytestmark = pytest.mark.browser

WORDS = {
    "es": {"path": "", "system": "Sistema de retiro", "teachers": "Maestros", "years": "años", "months": "meses",
           "average": "Promedio de los 36 salarios mensuales más altos ($)", "birth": "Fecha de nacimiento",
           "entry": "Fecha en que entró por primera vez al Sistema",
           "said": "Aportación de $176.05 al mes hasta los 55 años · neto al mes mientras aporta: $1,291.03"},
    "en": {"path": "?lang=English", "system": "Retirement system", "teachers": "Teachers", "years": "years",
           "months": "months", "average": "Average of the 36 highest monthly salaries ($)", "birth": "Date of birth",
           "entry": "Date you first entered the System",
           "said": "Contribution of $176.05 a month until 55 years · net a month while contributing: $1,291.03"},
}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_explorer_shows_the_contribution_and_the_net_until_55(page, app_url, width, height, lang):
    words = WORDS[lang]
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, app_url, words["path"])
    expect(amount_shown(page)).to_have_text(MONEY)
    page.get_by_role("radiogroup", name=words["system"]).get_by_text(words["teachers"], exact=True).click()
    average = page.get_by_role("textbox", name=words["average"], exact=True)
    today = date.today()
    type_number(date_input(page, words["birth"]), f"01/{today.month:02d}/{today.year - 51}")  # 51 today
    type_number(date_input(page, words["entry"]), f"01/08/{today.year - 31}")
    type_number(number_input(page, "service_years", words["years"]), "30")
    type_number(number_input(page, "service_months", words["months"]), "0")
    type_number(average, "1956.11")
    type_number(number_input(page, "retire_years", words["years"]), "52")
    type_number(number_input(page, "retire_months", words["months"]), "0")
    expect(amount_shown(page)).to_have_text("$1,467.08")
    explorer = page.locator(".explorer")
    expect(explorer.locator(".amount")).to_have_text("$1,467.08")  # the explorer opens on the form's age
    expect(explorer.locator(".coordination")).to_have_text(words["said"])
    explorer.screenshot(path=f"/tmp/explorer-net-{lang}-{width}.png")
