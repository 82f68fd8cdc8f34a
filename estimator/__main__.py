import sys

from .cli import protected_main

sys.exit(protected_main())
