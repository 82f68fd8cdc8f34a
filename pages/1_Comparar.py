"""Compare scenarios: up to four side by side, the difference from the first, and why (ui/compare.py)."""

from ui.compare import comparison_page
from ui.frame import frame

comparison_page(frame())
