"""The member today and the grid, under the names the app's pages import: `situation.py` (the member at a later
age) and `grid.py` (every start age and added service at once)."""

from estimator.calculation.grid import Grid, grid
from estimator.calculation.situation import Situation, assumptions_of

__all__ = ["Grid", "Situation", "assumptions_of", "grid"]
