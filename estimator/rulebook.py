"""Which revision of the rule book (RULES.md) these rules implement, as printed on reports.

RULEBOOK_VERSION is the first 12 hex digits of the SHA-256 of that RULES.md's content; update both
constants together when the rules follow a new revision.
"""

RULEBOOK_VERSION = "82a2f51646a3"
RULEBOOK_DATE = "2026-11-30"
