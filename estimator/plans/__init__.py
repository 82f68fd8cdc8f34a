"""The plans, one folder each: its rules (`rules.py`), its law as dated values (`law.toml`), its words (`words.es.toml`,
`words.en.toml`) and its golden cases (`cases.toml`). The registry that finds them is `estimator.law.registry`."""
