"""The app in a real browser, used as a person uses it: look, open, type, switch language and pages.

Every check waits on what the user sees (`expect` retries until its timeout); there are no sleeps.
Streamlit details these tests rely on:
- every number and date of the form is a text box the app reads (ui/form/entry.py), committed on Enter (or
  on leaving the field); a date is typed day/month/year in one box;
- a table (`st.dataframe`) is drawn on a canvas; its visible cells are mirrored in an accessible
  `<table role="grid">` inside the canvas, which is what screen readers (and these tests) read.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

MONEY = re.compile(r"^\$\d{1,3}(,\d{3})*\.\d{2}$")
NUMBER_CELL = re.compile(r"^-?\d+(\.\d+)?$")
ADD_FORM = re.compile(r"^Añadir a la comparación el escenario del formulario")  # the button names its scenario


# --- the example member the app opens on, computed by hand -------------------------------------------

def example_pension(today: date) -> tuple[int, str]:
    """(planned age, monthly pension) of the app's example member, from the published rule, not the app's code.

    The example (ui/form/example.py): Ley 447, entered 1989, born 15/02/1970, 27 years of service today, annual
    average $36,000, retiring at 58 (or at the next birthday once past 57). Service grows by each whole month
    from today to the birthday the pension starts on (RULES.md §0: counted from today, not from the last
    monthly birthday), so the figure changes every month: on 2026-11-29 the member is 56 years and 9 months
    old; 15/02/2028 is 14 whole months away (the 15th month ends on 29/02/2028), so 28 years 2 months at 58 and
    $1,390.00. Service at the planned age stays between 27 and 29 years,
    so Regla 18.2 (58 years of age and 10 of service) applies with the general formula: 1.5% of the average
    for each of the first 20 years and 2% for each year over 20, a year's pension divided by 12 and rounded
    to cents.
    """
    birth = date(1970, 2, 15)
    months_old = (today.year - birth.year) * 12 + today.month - birth.month - (today.day < birth.day)
    next_birthday_age = months_old // 12 + 1
    planned = max(58, next_birthday_age)
    start = date(birth.year + planned, birth.month, birth.day)  # the birthday the pension starts on
    service = Fraction(27) + Fraction((start.year - today.year) * 12 + start.month - today.month
                                      - (start.day < today.day), 12)
    assert 10 <= service < 30, "the example member left the Regla 18.2 range: update example_pension"
    average = Fraction(36000)
    annual = Fraction(15, 1000) * average * min(service, 20) + Fraction(2, 100) * average * max(service - 20, 0)
    monthly = (Decimal(annual.numerator) / Decimal(annual.denominator) / 12).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return planned, f"${monthly:,.2f}"


def test_example_pension_matches_the_brief():
    assert example_pension(date(2026, 11, 29)) == (58, "$1,390.00")
    assert example_pension(date(2026, 12, 15)) == (58, "$1,390.00")  # 14 whole months to 15/02/2028
    assert example_pension(date(2026, 12, 16)) == (58, "$1,385.00")  # 13: (10,800 + 720 × 8 1/12) ÷ 12


# --- helpers: what a person does ------------------------------------------------------------------------

def open_app(page: Page, url: str, path: str = "") -> None:
    page.goto(f"{url}/{path}")
    expect(page.get_by_test_id("stApp")).to_be_visible()


# The answer's amount: the estimate page's headline (ui/shell/look.py), the comparison page's metrics.
AMOUNT = ".st-key-headline, [data-testid='stMetric']"
AMOUNT_VALUE = ".st-key-headline strong, [data-testid='stMetricValue']"
AMOUNT_LABEL = ".st-key-headline p:first-child, [data-testid='stMetricLabel']"


def headline(page: Page) -> Locator:
    """Every amount on the page (none while a value is refused)."""
    return page.get_by_test_id("stMain").locator(AMOUNT)


def amount_shown(page: Page) -> Locator:
    return page.get_by_test_id("stMain").locator(AMOUNT_VALUE).first


def amount_label(page: Page) -> Locator:
    return page.get_by_test_id("stMain").locator(AMOUNT_LABEL).first


def applied_rule(page: Page) -> Locator:
    return page.get_by_test_id("stMain").locator("p", has_text="Regla aplicada:")


def opened(section, title: str, box):
    """`box`, inside the expander `section`, once visible (the expander opened if it is not).

    Looked at once the page's run is done (a run, or a page change, draws the expander anew, and a click on the
    one being replaced is lost or closes it); opened by its `<details>` state, not by whether the box shows yet:
    a click on an expander that is already opening would close it."""
    expect(section.page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    details = section.locator("details").first
    for _ in range(3):  # a rerun landing between the look and the click may redraw it closed: look again
        if box.is_visible():
            return box
        if details.get_attribute("open") is None:
            section.get_by_text(title).click()
        try:
            expect(box).to_be_visible(timeout=10_000)
            return box
        except AssertionError:
            continue
    expect(box).to_be_visible()
    return box


def clicked(button, until) -> None:
    """Click `button` until `until` shows. A click that lands while a run redraws the button can be lost (seen
    once on a loaded machine: *Añadir* added nothing in 30 s); it is clicked again only once the page's run
    is over and nothing came of it, so a slow click is never made twice."""
    app = button.page.get_by_test_id("stApp")
    for attempt in range(3):
        expect(app).to_have_attribute("data-test-script-state", "notRunning")
        if attempt and until.is_visible():
            return
        button.click()
        try:
            expect(until).to_be_visible(timeout=10_000)
            return
        except AssertionError:
            continue
    expect(until).to_be_visible()



def open_charts(page: Page) -> Locator:
    """Open the charts' section (built only when opened; the explorer above answers by age at once) and
    return its tabs."""
    title = re.compile(r"^(Ver los gráficos|Show the charts)")  # the summary's own text
    section = page.get_by_test_id("stExpander").filter(has_text=re.compile("Ver los gráficos|Show the charts"))
    tabs = page.get_by_test_id("stTabs")
    opened(section, title, tabs.locator(".js-plotly-plot .main-svg").first)
    return tabs


def number_input(page: Page, key: str, label: str) -> Locator:
    """The text box of field `key` ("años" and "meses" appear twice in the form, so the key tells them apart)."""
    return page.locator(f".st-key-{key}_text").get_by_role("textbox", name=label, exact=True)


def date_input(page: Page, label: str) -> Locator:
    """The text box of a date, by its label without the "(día/mes/año)" that follows it."""
    return page.get_by_role("textbox", name=re.compile(rf"^{re.escape(label)} \("))


def type_number(field: Locator, value: str) -> None:
    field.fill(value)
    field.press("Enter")  # a text box commits on Enter
    expect(field).to_have_value(value)


def type_date(page: Page, label: str, day_month_year: str) -> None:
    """Type a date, day/month/year, into its box."""
    type_number(date_input(page, label), day_month_year)


def grid_cells(container: Locator) -> Locator:
    """The cells a table shows (its accessible mirror, see the module's docstring)."""
    return container.locator('td[role="gridcell"]')


def grid_headers(container: Locator) -> Locator:
    return container.locator('th[role="columnheader"]')


def scroll_table_right(page: Page, table: Locator) -> None:
    table.hover()
    page.mouse.wheel(3000, 0)


def plain_number(amount: str) -> str:
    """"$1,395.00" → "1395", as a table cell shows the number."""
    return f"{Decimal(amount.strip('$').replace(',', '')).normalize():f}"


# --- the tests ----------------------------------------------------------------------------------------------

def test_first_screen_shows_the_example_members_pension(page, app_url):
    open_app(page, app_url)
    age, amount = example_pension(date.today())
    expect(amount_label(page)).to_have_text(f"Pensión mensual a los {age} años")
    expect(amount_shown(page)).to_have_text(amount)
    expect(page.get_by_role("heading", name="Estimador de Pensión", level=1)).to_be_visible()
    expect(applied_rule(page)).to_contain_text("Regla 18.2")
    expect(page.locator("html")).to_have_attribute("lang", "es")


def test_how_it_was_calculated_lists_steps_with_their_law(page, app_url):
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    how = page.get_by_test_id("stExpander").filter(has_text="¿Cómo se calculó?")
    how.get_by_text("¿Cómo se calculó?").click()
    steps = how.locator("ol.calc-steps > li")
    expect(steps.first).to_be_visible()
    expect(steps.filter(has_text=re.compile(r"Pensión mensual"))).not_to_have_count(0)
    expect(how.get_by_text("Ley: Reglamento, Regla 18.2").first).to_be_visible()
    amount = amount_shown(page).inner_text()
    expect(how.locator("strong", has_text=amount).first).to_be_visible()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_how_it_was_calculated_reads_without_sideways_scrolling(new_page, app_url, lang, width, height):
    page = new_page(width, height, None)
    page.goto(f"{app_url}/" + ("?lang=English" if lang == "en" else ""))
    title = "¿Cómo se calculó?" if lang == "es" else "How was it calculated?"
    how = page.get_by_test_id("stExpander").filter(has_text=title)
    how.get_by_text(title).click()
    steps = how.locator("ol.calc-steps")
    expect(steps.locator("li").first).to_be_visible()
    # Every step, its arithmetic and its law inside the page's width: nothing to scroll sideways.
    overflow = steps.evaluate("""list => {
        const page = document.documentElement;
        const box = list.getBoundingClientRect();
        const items = [...list.querySelectorAll('li, li div')];
        return {list: box.right - page.clientWidth, scroll: page.scrollWidth - page.clientWidth,
                widest: Math.max(...items.map(e => e.scrollWidth - e.clientWidth))};
    }""")
    assert overflow["list"] <= 1 and overflow["scroll"] <= 1 and overflow["widest"] <= 1, overflow
    law = "Ley: Reglamento, Regla 18.2" if lang == "es" else "Law: Reglamento, Regla 18.2"
    expect(how.get_by_text(law).first).to_be_visible()


def test_three_charts_each_with_a_table_of_numbers(page, app_url):
    open_app(page, app_url)
    amount = amount_shown(page)
    expect(amount).to_have_text(MONEY)
    tabs = open_charts(page)
    names = ["Pensión mensual según la edad de retiro",
             re.compile(r"^Pensión mensual a los \d+ años según el servicio adicional acreditado$"),
             "Edad de retiro × servicio adicional"]
    for name in names:
        tab = tabs.get_by_role("tab", name=name)
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        panel = tabs.get_by_role("tabpanel")  # only the visible one is in the accessibility tree
        expect(panel).to_have_count(1)
        expect(panel.locator(".js-plotly-plot")).to_have_count(1)
        expect(panel.locator(".js-plotly-plot")).to_be_visible()
        expect(panel.locator(".js-plotly-plot .main-svg").first).to_be_visible()  # plotly has drawn it
        panel.get_by_test_id("stExpander").get_by_text("Ver la tabla de números").click()
        table = panel.get_by_test_id("stDataFrame")
        expect(table).to_be_visible()
        expect(grid_headers(table).filter(has_text="Pensión mensual ($)")).to_have_count(1)
        expect(grid_cells(table).filter(has_text=NUMBER_CELL)).not_to_have_count(0)
        if name is names[1]:  # with no additional service, the table gives the pension shown above
            expect(grid_cells(table).filter(has_text=re.compile(
                rf"^{re.escape(plain_number(amount.inner_text()))}$")).first).to_be_attached()
    # The app builds only the open tab's chart: one chart in the page's tabs at a time.
    expect(tabs.locator(".js-plotly-plot")).to_have_count(1)


def test_english_changes_the_words_not_the_numbers(page, app_url):
    open_app(page, app_url)
    age, _ = example_pension(date.today())
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    amount = value.inner_text()
    average = number_input(page, "average_annual", "Retribución promedio anual ($)")
    expect(average).to_have_value("36,000.00")
    expect(page.locator("html")).to_have_attribute("lang", "es")

    page.get_by_test_id("stSidebar").get_by_role("radio", name="English").click()

    expect(amount_label(page)).to_have_text(f"Monthly pension at {age} years")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Pension Estimator", level=1)).to_be_visible()
    expect(page.get_by_test_id("stSidebar").get_by_role("link", name="Compare scenarios")).to_be_visible()
    expect(value).to_have_text(amount)
    expect(number_input(page, "average_annual", "Annual average pay ($)")).to_have_value("36,000.00")
    expect(date_input(page, "Date of birth")).to_have_value("15/02/1970")


def test_a_teacher_entered_by_hand_gets_the_published_example(page, app_url):
    """The teachers' system's published example: 30 years of service, average $1,956.11 → 75% = $1,467.08."""
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    page.get_by_role("radiogroup", name="Sistema de retiro").get_by_text("Maestros", exact=True).click()
    average = page.get_by_role("textbox", name="Promedio de los 36 salarios mensuales más altos ($)", exact=True)
    expect(average).to_be_visible()
    expect(date_input(page, "Fecha en que entró por primera vez al Sistema")).to_have_count(1)  # asked of teachers too
    today = date.today()
    type_date(page, "Fecha de nacimiento", f"01/{today.month:02d}/{today.year - 51}")  # 51 today: 52 is ahead
    type_date(page, "Fecha en que entró por primera vez al Sistema", f"01/08/{today.year - 31}")  # 30 years fit
    type_number(number_input(page, "service_years", "años"), "30")
    type_number(number_input(page, "service_months", "meses"), "0")
    type_number(average, "1956.11")
    type_number(number_input(page, "retire_years", "años"), "52")
    type_number(number_input(page, "retire_months", "meses"), "0")

    expect(amount_label(page)).to_have_text("Pensión mensual a los 52 años")
    expect(amount_shown(page)).to_have_text("$1,467.08")
    expect(applied_rule(page)).to_contain_text("Maestros, Sección A")


def test_an_impossible_service_is_explained_next_to_the_field(page, app_url):
    open_app(page, app_url)
    amount = amount_shown(page)
    expect(amount).to_have_text(MONEY)
    before = amount.inner_text()
    service = number_input(page, "service_years", "años")

    type_number(service, "60")  # entered the System on 01/08/1989: at most some 37 years since

    # The message sits right under the service inputs (the block holding them, then the message).
    message = page.locator('[data-testid="stLayoutWrapper"]:has(.st-key-service_years_text)'
                           ' + [data-testid="stElementContainer"] [data-testid="stAlert"]')
    expect(message).to_be_visible()
    expect(message).to_contain_text("El servicio (60 años) es mayor que el tiempo desde su primera entrada al "
                                    "Sistema (01/08/1989)")
    expect(message).to_contain_text(re.compile(r"se acepta hasta \d+ años( y (1 mes|\d+ meses))?\.$"))
    expect(page.get_by_text("Para ver el estimado, corrija: servicio acreditado.")).to_be_visible()
    expect(headline(page)).to_have_count(0)
    # Everything else keeps what was typed.
    expect(service).to_have_value("60")
    expect(date_input(page, "Fecha de nacimiento")).to_have_value("15/02/1970")
    expect(date_input(page, "Fecha en que entró por primera vez al Sistema")).to_have_value("01/08/1989")
    expect(number_input(page, "average_annual", "Retribución promedio anual ($)")).to_have_value("36,000.00")
    expect(number_input(page, "retire_years", "años")).to_have_value(re.compile(r"^\d+$"))

    type_number(service, "27")  # corrected: the message goes and the pension comes back
    expect(message).to_have_count(0)
    expect(amount_shown(page)).to_have_text(before)


def test_compare_and_rules_pages_open_from_the_sidebar(page, app_url):
    open_app(page, app_url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    amount = value.inner_text()
    clicked(page.get_by_role("button", name=ADD_FORM),
            page.get_by_text("Escenario añadido a la comparación (1 de 4)."))
    sidebar = page.get_by_test_id("stSidebar")

    sidebar.get_by_role("link", name="Comparar escenarios").click()
    expect(page.get_by_role("heading", name="Comparar escenarios", level=1)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/Comparar"))
    expect(page.get_by_role("heading", name="Escenario 1")).to_be_visible()
    expect(amount_shown(page)).to_have_text(amount)

    sidebar.get_by_role("link", name="Reglas y supuestos").click()
    expect(page.get_by_role("heading", name="Reglas y supuestos", level=1)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/Reglas_y_supuestos"))
    rule = page.get_by_test_id("stExpander").filter(has_text="Regla 18.2: 58 años de edad y 10 de servicio")
    expect(rule.first).to_be_visible()
    rule.first.get_by_text("Regla 18.2: 58 años de edad y 10 de servicio").click()
    expect(rule.first.get_by_text("Texto de la ley")).to_be_visible()

    sidebar.get_by_role("link", name="Estimado").click()
    expect(amount_shown(page)).to_have_text(amount)


def test_on_a_phone_the_sidebar_closes_once_a_page_is_chosen(page, app_url):
    """On a phone the sidebar lies over the page: a page chosen in it is shown, not hidden under it."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    # what closes it is in place (ui/shell/page_hints.py, drawn after the answer: seen missing on a busy machine)
    page.wait_for_function("() => !!window.__pageHintsWatcher")
    page.get_by_test_id("stExpandSidebarButton").click()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_role("link", name="Reglas y supuestos")).to_be_in_viewport()
    sidebar.get_by_role("link", name="Reglas y supuestos").click()
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1)).to_have_text("Reglas y supuestos")
    expect(page.get_by_test_id("stExpandSidebarButton")).to_be_visible()
    expect(sidebar.get_by_role("link", name="Reglas y supuestos")).not_to_be_in_viewport()


def test_on_a_wide_screen_the_sidebar_stays_beside_the_page(page, app_url):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    sidebar = page.get_by_test_id("stSidebar")
    expect(amount_shown(page)).to_have_text(MONEY)
    sidebar.get_by_role("link", name="Reglas y supuestos").click()
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1)).to_have_text("Reglas y supuestos")
    page.wait_for_timeout(500)  # past the moment a phone's sidebar closes
    expect(sidebar.get_by_role("link", name="Comparar escenarios")).to_be_in_viewport()


def test_on_a_wide_screen_what_to_correct_stays_in_sight_beside_the_form(page, app_url):
    """A value refused low in the form: the answer's column says what to correct where the member is, not
    only at the top of the page."""
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    type_number(number_input(page, "retire_years", "años"), "200")
    expect(headline(page)).to_have_count(0)
    page.locator(".st-key-both_systems").scroll_into_view_if_needed()  # the form's end
    expect(page.locator(".st-key-retire_years_text input")).to_be_in_viewport()
    expect(page.get_by_text("Para ver el estimado, corrija: edad de comienzo de la pensión.")).to_be_in_viewport()
