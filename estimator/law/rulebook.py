"""Which revision of the rule book (RULES.md) these rules implement, as printed on reports.

RULEBOOK_VERSION is the first 12 hex digits of the SHA-256 of that RULES.md's content, RULEBOOK_DATE the day
that revision was adopted here. `python -m scripts.rulebook PATH` says whether a RULES.md is this revision;
update both constants together when the rules follow a new one (docs/rules-in-code.md).
"""

RULEBOOK_VERSION = "3e562a6324a4"
RULEBOOK_DATE = "2026-12-01"
