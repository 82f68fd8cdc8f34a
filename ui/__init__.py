"""The Streamlit front end's shared pieces: texts, the member form, results and charts.

Only `frame.py`, `form.py` and `render.py` import streamlit; the rest are plain functions, tested
as such. The rules live in `estimator/`; this package collects input, calls it, and renders.
"""
