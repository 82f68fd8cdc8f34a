"""Scripts that measure the estimator and the app (run them directly; see docs/performance.md)."""
