"""The command line's answers to a fixed set of scenarios, written to a folder, to compare two versions of the code.

    python -m scripts.answers OUT_DIR [--count 10000] [--seed 11]

Writes `scenarios.jsonl` (every golden case's scenario, read by today's law, then `--count` random scenarios
drawn over every contract field: plans, groups, deferred pensions, coordination with and without Social Security,
refunds, the shortfall, Regla 19.6, entry dates in and out of scope, start dates from today to years ahead, and
entered assumptions) and the answers to them, `answers.es.jsonl` and `answers.en.jsonl`; with `--reports N`, the
text of the PDF reports of the first N scenarios answered with a result, one alone and each beside the next (a
comparison), with a birth date for the calendar's key dates, in `reports.{es,en}.txt`. A change meant to leave
behaviour alone is proved by `cmp` of the answers written before and after it, on the same day (ages, service and
start dates are counted from today).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tomllib
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANS = ("teachers", "ley447", "ley1")
GROUPS = ("general", "general", "general", "police", "firefighter", "mayor", "judiciary", "upr_extension")


def entered_assumptions() -> dict[str, list[tuple[str, float, float]]]:
    """The assumptions a scenario may override, by plan: the law files' entries with an `entered` table, with the
    range of their box (a percentage's as a fraction)."""
    found: dict[str, list] = {}
    for law in sorted(ROOT.glob("estimator/**/law.toml")):
        with law.open("rb") as handle:
            entries = tomllib.load(handle)
        plans = [law.parent.name] if law.parent.name in PLANS else ["ley447", "ley1"]
        for name, entry in entries.items():
            if isinstance(entry, dict) and "entered" in entry:
                scale = 100 if entry["entered"].get("percent") else 1
                low, high = entry["entered"]["low"] / scale, min(1, entry["entered"]["high"] / scale)
                for plan in plans:
                    found.setdefault(plan, []).append((name, low, high))
    return found


ENTERED = entered_assumptions()


def golden_scenarios() -> list[dict]:
    """Every golden case's scenario, as its plan's `cases.toml` writes it (without its day: today's law reads it)."""
    found = []
    for cases in sorted(ROOT.glob("estimator/**/cases.toml")):
        with cases.open("rb") as handle:
            found += [case["scenario"] for case in tomllib.load(handle).get("case", [])]
    return found


def _years(rng: random.Random, low: float, high: float) -> float:
    """A number of years: mostly whole months (as the app sends them), now and then a decimal as typed."""
    if rng.random() < 0.8:
        return round(rng.randint(int(low * 12), int(high * 12)) / 12, 6)
    return round(rng.uniform(low, high), rng.choice([1, 2, 3]))


def random_scenario(rng: random.Random, today: date) -> dict:
    plan = rng.choice(PLANS)
    age = _years(rng, 40, 80)
    data: dict = {"plan": plan, "age": age}
    if rng.random() < 0.3:
        data["separation_age"] = _years(rng, 35, age) if age > 35 else age
    separation = data.get("separation_age", age)
    data["service_years"] = _years(rng, 0, max(0.0, min(45.0, separation - 14)))
    if plan == "teachers":
        if rng.random() < 0.8:
            data["average_monthly_salary"] = round(rng.uniform(300, 12000), 2)
        else:
            data["average_salary"] = round(rng.uniform(4000, 140000), 2)
        if rng.random() < 0.15:
            data["contribution_shortfall"] = True
    else:
        if rng.random() < 0.8:
            data["average_salary"] = round(rng.uniform(2000, 300000), 2)
        else:
            data["average_monthly_salary"] = round(rng.uniform(200, 25000), 2)
        data["group"] = rng.choice(GROUPS)
        if plan == "ley447":
            data["coordinated"] = rng.random() < 0.5
            if data["coordinated"] and rng.random() < 0.6:
                data["social_security_monthly"] = round(rng.uniform(0, 3500), 2)
            if rng.random() < 0.15:
                data["in_system_june_1960"] = True
    if rng.random() < 0.05:
        data["refunded"] = True
    if rng.random() < 0.25:
        start = {"teachers": (1960, 2016), "ley447": (1955, 1991), "ley1": (1989, 2003)}[plan]
        data["entry_date"] = date(rng.randint(*start), rng.randint(1, 12), rng.randint(1, 28)).isoformat()
    if rng.random() < 0.25:
        data["start_date"] = (today + timedelta(days=rng.randint(0, 4000))).isoformat()
    overrides = {}
    for name, low, high in ENTERED.get(plan, ()):  # now and then a figure of the entered assumption's own range
        if rng.random() < 0.08:
            overrides[name] = rng.choice([low, high, round(rng.uniform(low, high), rng.choice([2, 3, 4]))])
    if overrides:
        data["assumptions"] = overrides
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to write the scenarios and answers to")
    parser.add_argument("--count", type=int, default=10_000, help="random scenarios after the golden ones")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--reports", type=int, default=0, help="scenarios whose reports' text is written too")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    today = date.today()
    scenarios = golden_scenarios() + [random_scenario(rng, today) for _ in range(args.count)]
    args.out.mkdir(parents=True, exist_ok=True)
    lines = "".join(json.dumps(s) + "\n" for s in scenarios)
    (args.out / "scenarios.jsonl").write_text(lines)
    for lang in ("es", "en"):
        answered = subprocess.run([sys.executable, "-m", "estimator", "estimate", "--lang", lang], input=lines,
                                  capture_output=True, text=True, cwd=ROOT)
        (args.out / f"answers.{lang}.jsonl").write_text(answered.stdout)
        print(f"{lang}: {answered.stdout.count(chr(10)):,} answers; {answered.stderr.strip()}")
        if args.reports:
            results = [s for s, a in zip(scenarios, answered.stdout.splitlines()) if '"error"' not in a]
            (args.out / f"reports.{lang}.txt").write_text(report_texts(results[:args.reports], lang, today))
    return 0


def report_texts(scenarios: list[dict], lang: str, today: date) -> str:
    """Each scenario's report, and its comparison with the next, as the text a PDF reader extracts."""
    from tempfile import TemporaryDirectory

    from pypdf import PdfReader

    texts = []
    with TemporaryDirectory() as folder:
        files = []
        for n, scenario in enumerate(scenarios):
            files.append(Path(folder) / f"{n}.json")
            files[-1].write_text(json.dumps(scenario))
        born = date(today.year - 60, 3, 15).isoformat()
        for n, path in enumerate(files):
            for pair in ([path], [path, files[(n + 1) % len(files)]]):
                pdf = Path(folder) / "out.pdf"
                done = subprocess.run([sys.executable, "-m", "estimator", "report", *map(str, pair), "--lang", lang,
                                       "-o", str(pdf), "--birth-date", born], capture_output=True, text=True, cwd=ROOT)
                body = "\n".join(page.extract_text() for page in PdfReader(pdf).pages) if done.returncode == 0 else ""
                said = done.stderr.strip().replace(folder, "…")  # the temporary folder's name differs each run
                texts.append(f"=== {[p.name for p in pair]} exit {done.returncode} {said}\n{body}\n")
    return "".join(texts)


if __name__ == "__main__":
    sys.exit(main())
