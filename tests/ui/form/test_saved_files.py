"""The one reader of saved-data files, as plain functions: every hostile file in tests/data/hostile_files/ is
refused with one message naming its field, in both languages; the reader holds values to the form's own
ranges; text quoted from a file is shown as plain text."""

from __future__ import annotations

import json
import re
import time
import tomllib
from datetime import date
from decimal import Decimal

import pytest

from tests.conftest import ROOT
from ui.form import entry, fields
from tests.markdown_links import links
from ui.form.saved import BOUNDS, LABELS, MAX_FILE_BYTES, date_range, dump_inputs, load_inputs
from ui.shell.plain import JOINER, one_line, plain
from ui.form.example import example
from ui.shell.text import catalog, ui_text

HOSTILE = ROOT / "tests" / "data" / "hostile_files"
EXPECTED = tomllib.loads((HOSTILE / "expected.toml").read_text())
REFUSED = sorted(name for name, case in EXPECTED.items() if not case.get("accepted"))
ACCEPTED = sorted(name for name, case in EXPECTED.items() if case.get("accepted"))


def good_file(**inputs) -> dict:
    """A sound saved file (the example member), with `inputs` changed."""
    data = json.loads(dump_inputs(example(date.today())))
    data["inputs"].update(inputs)
    return data


def label_of(key: str, lang: str) -> str:
    """How a message names a value of the file: the form's label, or an unknown key quoted as it is."""
    labels = LABELS.get(key)
    text = " – ".join(catalog(lang)[k] for k in labels) if labels else key
    return f"«{text}»" if lang == "es" else f'"{text}"'  # each language's own quotes


def raw(data: dict) -> bytes:
    return json.dumps(data).encode()


