"""The plans: each module holds its rules, next to the parameter file (`<plan>.toml`) they read.

`teachers` (seed 000), `ley447` (seeds 002, 003), `ley1` (seed 001 with 002, 003); `government` holds
what the two government plans share (the minimum and the actuarial reduction, `government.toml`) and
`coordination` seed 004. Each plan lists its rules in its own `RULES` table, registered here.
"""

from . import ley1, ley447, teachers

TABLES = {"teachers": teachers.RULES, "ley447": ley447.RULES, "ley1": ley1.RULES}
