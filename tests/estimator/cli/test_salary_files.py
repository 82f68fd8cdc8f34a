"""Salary files as people have them (tests/data/salary_files/cases.toml), through the reader and through
the command line `python -m estimator average` — the same answer both ways, refusals naming the row. The
command runs in this Python (`tests/command.py`); standard input is read by a real process."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator.io.salary_file import MAX_BYTES, MAX_ROWS, SalaryFileError, read_history, read_salaries
from tests.command import run_command
from tests.conftest import ROOT, examples

DATA = ROOT / "tests" / "data" / "salary_files"
CASES = tomllib.loads((DATA / "cases.toml").read_text(encoding="utf-8"))["case"]


def case_id(case: dict) -> str:
    return case.get("name") or case["file"]


def raw_of(case: dict) -> bytes:
    if "generate" in case:
        return (case["generate"].get("header", "") + case["generate"]["line"] * case["generate"]["times"]).encode()
    return (DATA / case["file"]).read_bytes()


def path_of(case: dict, tmp_path: Path) -> Path:
    if "generate" not in case:
        return DATA / case["file"]
    path = tmp_path / "generated.csv"
    path.write_bytes(raw_of(case))
    return path


def expected_used(case: dict) -> list[int]:
    if "used_span" in case:
        first, last = case["used_span"]
        return list(range(first, last + 1))
    return case["used"]


def check_answer(case: dict, answer: dict) -> None:
    if "field" in case:
        assert set(answer) == {"error"}, answer
        assert answer["error"]["field"] == case["field"]
        for words in case["words"]:
            assert words in answer["error"]["message"], (words, answer["error"]["message"])
        return
    assert set(answer) == {"plan", "count", "salaries", "used", "average"}
    assert answer["plan"] == case["plan"]
    assert answer["average"] == case["average"]
    assert answer["used"] == expected_used(case)
    assert answer["count"] == case["count"] == len(answer["salaries"])
    for salary in answer["salaries"]:
        assert set(salary) == {"row", "period", "amount"}
    if "periods" in case:
        assert [s["period"] for s in answer["salaries"]] == case["periods"]


def test_every_file_in_the_folder_is_a_case():
    named = {case["file"] for case in CASES if "file" in case}
    on_disk = {path.name for path in DATA.iterdir() if path.name != "cases.toml"}
    assert named == on_disk


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_reader(case):
    try:
        answer = read_history(raw_of(case), case["plan"], "es").contract_dict()
    except SalaryFileError as problem:
        answer = {"error": problem.as_dict()}
    check_answer(case, answer)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_reader_in_english_names_the_same_row(case):
    try:
        read_history(raw_of(case), case["plan"], "en")
    except SalaryFileError as problem:
        assert problem.field == case["field"]
        if problem.field.startswith("row "):
            assert f"Row {problem.field[4:]}" in problem.message or f"row {problem.field[4:]}" in problem.message
        return
    assert "field" not in case


def run_average(*args: str) -> subprocess.CompletedProcess:
    return run_command("average", *args, text=True)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_command_line(case, tmp_path):
    proc = run_average(str(path_of(case, tmp_path)), "--plan", case["plan"])
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, proc.stdout
    answer = json.loads(lines[0])
    check_answer(case, answer)
    assert proc.returncode == (1 if "field" in case else 0)
    assert "Traceback" not in proc.stderr


def test_command_line_and_reader_agree_to_the_last_field():
    case = next(c for c in CASES if c.get("file") == "tab_delimited.tsv")
    proc = run_average(str(DATA / case["file"]), "--plan", case["plan"], "--lang", "en")
    assert json.loads(proc.stdout) == read_history(raw_of(case), case["plan"], "en").contract_dict()


@pytest.mark.parametrize("args, words", [
    (["no-such-file.csv", "--plan", "ley1"], "no-such-file.csv"),
    ([str(ROOT / "tests"), "--plan", "ley1"], "tests"),        # a folder
])
def test_command_line_files_it_cannot_open(args, words):
    proc = run_average(*args, "--lang", "en")
    answer = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert answer["error"]["field"] == "file" and words in answer["error"]["message"]


def test_command_line_reads_standard_input():
    proc = subprocess.run([sys.executable, "-m", "estimator", "average", "-", "--plan", "ley447"],
                          input=b"30000\n31000\n32000\n", capture_output=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["average"] == 31000.0


def test_limits_are_at_their_edge():
    """2,000 salaries and a header are read; the size limit is the app's 1 MB upload limit."""
    assert len(read_salaries(b"Salario\n" + b"30000\n" * MAX_ROWS)) == MAX_ROWS
    line = b"30000.00\n"
    assert read_salaries(line * 3 + b" " * (MAX_BYTES - 3 * len(line)))  # exactly 1 MB
    with pytest.raises(SalaryFileError):
        read_salaries(line * 3 + b" " * (MAX_BYTES - 3 * len(line) + 1))


