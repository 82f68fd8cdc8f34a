"""Government employees who first entered before 1 April 1990 (Ley 447-1951; seeds 002, 003, 004): rules,
dated law, words, notes, coordination with Social Security and golden cases."""
