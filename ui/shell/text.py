"""The app's words in Spanish and English (catalogs in `ui/shell/texts/*.toml`, and each plan's in its folder)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from estimator import fact_app_words, flat_words, LANGUAGES, plan_app_words

FOLDER = Path(__file__).parent / "texts"


@cache
def catalog(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        lang = "es"
    with (FOLDER / f"{lang}.toml").open("rb") as handle:
        return {**flat_words(tomllib.load(handle)), **plan_app_words(lang), **fact_app_words(lang)}  # a plan's words beside its rules


def ui_text(key: str, lang: str, **values: object) -> str:
    return catalog(lang)[key].format(**values)


def has_text(key: str, lang: str) -> bool:
    return key in catalog(lang)
