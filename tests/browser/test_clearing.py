"""*Borrar todo* in a real browser: a member's figures are saved with the app's own download button, loaded
back, and cleared (with the confirmation); then the previous member is nowhere — not in the page's text, its
inputs, its uploaders' file chips, the browser's storage or the address — right after, and after the next
reruns (session mode switched, a number typed, the comparison page opened). A file whose names carry
markdown is shown as plain text."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import ROOT
from ui.shell.forget import SHOWN_AFTER_S
from ui.shell.text import ui_text

from .test_app_browser import (MONEY, amount_shown, clicked, date_input, number_input, open_app, opened, type_date,
                               type_number)
from .test_counselor import download, saved_data_section, upload

pytestmark = pytest.mark.browser

SALARY, BIRTH = "43,210.98", "09/03/1971"
TRACES = ["43,210.98", "43210.98", "43210,98", "43.210,98", "09/03/1971", "1971-03-09", "9/3/1971", "03/09/1971",
          "March 9, 1971", "9 de marzo de 1971"]

EVERYTHING = """() => {
  const storage = s => Object.keys(s).map(k => k + '=' + s.getItem(k)).join('\\n');
  return {
    text: document.body.innerText,
    hidden: document.body.textContent,
    inputs: Array.from(document.querySelectorAll('input, textarea, select')).map(e => e.value).join('\\n'),
    titles: Array.from(document.querySelectorAll('[title], [aria-label], [aria-valuetext]'))
      .map(e => [e.title, e.getAttribute('aria-label'), e.getAttribute('aria-valuetext')].join(' ')).join('\\n'),
    local: storage(window.localStorage),
    session: storage(window.sessionStorage),
    url: location.href,
  };
}"""


def sidebar(page: Page):
    return page.get_by_test_id("stSidebar")


# Looked at in every frame the browser draws from the moment the page says it was cleared until twenty frames after
# it is shown again (ui/shell/forget.py, ui/shell/page_hints.py): the previous member is not in the page's visible
# text nor in a visible box. Nothing the run has not yet redrawn is visible meanwhile; what the run redraws shows
# only once the page is the next participant's (a box takes its new value a few frames after it is drawn anew).
WATCH_WHILE_CLEARING = """([said, traces]) => {
  window.__seenWhileClearing = new Set();
  let framesShown = 0;
  const look = () => {
    const sidebar = document.querySelector('[data-testid="stSidebar"]');
    if (sidebar && sidebar.innerText.includes(said)) {
      const visible = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true});
      // the text a person can see (innerText keeps what is transparent), and what the boxes in sight hold
      const texts = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue.trim() && visible(node.parentElement)) texts.push(node.nodeValue);
      }
      const boxes = Array.from(document.querySelectorAll('input, textarea')).filter(visible).map(e => e.value);
      const shown = texts.join(' ') + '\\n' + boxes.join('\\n');
      for (const trace of traces) if (shown.includes(trace)) window.__seenWhileClearing.add(trace);
      // what a screen reader can still reach: transparent text is read aloud, inert or aria-hidden text is not
      const reachable = (e) => !e.closest('[inert], [aria-hidden="true"]') && e.checkVisibility({visibilityProperty: true});
      const heard = [];
      const all = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = all.nextNode(); node; node = all.nextNode()) {
        if (node.nodeValue.trim() && reachable(node.parentElement)) heard.push(node.nodeValue);
      }
      heard.push(...Array.from(document.querySelectorAll('input, textarea')).filter(reachable).map(e => e.value));
      const reached = heard.join('\\n');
      for (const trace of traces) if (reached.includes(trace)) window.__seenWhileClearing.add('reachable by a screen reader: ' + trace);
      for (const stale of document.querySelectorAll('[data-stale="true"]')) {
        if (visible(stale)) window.__seenWhileClearing.add('not yet redrawn, shown: ' + stale.innerText.slice(0, 60));
      }
      if (document.documentElement.dataset.cleared) framesShown += 1;
      if (framesShown > 20) { window.__clearingWatched = true; return; }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def confirm_clearing(page: Page, confirm: str, said: str, traces: list[str]) -> None:
    """Press the confirmation; the page says it cleared and shows nothing of the previous member, then the page's
    watcher shows the next participant's page (it alone marks the document `data-cleared`)."""
    page.evaluate(WATCH_WHILE_CLEARING, [said, traces])
    sidebar(page).get_by_role("button", name=confirm).click()
    expect(sidebar(page).get_by_text(said, exact=False)).to_be_visible()
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning", timeout=60_000)
    expect(page.locator("html[data-cleared]")).to_have_count(1)
    page.wait_for_function("() => window.__clearingWatched === true")
    assert page.evaluate("[...window.__seenWhileClearing]") == [], "shown while the page was being cleared"
    expect(page.get_by_test_id("stMain")).to_have_css("opacity", "1")


