"""The Streamlit front end, by job: `shell/` (what every page draws: frame, look, words, clearing,
reconnecting, uploads and downloads), `form/` (the field table, the form, what is typed read into the member,
saved files), `answer/` (amount, steps, lifetime, key dates, charts, explorer, report) and `comparison/`.
The pages (`app.py`, `pages/`) call these; the rules are in `estimator/`, which never imports Streamlit."""
