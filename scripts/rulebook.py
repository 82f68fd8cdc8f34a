"""Whether a rule book (RULES.md) is the revision the rules implement (`estimator/rulebook.py`).

    python -m scripts.rulebook ../shared/RULES.md

Prints the file's digest and exits with 0 when it is that revision; otherwise says what to update and exits
with 1. The reports print the revision's date, so a new revision read into the rules must move it too.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from estimator.law.rulebook import RULEBOOK_DATE, RULEBOOK_VERSION


def digest(path: Path) -> str:
    """The first 12 hex digits of the SHA-256 of the file's bytes: how estimator/rulebook.py names a revision."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    found = digest(Path(argv[0]))
    if found == RULEBOOK_VERSION:
        print(f"{found}: the revision of {RULEBOOK_DATE} that the rules implement")
        return 0
    print(f"{found}: not the revision the rules implement ({RULEBOOK_VERSION}, {RULEBOOK_DATE}). Once the rules, "
          "their golden cases and docs/law.md follow it, set RULEBOOK_VERSION and RULEBOOK_DATE in "
          "estimator/rulebook.py.")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
