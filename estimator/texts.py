"""The estimator's words, in Spanish and English (catalogs in `texts/*.toml`)."""

from __future__ import annotations

import tomllib
from functools import cache
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
    from .numbers import whole_months  # numbers imports nothing of the texts

    years, months = divmod(whole_months(value), 12)
    year_part = t("span.year" if years == 1 else "span.years", lang, n=years)
    month_part = t("span.month" if months == 1 else "span.months", lang, n=months)
    if months == 0:
        return year_part
    if years == 0:
        return month_part
    return t("span.both", lang, years=year_part, months=month_part)
