"""A run's end: Streamlit sends a run's last messages only after its collection of garbage at the run's end, so
the project turns that collection off (.streamlit/config.toml; docs/performance.md, "Fewer blocks, no collection
at a run's end"). Python's own collections still run; that memory stays flat is measured (benchmarks/run_end.py),
not asserted here."""


def test_no_full_collection_holds_back_a_runs_last_message(options):
    assert options("runner.postScriptGC") is False
