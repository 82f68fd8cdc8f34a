"""The explorer in a real browser: moved by keyboard, it shows the exact amount for the new age with no
message to the server; "use this age" puts the age in the form; it follows the language, the session mode
and a phone's width, under the app's Content-Security-Policy.

The component is mounted in the page itself (no shadow root); its text is read through Playwright locators.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import Page, expect

from ui.answer.explorer_data import cell, explorer_data
from ui.form.form import _values
from ui.form.member import build_member
from ui.form.example import example

from .test_app_browser import ADD_FORM, MONEY, amount_shown, clicked, number_input, open_app, type_number
from .test_served_safely import violations, watch_csp

pytestmark = pytest.mark.browser

AGE = re.compile(r"Edad|Age")


def example_data(lang: str = "es", **changed) -> dict:
    """The explorer's data for the example member, with the form's values in `changed` (growth_pct=2.0) typed."""
    today = date.today()
    member, errors = build_member(_values(example(today) | changed), today, lang)
    assert not errors
    return explorer_data(member.situation, member.planned_age, lang)


def watch_frames_sent(page: Page) -> list:
    """Every WebSocket frame the page sends to the server (the listener is on before the page opens)."""
    sent: list = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))
    return sent


def explorer(page: Page):
    return page.locator(".explorer")


def test_the_age_moves_by_the_month_with_the_keyboard_and_nothing_is_sent(page, app_url):
    console = watch_csp(page)
    sent = watch_frames_sent(page)
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    slider = page.get_by_role("slider", name=AGE)
    expect(slider).to_have_count(1)
    data = example_data()
    planned = data["planned"]
    expect(slider).to_have_value(str(planned))
    amount = explorer(page).locator(".amount")
    expect(amount).to_have_text(cell(data, planned, 0)["monthly"])
    page.wait_for_timeout(500)  # the page has settled: any frame from here on would be the explorer's
    before = len(sent)

    slider.focus()
    slider.press("ArrowRight")  # one month later
    expect(slider).to_have_value(str(planned + 1))
    expect(amount).to_have_text(cell(data, planned + 1, 0)["monthly"])
    for _ in range(13):
        slider.press("ArrowRight")
    expect(slider).to_have_value(str(planned + 14))
    years, months = divmod(planned + 14, 12)
    expect(slider).to_have_attribute("aria-valuetext", f"{years} años y {months} meses" if months > 1
                                     else f"{years} años y 1 mes" if months else f"{years} años")
    expect(amount).to_have_text(cell(data, planned + 14, 0)["monthly"])
    extra = page.get_by_role("slider", name=re.compile("Servicio adicional"))
    extra.press("ArrowRight")
    extra.press("ArrowRight")
    chosen = cell(data, planned + 14, 2)
    expect(amount).to_have_text(chosen["monthly"])
    expect(explorer(page).locator(".rule")).to_have_text(
        next(r["name"] for r in data["rules"] if r["id"] == chosen["rule"]))
    expect(explorer(page).locator(".cite")).to_contain_text("Reglamento")
    if chosen["from_65"] and chosen["from_65"] != chosen["monthly"]:
        expect(explorer(page).locator(".coordination")).to_contain_text(chosen["from_65"])
    live = explorer(page).locator("[aria-live=polite]")
    expect(live).to_contain_text(chosen["monthly"])  # what a screen reader announces
    slider.press("PageDown")  # a year at a time
    expect(slider).to_have_value(str(planned + 2))
    page.wait_for_timeout(300)
    assert len(sent) == before, "the explorer sent a message to the server while it moved"
    assert violations(page, console) == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_amount_on_screen_marks_the_assumptions_that_entered_it(page, app_url, lang):
    """RULES.md §0 at every position: the form's age shows the marks of its own amount (none for Regla 18.2), and
    the first age at which the example member has the merit pension says its 75% is this estimator's
    assumption, in the page's language."""
    open_app(page, app_url, "?lang=English" if lang == "en" else "")
    expect(amount_shown(page)).to_have_text(MONEY)
    data = example_data(lang)
    slider = page.get_by_role("slider", name=AGE)
    marks = explorer(page).locator(".assumed li")
    expect(slider).to_have_value(str(data["planned"]))
    at_form = cell(data, data["planned"], 0)["marks"]
    if at_form:
        expect(marks).to_have_text(at_form)
    else:
        expect(marks).to_have_count(0)
    merit_at = next(months for months in range(data["first"], data["first"] + data["count"])
                    if cell(data, months, 0)["rule"] == "ley447.merit")  # 30 years of service, within three years
    merit = cell(data, merit_at, 0)
    assert len(merit["marks"]) == 1 and "75%" in merit["marks"][0]
    slider.focus()
    slider.press("Home")
    for _ in range(merit_at - data["first"]):
        slider.press("ArrowRight")
    expect(slider).to_have_value(str(merit_at))
    expect(explorer(page).locator(".amount")).to_have_text(merit["monthly"])
    expect(marks).to_have_text(merit["marks"])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_amount_on_screen_says_which_dollars_it_is_in(page, app_url, lang):
    """RULES.md §7 in the explorer, as under the headline: with the example member's 0% growth every amount is in
    today's dollars; with 2% typed under "Avanzado", an age whose average takes salaries still to be earned says
    it is not, and names the growth, and today's age (nothing still to earn) is in today's dollars again."""
    open_app(page, app_url, "?lang=English" if lang == "en" else "")
    expect(amount_shown(page)).to_have_text(MONEY)
    dollars = explorer(page).locator(".dollars")
    expect(dollars).to_have_text(cell(example_data(lang), example_data(lang)["planned"], 0)["dollars"])
    expect(dollars).to_have_text("en dólares de hoy" if lang == "es" else "in today's dollars")
    advanced = "Avanzado: supuestos" if lang == "es" else "Advanced: assumptions"
    page.get_by_test_id("stExpander").filter(has_text=advanced).locator("summary").first.click()
    type_number(page.locator(".st-key-growth_pct_text input"), "2")
    grown = ("no en dólares de hoy: los salarios futuros crecen 2% al año" if lang == "es"
             else "not in today's dollars: future salaries grow 2% a year")
    expect(dollars).to_have_text(grown)
    slider = page.get_by_role("slider", name=AGE)
    slider.focus()
    slider.press("Home")  # the first age: today's, with no salary still to earn
    today = example_data(lang)["first"]
    expect(slider).to_have_value(str(today))
    expect(dollars).to_have_text("en dólares de hoy" if lang == "es" else "in today's dollars")


