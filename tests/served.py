"""The tests' one door to serving the app: `serve(APP)` runs `streamlit run serve.py` (what `scripts/run-app`
starts) on a free loopback port until its health check answers, and stops it afterwards; `launch_chromium`
starts the system Chromium headless. Every test that serves the app or opens a browser imports them from here.

There is one implementation of starting and stopping a served app, shared with the benchmarks (they start the
app the same way): `benchmarks/streamlit_server.py`. When it moves to a neutral package, only this import
changes."""

from benchmarks.streamlit_server import APP, CHROMIUM, ROOT, Server, free_port, launch_chromium, serve

__all__ = ["APP", "CHROMIUM", "ROOT", "Server", "free_port", "launch_chromium", "serve"]