def test_every_hostile_file_has_its_expectation():
    assert sorted(p.name for p in HOSTILE.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", REFUSED)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_hostile_file_is_refused_with_one_message_naming_its_field(name, lang):
    case = EXPECTED[name]
    inputs, message = load_inputs((HOSTILE / name).read_bytes(), lang)
    assert inputs is None
    assert "\n" not in message and len(message) < 400, message  # one message
    if "field" in case:
        assert label_of(case["field"], lang) in message, message
        assert f"({case['field']}" not in message, message  # named as the form names it, not by the file's key
    assert case["words"][lang == "en"] in message, message


@pytest.mark.parametrize("name", ACCEPTED)
def test_a_sound_file_of_a_case_these_rules_do_not_answer_is_read(name):
    inputs, message = load_inputs((HOSTILE / name).read_bytes(), "es")
    assert message is None and inputs is not None


def test_depth_is_refused_before_parsing_and_in_linear_time():
    # 100,000 brackets would make a JSON parser recurse past Python's limit; quotes that never close
    # must not make the scan quadratic.
    for content in (b"[" * 150_000, b'{"a": ' + b"{" * 50_000, b'"' + b'\\"' * 99_000 + b"\\"):
        start = time.perf_counter()
        inputs, message = load_inputs(content, "es")
        assert inputs is None and message
        assert time.perf_counter() - start < 1.0
    # brackets inside strings are text, not depth
    inputs, message = load_inputs(raw(good_file(group="[[[[[[[[")), "es")
    assert inputs is None and label_of("group", "es") in message and "niveles" not in message


def test_a_file_over_the_size_limit_is_refused_before_anything_else():
    inputs, message = load_inputs(b" " * (MAX_FILE_BYTES + 1), "en")
    assert inputs is None and "too large" in message


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_each_number_is_held_to_the_forms_own_range(name):
    """A value the form's text box refuses (`ui.form.entry.read`) is refused by the reader, and the bounds
    themselves are accepted as the form accepts them."""
    low, high, above_low = BOUNDS[name]
    if name == "history_rows":
        place = lambda value: {"salary_mode": "history", "history_rows": [value]}  # noqa: E731
        spec_name = "average_annual"
        assert (low, high) == (0.0, float(fields.MAX_ANNUAL_SALARY))
    else:
        place = lambda value: {name: value}  # noqa: E731
        spec_name = name
        spec = entry.SPECS[name]
        assert (Decimal(str(low)), Decimal(str(high)), above_low) == (spec.low, spec.high, spec.above_low)
    step = 1 if isinstance(high, int) else 0.01
    beyond = high + step
    assert load_inputs(raw(good_file(**place(beyond))), "es")[0] is None
    assert entry.read(spec_name, str(beyond))[1] == "range"
    assert load_inputs(raw(good_file(**place(high))), "es")[1] is None
    assert entry.read(spec_name, str(high))[1] is None
    below = low - step
    assert load_inputs(raw(good_file(**place(below))), "es")[0] is None
    assert load_inputs(raw(good_file(**place(low))), "es")[1] is None or above_low


def test_dates_are_held_to_the_forms_range():
    oldest, latest = date_range(date.today())
    for day in (oldest, latest):
        assert load_inputs(raw(good_file(entry_date=day.isoformat())), "es")[1] is None
    for day in (date(oldest.year - 1, 1, 1), date(latest.year + 1, 1, 1)):
        inputs, message = load_inputs(raw(good_file(entry_date=day.isoformat())), "en")
        assert inputs is None and label_of("entry_date", "en") in message and "entry_date" not in message


def test_the_periods_of_a_history_load_back_and_a_file_without_them_loads_as_before():
    state = example(date.today()) | {"salary_mode": "history", "history_rows": [30000.0, 31000.5],
                                     "history_periods": ["2021-06", "2022-06"]}
    inputs, message = load_inputs(dump_inputs(state), "es")
    assert message is None and inputs["history_periods"] == ["2021-06", "2022-06"]
    older = json.loads(dump_inputs(state))
    del older["inputs"]["history_periods"]
    inputs, message = load_inputs(raw(older), "en")
    assert message is None and inputs["history_periods"] == [] and inputs["history_rows"] == [30000.0, 31000.5]
    # periods that are not the rows' own (another length than the salaries) are not written
    assert "history_periods" not in json.loads(dump_inputs(state | {"history_periods": ["2021"]}))["inputs"]


def test_a_saved_file_loads_back_exactly_and_the_writer_never_fails():
    state = example(date.today()) | {"average_annual": 43210.98, "birth_date": date(1971, 3, 9),
                                     "history_rows": [30000.0, 31000.5], "service_years": 22}
    inputs, message = load_inputs(dump_inputs(state), "es")
    assert message is None
    assert inputs["average_annual"] == 43210.98 and inputs["birth_date"] == date(1971, 3, 9)
    assert inputs["history_rows"] == [30000.0, 31000.5] and inputs["service_years"] == 22
    # a value the form refuses is written as it is (the download works), and refused, with its field, on load
    odd = dump_inputs(state | {"average_annual": 43210987.65, "growth_pct": float("nan")})
    assert json.loads(odd)["inputs"]["growth_pct"] is None
    assert label_of("average_annual", "es") in load_inputs(odd, "es")[1]


@pytest.mark.parametrize("text", ["![p](http://host/pixel.png)", "[Llame](https://x)", "<img src=x onerror=alert(1)>",
                                  ":red[rojo] :material/home: $x^2$ **b** _i_ `c` # h", "www.ejemplo.com\n- lista",
                                  "a\\](b)", "ayuda@x.example https://x.example"])
def test_quoted_text_is_escaped_for_markdown(text):
    shown = plain(text)
    assert not re.search(r"(?<!\\)[\[\]()!<>:$*_`#\-]", shown.replace("\\\\", "")), shown
    # the same characters, letter for letter (and invisible joiners where an address would start)
    assert re.sub(r"\\(.)", r"\1", shown).replace(JOINER, "") == " ".join(text.split())
    assert not links(shown)


def test_quoted_text_is_one_short_line():
    assert one_line("a\nb\tc\u202ed\u200be") == "a b c d e"  # controls and invisible marks become spaces
    assert len(one_line("x" * 500)) == 80 and one_line("x" * 500).endswith("…")


def test_file_messages_exist_in_both_languages():
    for key in ("files.load_refused", "files.compare_refused", "clear.question", "clear.confirm", "clear.cancel"):
        assert ui_text(key, "es", name="n", reason="r") != ui_text(key, "en", name="n", reason="r")