def test_after_a_change_of_input_only_the_new_amounts_are_drawn(page, app_url):
    """Streamlit runs the explorer's code again with each new grid on the same element, without the cleanup
    of the earlier run: the earlier run's watcher of the chart's width then drew its own amounts again whenever
    the width changed. On a busy machine that happened after the new grid had been drawn (a section opening
    beside it), and the explorer showed the amount from before the last edit under the new headline. Here a
    change of the page's width after a change of input draws the chart again at the new width, and no amount
    but the new grid's is drawn (the amount itself is not written again: it has not changed)."""
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    amount = explorer(page).locator(".amount")
    before = example_data()
    expect(amount).to_have_text(cell(before, before["planned"], 0)["monthly"])
    page.get_by_test_id("stExpander").filter(has_text="Avanzado: supuestos").locator("summary").first.click()
    type_number(page.locator(".st-key-growth_pct_text input"), "2")
    grown = example_data(growth_pct=2.0)
    now = cell(grown, grown["planned"], 0)["monthly"]
    assert now != cell(before, before["planned"], 0)["monthly"]
    expect(amount).to_have_text(now)
    # every text the amount takes from here on, as drawn
    amount.evaluate("""(element) => {
        window.drawnAmounts = [];
        new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(
            (node) => window.drawnAmounts.push(node.textContent)))).observe(element, { childList: true });
    }""")
    chart = explorer(page).locator("svg.chart").element_handle()
    drawn_width = chart.evaluate("(svg) => svg.viewBox.baseVal.width")
    page.set_viewport_size({"width": 1200, "height": 900})  # the chart's width changes: it is drawn again
    page.wait_for_function("([svg, before]) => svg.viewBox.baseVal.width !== before"
                           " && svg.viewBox.baseVal.width === svg.clientWidth", arg=[chart, drawn_width])
    expect(amount).to_have_text(now)
    assert set(page.evaluate("window.drawnAmounts")) <= {now}


