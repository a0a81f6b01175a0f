"""Shipped network weights (data files read with importlib.resources)."""
