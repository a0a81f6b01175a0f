"""Bots: evaluators, a chooser with levels of fixed work, cube and resignation decisions."""