def test_using_the_chosen_age_puts_it_in_the_form(page, app_url):
    open_app(page, app_url)
    slider = page.get_by_role("slider", name=AGE)
    data = example_data()
    expect(slider).to_have_value(str(data["planned"]))
    slider.focus()
    for _ in range(15):
        slider.press("ArrowRight")
    target = data["planned"] + 15
    expected = cell(data, target, 0)["monthly"]
    years, months = divmod(target, 12)
    use = explorer(page).get_by_role("button", name=re.compile("Usar"))
    expect(use).to_contain_text(f"{years} años")
    use.click()
    expect(number_input(page, "retire_years", "años")).to_have_value(str(years))
    expect(number_input(page, "retire_months", "meses")).to_have_value(str(months))
    expect(amount_shown(page)).to_have_text(expected)
    expect(slider).to_have_value(str(target))
    expect(explorer(page).get_by_role("button", name=re.compile("edad del formulario"))).to_be_disabled()


@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_english_session_mode_and_a_phone(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, app_url, "?lang=English")
    slider = page.get_by_role("slider", name=AGE)
    expect(slider).to_have_accessible_name(re.compile("^Age"))
    data = example_data("en")
    expect(explorer(page).locator(".amount")).to_have_text(cell(data, data["planned"], 0)["monthly"])
    expect(explorer(page)).to_have_attribute("lang", "en")
    box = explorer(page).bounding_box()
    assert box["width"] <= width and box["x"] >= 0
    overflow = explorer(page).evaluate("e => e.scrollWidth - e.clientWidth")
    assert overflow <= 1, "the explorer is wider than its place"
    size = explorer(page).locator(".amount").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    sidebar_button = page.get_by_test_id("stExpandSidebarButton")
    if sidebar_button.is_visible():
        sidebar_button.click()
    page.get_by_test_id("stSidebar").get_by_text("Session mode (large type)").click()
    expect(explorer(page)).to_have_class(re.compile(r"\blarge\b"))
    larger = explorer(page).locator(".amount").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert larger > size


def test_the_comparison_receives_what_the_explorer_shows_with_whole_headlines(page, app_url):
    """Three positions of the explorer added, then the form's scenario: the comparison shows each position's
    age and amount, and at 1366 px with four columns every headline keeps its age (it wraps, never cut)."""
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    data = example_data()
    planned = data["planned"]
    age, extra = page.get_by_role("slider", name=AGE), page.get_by_role("slider", name=re.compile("Servicio adicional"))
    add = explorer(page).get_by_role("button", name=re.compile("^Añadir a la comparación"))
    positions = [(planned + 8, 0), (planned + 20, 1), (planned + 44, 2)]
    for count, (months, years_added) in enumerate(positions, start=1):
        age.focus()
        for _ in range(months - int(age.input_value())):
            age.press("ArrowRight")
        extra.focus()
        for _ in range(years_added - int(extra.input_value())):
            extra.press("ArrowRight")
        expect(explorer(page).locator(".amount")).to_have_text(cell(data, months, years_added)["monthly"])
        expect(add).to_contain_text(f"{months // 12} años y {months % 12} meses")  # names what it adds
        add.click()
        expect(page.get_by_text(f"Escenario añadido a la comparación ({count} de 4).")).to_be_visible()
    clicked(page.get_by_role("button", name=ADD_FORM),  # made again if lost while the last addition's run redraws it
            page.get_by_text("Escenario añadido a la comparación (4 de 4)."))

    page.get_by_test_id("stSidebar").get_by_role("link", name="Comparar escenarios").click()
    columns = page.locator(".st-key-compare_columns [data-testid='stColumn']")
    expect(columns).to_have_count(4)
    for column, (months, years_added) in zip(columns.all(), positions + [(planned, 0)]):
        label = column.get_by_test_id("stMetricLabel")
        words = f"{months // 12} años y {months % 12} meses" if months % 12 else f"{months // 12} años"
        expect(label).to_have_text(f"Pensión mensual a los {words}")
        expect(column.get_by_test_id("stMetricValue")).to_have_text(cell(data, months, years_added)["monthly"])
        clipped = label.locator("p, div").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).length")
        assert clipped == 0, f"the headline of {words} is cut"
