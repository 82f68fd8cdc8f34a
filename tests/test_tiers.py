"""The quick tier (`scripts/test --quick`) needs nothing its set-up (`scripts/setup --test --no-browser`) does not
install: on a machine without HAProxy, under CI (where a missing tool fails, never skips), its tests that use
HAProxy's tools pass, because the ones that run HAProxy itself are in the second tier."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def tier_markers() -> tuple[str, str]:
    """The quick tier's and the second tier's marker expressions, as scripts/test runs them."""
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    second = re.search(r'^second_tier="([^"]+)"$', script, re.M).group(1)
    quick = re.search(r'^tier -m "(not \(\$second_tier\)[^"]*)"', script, re.M).group(1)
    full = re.search(r'^    tier -m "(\(\$second_tier\)[^"]*|\$second_tier)"', script, re.M).group(1)
    return quick.replace("$second_tier", second), full.replace("$second_tier", second)


def test_the_quick_tier_passes_without_haproxy_under_ci(tmp_path):
    users = sorted({str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("test_*.py")
                    if "browser" not in path.parts and path != Path(__file__)
                    and "find_haproxy" in path.read_text(encoding="utf-8")})
    assert users, "no quick-tier test file uses HAProxy: this test checks nothing"
    quick, _ = tier_markers()
    environment = {**os.environ, "CI": "true", "HAPROXY_BIN": str(tmp_path / "no-haproxy")}  # missing: not executable
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-m", quick, *users],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout


def test_the_tests_that_run_haproxy_are_in_the_second_tier():
    _, second = tier_markers()
    assert "haproxy" in re.findall(r"\w+", second.split(" and not ")[0])
    markers = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"haproxy: ' in markers
