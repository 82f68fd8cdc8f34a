"""Accessibility in a real browser: an axe scan of every page in both languages, and the app used with the
keyboard alone.

The axe rules run offline: `axe-playwright-python` carries axe-core's `axe.min.js`, injected into the page.
A page is scanned once it has settled (no stale or placeholder elements left: a stale element is drawn faded,
which would be a false contrast failure), and no violation of impact "serious" or "critical" is allowed.
"""

from __future__ import annotations

import re

import pytest

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from .test_app_browser import MONEY, amount_label, amount_shown, number_input, clicked, open_charts, opened

pytestmark = pytest.mark.browser

PAGES = {"estimate": "", "compare": "Comparar", "rules": "Reglas_y_supuestos"}
LANGUAGES = {"es": "", "en": "?lang=English"}  # the language is bound to the URL as ?lang=<name shown>
TITLES = {("estimate", "es"): "Estimador de Pensión", ("estimate", "en"): "Pension Estimator",
          ("compare", "es"): "Comparar escenarios", ("compare", "en"): "Compare scenarios",
          ("rules", "es"): "Reglas y supuestos", ("rules", "en"): "Rules and assumptions"}
BLOCKING = ("serious", "critical")
LANGUAGE_NAMES = {"es": "Español", "en": "English"}

# Violations of Streamlit's own widget chrome that the app cannot change, as (axe rule id, CSS selector of the
# element, why). A node is excused only if its element is inside an element matching the selector, and only for
# that rule. Keep this empty unless the app truly cannot fix the markup (a theme setting or the app's own
# elements can be fixed, so they are never excused here).
# No finding is excused: the uploaders' buttons are named in the page's language (ui/shell/page_hints.py).
ALLOWED: tuple[tuple[str, str, str], ...] = ()
UPLOADER_BUTTON = {"es": "Elegir archivo", "en": "Choose file"}
REMOVE_BUTTON = {"es": "Quitar el archivo", "en": "Remove the file"}

_RUN_AXE = """async ([allowed, blocking]) => {
    const results = await axe.run(document, {resultTypes: ["violations"]});
    const excused = (rule, node) => allowed.some(([id, selector]) => {
        if (id !== rule || node.target.length !== 1) return false;
        const element = document.querySelector(node.target[0]);
        return element !== null && element.closest(selector) !== null;
    });
    const where = node => {  // a stable name for the place: the widget's key and Streamlit's test ids
        const element = node.target.length === 1 ? document.querySelector(node.target[0]) : null;
        if (element === null) return "?";
        const keyed = element.closest('[class*="st-key-"]');
        const key = keyed ? [...keyed.classList].find(c => c.startsWith("st-key-")) : null;
        const ids = [];
        for (let e = element; e !== null; e = e.parentElement)
            if (e.dataset.testid) ids.unshift(e.dataset.testid);
        return (key ? `.${key} ` : "") + ids.slice(-3).join(" > ");
    };
    return results.violations
        .filter(v => blocking.includes(v.impact))
        .map(v => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.filter(n => !excused(v.id, n)).map(n => ({
                        target: n.target.join(" "), html: n.html.slice(0, 160), where: where(n),
                        why: n.any.concat(n.all, n.none).map(c => c.message).join("; ")}))}))
        .filter(v => v.nodes.length > 0);
}"""


def settle(page: Page, lang: str, title) -> None:
    """Wait until the page is drawn in full, in its language, and no longer running."""
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1)).to_have_text(title)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    expect(page.get_by_test_id("stSkeleton")).to_have_count(0)
    expect(page.locator('[data-stale="true"]')).to_have_count(0)
    expect(page.locator(".js-plotly-plot:not(:has(.main-svg))")).to_have_count(0)  # every chart drawn


def show_whole_page(page: Page) -> None:
    """Make the window as tall as the page: axe leaves text scrolled out of view undecided ("incomplete")
    for contrast, so with a window this tall every line of the page is checked."""
    height = page.get_by_test_id("stMain").evaluate("main => main.scrollHeight")
    page.set_viewport_size({"width": page.viewport_size["width"], "height": min(max(height, 1000), 20_000)})


def blocking_violations(page: Page) -> list[dict]:
    page.evaluate(Axe().axe_script)
    return page.evaluate(_RUN_AXE, [[list(entry[:2]) for entry in ALLOWED], list(BLOCKING)])