def clear_everything(page: Page, traces: list[str] = ()) -> None:
    """Borrar todo, then the confirmation."""
    sidebar(page).get_by_role("button", name="Borrar todo para el próximo participante").click()
    expect(sidebar(page).get_by_text("¿Borrar todos los datos de este participante?")).to_be_visible()
    confirm_clearing(page, "Sí, borrar todo", "Se borraron todos los datos del participante", list(traces))


def assert_nowhere(page: Page, traces: list[str]) -> None:
    """Once the run that cleared is over: its first answers (the amount at the top, the form) can show while the
    sections below are still being replaced, on a loaded machine (the previous member's amount was still in the
    page's text, faded as Streamlit marks what a run has not yet redrawn)."""
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning", timeout=60_000)
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=60_000)
    expect(page.get_by_test_id("stFileChip")).to_have_count(0)
    seen = page.evaluate(EVERYTHING)
    found = {where: [t for t in traces if t in text] for where, text in seen.items()}
    found = {where: hits for where, hits in found.items() if hits}
    assert not found, f"the previous member is still in the browser: {found}"
    assert re.fullmatch(r"http://[^/]+/[\w/]*(\?lang=(English|Espa%C3%B1ol))?", seen["url"]), seen["url"]


def test_borrar_todo_forgets_a_loaded_member_everywhere(page, app_server):
    open_app(page, app_server.url)
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    example_amount = value.inner_text()
    salary = number_input(page, "average_annual", "Retribución promedio anual ($)")

    # The member's figures, saved with the app's own button
    type_date(page, "Fecha de nacimiento", BIRTH)
    expect(value).not_to_have_text(example_amount)  # each change answered before the next is typed
    expect(value).to_have_text(MONEY)
    with_birth_date = value.inner_text()
    type_number(salary, SALARY)
    expect(value).not_to_have_text(with_birth_date)
    expect(value).to_have_text(MONEY)
    member_amount = value.inner_text()
    section = saved_data_section(page)
    saved = download(page, section.get_by_role("button", name="Descargar los datos de este participante"),
                     app_server).path().read_bytes()
    assert (json.loads(saved)["inputs"]["average_annual"], json.loads(saved)["inputs"]["birth_date"]) == \
        (43210.98, "1971-03-09")

    # Cleared, then loaded back: the file is read once and the uploader emptied
    clear_everything(page, TRACES + [member_amount])
    expect(value).to_have_text(example_amount)
    section = saved_data_section(page)
    upload(page, "miembro.json", saved)
    expect(section.get_by_text("Se cargaron los datos guardados de «miembro.json».")).to_be_visible()
    expect(salary).to_have_value(SALARY)
    expect(date_input(page, "Fecha de nacimiento")).to_have_value(BIRTH)
    expect(value).to_have_text(member_amount)
    expect(page.get_by_test_id("stFileChip")).to_have_count(0)

    # Borrar todo: nothing of the member anywhere, while the page is cleared, right after and after the next reruns
    traces = TRACES + [member_amount]
    clear_everything(page, traces)
    expect(value).to_have_text(example_amount)
    expect(salary).to_have_value("36,000.00")
    assert_nowhere(page, traces)
    section = saved_data_section(page)  # the download is the example member's now
    again = download(page, section.get_by_role("button", name="Descargar los datos de este participante"),
                     app_server).path().read_bytes()
    assert json.loads(again)["inputs"]["average_annual"] == 36000.0
    assert not [trace for trace in traces if trace in again.decode()]

    size = value.evaluate("element => getComputedStyle(element).fontSize")
    sidebar(page).get_by_text("Modo de sesión (letra grande)").click()
    expect(value).not_to_have_css("font-size", size)  # the session-mode run has happened
    expect(value).to_have_text(example_amount)
    assert_nowhere(page, traces)

    service = number_input(page, "service_years", "años")
    type_number(service, "26")
    expect(value).not_to_have_text(example_amount)
    expect(value).to_have_text(MONEY)
    expect(salary).to_have_value("36,000.00")
    expect(date_input(page, "Fecha de nacimiento")).to_have_value("15/02/1970")
    assert_nowhere(page, traces)

    sidebar(page).get_by_role("link", name="Comparar escenarios").click()
    expect(page.get_by_role("heading", name="Comparar escenarios", level=1)).to_be_visible()
    expect(page.get_by_text("Todavía no hay escenarios", exact=False)).to_be_visible()
    assert_nowhere(page, traces)


