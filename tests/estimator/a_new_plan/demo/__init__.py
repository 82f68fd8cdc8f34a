"""A throwaway plan (Ley Demo, seed 900), added by a test as a deployment would add a plan: a folder."""
