"""The answer: amount, rule, steps, lifetime, key dates, charts, the explorer, the report."""
