"""The estimator's words, in Spanish and English: catalogs in `texts/*.toml`, and each plan's own words
beside its rules (`plans/<plan>/words.{lang}.toml`, whose `[app]` table holds the app's words of that plan)."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path

from estimator.law.facts import FILE as FACTS_FILE, MEMBER_FACTS

LANGUAGES = ("es", "en")
FOLDER = Path(__file__).parent
APP = "app"  # the table of a plan's words file that the app's catalog reads


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every text of `lang`: `texts/{lang}.toml`, the topic files `texts/*.{lang}.toml` and the plans' words."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for path in [FOLDER / f"{lang}.toml", *sorted(FOLDER.glob(f"*.{lang}.toml")), *plan_words_files(lang)]:
        with path.open("rb") as handle:
            tree = tomllib.load(handle)
        tree.pop(APP, None)
        _merge(merged, flat_words(tree), path)
    _merge(merged, fact_words(lang), FACTS_FILE)
    _CATALOGS[lang] = merged
    return merged


_CATALOGS: dict[str, dict[str, str]] = {}  # each catalog once read, for `t` to find without a cached call


def fact_words(lang: str) -> dict[str, str]:
    """The words of the member's yes/no facts (`law/facts.toml`) under the keys every condition, report row and
    note is read by: `cond.<name>` (met), `cond.no_<name>` (not met), `report.field.<name>` and
    `reason.unused.<name>` (given to a plan whose rules do not read it). The form's words: `fact_app_words`."""
    words: dict[str, str] = {}
    for fact in MEMBER_FACTS:
        said = fact.words[lang]
        words.update({f"cond.{fact.name}": said["holds"], f"cond.no_{fact.name}": said["fails"],
                      f"report.field.{fact.name}": said["field"], f"reason.unused.{fact.name}": said["unused"]})
    return words


def fact_app_words(lang: str) -> dict[str, str]:
    """The form's box of each member's yes/no fact (`law/facts.toml`), for the app's catalog: `input.<box>` and
    `input.<box>_help`."""
    return {key: text for fact in MEMBER_FACTS for key, text in ((f"input.{fact.box}", fact.words[lang]["question"]),
                                                                 (f"input.{fact.box}_help", fact.words[lang]["help"]))}


def plan_words_files(lang: str) -> list[Path]:
    """The words files of every plan's folder and of the folders they share, as the registry finds them."""
    from estimator.law.registry import plan_folders
    return [path for folder in plan_folders() if (path := folder / f"words.{lang}.toml").is_file()]


@cache
def plan_app_words(lang: str) -> dict[str, str]:
    """The app's words that belong to a plan (its rules' chart labels, its notes on the rules page): the
    `[app]` tables of the plans' words files, for the app's catalog."""
    merged: dict[str, str] = {}
    for path in plan_words_files(lang):
        with path.open("rb") as handle:
            _merge(merged, flat_words(tomllib.load(handle).get(APP, {})), path)
    return merged


def _merge(merged: dict[str, str], entries: dict[str, str], path: Path) -> None:
    clash = set(entries) & set(merged)
    if clash:
        raise ValueError(f"{path} repeats {sorted(clash)}")
    merged.update(entries)


def flat_words(tree: dict, prefix: str = "") -> dict[str, str]:
    """A words file read as one table of keys: `{"a": {"b": "x"}}` is `{"a.b": "x"}`."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flat_words(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def t(key: str, lang: str = "es", **values: object) -> str:
    """The text for `key` in `lang`, with `{placeholders}` filled in."""
    return (_CATALOGS.get(lang) or catalog(lang))[key].format_map(values)  # the dict made once, not unpacked again


def span(value: object, lang: str = "es") -> str:
    """An age or a period in years and months, never a decimal: "56 años y 3 meses", "56 years 3 months"."""
    if type(value) is Fraction:  # most spans: kept by numerator and denominator, which hash as two ints do
        return _span_of_fraction(value.numerator, value.denominator, lang)
    try:
        return _span(value, lang)  # the same ages and thresholds come back line after line
    except TypeError:  # not hashable
        return _span.__wrapped__(value, lang)


@lru_cache(maxsize=4096)
def _span_of_fraction(numerator: int, denominator: int, lang: str) -> str:
    return _span.__wrapped__(Fraction(numerator, denominator), lang)


@lru_cache(maxsize=4096)
def _span(value: object, lang: str) -> str:
    from estimator.arithmetic.exact import whole_months

    return _span_words(*divmod(whole_months(value), 12), lang)


@lru_cache(maxsize=4096)  # a member's own figures are seldom seen twice; their years and months often are
def _span_words(years: int, months: int, lang: str) -> str:
    year_part = t("span.year" if years == 1 else "span.years", lang, n=years)
    month_part = t("span.month" if months == 1 else "span.months", lang, n=months)
    if months == 0:
        return year_part
    if years == 0:
        return month_part
    return t("span.both", lang, years=year_part, months=month_part)


def date_words(day: object, lang: str = "es") -> str:
    """A date in words, as a person writes it: "15 de febrero de 2028", "February 15, 2028"."""
    month = t("date.months", lang).split(",")[day.month - 1]
    return t("date.words", lang, day=day.day, month=month, year=day.year)


# Steps whose value is a factor, printed as the plain number it is (not as money).
FACTOR_STEP_KEYS = ("step.factor_assumed", "step.factor_counselor")


def step_value(label: str, value: float, lang: str = "es") -> str:
    """A step's value as printed: a factor as the plain number it is; an amount as money with the digits
    the value holds ($7,856.10, $4,355.9934), the very figure a later formula uses."""
    from decimal import Decimal

    from estimator.arithmetic.display import exact_money, exact_number

    exact = Decimal(repr(value))
    return exact_number(exact) if label in {t(key, lang) for key in FACTOR_STEP_KEYS} else exact_money(exact)
