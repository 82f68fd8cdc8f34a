"""The member's yes/no facts that a plan's rules read (a contribution shortfall, being in the System on 30 June
1960), each declared once in `facts.toml`: which plans read it, the form's box that asks it, its law and its
words. Everything else follows from the declaration: the scenario's field, the `Facts` the rules read, the note
when a plan does not read it, the form's box and the reports' rows."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from estimator.law.registry import PLAN_IDS

FILE = Path(__file__).with_name("facts.toml")
WORDS = ("question", "help", "field", "holds", "fails", "unused")


@dataclass(frozen=True)
class MemberFact:
    name: str                   # the scenario's field and the rules' `Facts` attribute
    read_by: tuple[str, ...]    # the plans whose rules read it
    box: str                    # the form's box (a saved file's key)
    cite: str
    words: dict[str, dict[str, str]]  # by language: question, help, field, holds, fails, unused

    def read(self, plan: str, value: bool) -> bool:
        """What the rules of `plan` see: the member's answer, or false for a plan whose rules do not read it."""
        return value and plan in self.read_by


def _declared() -> tuple[MemberFact, ...]:
    with FILE.open("rb") as handle:
        table = tomllib.load(handle)
    facts = []
    for name, entry in table.items():
        unknown = set(entry["read_by"]) - set(PLAN_IDS)
        if unknown:
            raise ValueError(f"{FILE.name}: {name} is read by plans that do not exist: {sorted(unknown)}")
        words = {lang: entry[lang] for lang in ("es", "en")}
        for lang, said in words.items():
            if set(said) != set(WORDS):
                raise ValueError(f"{FILE.name}: {name}.{lang} must say exactly {', '.join(WORDS)}")
        facts.append(MemberFact(name, tuple(entry["read_by"]), entry["box"], entry["cite"], words))
    return tuple(facts)


MEMBER_FACTS: tuple[MemberFact, ...] = _declared()


def member_facts(plan: str, answers: Any) -> tuple[bool, ...]:
    """Each declared fact as the rules of `plan` read it, in the order declared, from an object holding the member's
    answers (a scenario)."""
    return tuple(read and getattr(answers, name) for name, read in _READ[plan])


# Each declared fact's name, and whether a plan's rules read it: by plan, asked a few times a line.
_READ = {plan: tuple((fact.name, plan in fact.read_by) for fact in MEMBER_FACTS) for plan in PLAN_IDS}


def reads(plan: str | None, name: str) -> bool:
    """Whether the rules of `plan` read the declared fact `name`."""
    return any(fact.name == name and plan in fact.read_by for fact in MEMBER_FACTS)
