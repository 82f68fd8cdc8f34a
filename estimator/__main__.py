import sys


def _quiet_interrupt(kind, value, traceback, _default=sys.excepthook):
    """Ctrl-C that lands outside the command's own handling (between imports, or as it exits): no traceback;
    Python then ends the process by the signal, which a shell reports as 130."""
    if not issubclass(kind, KeyboardInterrupt):
        _default(kind, value, traceback)


sys.excepthook = _quiet_interrupt


def _run() -> int:
    try:
        from estimator.io.cli import protected_main

        return protected_main()
    except KeyboardInterrupt:
        return 130


sys.exit(_run())
