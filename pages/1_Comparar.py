"""Compare scenarios: up to four side by side, the difference from the first, and why (ui/comparison/compare.py)."""

from ui.comparison.compare import comparison_page
from ui.page import frame

comparison_page(frame())