# -- never a silent wrong number -----------------------------------------------------------------

def plausible(unit: int, top: int):
    """Lists of amounts (in `unit`s of a dollar's hundredth or a dollar) as one person's salaries are: none
    under a fifth of the highest, so never under a tenth of the others' median (those are refused)."""
    return st.integers(min_value=1, max_value=top).flatmap(
        lambda low: st.lists(st.integers(min_value=low, max_value=5 * low).map(lambda n: Decimal(n) / unit),
                             min_size=1, max_size=40))


cents = plausible(100, 2 * 10**7)
dollars = plausible(1, 2 * 10**5)


def written(amount: Decimal, style: str, dollar: bool, with_cents: bool) -> str:
    """`amount` as a spreadsheet would write it in `style` (plain 31000.00, Puerto Rico 31,000.00,
    Spanish 31.000,00), with or without cents."""
    places = ".2f" if with_cents else ".0f"
    text = {"plain": f"{amount:{places}}", "pr": f"{amount:,{places}}",
            "es": f"{amount:,{places}}".replace(",", "_").replace(".", ",").replace("_", ".")}[style]
    return ("$" if dollar else "") + text


def spreadsheet(amounts, style, dollar, with_cents, delimiter, periods, header, crlf, bom) -> bytes:
    rows = []
    if header:
        rows.append(delimiter.join(["Año", "Salario"] if periods else ["Salario"]))
    for position, amount in enumerate(amounts):
        cell = written(amount, style, dollar, with_cents)
        if delimiter in cell or (not periods and delimiter == "," and "," in cell):
            cell = f'"{cell}"'  # as spreadsheets quote a cell holding the delimiter
        rows.append(delimiter.join([str(1990 + position), cell]) if periods else cell)
    text = ("\r\n" if crlf else "\n").join(rows) + "\n"
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode()


LAYOUT = dict(style=st.sampled_from(["plain", "pr", "es"]), dollar=st.booleans(),
              delimiter=st.sampled_from([",", ";", "\t", " ", "   "]), periods=st.booleans(), header=st.booleans(),
              crlf=st.booleans(), bom=st.booleans())


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(amounts=cents, **LAYOUT)
def test_amounts_with_cents_are_read_back_exactly(amounts, style, dollar, delimiter, periods, header, crlf, bom):
    raw = spreadsheet(amounts, style, dollar, True, delimiter, periods, header, crlf, bom)
    salaries = read_salaries(raw)
    assert [s.amount for s in salaries] == amounts
    if periods:
        assert [s.period for s in salaries] == [str(1990 + i) for i in range(len(amounts))]


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(amounts=dollars, **LAYOUT)
def test_whole_dollars_are_read_back_exactly_or_refused_at_a_row(amounts, style, dollar, delimiter, periods, header,
                                                                 crlf, bom):
    """`31,000` or `31.000` alone could be read two ways: exactly the amounts written, or a row named —
    never another number."""
    raw = spreadsheet(amounts, style, dollar, False, delimiter, periods, header, crlf, bom)
    try:
        salaries = read_salaries(raw)
    except SalaryFileError as problem:
        assert problem.field.startswith("row "), problem.message
        # a number without separators is in doubt only beside a year and a comma ("1990,5": the year 1990
        # with $5, or $1,990.50?) when no header says there are two columns
        assert style != "plain" or (periods and delimiter == "," and not header), problem.message
        return
    assert [s.amount for s in salaries] == amounts


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(amounts=cents.filter(lambda a: len(a) >= 3 and min(a) >= 1), position=st.integers(min_value=0, max_value=40),
       **LAYOUT)
