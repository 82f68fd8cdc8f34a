"""The page's look, measured in a real browser: session mode makes the whole page larger together (what is
drawn, not only the style written), the focus ring is not the error colour, no empty band above the title,
the comparison's columns line up at 1366×900 and 390×844, and a section the member opened stays open."""

from __future__ import annotations

import re

import pytest

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import Locator, Page, expect

from ui.shell.look import FOCUS, INK, SESSION_SCALE

from .test_app_browser import ADD_FORM, MONEY, amount_shown, clicked, headline, number_input, open_app, type_number

pytestmark = pytest.mark.browser

GROWTH = 1.2  # session mode draws each measured thing at least this much larger (the factor is 1.5)
CRIMSON = "rgb(179, 32, 46)"  # the accent, and the colour of the error messages

# What session mode must enlarge, each by a selector of the estimate page (the first match in the main area).
MEASURED = {
    "label": ".st-key-birth_date_text [data-testid='stWidgetLabel'] p",
    "input": ".st-key-birth_date_text input",
    "amount": ".st-key-headline strong",
    "bullet": "[data-testid='stMarkdownContainer'] li",
    "caption": "[data-testid='stCaptionContainer']",
    "steps": "ol.calc-steps li",
    "chart": ".js-plotly-plot .xtick text",
    "table": ".st-key-lifetime_table table",
}

_SIZES = """(measured) => {
    const main = document.querySelector('[data-testid="stMain"]');
    const out = {};
    for (const [name, selector] of Object.entries(measured)) {
        const element = main.querySelector(selector);
        if (element === null) { out[name] = null; continue; }
        const box = element.getBoundingClientRect();
        out[name] = {font: parseFloat(getComputedStyle(element).fontSize), height: box.height};
    }
    out.privacy = parseFloat(getComputedStyle(
        document.querySelector('[data-testid="stSidebar"] [data-testid="stCaptionContainer"]')).fontSize);
    return out;
}"""


def settled(page: Page) -> None:
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    expect(page.locator('[data-stale="true"]')).to_have_count(0)


def open_section(page: Page, title: str) -> None:
    """Open a collapsed section of the answer (an expander) by its title."""
    summary = page.get_by_test_id("stMain").locator("details > summary", has_text=title).first
    if summary.evaluate("s => !s.parentElement.open"):
        summary.click()


def sizes(page: Page) -> dict:
    return page.evaluate(_SIZES, MEASURED)


def test_session_mode_draws_the_whole_page_larger(page, app_url):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    settled(page)
    open_section(page, "¿Cómo se calculó?")
    expect(page.locator("ol.calc-steps li").first).to_be_visible()
    if page.locator(".js-plotly-plot").count() == 0:  # the charts wait in a section of their own
        open_section(page, "Ver los gráficos")
    expect(page.locator(".js-plotly-plot .xtick text").first).to_be_visible()
    open_section(page, "Vista de por vida")  # its table: the payments added up, two rows
    expect(page.get_by_test_id("stMain").locator(MEASURED["table"])).to_be_visible()
    settled(page)
    before = sizes(page)
    assert all(before.values()), before

    page.get_by_test_id("stSidebar").get_by_text("Modo de sesión (letra grande)").click()
    expect(page.locator("html")).to_have_css("font-size", f"{16 * SESSION_SCALE:g}px")
    settled(page)
    expect(page.locator("ol.calc-steps li").first).to_be_visible()
    expect(page.locator(".js-plotly-plot .xtick text").first).to_be_visible()
    for _ in range(20):  # the chart is redrawn after the rest: give it a few seconds
        after = sizes(page)
        grown = {name: round(after[name]["font"] / before[name]["font"], 2) for name in MEASURED}
        if all(ratio >= GROWTH for ratio in grown.values()):
            break
        page.wait_for_timeout(250)
    assert all(ratio >= GROWTH for ratio in grown.values()), f"{grown}\n{before}\n{after}"
    # What takes room grows with its type: the typed box, the amount, the label's line, the table's rows.
    taller = {name: round(after[name]["height"] / before[name]["height"], 2)
              for name in ("label", "input", "amount", "table")}
    assert all(ratio >= GROWTH for ratio in taller.values()), taller
    # One factor for everything: the privacy note grows like the rest, not out of proportion.
    assert GROWTH <= after["privacy"] / before["privacy"] <= SESSION_SCALE + 0.05

    # It stays on from page to page.
    page.get_by_test_id("stSidebar").get_by_role("link", name="Reglas y supuestos").click()
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1)).to_have_text("Reglas y supuestos")
    expect(page.get_by_test_id("stSidebar").get_by_role("switch")).to_be_checked()
    expect(page.locator("html")).to_have_css("font-size", f"{16 * SESSION_SCALE:g}px")


