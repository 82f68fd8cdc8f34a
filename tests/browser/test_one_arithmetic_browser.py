"""One date arithmetic in the page (RULES.md §0): a police officer (Ley 1-1990) with 29 years today completes 30
years a year from today, between two monthly birthdays. The start age 53 in the form, the explorer's row for 53 and
the key dates all say: no pension at 53; from 53 years and 1 month (the next monthly birthday), $2,058.33 (65% of
$38,000 ÷ 12), on the same day. At 65 the key date headlines what is paid, $2,375.00 (inciso (b), 75%), and names
inciso (a), $1,991.04 (1.5% × 38,000 × 41 11/12 ÷ 12), only as paying less."""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from estimator.arithmetic.dates import add_months
from estimator.words.catalog import date_words
from ui.answer.charts import date_label

from .test_app_browser import MONEY, amount_shown, date_input, number_input, open_app, type_number

pytestmark = pytest.mark.browser

WORDS = {
    "es": {"path": "", "years": "años", "months": "meses", "police": "Policía",
           "average": "Retribución promedio anual ($)", "birth": "Fecha de nacimiento",
           "entry": "Fecha en que entró por primera vez al Sistema", "none": "Sin pensión",
           "at_53_1": "53 años y 1 mes", "reached": "Cumple 30 años de servicio el {day}", "less": "que paga menos"},
    "en": {"path": "?lang=English", "years": "years", "months": "months", "police": "Police",
           "average": "Annual average pay ($)", "birth": "Date of birth", "entry": "Date you first entered the System",
           "none": "No pension", "at_53_1": "53 years 1 month",
           "reached": "completes 30 years of service on {day}", "less": "which pays less"},
}


def _dates(today: date) -> tuple[date, date, date, date]:
    """(birth, the day the 30 years are reached, the start at 53 years 1 month, the 65th birthday), written here
    apart from the estimator: born on a day of the month other than today's (the 10th or the 20th), 52 years and
    0 months today; 30 years a year from today, the pension from the next monthly birthday."""
    day = 10 if today.day > 10 else 20
    born_this_month = day < today.day
    month = today.month if born_this_month else today.month - 1 or 12
    year = today.year - 52 - (0 if born_this_month or today.month > 1 else 1)
    birth = date(year, month, day)
    reached = add_months(today, 12)
    start = date(year + 53 + (month == 12), month % 12 + 1, day)  # 53 years and 1 month
    return birth, reached, start, date(year + 65, month, day)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_start_age_the_explorer_and_the_key_dates_say_the_same_day_and_amount(page, app_url, width, height,
                                                                                   lang):
    words, today = WORDS[lang], date.today()
    birth, reached, start, at_65 = _dates(today)
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, app_url, words["path"])
    expect(amount_shown(page)).to_have_text(MONEY)
    group = page.locator(".st-key-group").get_by_role("combobox")
    group.scroll_into_view_if_needed()
    group.click()
    page.get_by_role("option", name=words["police"], exact=True).click()
    expect(page.locator(".st-key-group").get_by_role("combobox")).to_have_value(words["police"])
    type_number(date_input(page, words["birth"]), birth.strftime("%d/%m/%Y"))
    type_number(date_input(page, words["entry"]), f"01/12/{today.year - 29}")
    type_number(number_input(page, "service_years", words["years"]), "29")
    type_number(number_input(page, "service_months", words["months"]), "0")
    type_number(page.get_by_role("textbox", name=words["average"], exact=True), "38000")
    type_number(number_input(page, "retire_years", words["years"]), "53")
    type_number(number_input(page, "retire_months", words["months"]), "0")

    # the form at 53: no pension; from 53 years and 1 month, on that day, with the day the 30 years are reached
    earliest = page.get_by_role("status").filter(has_text=words["at_53_1"]).first
    expect(earliest).to_contain_text(f"{words['at_53_1']} ({date_label(start, lang)})")
    expect(earliest).to_contain_text(words["reached"].format(day=date_label(reached, lang)))
    # the explorer at 53 says the same, and a month later the amount the key date says
    explorer = page.locator(".explorer")
    expect(explorer.locator(".amount")).to_have_text(words["none"])
    slider = explorer.get_by_role("slider").first
    slider.focus()
    slider.press("ArrowRight")
    expect(explorer.locator(".age-value")).to_have_text(words["at_53_1"])
    expect(explorer.locator(".amount")).to_have_text("$2,058.33")
    first = page.locator("li", has_text=date_words(start, lang))
    expect(first).to_contain_text(words["at_53_1"])
    expect(first).to_contain_text("$2,058.33")
    later = page.locator("li", has_text=date_words(at_65, lang))
    expect(later).to_contain_text(re.compile(r"\$2,375\.00.*\$1,991\.04.*" + words["less"]))
    earliest.screenshot(path=f"/tmp/one-arithmetic-earliest-{lang}-{width}.png")
    explorer.screenshot(path=f"/tmp/one-arithmetic-explorer-{lang}-{width}.png")
    first.scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/one-arithmetic-{lang}-{width}.png", full_page=False)

    # the form at 53 years and 1 month: the key date's day and amount; at 65, what the key date headlines
    type_number(number_input(page, "retire_months", words["months"]), "1")
    expect(amount_shown(page)).to_have_text("$2,058.33")
    type_number(number_input(page, "retire_years", words["years"]), "65")
    type_number(number_input(page, "retire_months", words["months"]), "0")
    expect(amount_shown(page)).to_have_text("$2,375.00")