def test_an_amount_under_a_tenth_of_the_others_median_is_refused_at_its_row(amounts, position, style, dollar,
                                                                           delimiter, periods, header, crlf, bom):
    """A slip (a tenth of the smallest salary, less a cent) is named at its row, never averaged."""
    position = min(position, len(amounts))
    slip = (min(amounts) / 10 - Decimal("0.01")).quantize(Decimal("0.01"))
    raw = spreadsheet(amounts[:position] + [slip] + amounts[position:], style, dollar, True, delimiter, periods,
                      header, crlf, bom)
    with pytest.raises(SalaryFileError) as refused:
        read_salaries(raw)
    assert refused.value.field == f"row {position + 1 + header}", refused.value.message
    assert "décima parte" in refused.value.message


def test_beside_only_two_others_only_an_amount_read_two_ways_is_refused():
    """The median of two amounts is moved by one mistyped amount (30,000 and 2,000,000): the low one is not
    blamed for it; 31.000 beside 30,500.00 and 32,000.00 could be $31,000.00, and is refused."""
    assert [s.amount for s in read_salaries(b"30000\n2000000\n31000\n")] == [30000, 2000000, 31000]
    with pytest.raises(SalaryFileError) as refused:
        read_salaries(b"31.000\n30,500.00\n32,000.00\n")
    assert refused.value.field == "row 1" and "$31,000.00" in refused.value.message


def test_a_zero_is_a_salary_not_a_slip():
    assert [s.amount for s in read_salaries(b"30000\n0\n31000\n")] == [30000, 0, 31000]


cell_tokens = st.sampled_from(["2021", "2021-03", "03/2021", "mar-2021", "1899", "2021-13", "31000", "31,000",
                                "31.000", "31,000.00", "31.000,00", "$1,850.50", "1850,50", "-5", "(5)", "0", "nan",
                                "Año", "Salario", "Total", "=SUM(A1)", "", " ", "2021,50", "٣١"])


@settings(max_examples=examples(400), deadline=None)
@given(rows=st.lists(st.lists(st.tuples(cell_tokens, st.booleans()), min_size=1, max_size=4), max_size=8),
       delimiter=st.sampled_from([",", ";", "\t"]), crlf=st.booleans())
def test_spreadsheet_like_rows_give_a_history_or_a_message(rows, delimiter, crlf):
    """Rows built from the cells people's files hold (years, months, amounts both ways, text, quotes):
    never anything but an answer or a message naming the row or the file."""
    lines = [delimiter.join(f'"{cell}"' if quoted else cell for cell, quoted in row) for row in rows]
    raw = ("\r\n" if crlf else "\n").join(lines).encode()
    for plan in ("ley447", "teachers"):
        try:
            history = read_history(raw, plan, "es")
        except SalaryFileError as problem:
            assert problem.field == "file" or problem.field.startswith("row ")
        else:
            assert all(s.amount >= 0 for s in history.salaries)


@settings(max_examples=examples(300), deadline=None)
@given(raw=st.binary(max_size=400) | st.text(alphabet="0123456789,.;\t\"$- \r\nAñoe()", max_size=200).map(str.encode))
def test_any_bytes_give_a_history_or_a_message(raw):
    for plan in ("teachers", "ley447", "ley1"):
        try:
            history = read_history(raw, plan, "en")
        except SalaryFileError as problem:
            assert problem.field == "file" or problem.field.startswith("row ")
            assert problem.message
        else:
            assert len(history.used) <= len(history.salaries)


@pytest.mark.parametrize("lang, said", [("es", "es una carpeta"), ("en", "it is a folder")])
def test_a_folder_given_as_the_salary_file_is_said_in_the_chosen_language(tmp_path, lang, said):
    """The system's reason in the member's words, never its English ("Is a directory")."""
    proc = run_average(str(tmp_path), "--plan", "ley1", "--lang", lang)
    assert proc.returncode == 1
    message = json.loads(proc.stdout)["error"]["message"]
    assert said in message and "directory" not in message.lower()
