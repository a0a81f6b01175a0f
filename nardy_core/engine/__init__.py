"""The rules engine: positions, the frame each variant is seen through, move generation, turns,
games, matches and the cube. Nothing here reads or writes a text format, evaluates a position
or draws anything; the games themselves are in ``nardy_core.variants``."""
