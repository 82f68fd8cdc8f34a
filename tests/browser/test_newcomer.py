"""What a new member meets, in a real browser at 1366×900 and 390×844: an amount never partly the example member's
without saying so, the choices kept visible across language switches, one age said in the phone's summary and
nothing hidden under it, a salary history's average beside the one the rule uses, and a comparison lost to a
restart of the server said so."""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import Locator, Page, expect

from scripts.served_app import APP, serve
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.test_app_browser import MONEY, amount_shown, clicked, example_pension

pytestmark = pytest.mark.browser

SCREENS = {"laptop": (1366, 900), "phone": (390, 844)}
LOCALES = {"es": "es-PR", "en": "en-US"}
QUERY = {"es": "", "en": "?lang=English"}


def open_page(new_page, app_url: str, screen: str, lang: str = "es") -> Page:
    page = new_page(*SCREENS[screen], LOCALES[lang])
    page.goto(f"{app_url}/{QUERY[lang]}")
    expect(amount_shown(page)).to_have_text(MONEY)
    return page


def settled(page: Page) -> None:
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")


def choose_language(page: Page, screen: str, name: str, title: str) -> None:
    """The sidebar's language switch (opened first on a phone, where it starts closed)."""
    settled(page)
    sidebar = page.get_by_test_id("stSidebar")
    if screen == "phone" and not sidebar.get_by_text(name, exact=True).is_visible():
        page.get_by_test_id("stExpandSidebarButton").click()
    sidebar.get_by_text(name, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    settled(page)


def checked(page: Page, group: str, option: str):
    return page.get_by_role("radiogroup", name=group).get_by_role("radio", name=option)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_choices_stay_shown_across_language_switches_and_example_values_are_marked(new_page, app_url, screen):
    page = open_page(new_page, app_url, screen)
    amount = amount_shown(page).inner_text()
    # es → en → es: each radio group still shows its choice, and the answer is the same plan's
    for name, title, groups in (("English", "Pension Estimator", (("Retirement system", "Government employees"),
                                                                  ("Still in service?", "Still working"))),
                                ("Español", "Estimador de Pensión", (("Sistema de retiro", "Empleados del gobierno"),
                                                                     ("¿Sigue en el servicio?", "Sigue trabajando")))):
        choose_language(page, screen, name, title)
        for group, option in groups:
            expect(checked(page, group, option)).to_be_checked()
        expect(amount_shown(page)).to_have_text(amount)
    if screen == "phone" and page.get_by_test_id("stSidebarCollapseButton").is_visible():
        page.get_by_test_id("stSidebarCollapseButton").click()

    # One input changed (the teachers' system): every input still the example's is marked as the example's
    page.get_by_role("radiogroup", name="Sistema de retiro").get_by_text("Maestros", exact=True).click()
    warning = page.get_by_test_id("stAlert").filter(has_text="Esta cantidad usa datos del participante de ejemplo")
    expect(warning).to_contain_text("salario promedio")
    expect(warning).to_contain_text("fecha de nacimiento")
    expect(mark_words(page, "average")).to_contain_text("participante de ejemplo")
    expect(page.locator(".st-key-keep_example_birth_date")).to_be_visible()
    if screen == "phone":
        expect(page.locator(".st-key-summary")).to_contain_text("con datos del ejemplo")
    settled(page)
    steps = page.get_by_test_id("stExpander").filter(has_text="¿Cómo se calculó?")
    steps.get_by_text("¿Cómo se calculó?").click()
    first_step = steps.locator("li").first
    expect(first_step).to_contain_text("dato del ejemplo")
    expect(first_step).not_to_contain_text("dato entrado")

    # The birth date confirmed under its field, the rest kept at once: no input is the example's any more
    settled(page)
    page.locator(".st-key-keep_example_birth_date").get_by_role("button").click()
    expect(page.locator(".st-key-keep_example_birth_date")).to_have_count(0)
    expect(warning).not_to_contain_text("fecha de nacimiento")
    settled(page)
    page.get_by_role("button", name=re.compile("^Mantener estos valores")).click()
    expect(warning).to_have_count(0)
    expect(page.locator("[class*='st-key-keep_example_']")).to_have_count(0)
    expect(page.get_by_text("Sigue siendo el dato del participante de ejemplo")).to_have_count(0)
    expect(first_step).to_contain_text("dato entrado")


def mark_words(page: Page, place: str) -> Locator:
    """The words of the example's mark under a field: the element just before its button."""
    return page.locator(f".st-key-keep_example_{place}").locator("xpath=preceding-sibling::*[1]")


# Scrolls the element to view and says whether it then starts below the summary bar (polled by the test).
CLEAR_OF_SUMMARY = """(target) => {
  const element = document.querySelector(target), bar = document.querySelector('.st-key-summary');
  if (!element || !bar) return false;
  element.scrollIntoView();
  return element.getBoundingClientRect().top >= bar.getBoundingClientRect().bottom;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_on_a_phone_the_summary_says_the_forms_age_and_hides_nothing_scrolled_to(new_page, app_url, lang):
    page = open_page(new_page, app_url, "phone", lang)
    age, amount = example_pension(date.today())
    summary = page.locator(".st-key-summary")
    said = {"es": f"A los {age} años, la edad del formulario: {amount}",
            "en": f"At {age} years, the form's age: {amount}"}[lang]
    expect(summary).to_contain_text(said)
    # the explorer moved to another age: the summary still says whose age its amount is for
    slider = page.get_by_role("slider", name=re.compile("^(Edad al comenzar la pensión|Age the pension starts)"))
    slider.focus()
    slider.press("PageUp")
    expect(slider).to_have_value(str(age * 12 + 12))
    expect(summary).to_contain_text(said)
    # session mode draws the summary larger (three lines and more): what is scrolled to stays clear of it
    choose_language(page, "phone", {"es": "Español", "en": "English"}[lang],
                    {"es": "Estimador de Pensión", "en": "Pension Estimator"}[lang])
    session_mode = page.get_by_test_id("stSidebar").get_by_text(re.compile("^(Modo de sesión|Session mode)"))
    # on a phone, choosing a language closes the sidebar: opened again
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "false")
    session_mode.click()
    settled(page)
    page.get_by_test_id("stSidebarCollapseButton").click()
    expect(summary).to_contain_text(said)
    for target in (".st-key-entry_date_text", ".st-key-birth_date_text", ".st-key-service_years_text",
                   ".st-key-retire_years_text"):
        element = page.locator(target)
        # The page clears the bar once it has measured it (a ResizeObserver: later than the click on a busy
        # machine); wait for what a person scrolling would see, the field scrolled to below the bar.
        page.wait_for_function(CLEAR_OF_SUMMARY, arg=target, timeout=15_000)
        element.evaluate("e => e.scrollIntoView()")
        bar_bottom = summary.evaluate("e => e.getBoundingClientRect().bottom")
        top = element.evaluate("e => e.getBoundingClientRect().top")
        assert top >= bar_bottom, f"{target} starts at {top}, under the summary ending at {bar_bottom}"


HISTORY = {"es": "Entrar mi historial de salarios", "en": "Enter my salary history"}
# The three highest average $44,433.33; a later start adds more years of the last, $45,500.00, to the average.
SALARIES = "2021 41000\n2022 43000\n2023 44800\n2024 45500"
USED = {"es": r"\$44,433\.33 al año; la regla usa (\$[\d,]+\.\d\d) al año, el promedio a los {age} años",
        "en": r"\$44,433\.33 a year; the rule uses (\$[\d,]+\.\d\d) a year, the average at {age} years"}


@pytest.mark.parametrize("screen, lang", [("laptop", "es"), ("phone", "en")])
def test_a_salary_historys_note_gives_the_average_the_rule_uses(new_page, app_url, screen, lang):
    page = open_page(new_page, app_url, screen, lang)
    age, _ = example_pension(date.today())
    page.locator(".st-key-salary_mode").get_by_text(HISTORY[lang], exact=True).click()
    box = page.locator(".st-key-history_text textarea")
    expect(box).to_be_visible()
    box.fill(SALARIES)
    box.press("Control+Enter")
    note = page.get_by_text(re.compile(USED[lang].format(age=age)))
    expect(note).to_be_visible()
    used = re.search(USED[lang].format(age=age), note.inner_text()).group(1)
    assert float(used.strip("$").replace(",", "")) > 44_433.33


def test_a_comparison_lost_to_a_restart_is_said_on_the_comparison_page(browser):
    """The server's process restarted under an open page (ENGINEERING.md, Serving): the inputs come back, the
    comparison, kept outside widgets, does not; the comparison page says so instead of just showing none."""
    expect.set_options(timeout=TIMEOUT_MS)
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-PR")
    try:
        with serve(APP) as first:
            page = context.new_page()
            page.goto(first.url)
            expect(amount_shown(page)).to_have_text(MONEY)
            page.wait_for_function("() => !!window.__pageHintsWatcher")  # reruns the page once reconnected
            add = page.get_by_role("button", name=re.compile("^Añadir a la comparación el escenario del formulario"))
            clicked(add, page.get_by_text(re.compile("Escenario añadido a la comparación")))
            page.get_by_test_id("stSidebar").get_by_role("link", name="Comparar escenarios").click()
            expect(page.get_by_role("button", name=re.compile("Quitar el escenario 1"))).to_be_visible()
            port = int(first.url.rsplit(":", 1)[1])
            first.process.terminate()
            first.process.wait(timeout=30)
            expect(page.get_by_test_id("stApp")).not_to_have_attribute("data-test-connection-state", "CONNECTED")
            with serve(APP, port=port):
                expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED",
                                                                       timeout=60_000)
                expect(page.get_by_text("la comparación no")).to_be_visible(timeout=60_000)
                expect(page.get_by_role("button", name=re.compile("Quitar el escenario 1"))).to_have_count(0)
    finally:
        context.close()