def test_names_from_a_file_are_shown_as_plain_text(page, app_server):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page, app_server.url)
    expect(amount_shown(page)).to_have_text(MONEY)
    section = saved_data_section(page)
    content = (ROOT / "tests" / "data" / "hostile_files" / "markdown-image-key.json").read_bytes()
    upload(page, "[Llame](https:x).json", content)
    alert = section.get_by_role("alert")
    expect(alert).to_contain_text("no es un dato del estimador")
    said = alert.inner_text().replace("\u2060", "")  # the invisible word joiner that keeps an address from a link
    assert "No se cargó nada de «[Llame](https:x).json»" in said
    assert "«![p](http://host/pixel.png)» no es un dato del estimador" in said
    expect(alert.locator("img, a")).to_have_count(0)
    assert not [url for url in requests if "host/pixel" in url or url.startswith("https://x")]


NAME, NOTES, NOTES_AFTER = "Zacarías Quiñones", "nota privada 7788", "solo una nota 4455"
LANG_QUERY = {"es": "", "en": "?lang=English"}


def clear_in(page: Page, lang: str, traces: list[str]) -> None:
    """Borrar todo, then the confirmation, in the page's language."""
    sidebar(page).get_by_role("button", name=ui_text("app.clear", lang)).click()
    confirm_clearing(page, ui_text("clear.confirm", lang), ui_text("clear.done", lang), traces)


def report_boxes(page: Page, lang: str):
    """The name and notes boxes of *Para el informe (opcional)*, the expander opened if it is not."""
    section = page.get_by_test_id("stExpander").filter(has_text=ui_text("report_extras.title", lang))
    name = opened(section, ui_text("report_extras.title", lang),
                  section.get_by_role("textbox", name=ui_text("report_extras.name", lang)))
    return name, section.get_by_role("textbox", name=ui_text("report_extras.notes", lang))


def report_text(page: Page, button_label: str, server) -> str:
    import io

    from pypdf import PdfReader

    pdf = download(page, page.get_by_role("button", name=button_label), server).path().read_bytes()
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("lang, cleared_on", [("es", "compare"), ("en", "compare"), ("es", "estimate"),
                                               ("en", "estimate")])
