"""What the government employees' plans share: Chapter 2's minimum, the actuarial reduction (rules.py), their
dated law (law.toml: the minimum from 1 July 2013, the entry dates of RULES.md §1, the freeze of Ley 3-2013)
and their shared words."""
