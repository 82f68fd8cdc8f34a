import sys


def _run() -> int:
    try:
        from .cli import protected_main  # the rules load here: Ctrl-C meanwhile ends with 130, quietly
    except KeyboardInterrupt:
        return 130
    return protected_main()


sys.exit(_run())