# Each sidebar text that does not fit on its line (its scrollWidth beyond its box), and each language button
# drawn without a visible edge (a transparent border or a square corner: Streamlit joins the buttons into one bar).
_SIDEBAR_FLAWS = """() => {
    const bar = document.querySelector('[data-testid="stSidebar"]');
    const cut = Array.from(bar.querySelectorAll('[data-testid="stPageLink-NavLink"] p, [data-testid="stButtonGroup"] p'))
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent);
    const open = [];
    for (const button of bar.querySelectorAll('[data-testid="stButtonGroup"] button')) {
        const style = getComputedStyle(button);
        for (const side of ["Top", "Right", "Bottom", "Left"]) {
            if (style[`border${side}Color`] === "rgba(0, 0, 0, 0)" || parseFloat(style[`border${side}Width`]) === 0) {
                open.push(`${button.textContent} ${side}`);
            }
        }
        for (const corner of ["TopLeft", "TopRight", "BottomLeft", "BottomRight"]) {
            if (parseFloat(style[`border${corner}Radius`]) === 0) open.push(`${button.textContent} ${corner}`);
        }
    }
    return {cut, open};
}"""


@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_sidebar_in_session_mode_cuts_no_name_and_draws_each_language_button_whole(page, app_url, width, height):
    """In English at session mode's size the sidebar's names are longer than its width: "Rules and assumptions"
    was cut, and the language buttons wrapped onto two lines as halves of one bar."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, app_url, "?lang=English")
    expect(amount_shown(page)).to_have_text(MONEY)
    opener = page.get_by_test_id("stExpandSidebarButton")
    if opener.is_visible():
        opener.click()
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("Session mode (large type)").click()
    expect(page.locator("html")).to_have_css("font-size", f"{16 * SESSION_SCALE:g}px")
    settled(page)
    if opener.is_visible():  # the phone's sidebar may close with the run
        opener.click()
    expect(sidebar.get_by_role("link", name="Rules and assumptions")).to_be_visible()
    assert page.evaluate(_SIDEBAR_FLAWS) == {"cut": [], "open": []}


@pytest.mark.parametrize("width", [320, 390])
def test_years_and_months_stay_side_by_side_on_a_phone_in_session_mode(page, app_url, width):
    """The service's and the start age's years and months are one row of two boxes at any width, in session mode's
    larger type too (a row of boxes wraps where they do not fit: the months went under the years)."""
    page.set_viewport_size({"width": width, "height": 844})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    opener = page.get_by_test_id("stExpandSidebarButton")
    if opener.is_visible():
        opener.click()
    page.get_by_test_id("stSidebar").get_by_text("Modo de sesión (letra grande)").click()
    expect(page.locator("html")).to_have_css("font-size", f"{16 * SESSION_SCALE:g}px")
    settled(page)
    for pair in ("service", "retire"):
        years = page.locator(f".st-key-{pair}_years_text input").bounding_box()
        months = page.locator(f".st-key-{pair}_months_text input").bounding_box()
        assert months["y"] == years["y"] and months["x"] > years["x"] + years["width"], (pair, years, months)
        assert months["x"] + months["width"] <= width, pair


# What is read while talking across a desk, by a selector of the estimate page, and the size each needs
# from two metres on a 1366×768 laptop (about 24 px; the amount 56 px).
READ_FROM_TWO_METRES = {
    "amount": (".st-key-headline strong", 56),
    "amount's label": (".st-key-headline p", 24),
    "rule": ("[data-testid='stMarkdownContainer'] p:has(strong)", 24),
    "caption": ("[data-testid='stCaptionContainer']", 24),
    "steps": ("ol.calc-steps li", 24),
    "law under a step": ("ol.calc-steps .law", 24),
    "key dates": (".st-key-key_dates li, [data-testid='stMarkdownContainer'] li", 24),
    "table": (".st-key-lifetime_table table td", 24),
}

_DRAWN = """(measured) => {
    const main = document.querySelector('[data-testid="stMain"]');
    const out = {};
    for (const [name, [selector]] of Object.entries(measured)) {
        const element = main.querySelector(selector);
        if (element === null) { out[name] = null; continue; }
        const style = getComputedStyle(element);
        out[name] = {font: parseFloat(style.fontSize), color: style.color, opacity: parseFloat(style.opacity)};
    }
    return out;
}"""


def test_session_mode_is_read_from_two_metres_with_the_form_out_of_the_way(page, app_url):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    page.get_by_test_id("stSidebar").get_by_text("Modo de sesión (letra grande)").click()
    expect(page.locator("html")).to_have_css("font-size", "24px")
    settled(page)
    open_section(page, "¿Cómo se calculó?")
    expect(page.locator("ol.calc-steps li").first).to_be_visible()
    open_section(page, "Vista de por vida")
    expect(page.get_by_test_id("stMain").locator(".st-key-lifetime_table table")).to_be_visible()
    settled(page)
    drawn = page.evaluate(_DRAWN, READ_FROM_TWO_METRES)
    small = {name: drawn[name] for name, (_, least) in READ_FROM_TWO_METRES.items()
             if drawn[name] is None or drawn[name]["font"] < least}
    assert not small, small
    caption = drawn["caption"]  # captions at full contrast: the text's colour, not faded
    assert caption["color"] == rgb(INK) and caption["opacity"] == 1, caption
    # The answer comes first, across the width; the form below it, out of the way while talking.
    answer = page.locator(".st-key-headline").bounding_box()
    form = page.locator(".st-key-birth_date_text").bounding_box()
    main = page.get_by_test_id("stMain").bounding_box()
    assert answer["y"] + answer["height"] <= page.viewport_size["height"], answer  # in sight on opening
    assert form["y"] > answer["y"] + answer["height"], (form, answer)
    result_column = page.locator("[data-testid='stColumn']:has(.st-key-headline)").first.bounding_box()
    assert result_column["width"] >= 0.6 * main["width"], (result_column, main)
    # The comparison's amounts as large as the estimate's.
    clicked(page.get_by_role("button", name=ADD_FORM),
            page.get_by_text("Escenario añadido a la comparación (1 de 4)."))
    page.get_by_test_id("stSidebar").get_by_role("link", name="Comparar escenarios").click()
    value = page.get_by_test_id("stMetricValue").first
    expect(value).to_be_visible()
    assert float(value.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 56


def test_tables_and_charts_carry_no_english_toolbar(page, app_url):
    """Streamlit's toolbars over tables and charts, and plotly's, name their buttons in English only."""
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    settled(page)
    if page.locator(".js-plotly-plot").count() == 0:
        open_section(page, "Ver los gráficos")
    chart = page.locator(".js-plotly-plot").first
    expect(chart).to_be_visible()
    open_section(page, "Ver la tabla de números")  # the chart's numbers: a data grid, with its toolbar
    table = page.get_by_test_id("stMain").get_by_test_id("stDataFrame").first
    expect(table).to_be_visible()
    for shown in (chart, table):
        shown.hover()
        expect(page.locator("[data-testid='stElementToolbar']:visible")).to_have_count(0)
    expect(page.locator(".js-plotly-plot .modebar-btn")).to_have_count(0)
    for english in ("Fullscreen", "Download as CSV", "Search", "Download plot"):
        expect(page.locator(f"[aria-label^='{english}']:visible, [title^='{english}']:visible")).to_have_count(0)


def outline(page: Page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "e => { const s = getComputedStyle(e); return {color: s.outlineColor, style: s.outlineStyle,"
        " offset: s.outlineOffset, width: s.outlineWidth, border: s.borderTopColor}; }")


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_focus_is_a_blue_ring_and_errors_stay_crimson_with_their_message(page, app_url):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)
    settled(page)
    service = number_input(page, "service_years", "años")
    service.focus()
    ring = outline(page, ".st-key-service_years_text [data-testid='stTextInputRootElement']")
    assert ring["style"] == "solid" and ring["color"] == rgb(FOCUS) and ring["offset"] == "2px", ring
    assert ring["border"] != CRIMSON, "a field being edited must not look like a field in error"

    type_number(service, "abc")  # refused: the message under the field, in crimson's alert
    message = page.get_by_test_id("stMain").get_by_role("alert").filter(has_text="años de servicio")
    expect(message.first).to_be_visible()
    expect(headline(page)).to_have_count(0)
    assert message.first.evaluate("e => getComputedStyle(e).color") != rgb(FOCUS)

    page.get_by_test_id("stSidebar").get_by_role("button", name=re.compile("^Borrar todo")).focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # reached with the keyboard: :focus-visible
    button = outline(page, "[data-testid='stSidebar'] button:focus-visible")
    assert button["style"] == "solid" and button["color"] == rgb(FOCUS) and button["offset"] == "2px", button


@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_no_empty_band_above_the_title(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, app_url, "Reglas_y_supuestos")
    title = page.get_by_test_id("stMain").get_by_role("heading", level=1)
    expect(title).to_have_text("Reglas y supuestos")
    settled(page)
    measure = ("h => { const r = document.createRange(); r.selectNodeContents(h);"
               " return r.getBoundingClientRect().top; }")
    try:  # the page's styles may land a moment after the title on a busy machine
        page.wait_for_function(f"() => ({measure})(document.querySelector('[data-testid=stMain] h1')) <= 100",
                               timeout=10_000)
    except PlaywrightTimeout:
        pass  # the assertion below says where the title is
    header = page.get_by_test_id("stHeader").bounding_box()
    top = title.evaluate(measure)
    assert header["y"] + header["height"] <= top <= 100, (header, top)  # below the bar, well above 6rem + padding


def add_scenarios(page: Page) -> None:
    """Three scenarios from the estimate page: the example, at 62, and at 62 with 30 years outside coordination."""
    add = page.get_by_role("button", name=ADD_FORM)
    expect(amount_shown(page)).to_have_text(MONEY)
    for count, change in enumerate((None, ("retire_years", "62"), ("service_years", "30")), start=1):
        if change:
            type_number(number_input(page, change[0], "años"), change[1])
            expect(amount_shown(page)).to_have_text(MONEY)
        if count == 3:
            box = page.locator(".st-key-coordinated").get_by_role("checkbox")
            page.locator(".st-key-coordinated label").first.click()  # the label takes the click
            expect(box).not_to_be_checked()
            settled(page)
        add.click()
        expect(page.get_by_text(f"Escenario añadido a la comparación ({count} de 4).")).to_be_visible()
        settled(page)


def tops(locator) -> list[float]:
    return [box["y"] for box in (locator.nth(i).bounding_box() for i in range(locator.count()))]


@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_comparison_shows_each_scenarios_inputs_and_what_differs(page, app_url, width, height):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    add_scenarios(page)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Comparar escenarios").click()
    columns = page.locator(".st-key-compare_columns [data-testid='stColumn']")
    expect(columns).to_have_count(3)
    page.set_viewport_size({"width": width, "height": height})
    settled(page)

    for n, column in enumerate(columns.all(), start=1):
        expect(column.get_by_role("heading", name=f"Escenario {n}")).to_be_visible()
        for label in ("Plan de retiro", "Grupo", "Edad al comenzar la pensión", "Años de servicio acreditado",
                      "Salario promedio", "Plan Coordinado con el Seguro Social", "Supuestos"):
            expect(column.locator("dt", has_text=label)).to_have_count(1)
    # What differs from scenario 1 is bold and said in words (not by colour alone); nothing in scenario 1 is.
    expect(columns.nth(0).locator(".differs")).to_have_count(0)
    age = columns.nth(1).locator("dl.differs", has_text="Edad al comenzar la pensión")
    expect(age.locator("strong")).to_have_text("62 años")
    expect(age).to_contain_text("≠ distinto del escenario 1")
    expect(columns.nth(2).locator("dl.differs", has_text="Plan Coordinado")).to_contain_text("no")
    expect(columns.nth(1)).to_contain_text("Comienza a los 62 años en lugar de a los 58 años.")  # the reasons

    remove = page.get_by_role("button", name=re.compile(r"^Quitar el escenario \d$"))
    expect(remove).to_have_count(3)
    page_width = page.evaluate("document.documentElement.clientWidth")
    assert page.get_by_test_id("stMain").evaluate("m => m.scrollWidth <= m.clientWidth + 1"), "wider than the screen"
    if width >= 640:  # side by side: the buttons in one row, each input level with the same input elsewhere
        assert max(tops(remove)) - min(tops(remove)) <= 1, tops(remove)
        for label in ("Edad al comenzar la pensión", "Salario promedio", "Supuestos"):
            rows = columns.locator("dl", has_text=label)
            assert max(tops(rows)) - min(tops(rows)) <= 1, (label, tops(rows))
    else:  # stacked: each scenario whole, its button after its own inputs and before the next scenario
        for n in range(3):
            button = remove.nth(n).bounding_box()
            assert button["x"] >= 0 and button["x"] + button["width"] <= page_width
            assert button["y"] > tops(columns.nth(n).locator("dl"))[-1]
            if n < 2:
                assert button["y"] < columns.nth(n + 1).bounding_box()["y"]



# Every section opened or closed on the page from now on, in order: [its title, open after the change].
TOGGLES_KEPT = """() => {
    window.toggles = [];
    document.addEventListener('toggle', event => {
        const summary = event.target.querySelector('summary');
        window.toggles.push([summary ? summary.innerText : '', event.target.open]);
    }, true);
}"""


def opened(page: Page, section: Locator, title: str) -> None:
    """Open `section` by a click on its title, as a member does (`TOGGLES_KEPT` run on the page first).

    A click that never opened it is made again, once the page's run is over (seen once in a loaded run: the
    section still closed 30 s after the click, with no run going). A section that opened and then closed by itself
    is a failure: that is what the member would see undone."""
    app = page.get_by_test_id("stApp")
    for attempt in range(3):
        expect(app).to_have_attribute("data-test-script-state", "notRunning")
        if attempt and section.get_attribute("open") is not None:
            return
        before = page.evaluate("window.toggles.length")
        section.locator("summary").click()
        try:
            expect(section).to_have_attribute("open", "", timeout=10_000)
            return
        except AssertionError:
            changes = page.evaluate("first => window.toggles.slice(first)", before)
            assert not any(title in name and now_open for name, now_open in changes), \
                f"{title!r} opened, then closed by itself: {changes}"
    expect(section).to_have_attribute("open", "")


def test_sections_the_member_opened_stay_open_while_messages_come_and_go(page, app_url):
    """Streamlit redraws a section without a key closed when an element above it appears or goes (it takes it for
    another one): a refused date closed "Avanzado" and "Guardar o cargar los datos" under the member's hands, the
    answer's lines from 65 closed "Para el informe", and a click on one of them during such a run was undone."""
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, app_url)
    expect(amount_shown(page)).to_have_text(MONEY)

    def section(title: str) -> Locator:
        return page.get_by_test_id("stExpander").filter(has_text=title).locator("details").first

    page.evaluate(TOGGLES_KEPT)

    def opened_by_the_member(*titles: str) -> None:
        for title in titles:
            opened(page, section(title), title)
            settled(page)

    def still_open(*titles: str) -> None:
        settled(page)
        for title in titles:
            expect(section(title), title).to_have_attribute("open", "")

    form_sections = ("Avanzado: supuestos", "Guardar o cargar los datos")
    opened_by_the_member(*form_sections)
    refused = page.locator(".st-key-birth_date_text + [data-testid='stElementContainer']").get_by_role("alert")
    for typed, messages in (("31/02/1970", 1), ("15/02/1970", 0)):  # a message under the date comes, then goes
        type_number(page.locator(".st-key-birth_date_text input"), typed)
        expect(refused).to_have_count(messages)
        still_open(*form_sections)

    opened_by_the_member("Para el informe (opcional)")
    total = page.get_by_test_id("stTable").filter(has_text="Total desde los 65")
    for typed, lines in (("1,200", 1), ("", 0)):  # the income from 65 drawn above it, then taken away
        type_number(page.locator(".st-key-social_security_text input"), typed)
        expect(total).to_have_count(lines)
        still_open("Para el informe (opcional)", *form_sections)
    # The record `opened` reads saw each opening, so a section that closed by itself after one would be seen.
    opened_titles = {name.split("\n")[-1] for name, now_open in page.evaluate("window.toggles") if now_open}
    assert {*form_sections, "Para el informe (opcional)"} <= opened_titles, page.evaluate("window.toggles")
