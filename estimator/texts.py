"""The estimator's words, in Spanish and English (catalogs in `texts/*.toml`)."""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from pathlib import Path

LANGUAGES = ("es", "en")
FOLDER = Path(__file__).parent / "texts"


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every text of `lang`: `texts/{lang}.toml` and the topic files `texts/*.{lang}.toml`."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for path in [FOLDER / f"{lang}.toml", *sorted(FOLDER.glob(f"*.{lang}.toml"))]:
        with path.open("rb") as handle:
            entries = _flatten(tomllib.load(handle))
        clash = set(entries) & set(merged)
        if clash:
            raise ValueError(f"{path.name} repeats {sorted(clash)}")
        merged.update(entries)
    return merged


def _flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def t(key: str, lang: str = "es", **values: object) -> str:
    """The text for `key` in `lang`, with `{placeholders}` filled in."""
    return catalog(lang)[key].format(**values)


def span(value: object, lang: str = "es") -> str:
    """An age or a period in years and months, never a decimal: "56 años y 3 meses", "56 years 3 months"."""
    try:
        return _span(value, lang)  # the same ages and thresholds come back line after line
    except TypeError:  # not hashable
        return _span.__wrapped__(value, lang)


@lru_cache(maxsize=4096)
def _span(value: object, lang: str) -> str:
    from .numbers import whole_months  # numbers imports nothing of the texts

    years, months = divmod(whole_months(value), 12)
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

    from .numbers import exact_money, exact_number

    exact = Decimal(repr(value))
    return exact_number(exact) if label in {t(key, lang) for key in FACTOR_STEP_KEYS} else exact_money(exact)