def uploader_named_in_the_pages_language(page: Page, lang: str) -> None:
    """Each visible uploader button is named in the page's language (not Streamlit's English word): the one
    that chooses a file, and the one that removes a file already chosen."""
    for button in page.get_by_test_id("stFileUploaderDropzone").locator("button").all():
        if button.is_visible():
            removes = button.evaluate("b => b.closest('[data-testid=\"stFileChipDeleteBtn\"]') !== null")
            expect(button).to_have_accessible_name((REMOVE_BUTTON if removes else UPLOADER_BUTTON)[lang])


def describe(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        lines.extend(f"    {node['where']}\n        {node['target']}\n        {node['html']}\n        {node['why']}"
                     for node in violation["nodes"])
    return "\n".join(lines)


def focus_by_tab(page: Page, target: Locator, limit: int = 80) -> int:
    """Press Tab until `target` has the focus (as a keyboard user would); return how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if target.evaluate("element => element === document.activeElement"):
            return presses
    pytest.fail(f"{target} was not reached with {limit} presses of Tab")


# --- the tests ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_axe_violations(page, app_url, name, lang):
    page.goto(f"{app_url}/{PAGES[name]}{LANGUAGES[lang]}")
    settle(page, lang, TITLES[name, lang])
    if name == "estimate":  # the result and its chart are part of the page: scan them drawn
        expect(amount_shown(page)).to_have_text(MONEY)
        open_charts(page)  # built when their section is opened
    show_whole_page(page)
    settle(page, lang, TITLES[name, lang])
    violations = blocking_violations(page)
    assert not violations, f"axe on /{PAGES[name]}{LANGUAGES[lang]}:\n{describe(violations)}"
    uploader_named_in_the_pages_language(page, lang)


def add_two_variants(page: Page, lang: str) -> None:
    """Two scenarios on the comparison page (the estimate, then at 62), from its own variant section."""
    title = re.compile("variante|variant")
    add = page.locator(".st-key-variant_add button")
    opened(page.get_by_test_id("stMain").get_by_test_id("stExpander").filter(has_text=title), title, add)
    columns = page.locator(".st-key-compare_columns [data-testid='stColumn']")
    clicked(add, columns.first)
    expect(columns).to_have_count(1)
    age = page.locator(".st-key-variant_age input")
    age.fill("62")
    age.press("Enter")
    expect(age).to_have_value("62")
    clicked(add, columns.nth(1))
    expect(columns).to_have_count(2)
    expect(page.locator(".st-key-compare_columns dl.differs").first).to_be_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_axe_violations_with_a_focused_and_a_hovered_control(page, app_url, name, lang):
    """Focus and hover change colours (the focus ring, a chosen option's tint): scanned in those states too —
    the chosen language focused with the keyboard and a button hovered, then a text box focused and the
    other language hovered. The comparison page with two scenarios side by side."""
    page.goto(f"{app_url}/{PAGES[name]}{LANGUAGES[lang]}")
    settle(page, lang, TITLES[name, lang])
    if name == "compare":
        add_two_variants(page, lang)
    show_whole_page(page)
    settle(page, lang, TITLES[name, lang])
    sidebar = page.get_by_test_id("stSidebar")
    spanish, english = (sidebar.get_by_role("radio", name=LANGUAGE_NAMES[code], exact=True) for code in ("es", "en"))
    other = english if lang == "es" else spanish
    boxes = page.get_by_test_id("stMain").locator("input[type='text']")

    def focus_the_chosen_language() -> None:  # the keyboard reaches the group's first option; arrows move on
        focus_by_tab(page, spanish)
        if lang == "en":
            page.keyboard.press("ArrowRight")
            expect(english).to_be_focused()

    states = [(focus_the_chosen_language, lambda: sidebar.get_by_role("button").last.hover()),
              (lambda: boxes.first.focus() if boxes.count() else None, lambda: other.hover())]
    for focus, hover in states:
        focus()
        hover()
        violations = blocking_violations(page)
        assert not violations, f"axe on /{PAGES[name]}{LANGUAGES[lang]}, focused and hovered:\n{describe(violations)}"


def test_the_main_flow_with_the_keyboard_alone(page, app_url):
    page.goto(f"{app_url}/")
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    settle(page, "es", TITLES["estimate", "es"])
    before = value.inner_text()
    service = number_input(page, "service_years", "años")
    expect(service).to_have_value("27")

    focus_by_tab(page, service)
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type("31")
    page.keyboard.press("Enter")

    expect(service).to_have_value("31")
    expect(value).not_to_have_text(before)
    expect(value).to_have_text(MONEY)


def test_the_language_switch_with_the_keyboard(page, app_url):
    page.goto(f"{app_url}/")
    expect(amount_shown(page)).to_have_text(MONEY)
    settle(page, "es", TITLES["estimate", "es"])
    switch = page.get_by_test_id("stSidebar").get_by_role("radiogroup")
    spanish, english = (switch.get_by_role("radio", name=name, exact=True) for name in ("Español", "English"))
    expect(spanish).to_have_attribute("aria-checked", "true")

    focus_by_tab(page, spanish)
    page.keyboard.press("ArrowRight")  # the options of a radio group: arrow keys move, Space chooses
    expect(english).to_be_focused()
    page.keyboard.press("Space")

    expect(english).to_have_attribute("aria-checked", "true")
    expect(amount_label(page)).to_have_text(re.compile(r"^Monthly pension at "))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page).to_have_url(re.compile(r"\?lang=English$"))


def test_opening_the_english_url_shows_english(page, app_url):
    page.goto(f"{app_url}/?lang=English")
    expect(amount_label(page)).to_have_text(re.compile(r"^Monthly pension at \d+ years$"))
    expect(page.get_by_role("heading", name="Pension Estimator", level=1)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("stSidebar").get_by_role("radio", name="English")).to_have_attribute(
        "aria-checked", "true")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_or_critical_axe_violations_with_the_salary_history_refused(page, app_url, lang):
    """The salary history box with a line refused, and a file the browser refused in its uploader."""
    page.goto(f"{app_url}/{LANGUAGES[lang]}")
    settle(page, lang, TITLES["estimate", lang])
    history = "Entrar mi historial de salarios" if lang == "es" else "Enter my salary history"
    page.locator(".st-key-salary_mode").get_by_text(history, exact=True).click()
    box = page.locator(".st-key-history_text textarea")
    box.fill("31000\nabc\n33000")
    box.press("Control+Enter")
    expect(page.locator(".st-key-history_text + [data-testid='stElementContainer']").get_by_role("alert")).to_be_visible()
    page.locator(".st-key-history_upload input[type=file]").set_input_files(
        {"name": "grande.csv", "mimeType": "text/csv", "buffer": b"30000.00\n" * 250_000})  # over 1 MB
    expect(page.locator(".st-key-history_upload [data-testid='stFileChip'][aria-invalid='true']")).to_be_visible()
    show_whole_page(page)
    settle(page, lang, TITLES["estimate", lang])
    violations = blocking_violations(page)
    assert not violations, f"axe with the history refused ({lang}):\n{describe(violations)}"
    uploader_named_in_the_pages_language(page, lang)


def test_streamlits_own_controls_are_named_in_spanish_for_screen_readers(page, app_url):
    """The sidebar, its close button, help icons, heading links, a list's opener: Streamlit names them in English
    only; on the Spanish page a screen reader hears Spanish (ui/shell/page_hints.py). A field's help button is found by
    its name, not its role: screen readers have its words as the field's description (ui/shell/field_help.py)."""
    from ui.shell.page_hints import STREAMLIT_NAMES

    page.goto(f"{app_url}/")
    settle(page, "es", TITLES["estimate", "es"])
    expect(page.locator("button[aria-label='Ayuda: Sistema de retiro']")).to_have_count(1)
    expect(page.locator("[aria-label='Cerrar la barra lateral']")).to_have_count(1)
    names = page.evaluate("() => [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))")
    english = [name for name in names if name in STREAMLIT_NAMES or name.startswith("Help for ")]
    assert not english, english
    expect(page.get_by_test_id("stMainMenu")).to_have_count(0)  # no menu: its items are English only
    # Switched to English and back, each page's names follow (one watcher, never two undoing each other).
    page.get_by_test_id("stSidebar").get_by_role("radio", name="English", exact=True).click()
    settle(page, "en", TITLES["estimate", "en"])
    expect(page.locator("button[aria-label='Help for Retirement system']")).to_have_count(1)
    expect(page.locator("[aria-label='Collapse sidebar']")).to_have_count(1)
    page.get_by_test_id("stSidebar").get_by_role("radio", name="Español", exact=True).click()
    settle(page, "es", TITLES["estimate", "es"])
    expect(page.locator("button[aria-label='Ayuda: Sistema de retiro']")).to_have_count(1)
    expect(page.locator("[aria-label='Cerrar la barra lateral']")).to_have_count(1)
