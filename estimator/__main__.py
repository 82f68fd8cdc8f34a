"""`python -m estimator`: the command line (estimator/io/cli/). A Ctrl-C while the rules load ends quietly, with no
traceback (the package's own `_quiet_interrupt`, set while Python locates this module)."""

import sys


def _run() -> int:
    try:
        from estimator.io.cli import protected_main

        return protected_main()
    except KeyboardInterrupt:
        return 130


sys.exit(_run())
