"""Government employees, new participants (Ley 1-1990; seeds 001, 002, 003): rules, dated law, words, notes
and golden cases."""
