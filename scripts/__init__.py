"""The scripts that serve the app and run its tests; `supervision` and `haproxy` are importable helpers."""