def test_borrar_todo_empties_the_reports_name_and_notes_and_the_variant_on_both_pages(page, app_server, lang,
                                                                                       cleared_on):
    """A name and notes typed on the estimate page are the comparison page's too (one place); the comparison's
    variant boxes are typed in; Borrar todo on either page. Then the name, the notes and the typed
    variant are nowhere — not in the boxes, the page, the storage, the address — on either page, after later
    reruns, nor in the next reports, even when the next member types only notes."""
    page.goto(f"{app_server.url}/{LANG_QUERY[lang]}")
    value = amount_shown(page)
    expect(value).to_have_text(MONEY)
    name, notes = report_boxes(page, lang)
    name.fill(NAME)
    notes.fill(NOTES)
    notes.press("Tab")  # committed as a person leaves the box
    report = report_text(page, ui_text("result.report", lang), app_server)
    assert NAME in report and NOTES in report  # the report prints what was typed

    # the form's scenario, named by its age; a click lost while a run redraws the button is made again
    clicked(page.locator(".st-key-add_to_compare button"), page.get_by_text(ui_text("result.added", lang, count=1)))
    sidebar(page).get_by_role("link", name=ui_text("app.nav_compare", lang)).click()
    variant_title = ui_text("compare.add_variant", lang)
    variant = page.get_by_test_id("stExpander").filter(has_text=variant_title)
    age = opened(variant, variant_title, variant.get_by_role("textbox", name=ui_text("compare.variant_age", lang)))
    extra = variant.get_by_role("textbox", name=ui_text("compare.variant_extra", lang))
    default_age = age.input_value()
    type_number(age, "61")
    type_number(extra, "3")
    clicked(variant.get_by_role("button", name=ui_text("compare.add", lang), exact=True),  # two scenarios: its report
            page.get_by_test_id("stExpander").filter(has_text=ui_text("report_extras.title", lang)))
    compare_name, compare_notes = report_boxes(page, lang)
    expect(compare_name).to_have_value(NAME)  # the same name and notes as the estimate page's
    expect(compare_notes).to_have_value(NOTES)
    type_number(age, "67")  # typed, not added
    type_number(extra, "9")

    traces = [NAME, "Zacarías", "Quiñones", NOTES, "7788"]
    if cleared_on == "compare":
        clear_in(page, lang, traces)
        expect(page.get_by_text(ui_text("compare.empty", lang))).to_be_visible()  # the run after clearing drew
        opened(variant, variant_title, age)
        expect(age).to_have_value(default_age)
        expect(extra).to_have_value("0")
        assert_nowhere(page, traces)
        # the boxes given their defaults by the session alone (Streamlit logs a warning, with a stack, otherwise)
        assert "set via the Session State API" not in app_server.output()
    sidebar(page).get_by_role("link", name=ui_text("app.nav_estimate", lang)).click()
    expect(page.get_by_role("heading", name=ui_text("input.heading", lang))).to_be_visible()  # the estimate page
    expect(value).to_have_text(MONEY)
    name, notes = report_boxes(page, lang)
    if cleared_on == "estimate":  # the boxes on screen, as typed, when Borrar todo is pressed
        expect(name).to_have_value(NAME)
        clear_in(page, lang, traces)
        name, notes = report_boxes(page, lang)  # drawn anew by that run: opened again if it closed
    expect(name).to_have_value("")
    expect(notes).to_have_value("")
    assert_nowhere(page, traces)
    notes.fill(NOTES_AFTER)  # the next member types only notes
    notes.press("Tab")
    report = report_text(page, ui_text("result.report", lang), app_server)
    assert NOTES_AFTER in report and not [trace for trace in traces if trace in report]
    assert {"es": "Preparado para", "en": "Prepared for"}[lang] not in report
    assert_nowhere(page, traces)

    sidebar(page).get_by_role("link", name=ui_text("app.nav_compare", lang)).click()  # the variant's boxes
    expect(page.get_by_text(ui_text("compare.empty", lang))).to_be_visible()
    opened(variant, variant_title, age)
    expect(age).to_have_value(default_age)
    expect(extra).to_have_value("0")
    assert_nowhere(page, traces)


# A clearing's style as the sidebar draws it (only the token matters to the page's watcher), with a part that stays
# "not yet redrawn", so that the watcher never finds the page ready to show; or the style gone; or any other change.
# Each returns whether the page's main area is inert once the watcher has seen the change (observers are told
# before the next frame).
CHANGED = """(change) => new Promise((done) => {
  document.querySelector('#fake-clearing')?.remove();
  if (change.startsWith('clearing ')) {
    const holder = document.createElement('div');
    holder.id = 'fake-clearing';
    holder.dataset.testid = 'stHtml';
    holder.innerHTML = `<style>:root { --clearing: "${change.slice(9)}"; }</style><span data-stale="true"></span>`;
    document.body.append(holder);
  } else if (change === 'other') {
    document.body.append(document.createElement('i'));
  }
  requestAnimationFrame(() => requestAnimationFrame(() => done(document.querySelector('[data-testid="stMain"]').inert)));
})"""


def test_the_page_is_out_of_reach_only_while_it_is_hidden(page, app_server):
    """`inert` while a clearing's page is not shown; reachable again at once when the style is gone (the person
    acted before the clearing's run ended), and after 5 s even if the page never became ready (the style's own
    fallback shows it then), not made inert again by a later change."""
    open_app(page, app_server.url)
    page.wait_for_function("() => !!window.__pageHintsWatcher")  # the page's watcher is on (ui/shell/page_hints.py)
    main = page.get_by_test_id("stMain")
    expect(main).to_have_js_property("inert", False)
    assert page.evaluate(CHANGED, "clearing aaaa1111") is True
    assert page.evaluate(CHANGED, "style gone") is False

    assert page.evaluate(CHANGED, "clearing bbbb2222") is True
    expect(main).to_have_js_property("inert", False, timeout=SHOWN_AFTER_S * 1000 + 10_000)  # given up after 5 s
    assert page.evaluate(CHANGED, "other") is False
    assert page.evaluate(CHANGED, "clearing cccc3333") is True  # the next clearing is hidden again
